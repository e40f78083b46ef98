import XMLEventsInput

#if canImport(CCurl)
    import CCurl
    import Foundation

    /// One libcurl easy handle and the memory libcurl borrows for it (the error buffer and the
    /// request's header list), released together.
    ///
    /// Used only on the I/O thread; it must be removed from the multi handle before it goes away.
    final class CurlEasyHandle {
        /// A setter libcurl refused, for the transfer's error.
        struct OptionRefused: Error {
            let code: CURLcode
        }

        let pointer: UnsafeMutableRawPointer
        private let errorBuffer: UnsafeMutablePointer<CChar>
        private var headerList: UnsafeMutablePointer<curl_slist>?

        init?() {
            guard let pointer = curl_easy_init() else { return nil }
            self.pointer = pointer
            let size = Int(CURL_ERROR_SIZE)
            errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            errorBuffer.initialize(repeating: 0, count: size)
            // Cannot fail: the option only stores the pointer.
            _ = xmlevents_curl_setopt_pointer(pointer, CURLOPT_ERRORBUFFER, errorBuffer)
        }

        /// Forgets every option, for the next request of a transfer (a redirect); libcurl keeps
        /// its connections and caches. Only while the handle is out of the multi handle.
        func reset() {
            curl_easy_reset(pointer)
            errorBuffer.update(repeating: 0, count: Int(CURL_ERROR_SIZE))
            _ = xmlevents_curl_setopt_pointer(pointer, CURLOPT_ERRORBUFFER, errorBuffer)
            if let headerList { curl_slist_free_all(headerList) }
            headerList = nil
        }

        deinit {
            curl_easy_cleanup(pointer)
            if let headerList { curl_slist_free_all(headerList) }
            errorBuffer.deallocate()
        }

        // MARK: Options

        func set(_ option: CURLoption, _ value: Int) throws(OptionRefused) {
            try check(xmlevents_curl_setopt_long(pointer, option, value))
        }

        func set(_ option: CURLoption, _ value: Bool) throws(OptionRefused) {
            try set(option, value ? 1 : 0)
        }

        /// libcurl copies string options (all but `CURLOPT_POSTFIELDS`, which is never used here).
        func set(_ option: CURLoption, _ value: String) throws(OptionRefused) {
            try check(value.withCString { xmlevents_curl_setopt_pointer(pointer, option, $0) })
        }

        func set(_ option: CURLoption, pointer value: UnsafeRawPointer?) throws(OptionRefused) {
            try check(xmlevents_curl_setopt_pointer(pointer, option, value))
        }

        /// Sets `CURLOPT_WRITEFUNCTION` or `CURLOPT_HEADERFUNCTION`.
        func set(_ option: CURLoption, function: curl_write_callback) throws(OptionRefused) {
            try check(xmlevents_curl_setopt_write_function(pointer, option, function))
        }

        /// Sets `CURLOPT_SOCKOPTFUNCTION`.
        func setSocketOptionFunction(_ function: curl_sockopt_callback) throws(OptionRefused) {
            try check(xmlevents_curl_setopt_socket_option_function(pointer, function))
        }

        /// Sets `CURLOPT_PREREQFUNCTION`; libcurl older than 7.80 refuses it.
        func setPrerequestFunction(
            _ function:
                @escaping @convention(c) (
                    UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int32
                ) -> Int32
        ) throws(OptionRefused) {
            try check(xmlevents_curl_setopt_prereq_function(pointer, function))
        }

        /// Sets the request body; `CURLOPT_COPYPOSTFIELDS` copies it, so `body` need not outlive the call.
        func setBody(_ body: Data) throws(OptionRefused) {
            try check(xmlevents_curl_setopt_offset(pointer, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            let code = body.withUnsafeBytes { bytes in
                // Not null even for an empty body: with null, libcurl would forget the size set above.
                xmlevents_curl_setopt_pointer(
                    pointer, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(errorBuffer))
            }
            try check(code)
        }

        /// Replaces the extra request headers; the list lives as long as the handle, as libcurl requires.
        func setHeaders(_ lines: [String]) throws(OptionRefused) {
            var list: UnsafeMutablePointer<curl_slist>?
            for line in lines {
                guard let longer = curl_slist_append(list, line) else {
                    if let list { curl_slist_free_all(list) }
                    throw OptionRefused(code: CURLE_OUT_OF_MEMORY)
                }
                list = longer
            }
            let code = xmlevents_curl_setopt_pointer(pointer, CURLOPT_HTTPHEADER, list.map { UnsafeRawPointer($0) })
            if let headerList { curl_slist_free_all(headerList) }
            headerList = list
            try check(code)
        }

        private func check(_ code: CURLcode) throws(OptionRefused) {
            guard code == CURLE_OK else { throw OptionRefused(code: code) }
        }

        // MARK: Information

        /// A `long` piece of information, or 0 if libcurl has none.
        func integer(_ info: CURLINFO) -> Int {
            var value = 0
            _ = xmlevents_curl_getinfo_long(pointer, info, &value)
            return value
        }

        /// A `curl_off_t` piece of information, or `nil` when libcurl reports it unknown (-1).
        func offset(_ info: CURLINFO) -> Int? {
            var value: curl_off_t = -1
            _ = xmlevents_curl_getinfo_offset(pointer, info, &value)
            return value >= 0 ? Int(value) : nil
        }

        /// A string piece of information, copied, or `nil`.
        func string(_ info: CURLINFO) -> String? {
            var value: UnsafeMutableRawPointer?
            _ = xmlevents_curl_getinfo_pointer(pointer, info, &value)
            return value.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        }

        /// The message libcurl left for the last failure, or its generic text for `code`.
        func message(for code: CURLcode) -> String {
            let detail = String(cString: errorBuffer)
            return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        }

        /// Lets a paused transfer receive again. Called outside callbacks; libcurl may deliver the
        /// data it held back from within this call.
        func unpause() {
            _ = curl_easy_pause(pointer, CURLPAUSE_CONT)
        }
    }
#endif
