import Foundation

extension XMLEvents.Iterator {
    /// Takes the element whose start ``next()`` just returned, with everything inside it, as one
    /// ``XMLSubtree``; the next call to ``next()`` returns the event after its end tag.
    ///
    /// Events and whole elements mix in one loop, as with C#'s `XmlReader.ReadSubtree()`:
    ///
    /// ```swift
    /// var events = XMLEvents(path: "feed.xml").makeAsyncIterator()
    /// while let event = try await events.next() {
    ///     if case .startElement(let name, _, _) = event, name.localName == "entry" {
    ///         let entry = try await events.subtree()
    ///         print(entry.child(named: "title")?.text ?? "")
    ///     }
    /// }
    /// ```
    ///
    /// The element's content is read from the parser's tape into the subtree without becoming
    /// events; its location is its start tag's. With ``XMLParsingOptions/locatesEveryEvent``,
    /// the iterator's ``location`` is then its end tag's, as after each of the cursor's methods.
    ///
    /// - Returns: The element.
    /// - Throws: ``XMLRecordDecodingError`` when the event `next()` returned last is not a start
    ///   element (nothing is consumed then); the errors ``next()`` throws for the document and the
    ///   source (iteration ends then).
    public nonisolated(nonsending) mutating func subtree() async throws -> XMLSubtree {
        var builder = XMLTreeBuilder()
        return try await takeElement(into: &builder, as: XMLSubtree.self)
    }

    /// Skips the element whose start ``next()`` just returned, with everything inside it; the
    /// next call to ``next()`` returns the event after its end tag.
    ///
    /// The skipped content makes no events, strings or arrays: the parser still reads it (and
    /// checks it is well-formed), and the iterator only counts its depth.
    ///
    /// - Throws: ``XMLRecordDecodingError`` when the event `next()` returned last is not a start
    ///   element (nothing is consumed then); the errors ``next()`` throws for the document and the
    ///   source (iteration ends then).
    public nonisolated(nonsending) mutating func skipElement() async throws {
        var skipper = XMLElementSkipper()
        try await takeElement(into: &skipper, as: XMLSubtree.self)
    }

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
    ///   past it and iteration may go on), or when the event `next()` returned last is not a start
    ///   element (nothing is consumed then); the errors ``next()`` throws for the document and the
    ///   source.
    public nonisolated(nonsending) mutating func decodeElement<Record: Decodable>(
        _ type: Record.Type, using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) async throws -> Record {
        let context: XMLDecodingContext
        if let kept = cursorDecoding, kept.options.isEquivalent(to: decoder) {
            context = kept
        } else {
            context = XMLDecodingContext(decoder)
            cursorDecoding = context
        }
        var builder = XMLRecordNodesBuilder(context: context)
        let nodes = try await takeElement(into: &builder, as: type)
        return try context.decode(type, from: nodes)
    }

    /// Reads the element whose start the reader read last into `builder`, through as many
    /// refills of the tape as it spans.
    ///
    /// Where there is no element to take (the event `next()` returned last is not a start
    /// element, iteration has ended, or the element was taken already), it throws an
    /// ``XMLRecordDecodingError`` that wraps `DecodingError.valueNotFound(wanted, …)` at the
    /// iterator's ``location``: the value asked of the cursor is not there. A decoding error
    /// rather than a type of its own, since every cursor method reads the element as a value,
    /// and a loop that decodes elements handles the two alike.
    nonisolated(nonsending) mutating func takeElement<Builder: XMLTapeSelectionBuilder>(
        into builder: inout Builder, as wanted: Any.Type
    ) async throws -> Builder.Selection {
        guard reader.startSelection(&builder, in: feed.tape) else { throw noElementToTake(wanted) }
        while true {
            if let selection = reader.continueSelection(&builder, in: feed.tape) { return selection }
            // The feed ends only after the document's end or its error, which come after the
            // element's end: `false` here means the iteration ended before this call.
            guard try await feed.advance(readingOn: #isolation) else { throw noElementToTake(wanted) }
            reader.rewind()
        }
    }

    /// The error of a cursor method called where there is no element to take.
    func noElementToTake(_ wanted: Any.Type) -> XMLRecordDecodingError {
        let context = DecodingError.Context(
            codingPath: [],
            debugDescription: "no element to take: call subtree(), skipElement() or decodeElement(_:) "
                + "right after next() returned .startElement")
        return XMLRecordDecodingError(location: location, underlying: .valueNotFound(wanted, context))
    }
}

/// Counts an element's depth through its entries until it ends, building nothing.
struct XMLElementSkipper: XMLTapeSelectionBuilder {
    private var depth = 0

    var isBuilding: Bool { depth > 0 }

    mutating func startSelection(_ entry: EventTape.Entry, rows: EventTape.StartTagRows, in tape: EventTape) {
        depth = 1
    }

    mutating func continueSelection(in tape: EventTape, cursor: inout EventTape.Cursor) -> Void? {
        while cursor.index < tape.count {
            let entry = tape.columns.pointee.entries[cursor.index]
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                // Keeps the table rows in step with the entries.
                _ = cursor.takeStartTag(entry)
                depth &+= 1
            case .endElement:
                depth &-= 1
                if depth == 0 { return () }
            case .text, .cdata, .comment, .processingInstruction, .skippedEntity, .startDocument, .doctype,
                .endDocument:
                break
            }
        }
        return nil
    }
}
