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
    /// - Throws: ``XMLCursorError`` when the event `next()` returned last is not a start element;
    ///   the errors ``next()`` throws for the document and the source (iteration ends then).
    public nonisolated(nonsending) mutating func subtree() async throws -> XMLSubtree {
        var builder = XMLTreeBuilder()
        return try await takeElement(into: &builder)
    }

    /// Skips the element whose start ``next()`` just returned, with everything inside it; the
    /// next call to ``next()`` returns the event after its end tag.
    ///
    /// The skipped content makes no events, strings or arrays: the parser still reads it (and
    /// checks it is well-formed), and the iterator only counts its depth.
    ///
    /// - Throws: ``XMLCursorError`` when the event `next()` returned last is not a start element;
    ///   the errors ``next()`` throws for the document and the source (iteration ends then).
    public nonisolated(nonsending) mutating func skipElement() async throws {
        var skipper = XMLElementSkipper()
        try await takeElement(into: &skipper)
    }

    /// Reads the element whose start the reader read last into `builder`, through as many
    /// refills of the tape as it spans.
    nonisolated(nonsending) mutating func takeElement<Builder: XMLTapeSelectionBuilder>(
        into builder: inout Builder
    ) async throws -> Builder.Selection {
        guard reader.startSelection(&builder, in: feed.tape) else { throw XMLCursorError(.notAtStartElement) }
        while true {
            if let selection = reader.continueSelection(&builder, in: feed.tape) { return selection }
            // The feed ends only after the document's end or its error, which come after the
            // element's end: `false` here means the iteration ended before this call.
            guard try await feed.advance(readingOn: #isolation) else { throw XMLCursorError(.notAtStartElement) }
            reader.rewind()
        }
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
