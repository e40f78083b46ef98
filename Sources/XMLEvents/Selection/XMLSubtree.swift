/// One element of a document with everything inside it: a thread-safe tree value built
/// from the element's events, for code that wants a record whole rather than event by event.
///
/// ```swift
/// for try await record in try XMLEvents(url: url).elements(matching: "record") {
///     print(record.attributes["date"] ?? "-", record.child(named: "name")?.text ?? "")
/// }
/// ```
///
/// A subtree is one reference to shared, immutable storage, so copying it, storing it or sending
/// it to another task costs a retain. It is a value: setting its ``name``, ``attributes``,
/// ``namespaces`` or ``children`` makes new storage for that value alone, sharing the rest. Names are the parser's interned ``XMLName`` values, shared
/// with every other event that carries them.
///
/// Equality and hashing compare the content (name, attributes, namespace declarations and
/// children, recursively) and ignore ``location``: the same markup found in two places is equal.
///
/// The type is not called `XMLElement` because Foundation on Apple platforms declares an
/// `XMLElement` class, and the two names could not be told apart in a file importing both.
public struct XMLSubtree: Sendable, Hashable {
    private(set) var storage: Storage

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
        attributes: XMLAttributes = [],
        namespaces: [XMLNamespaceDeclaration] = [],
        children: [XMLContent] = [],
        location: XMLLocation? = nil
    ) {
        storage = Storage(
            name: name, attributes: attributes, namespaces: namespaces, children: children, location: location)
    }

    /// A subtree whose content is one text run, built without an array for it.
    init(
        name: XMLName, attributes: XMLAttributes, namespaces: [XMLNamespaceDeclaration], onlyText: String,
        location: XMLLocation?
    ) {
        storage = Storage(
            name: name, attributes: attributes, namespaces: namespaces, onlyText: onlyText, nodes: [],
            location: location)
    }

    /// The element's resolved name. Setting it renames the element in this value only.
    public var name: XMLName {
        get { storage.name }
        set { storage = storage.replacing(name: newValue) }
    }

    /// The attributes of the start tag in document order, DTD defaults last. Setting them
    /// changes this value only.
    public var attributes: XMLAttributes {
        get { storage.attributes }
        set { storage = storage.replacing(attributes: newValue) }
    }

    /// The namespace declarations made on this element itself. Declarations of ancestors are not
    /// repeated here; every name in the subtree is resolved already, and ``XMLWriter`` declares
    /// what a name needs when the subtree is written on its own.
    public var namespaces: [XMLNamespaceDeclaration] {
        get { storage.namespaces }
        set { storage = storage.replacing(namespaces: newValue) }
    }

    /// The content between the start and end tags, in document order. Setting it (removing
    /// children, say) changes this value only.
    ///
    /// - Complexity: O(1) to read; an element whose content is one text run makes that one-item
    ///   array anew on each call.
    public var children: [XMLContent] {
        get {
            if let text = storage.onlyText { return [.text(text)] }
            return storage.nodes
        }
        set { storage = storage.replacing(children: newValue) }
    }

    /// Where the parser reported the element's start tag (at its closing `>`), or `nil` when the
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
        // Walked with a stack of its own, not by recursion, so deep trees cannot exhaust the
        // thread's stack.
        var pending = [(lhs.storage, rhs.storage)]
        while let (left, right) = pending.popLast() {
            if left === right { continue }
            guard left.name == right.name, left.attributes == right.attributes,
                left.namespaces == right.namespaces, left.onlyText == right.onlyText,
                left.nodes.count == right.nodes.count
            else { return false }
            for (leftNode, rightNode) in zip(left.nodes, right.nodes) {
                switch (leftNode, rightNode) {
                case (.element(let leftElement), .element(let rightElement)):
                    pending.append((leftElement.storage, rightElement.storage))
                case (.element, _), (_, .element):
                    return false
                default:
                    if leftNode != rightNode { return false }
                }
            }
        }
        return true
    }

    /// Hashes the name, attributes, namespace declarations and children.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*) in the size of the subtree.
    public func hash(into hasher: inout Hasher) {
        var pending = [storage]
        while let current = pending.popLast() {
            hasher.combine(current.name)
            hasher.combine(current.attributes)
            hasher.combine(current.namespaces)
            hasher.combine(current.onlyText)
            hasher.combine(current.nodes.count)
            for node in current.nodes {
                if case .element(let element) = node {
                    hasher.combine(0 as UInt8)
                    pending.append(element.storage)
                } else {
                    hasher.combine(node)
                }
            }
        }
    }
}
