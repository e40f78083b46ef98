import CLibXML2
import Foundation

/// The input libxml2 reads an external entity (or the external DTD subset) from: the bytes the
/// user's resolver returned, handed to libxml2 as it asks for them, and checked when libxml2
/// closes the input for bytes its encoding never turned into characters.
///
/// libxml2 converts a declared encoding (`<?xml encoding="Shift_JIS"?>`) a buffer at a time and
/// keeps a sequence cut by the buffer's end for the next one; at the entity's end nothing comes,
/// and libxml2 2.9 drops a sequence cut by the end (a lone `0x81` in Shift_JIS) without a word.
/// The same bytes in the document entity are an error (`XML_I18N_CONV_FAILED`). libxml2 counts
/// the bytes it converted (`rawconsumed`, which includes those it read before it knew the
/// encoding); on closing, after it has read all it could, fewer than it was given means the last
/// bytes are not a whole character: the same error, for the entity.
///
/// The input's own read and close callbacks (`xmlParserInputBufferCreateIO`) make the check
/// part of the input's life, through libxml2's public interface only.
final class ExternalEntityInput {
    private let data: Data
    private let systemID: String?
    private let status: ParseStatus
    /// How many bytes libxml2 has been handed.
    private var handedOut = 0
    /// The buffer libxml2 reads through and closes this input with, once it exists.
    private var buffer: xmlParserInputBufferPtr?

    private init(data: Data, systemID: String?, status: ParseStatus) {
        self.data = data
        self.systemID = systemID
        self.status = status
    }

    /// A libxml2 input stream for `data`, for `context`, named `url` (libxml2 resolves nested
    /// references against it); `nil` when libxml2 cannot allocate one.
    static func make(
        _ data: Data, url: UnsafePointer<CChar>?, context: xmlParserCtxtPtr, status: ParseStatus
    ) -> xmlParserInputPtr? {
        let input = ExternalEntityInput(data: data, systemID: url.map { String(cString: $0) }, status: status)
        // The buffer keeps the input alive until it closes it.
        let retained = Unmanaged.passRetained(input)
        guard let buffer = xmlParserInputBufferCreateIO(read, close, retained.toOpaque(), XML_CHAR_ENCODING_NONE)
        else {
            retained.release()
            return nil
        }
        input.buffer = buffer
        guard let stream = xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) else {
            xmlFreeParserInputBuffer(buffer)
            return nil
        }
        if let url {
            // libxml2 frees the name with the input; it resolves nested references against it.
            stream.pointee.filename = UnsafeRawPointer(xmlCharStrdup(url))?.assumingMemoryBound(to: CChar.self)
        }
        return stream
    }

    /// libxml2 asks for up to `length` more bytes; none is the end.
    private static let read: xmlInputReadCallback = { context, target, length in
        guard let context, let target, length > 0 else { return 0 }
        return Unmanaged<ExternalEntityInput>.fromOpaque(context).takeUnretainedValue().read(into: target, length)
    }

    private func read(into target: UnsafeMutablePointer<CChar>, _ length: Int32) -> Int32 {
        let count = min(Int(length), data.count - handedOut)
        guard count > 0 else { return 0 }
        let start = data.startIndex + handedOut
        data.copyBytes(
            to: UnsafeMutableRawBufferPointer(start: target, count: count).bindMemory(to: UInt8.self),
            from: start..<(start + count))
        handedOut += count
        return Int32(count)
    }

    /// libxml2 frees the buffer: the check, and the buffer's reference to the input let go.
    private static let close: xmlInputCloseCallback = { context in
        guard let context else { return 0 }
        Unmanaged<ExternalEntityInput>.fromOpaque(context).takeRetainedValue().checkConverted()
        return 0
    }

    /// Fails the document when the buffer decoded its bytes (an encoder was set: libxml2 has
    /// closed it already, but not cleared the field, which is only compared here) and left some
    /// of those it was handed unconverted. A document that failed already keeps its first error.
    private func checkConverted() {
        guard let buffer, buffer.pointee.encoder != nil else { return }
        let converted = Int(clamping: buffer.pointee.rawconsumed)
        guard converted < handedOut else { return }
        let left = data[(data.startIndex + converted)..<(data.startIndex + handedOut)].prefix(4).map {
            "0x" + String($0, radix: 16, uppercase: true)
        }
        let name = systemID.map { " '\($0)'" } ?? ""
        status.fail(
            XMLParsingError.Code(rawValue: Int(XML_I18N_CONV_FAILED.rawValue)),
            "the input is not valid in its encoding: the external entity\(name) ends inside a character "
                + "(bytes \(left.joined(separator: " ")) are not a whole character in its encoding)")
    }
}
