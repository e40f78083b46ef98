enum LoopbackHTTPPlaceholder {}
