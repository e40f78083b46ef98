#if os(Linux) && canImport(CCurl)
    import CCurl

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// The C functions libcurl calls back, each forwarding to the ``CurlTransfer`` it was given.
    ///
    /// The transfer is passed unretained: the ``CurlIOLoop`` keeps it alive for as long as its
    /// handle is in the multi handle, and libcurl calls back only from inside the loop's own calls
    /// on the I/O thread while the handle is there.
    enum CurlCallbacks {
        static func install(
            on easy: CurlEasyHandle,
            for transfer: CurlTransfer,
            receiveBufferSize: Int?
        ) throws(CurlEasyHandle.OptionRefused) {
            let context = UnsafeRawPointer(Unmanaged.passUnretained(transfer).toOpaque())
            let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
                data, size, count, context in
                guard let context else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveBody(bytes)
            }
            let header: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
                data, size, count, context in
                guard let context else { return 0 }
                let line = UnsafeRawBufferPointer(start: data, count: size * count)
                let goesOn = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveHeader(line)
                return goesOn ? line.count : 0
            }
            try easy.set(CURLOPT_WRITEFUNCTION, function: write)
            try easy.set(CURLOPT_WRITEDATA, pointer: context)
            try easy.set(CURLOPT_HEADERFUNCTION, function: header)
            try easy.set(CURLOPT_HEADERDATA, pointer: context)
            guard let receiveBufferSize, receiveBufferSize > 0 else { return }
            // Called before connecting, so the window is scaled for the smaller buffer from the start.
            // The size travels in the bits of the callback's pointer: nothing to keep alive.
            let socketOptions: @convention(c) (UnsafeMutableRawPointer?, curl_socket_t, curlsocktype) -> Int32 = {
                size, socket, _ in
                var size = Int32(clamping: Int(bitPattern: size))
                _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                return CURL_SOCKOPT_OK
            }
            try easy.setSocketOptionFunction(socketOptions)
            try easy.set(CURLOPT_SOCKOPTDATA, pointer: UnsafeRawPointer(bitPattern: receiveBufferSize))
        }
    }
#endif
