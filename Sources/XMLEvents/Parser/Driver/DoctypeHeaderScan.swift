/// Follows the document's prolog byte by byte to tell when its bytes end inside the header of
/// the document type declaration, which libxml2 must not be handed cut short.
///
/// libxml2 2.9's push parser starts parsing `<!DOCTYPE` as soon as it sees a `>` after it, even
/// one inside a quoted system or public literal (`<!DOCTYPE a SYSTEM "x>y">`); had the bytes it
/// was handed ended right after that `>`, it would report the literal as unfinished, and a
/// well-formed document would fail depending on where the input was cut. So the bytes of an
/// unfinished header (from `<!DOCTYPE` to the first `[` or `>` outside quotes) are held back and
/// handed over together with the rest of the header. The internal subset needs no such care:
/// libxml2 looks for its end with quotes in mind.
///
/// Only documents in an encoding that keeps ASCII as single bytes are followed; the scan stops
/// at the first start tag, at anything unexpected, and after ``maxHeldBytes``.
struct DoctypeHeaderScan {
    private enum State {
        case prolog
        /// After `<`: the bytes read since, while they may still begin `?`, `!--` or `!DOCTYPE`.
        case markupStart(matched: [UInt8])
        case processingInstruction(afterQuestionMark: Bool)
        case comment(dashes: Int)
        case header(quote: UInt8?)
        /// Past the header, or the header cannot come any more.
        case done
    }

    /// A header longer than this is handed over as it comes (and fails, or not, as libxml2 sees
    /// it): holding it whole would let a document make the parser buffer without bound.
    static let maxHeldBytes = 1 << 20

    private var state = State.prolog
    private var heldHeaderBytes = 0

    private static let doctype = Array("!DOCTYPE".utf8)
    private static let comment = Array("!--".utf8)

    /// Whether there is nothing more to follow.
    var isDone: Bool {
        if case .done = state { return true }
        return false
    }

    /// Whether the bytes seen so far end inside an unfinished document type declaration header.
    var endsInsideHeader: Bool {
        if case .header = state { return true }
        return false
    }

    /// Reads the next bytes of the document.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if isDone { return }
            advance(byte)
        }
    }

    private mutating func advance(_ byte: UInt8) {
        switch state {
        case .prolog:
            if byte == UInt8(ascii: "<") {
                state = .markupStart(matched: [])
            } else if byte == 0 {
                state = .done  // UTF-16 or UCS-4: not followed.
            }
        case .markupStart(var matched):
            matched.append(byte)
            if matched == [UInt8(ascii: "?")] {
                state = .processingInstruction(afterQuestionMark: false)
            } else if matched == Self.comment {
                state = .comment(dashes: 0)
            } else if matched == Self.doctype {
                state = .header(quote: nil)
                heldHeaderBytes = Self.doctype.count + 1
            } else if Self.comment.starts(with: matched) || Self.doctype.starts(with: matched) {
                state = .markupStart(matched: matched)
            } else {
                state = .done
            }
        case .processingInstruction(let afterQuestionMark):
            if afterQuestionMark, byte == UInt8(ascii: ">") {
                state = .prolog
            } else {
                state = .processingInstruction(afterQuestionMark: byte == UInt8(ascii: "?"))
            }
        case .comment(let dashes):
            if dashes >= 2, byte == UInt8(ascii: ">") {
                state = .prolog
            } else {
                state = .comment(dashes: byte == UInt8(ascii: "-") ? dashes + 1 : 0)
            }
        case .header(let quote):
            heldHeaderBytes += 1
            if heldHeaderBytes > Self.maxHeldBytes {
                state = .done
            } else if let quote {
                if byte == quote { state = .header(quote: nil) }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .header(quote: byte)
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: ">") {
                state = .done
            }
        case .done:
            break
        }
    }
}
