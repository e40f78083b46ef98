/// Where a key was found in an element.
enum XMLKeyedMatch {
    case attribute(String)
    case child(XMLSubtree, index: Int)
    case textContent(String)

    /// The character data found: the attribute's value, or the element's text.
    var text: String {
        switch self {
        case .attribute(let text), .textContent(let text): return text
        case .child(let child, _): return child.text
        }
    }
}
