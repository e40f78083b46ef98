import Foundation

/// Produces one document chunk by chunk: the prolog, units for as long as the document still fits
/// its target size, the epilog, and one line of spaces after the root that brings it to the exact size.
///
/// Every decision depends only on the bytes generated so far, never on where chunks are cut, so
/// any chunk size yields the same document. At most one chunk and one unit are held at a time.
struct CorpusGenerator<Writer: ShapeWriter>: ChunkProducer {
    private enum Phase {
        case prolog
        case body
        case epilog
        case padding
        case finished
    }

    private var writer: Writer
    private var output: CorpusOutput
    private var phase = Phase.prolog
    private var handedOutByteCount = 0
    private let targetByteCount: Int
    private let chunkSize: Int
    private(set) var peakBufferedByteCount = 0

    init(targetByteCount: Int, seed: UInt64, chunkSize: Int) {
        self.writer = Writer(seed: seed)
        self.targetByteCount = targetByteCount
        self.chunkSize = Swift.max(1, chunkSize)
        // Room for a chunk plus the unit that crosses its end, so the buffer never grows.
        self.output = CorpusOutput(capacity: self.chunkSize + 16 * 1024)
    }

    var metadata: CorpusMetadata {
        CorpusMetadata(
            byteCount: generatedByteCount,
            elementCount: output.tally.elements,
            attributeCount: output.tally.attributes,
            namespaceDeclarationCount: output.tally.namespaceDeclarations,
            itemCount: output.tally.items,
            itemFieldDigests: writer.itemFieldDigests
        )
    }

    private var generatedByteCount: Int { handedOutByteCount + output.count }

    mutating func nextChunk() -> Data? {
        output.makeUnique()
        while output.count < chunkSize && phase != .finished {
            step()
            peakBufferedByteCount = Swift.max(peakBufferedByteCount, output.count)
        }
        let size = Swift.min(chunkSize, output.count)
        guard size > 0 else { return nil }
        handedOutByteCount += size
        return output.removeChunk(size)
    }

    private mutating func step() {
        switch phase {
        case .prolog:
            writer.writeProlog(into: &output)
            phase = .body
        case .body:
            let writerBefore = writer
            let mark = output.mark
            writer.writeUnit(into: &output)
            if generatedByteCount + writer.epilogByteCount > targetByteCount {
                writer = writerBefore
                output.rollBack(to: mark)
                phase = .epilog
            }
        case .epilog:
            writer.writeEpilog(into: &output)
            phase = .padding
        case .padding:
            let missing = targetByteCount - generatedByteCount
            if missing > 1 {
                output.appendSpaces(Swift.min(missing - 1, chunkSize - output.count))
            } else {
                if missing == 1 { output.append("\n") }
                phase = .finished
            }
        case .finished:
            break
        }
    }
}
