import Foundation

extension XMLEvents.Iterator {
    /// Decodes the element whose start ``next()`` just returned as a `Record`, as Go's
    /// `Decoder.DecodeElement` does; the next call to ``next()`` returns the event after its end
    /// tag.
    ///
    /// ```swift
    /// var events = XMLEvents(path: "map.osm").makeAsyncIterator()
    /// while let event = try await events.next() {
    ///     guard case .startElement(let name, _, _) = event else { continue }
    ///     switch name.localName {
    ///     case "node": nodes.append(try await events.decodeElement(Node.self))
    ///     case "way": ways.append(try await events.decodeElement(Way.self))
    ///     default: break
    ///     }
    /// }
    /// ```
    ///
    /// The element is built for decoding straight from the parser's tape, as
    /// ``XMLEvents/decode(_:matching:namespaces:using:)`` builds its records. The iterator keeps
    /// the names it converted to keys for the next call with an equivalent decoder.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: How to decode; see ``XMLRecordDecoder`` for how XML maps onto the type.
    /// - Returns: The decoded element.
    /// - Throws: ``XMLRecordDecodingError`` when the element does not decode (the iterator is then
    ///   past it and iteration may go on); ``XMLCursorError`` when the event `next()` returned last
    ///   is not a start element; the errors ``next()`` throws for the document and the source.
    public nonisolated(nonsending) mutating func decodeElement<Record: Decodable>(
        _ type: Record.Type, using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) async throws -> Record {
        let cache: XMLCursorDecodingCache
        if let kept = cursorDecoding as? XMLCursorDecodingCache {
            cache = kept
        } else {
            cache = XMLCursorDecodingCache()
            cursorDecoding = cache
        }
        let context = cache.context(for: decoder)
        var builder = XMLRecordNodesBuilder(context: context)
        let nodes = try await takeElement(into: &builder)
        return try context.decode(type, from: nodes)
    }
}

/// The decoding context of the decoder an iterator's cursor decoded with last, kept for the
/// next call with an equivalent decoder, so that the names converted to keys are converted once.
final class XMLCursorDecodingCache {
    private var last: (decoder: XMLRecordDecoder, context: XMLDecodingContext)?

    func context(for decoder: XMLRecordDecoder) -> XMLDecodingContext {
        if let last, last.decoder.isEquivalent(to: decoder) { return last.context }
        let context = XMLDecodingContext(decoder)
        last = (decoder, context)
        return context
    }
}
