import XMLEventsInput

#if canImport(CCurl)
    import Foundation

    /// Undoes a body's content codings on the consumer's side of the backpressure: each call of
    /// ``next(from:isolation:)`` decodes at most one ``step`` of output, pulling encoded chunks
    /// from the transfer's buffer only as the layers need them.
    ///
    /// So while the consumer is busy nothing is decoded, the transfer's buffer holds encoded bytes
    /// up to its watermark, and a body of any ratio (a "zip bomb") costs no more than each
    /// layer's window, one pending input chunk and one step of output per layer.
    final class ContentDecodingPipeline {
        /// The most decoded bytes one call returns: libcurl's write size, so that chunks are the
        /// same size decoded or not.
        static let step = 16_384

        /// What the layers can do next.
        enum Outcome {
            /// Decoded bytes, at most one step.
            case decoded(Data)
            /// Nothing more without more of the raw body (``feed(_:)``, or ``endOfInput()``).
            case needsInput
            /// The body has ended, complete.
            case ended
        }

        /// In decoding order: the first undoes the last coding applied and reads the raw body.
        private let stages: [ContentDecodingStage]
        private var inputHasEnded = false

        /// - Parameter codings: The codings in the order they were applied, as
        ///   `Content-Encoding` lists them; not empty.
        init(codings: [XMLHTTPContentCoding]) throws(ContentDecodingFailure) {
            var stages: [ContentDecodingStage] = []
            for coding in codings.reversed() {
                stages.append(try ContentDecodingStage(coding: coding, step: Self.step))
            }
            self.stages = stages
        }

        /// The next decoded bytes, at most ``step``, or `nil` at the end of the body, pulling the
        /// raw body from `source` as needed.
        ///
        /// - Throws: What `source` throws, and ``ContentDecodingFailure`` for a body that is not
        ///   in its codings or ends inside one.
        func next<Source: AsyncIteratorProtocol>(
            from source: inout Source,
            isolation actor: isolated (any Actor)?
        ) async throws -> Data? where Source.Element == Data {
            while true {
                switch try nextOutcome() {
                case .decoded(let bytes):
                    return bytes
                case .ended:
                    return nil
                case .needsInput:
                    if let raw = try await source.next(isolation: actor) { feed(raw) } else { endOfInput() }
                }
            }
        }

        /// Adds the next bytes of the raw body.
        func feed(_ raw: Data) {
            stages.first?.append(raw)
        }

        /// The raw body has ended.
        func endOfInput() {
            inputHasEnded = true
        }

        /// Decodes what the raw body given so far allows, at most one step.
        func nextOutcome() throws(ContentDecodingFailure) -> Outcome {
            try produce(stages.count - 1)
        }

        private func produce(_ index: Int) throws(ContentDecodingFailure) -> Outcome {
            let stage = stages[index]
            while true {
                if let decoded = try stage.decodePending() { return .decoded(decoded) }
                let input: Outcome
                if index == 0 {
                    input = inputHasEnded ? .ended : .needsInput
                } else {
                    input = try produce(index - 1)
                }
                switch input {
                case .decoded(let bytes):
                    stage.append(bytes)
                case .needsInput:
                    return .needsInput
                case .ended:
                    try stage.finish()
                    return .ended
                }
            }
        }

        /// The start of a body decoded, at most `limit` bytes, from the start of its raw bytes:
        /// for the excerpt of an error response. As much as decodes, should the raw bytes be
        /// short or broken.
        static func prefix(of raw: Data, codings: [XMLHTTPContentCoding], limit: Int) -> Data {
            guard !codings.isEmpty else { return raw.prefix(limit) }
            guard let pipeline = try? ContentDecodingPipeline(codings: codings) else { return Data() }
            pipeline.feed(raw)
            var decoded = Data()
            while decoded.count < limit, case .decoded(let bytes)? = try? pipeline.nextOutcome() {
                decoded.append(bytes.prefix(limit - decoded.count))
            }
            return decoded
        }
    }
#endif
