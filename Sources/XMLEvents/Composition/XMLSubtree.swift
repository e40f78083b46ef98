/// One element of a document with everything inside it: an immutable, thread-safe tree built
/// from the element's events, for code that wants a record whole rather than event by event.
///
/// ```swift
/// for try await record in XMLEvents(contentsOf: url).elements(named: "record") {
///     print(record[attribute: "date"] ?? "-", record.child(named: "name")?.text ?? "")
/// }
/// ```
///
/// A subtree is one reference to shared, immutable storage, so copying it, storing it or sending
/// it to another task costs a retain. Names are the parser's interned ``XMLName`` values, shared
/// with every other event that carries them.
///
/// Equality and hashing compare the content (name, attributes, namespace declarations and
/// children, recursively) and ignore ``location``: the same markup found in two places is equal.
///
/// The type is not called `XMLElement` because Foundation on Apple platforms declares an
/// `XMLElement` class, and the two names could not be told apart in a file importing both.
public struct XMLSubtree: Sendable, Hashable {
    /// The element's parts, allocated once when its end tag is seen and never changed after.
    final class Storage: Sendable {
        let name: XMLName
        let attributes: [XMLAttribute]
        let namespaces: [XMLNamespaceDeclaration]
        /// The content when it is exactly one run of text, kept without an array of its own:
        /// most elements of a record are such leaves, and the array would double what they
        /// allocate. `nodes` is then empty.
        let onlyText: String?
        /// The content in document order, unless it is `onlyText`. An element's children are
        /// found here whatever the representation.
        let nodes: [XMLContent]
        let location: XMLLocation?

        init(
            name: XMLName,
            attributes: [XMLAttribute],
            namespaces: [XMLNamespaceDeclaration],
            children: [XMLContent],
            location: XMLLocation?
        ) {
            self.name = name
            self.attributes = attributes
            self.namespaces = namespaces
            // One representation per content, so that equal subtrees compare field by field.
            if children.count == 1, case .text(let text) = children[0] {
                self.onlyText = text
                self.nodes = []
            } else {
                self.onlyText = nil
                self.nodes = children
            }
            self.location = location
        }

        init(
            name: XMLName,
            attributes: [XMLAttribute],
            namespaces: [XMLNamespaceDeclaration],
            onlyText: String,
            location: XMLLocation?
        ) {
            self.name = name
            self.attributes = attributes
            self.namespaces = namespaces
            self.onlyText = onlyText
            self.nodes = []
            self.location = location
        }
    }

    let storage: Storage

    /// Creates a subtree from its parts, for tests and for building documents to write.
    ///
    /// - Parameters:
    ///   - name: The element's resolved name.
    ///   - attributes: The attributes, in the order they are written.
    ///   - namespaces: The namespace declarations made on this element.
    ///   - children: The content, in document order.
    ///   - location: Where the element's start tag was reported, if it came from a document.
    public init(
        name: XMLName,
        attributes: [XMLAttribute] = [],
        namespaces: [XMLNamespaceDeclaration] = [],
        children: [XMLContent] = [],
        location: XMLLocation? = nil
    ) {
        storage = Storage(
            name: name, attributes: attributes, namespaces: namespaces, children: children, location: location)
    }

    /// A subtree whose content is one text run, built without an array for it.
    init(
        name: XMLName, attributes: [XMLAttribute], namespaces: [XMLNamespaceDeclaration], onlyText: String,
        location: XMLLocation?
    ) {
        storage = Storage(
            name: name, attributes: attributes, namespaces: namespaces, onlyText: onlyText, location: location)
    }

    /// The element's resolved name.
    public var name: XMLName { storage.name }

    /// The attributes of the start tag in document order, DTD defaults last.
    public var attributes: [XMLAttribute] { storage.attributes }

    /// The namespace declarations made on this element itself. Declarations of ancestors are not
    /// repeated here; every name in the subtree is resolved already, and ``XMLWriter`` declares
    /// what a name needs when the subtree is written on its own.
    public var namespaces: [XMLNamespaceDeclaration] { storage.namespaces }

    /// The content between the start and end tags, in document order.
    ///
    /// - Complexity: O(1); an element whose content is one text run makes that one-item array
    ///   anew on each call.
    public var children: [XMLContent] {
        if let text = storage.onlyText { return [.text(text)] }
        return storage.nodes
    }

    /// Where the parser reported the element's start tag (just after its `>`), or `nil` when the
    /// subtree was not built from an ``XMLEvents`` sequence.
    public var location: XMLLocation? { storage.location }

    /// Whether the element has no attributes and no content, as `<a/>` or `<a></a>`.
    public var isEmpty: Bool { storage.attributes.isEmpty && storage.onlyText == nil && storage.nodes.isEmpty }

    /// Two subtrees are equal when their names, attributes, namespace declarations and children
    /// are equal; locations are not compared.
    ///
    /// - Parameters:
    ///   - lhs: A subtree.
    ///   - rhs: Another subtree.
    /// - Complexity: O(*n*) in the size of the smaller subtree; O(1) for two copies of one value.
    public static func == (lhs: XMLSubtree, rhs: XMLSubtree) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.name == rhs.name && lhs.attributes == rhs.attributes && lhs.namespaces == rhs.namespaces
            && lhs.storage.onlyText == rhs.storage.onlyText && lhs.storage.nodes == rhs.storage.nodes
    }

    /// Hashes the name, attributes, namespace declarations and children.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*) in the size of the subtree.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(attributes)
        hasher.combine(namespaces)
        hasher.combine(storage.onlyText)
        hasher.combine(storage.nodes)
    }
}
