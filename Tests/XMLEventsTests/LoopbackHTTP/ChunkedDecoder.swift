import Foundation

extension LoopbackHTTPTests {
    /// Decodes `Transfer-Encoding: chunked` framing incrementally, as bytes arrive, and remembers
    /// the size of every chunk, so tests can check the framing itself as well as the payload.
    struct ChunkedDecoder {
        /// Framing that breaks the rules.
        struct Malformed: Error, CustomStringConvertible {
            /// What was wrong.
            let description: String
        }

        private enum State {
            case size
            case data(remaining: Int)
            case dataEnd
            case trailer
            case done
        }

        /// The payload decoded so far.
        private(set) var payload = Data()

        /// The size of every data chunk so far, in order (the terminating zero-size chunk excluded).
        private(set) var chunkSizes: [Int] = []

        private var state = State.size
        private var pending: [UInt8] = []

        /// Whether the terminating chunk and the trailer's empty line have arrived.
        var isComplete: Bool {
            if case .done = state { return true }
            return false
        }

        /// Consumes `bytes`, which follow the ones fed before, and returns those that come after the
        /// end of the body (the next response on a kept-alive connection).
        mutating func feed(_ bytes: some Sequence<UInt8>) throws -> [UInt8] {
            pending.append(contentsOf: bytes)
            var position = 0
            loop: while position < pending.count && !isComplete {
                switch state {
                case .size:
                    guard let line = takeLine(from: &position) else { break loop }
                    let digits = line.prefix { $0 != UInt8(ascii: ";") }
                    guard let size = Int(String(decoding: digits, as: UTF8.self), radix: 16), size >= 0 else {
                        throw Malformed(description: "bad chunk size line \(String(decoding: line, as: UTF8.self))")
                    }
                    if size == 0 {
                        state = .trailer
                    } else {
                        chunkSizes.append(size)
                        state = .data(remaining: size)
                    }
                case .data(let remaining):
                    let count = min(remaining, pending.count - position)
                    payload.append(contentsOf: pending[position..<(position + count)])
                    position += count
                    state = remaining == count ? .dataEnd : .data(remaining: remaining - count)
                case .dataEnd:
                    guard let line = takeLine(from: &position) else { break loop }
                    guard line.isEmpty else { throw Malformed(description: "chunk data longer than its size") }
                    state = .size
                case .trailer:
                    guard let line = takeLine(from: &position) else { break loop }
                    if line.isEmpty { state = .done }
                case .done:
                    break loop
                }
            }
            pending.removeFirst(position)
            guard isComplete else { return [] }
            defer { pending.removeAll() }
            return pending
        }

        private func takeLine(from position: inout Int) -> ArraySlice<UInt8>? {
            guard let end = pending[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = pending[position..<end]
            position = end + 1
            return line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
    }
}
