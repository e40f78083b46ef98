#if os(Linux)
    import Testing

    /// The HTTP transport's tests against real servers on 127.0.0.1, one at a time: some count the
    /// threads, descriptors and memory of the whole process, and the backpressure proof times a
    /// sleep, which the others running alongside would disturb.
    @Suite(.serialized) enum HTTPTests {}
#endif
