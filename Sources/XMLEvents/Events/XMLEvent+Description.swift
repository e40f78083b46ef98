extension XMLEvent: CustomStringConvertible {
    /// The event in a form a person can read: markup as it could be written, text quoted with
    /// control characters escaped.
    ///
    /// ```
    /// <?xml version="1.0" encoding="UTF-8"?>
    /// <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
    /// text "Hello,\n world"
    /// </feed>
    /// end of document
    /// ```
    public var description: String {
        switch self {
        case .startDocument(let version, let encoding, let standalone):
            var parts = ["<?xml"]
            if let version { parts.append("version=\"\(version)\"") }
            if let encoding { parts.append("encoding=\"\(encoding)\"") }
            if let standalone { parts.append("standalone=\"\(standalone ? "yes" : "no")\"") }
            return parts.count == 1 ? "start of document" : parts.joined(separator: " ") + "?>"
        case .doctype(let name, let publicID, let systemID):
            var text = "<!DOCTYPE \(name)"
            if let publicID {
                text += " PUBLIC \"\(publicID)\""
                if let systemID { text += " \"\(systemID)\"" }
            } else if let systemID {
                text += " SYSTEM \"\(systemID)\""
            }
            return text + ">"
        case .startElement(let name, let attributes, let namespaces):
            var text = "<" + name.qualifiedName
            for declaration in namespaces { text += " " + declaration.description }
            for attribute in attributes { text += " " + attribute.description }
            return text + ">"
        case .endElement(let name):
            return "</\(name.qualifiedName)>"
        case .text(let text):
            return "text " + text.debugDescription
        case .cdata(let text):
            return "cdata " + text.debugDescription
        case .comment(let text):
            return "<!--\(text)-->"
        case .processingInstruction(let target, let data):
            return data.isEmpty ? "<?\(target)?>" : "<?\(target) \(data)?>"
        case .endDocument:
            return "end of document"
        case .skippedEntity(let name):
            return "skipped entity &\(name);"
        }
    }
}
