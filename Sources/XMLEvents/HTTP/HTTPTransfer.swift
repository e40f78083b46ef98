#if HTTP && canImport(CCurl)
    /// The transport of an HTTP ``XMLByteSource`` on this platform: libcurl on its own I/O thread.
    typealias HTTPTransfer = CurlHTTPTransfer
#elseif canImport(Darwin)
    /// The transport of an HTTP ``XMLByteSource`` on this platform: `URLSession`.
    typealias HTTPTransfer = URLSessionHTTPTransfer
#endif
