import XMLEventsInput

#if canImport(CCurl)
    import Foundation

    /// One layer of a body's content coding: a decoder, the input it has been given and not yet
    /// consumed, and room for one step of output.
    final class ContentDecodingStage {
        let coding: XMLHTTPContentCoding
        private let decoder: any StreamDecoder
        private let output: UnsafeMutableRawBufferPointer
        /// Input given and not yet consumed: `input[inputOffset...]`, as offsets from its start.
        private var input = Data()
        private var inputOffset = 0
        /// The last call filled the output, so the decoder may hold more without new input.
        private var mayHoldOutput = false
        /// An empty body is complete in any coding.
        private var hasInput = false

        /// - Parameter step: The most bytes one ``decodePending()`` returns.
        init(coding: XMLHTTPContentCoding, step: Int) throws(ContentDecodingFailure) {
            self.coding = coding
            do throws(StreamDecoderFailure) {
                decoder = try coding.makeDecoder()
            } catch {
                throw ContentDecodingFailure(error)
            }
            output = .allocate(byteCount: step, alignment: 1)
        }

        deinit {
            output.deallocate()
        }

        /// Adds the next bytes of this layer's input.
        func append(_ bytes: Data) {
            hasInput = true
            if inputOffset >= input.count {
                input = bytes
            } else {
                // Only when the decoder needs more than it had to go on (the first bytes of a
                // deflate body): a few bytes are carried over.
                var carried = Data(input.dropFirst(inputOffset))
                carried.append(bytes)
                input = carried
            }
            inputOffset = 0
        }

        /// The next bytes decoded from the input given so far, at most one step, or `nil` when
        /// the decoder needs more input to produce anything.
        func decodePending() throws(ContentDecodingFailure) -> Data? {
            while inputOffset < input.count || mayHoldOutput {
                let offset = inputOffset
                var failure: ContentDecodingFailure?
                let (consumed, produced) = input.withUnsafeBytes {
                    (bytes: UnsafeRawBufferPointer) -> (consumed: Int, produced: Int) in
                    do throws(StreamDecoderFailure) {
                        return try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[offset...]), into: output)
                    } catch {
                        failure = ContentDecodingFailure(error)
                        return (0, 0)
                    }
                }
                if let failure { throw failure }
                inputOffset += consumed
                mayHoldOutput = produced == output.count
                if produced > 0 { return Data(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
                if consumed == 0 { return nil }
            }
            return nil
        }

        /// The input has ended; checks that it ended with a complete stream.
        func finish() throws(ContentDecodingFailure) {
            guard !hasInput || (decoder.isAtEnd && inputOffset >= input.count) else {
                throw ContentDecodingFailure("the body ends before the end of its \(coding.rawValue) stream")
            }
        }
    }
#endif
