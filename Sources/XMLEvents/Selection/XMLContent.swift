/// One piece of an element's content, in document order.
///
/// A subtree keeps everything the parser reported between an element's start and end tags, so
/// that writing it back out reproduces the selection: character data, CDATA sections (only when
/// ``XMLParsingOptions/reportsCDATA`` is set; otherwise they are part of the surrounding text),
/// comments, processing instructions and entity references the parser did not replace.
/// ``XMLSubtree/text`` reads only the character data and CDATA sections; decoding reads them
/// too, and fails on a skipped entity, whose text is missing.
public enum XMLContent: Sendable, Hashable {
    /// A child element with its own content.
    case element(XMLSubtree)

    /// A maximal run of character data, references resolved, exactly as ``XMLEvent/text(_:)``
    /// reported it.
    case text(String)

    /// The content of one CDATA section, as ``XMLEvent/cdata(_:)`` reported it.
    case cdata(String)

    /// A comment's text, without its delimiters.
    case comment(String)

    /// A processing instruction's target and data.
    indirect case processingInstruction(target: String, data: String)

    /// A reference to an entity that the parser did not replace, as
    /// ``XMLEvent/skippedEntity(name:)`` reported it: its text is missing from the element's.
    case skippedEntity(name: String)

    /// The child element, or `nil` for any other kind of content.
    public var element: XMLSubtree? {
        if case .element(let element) = self { return element }
        return nil
    }

    /// The character data of a text run or a CDATA section, or `nil` for any other kind of
    /// content (an element's text is ``XMLSubtree/text``).
    public var characterData: String? {
        switch self {
        case .text(let text), .cdata(let text): return text
        case .element, .comment, .processingInstruction, .skippedEntity: return nil
        }
    }
}

extension XMLContent {
    /// The content an event reports inside an element; `nil` for an element's start or end and
    /// for the document's own events, which are no piece of content.
    init?(_ event: consuming XMLEvent) {
        switch consume event {
        case .text(let text): self = .text(text)
        case .cdata(let text): self = .cdata(text)
        case .comment(let text): self = .comment(text)
        case .processingInstruction(let target, let data): self = .processingInstruction(target: target, data: data)
        case .skippedEntity(let name): self = .skippedEntity(name: name)
        case .startElement, .endElement, .startDocument, .doctype, .endDocument: return nil
        }
    }

    /// The event that reported this content; for a child element, its start.
    var event: XMLEvent {
        switch self {
        case .element(let element): element.startElementEvent
        case .text(let text): .text(text)
        case .cdata(let text): .cdata(text)
        case .comment(let text): .comment(text)
        case .processingInstruction(let target, let data): .processingInstruction(target: target, data: data)
        case .skippedEntity(let name): .skippedEntity(name: name)
        }
    }
}
