import XMLEventsInput

#if canImport(CCurl)
    import CCurl
    import Foundation

    /// The C functions libcurl calls back, each forwarding to the ``CurlTransfer`` it was given.
    ///
    /// The transfer is passed unretained: the ``CurlIOLoop`` keeps it alive for as long as its
    /// handle is in the multi handle, and libcurl calls back only from inside the loop's own calls
    /// on the I/O thread while the handle is there.
    enum CurlCallbacks {
        // `CURLOPT_PREREQDATA` (libcurl 7.80) by number, so that older headers still build.
        private static let prerequestDataOption = CURLoption(rawValue: 10_000 + 313)

        static func install(on easy: CurlEasyHandle, for transfer: CurlTransfer) throws(CurlEasyHandle.OptionRefused) {
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
            // Called for each new socket before it connects, so the window is scaled for a smaller
            // receive buffer from the start.
            let socketOptions: @convention(c) (UnsafeMutableRawPointer?, curl_socket_t, curlsocktype) -> Int32 = {
                context, socket, _ in
                guard let context else { return CURL_SOCKOPT_OK }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                transfer.socketCreated(socket)
                if let size = transfer.receiveBufferSize, size > 0 {
                    var size = Int32(clamping: size)
                    _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                }
                return CURL_SOCKOPT_OK
            }
            try easy.setSocketOptionFunction(socketOptions)
            try easy.set(CURLOPT_SOCKOPTDATA, pointer: context)
            let prerequest:
                @convention(c) (
                    UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int32
                ) -> Int32 = { context, _, _, _, localPort in
                    if let context {
                        Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                            .requestWillGoOut(localPort: localPort)
                    }
                    return 0  // CURL_PREREQFUNC_OK
                }
            // Without it (libcurl before 7.80) a trickled first line reads as silence.
            if (try? easy.setPrerequestFunction(prerequest)) != nil {
                try easy.set(prerequestDataOption, pointer: context)
            }
        }
    }
#endif
