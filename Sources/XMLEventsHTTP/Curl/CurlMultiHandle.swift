import XMLEventsInput

#if canImport(CCurl)
    import CCurl

    /// The one libcurl multi handle that drives every transfer, and libcurl's one-time setup.
    ///
    /// Every method but ``wakeup()`` is called only by the ``CurlIOLoop`` on the I/O thread.
    // Safe: all methods but wakeup() run on the one I/O thread; curl_multi_wakeup is documented as
    // callable from any thread; the handle is never cleaned up, so no call can outlive it.
    final class CurlMultiHandle: @unchecked Sendable {
        /// A completed transfer, as `curl_multi_info_read` reports it.
        struct Completion {
            /// The transfer's id, which it stored as the handle's private pointer.
            let id: UInt64
            let code: CURLcode
        }

        /// `curl_global_init` exactly once per process from this package. libcurl counts calls,
        /// so FoundationNetworking's own call in the same process is harmless (libcurl 7.84 and
        /// later make the call itself thread-safe).
        private static let globalInitialization = curl_global_init(Int(CURL_GLOBAL_ALL))

        private let pointer: UnsafeMutableRawPointer

        init?() {
            guard Self.globalInitialization == CURLE_OK, let pointer = curl_multi_init() else { return nil }
            self.pointer = pointer
        }

        func add(_ easy: CurlEasyHandle) -> Bool {
            curl_multi_add_handle(pointer, easy.pointer) == CURLM_OK
        }

        func remove(_ easy: CurlEasyHandle) {
            _ = curl_multi_remove_handle(pointer, easy.pointer)
        }

        /// Moves every transfer on as far as it can go without waiting; callbacks run in here.
        func perform() {
            var running: Int32 = 0
            _ = curl_multi_perform(pointer, &running)
        }

        /// The next finished transfer, if any.
        func nextCompletion() -> Completion? {
            var queued: Int32 = 0
            while let message = curl_multi_info_read(pointer, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                var id: UnsafeMutableRawPointer?
                _ = xmlevents_curl_getinfo_pointer(easy, CURLINFO_PRIVATE, &id)
                return Completion(id: UInt64(UInt(bitPattern: id)), code: message.pointee.data.result)
            }
            return nil
        }

        /// Waits until a socket is ready, libcurl's next timer, ``wakeup()``, or `milliseconds`.
        func poll(milliseconds: Int32) {
            _ = curl_multi_poll(pointer, nil, 0, milliseconds, nil)
        }

        /// Ends the current or next ``poll(milliseconds:)`` early; callable from any thread.
        func wakeup() {
            _ = curl_multi_wakeup(pointer)
        }
    }
#endif
