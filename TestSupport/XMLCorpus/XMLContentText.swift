/// The character data a parser reports for a piece of the corpus's content, worked out from the
/// markup the generator writes: tags dropped, CDATA sections unwrapped, predefined entities,
/// character references and the document's declared entities replaced.
///
/// Used once per vocabulary entry, when the tables are built, so that writing a field only adds
/// up precomputed sums. It knows the markup the corpus writes, not all of XML: no comments or
/// processing instructions inside content, no carriage returns.
enum XMLContentText {
    /// The byte count and byte sum of the text of `content`.
    ///
    /// - Parameters:
    ///   - content: Element content as the generator writes it.
    ///   - entities: Declared general entities by name, with their replacement text (itself
    ///     content, expanded in turn).
    static func utf8Sum(of content: [UInt8], entities: [String: String] = [:]) -> UTF8Sum {
        var sum = UTF8Sum()
        add(content[...], entities: entities, into: &sum)
        return sum
    }

    /// The byte count and byte sum of the text of `content`.
    static func utf8Sum(of content: String, entities: [String: String] = [:]) -> UTF8Sum {
        utf8Sum(of: Array(content.utf8), entities: entities)
    }

    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)

    private static func add(_ content: ArraySlice<UInt8>, entities: [String: String], into sum: inout UTF8Sum) {
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            switch byte {
            case UInt8(ascii: "<"):
                if content[index...].starts(with: cdataStart) {
                    let start = index + cdataStart.count
                    let end = firstIndex(of: cdataEnd, in: content, from: start)
                    sum += UTF8Sum(content[start..<end])
                    index = end + cdataEnd.count
                } else {
                    let end = content[index...].firstIndex(of: UInt8(ascii: ">"))
                    precondition(end != nil, "unterminated tag in corpus content")
                    index = (end ?? content.endIndex) + 1
                }
            case UInt8(ascii: "&"):
                let semicolon = content[index...].firstIndex(of: UInt8(ascii: ";"))
                precondition(semicolon != nil, "unterminated reference in corpus content")
                let end = semicolon ?? content.endIndex
                let name = String(decoding: content[(index + 1)..<end], as: UTF8.self)
                addReference(name, entities: entities, into: &sum)
                index = end + 1
            default:
                sum += UTF8Sum(byteCount: 1, byteSum: Int(byte))
                index += 1
            }
        }
    }

    private static func addReference(_ name: String, entities: [String: String], into sum: inout UTF8Sum) {
        switch name {
        case "amp": sum += UTF8Sum("&".utf8)
        case "lt": sum += UTF8Sum("<".utf8)
        case "gt": sum += UTF8Sum(">".utf8)
        case "quot": sum += UTF8Sum("\"".utf8)
        case "apos": sum += UTF8Sum("'".utf8)
        default:
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value =
                    digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                let scalar = value.flatMap(Unicode.Scalar.init)
                precondition(scalar != nil, "bad character reference &\(name); in corpus content")
                if let scalar { sum += UTF8Sum(String(Character(scalar)).utf8) }
            } else {
                let replacement = entities[name]
                precondition(replacement != nil, "undeclared entity &\(name); in corpus content")
                add(Array((replacement ?? "").utf8)[...], entities: entities, into: &sum)
            }
        }
    }

    private static func firstIndex(of needle: [UInt8], in content: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while index + needle.count <= content.endIndex {
            if content[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        preconditionFailure("unterminated CDATA section in corpus content")
    }
}
