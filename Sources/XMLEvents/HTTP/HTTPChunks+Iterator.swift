#if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
    import Foundation

    extension HTTPChunks {
        /// Reads one transfer of the body. The transfer starts with the first call to ``next()``
        /// or ``response()``; dropping the iterator before the end aborts it.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is the next bytes of the body, after content decoding.
            public typealias Element = Data
            /// See ``HTTPChunks/Failure``.
            public typealias Failure = any Error

            private let request: HTTPTransferRequest
            private let progress: Progress
            private var transfer: HTTPTransfer?

            init(request: HTTPTransferRequest, progress: Progress) {
                self.request = request
                self.progress = progress
            }

            /// The response's head, waiting for it (and starting the transfer) if need be.
            ///
            /// - Returns: The head of the 2xx response the body belongs to.
            /// - Throws: ``XMLHTTPError`` if the transfer fails before a 2xx head, the same error
            ///   the first ``next()`` throws; `CancellationError` if the task is cancelled.
            public mutating func response() async throws -> Response {
                try await started().response()
            }

            /// The next chunk of the body, or `nil` after its last.
            ///
            /// - Returns: The next decoded bytes, or `nil` at the end.
            /// - Throws: ``XMLHTTPError``, or `CancellationError` when the task is cancelled.
            public mutating func next() async throws -> Data? {
                try await started().next(isolation: nil)
            }

            /// The next chunk of the body, or `nil` after its last, resuming on the caller's actor.
            ///
            /// - Parameter actor: The caller's actor, usually `#isolation`.
            /// - Returns: The next decoded bytes, or `nil` at the end.
            /// - Throws: ``XMLHTTPError``, or `CancellationError` when the task is cancelled.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
                try await started().next(isolation: actor)
            }

            private mutating func started() -> HTTPTransfer {
                if let transfer { return transfer }
                let transfer = HTTPTransfer(request, progress: progress)
                self.transfer = transfer
                return transfer
            }
        }
    }
#endif
