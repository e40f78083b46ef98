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
/// it to another task costs a retain. A subtree the parser built is stored whole, in one array
/// of its elements and content (and one storage for all its attributes): a child element read
/// from it is a position in that storage and keeps all of it alive, as a `Substring` keeps its
/// string. It is a value: setting its ``name``, ``attributes``, ``namespaces`` or ``children``
/// makes new storage for that value alone, sharing the child elements. Names are the parser's
/// interned ``XMLName`` values, shared with every other event that carries them.
///
/// Equality and hashing compare the content (name, attributes, namespace declarations and
/// children, recursively) and ignore ``location``: the same markup found in two places is equal.
///
/// The type is not called `XMLElement` because Foundation on Apple platforms declares an
/// `XMLElement` class, and the two names could not be told apart in a file importing both.
public struct XMLSubtree: Sendable, Hashable {
    /// The storage holding the element.
    let storage: Storage
    /// The element's position in `storage`.
    let index: Int

    init(storage: Storage, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// Creates a subtree from its parts, for tests and for building documents to write.
    ///
    /// The children are kept as given: a child element shares its storage with the subtree it
    /// came from.
    ///
    /// - Parameters:
    ///   - name: The element's resolved name.
    ///   - attributes: The attributes, in the order they are written.
    ///   - namespaces: The namespace declarations made on this element.
    ///   - children: The content, in document order.
    ///   - location: Where the element's start tag was reported, if it came from a document.
    /// - Complexity: O(*n*) in the number of children.
    public init(
        name: XMLName,
        attributes: XMLAttributes = [],
        namespaces: [XMLNamespaceDeclaration] = [],
        children: [XMLContent] = [],
        location: XMLLocation? = nil
    ) {
        self.init(
            Element(name: name, attributes: attributes, namespaces: namespaces, location: location),
            contents: children)
    }

    /// A subtree of its own storage: the element, then each piece of content as given.
    private init(_ element: Element, contents: some Sequence<XMLContent>) {
        var nodes = ContiguousArray<Node>()
        nodes.reserveCapacity(contents.underestimatedCount &+ 1)
        nodes.append(Node(element, end: 0))
        for content in contents { nodes.append(Node(content, at: nodes.count)) }
        nodes[0].end = nodes.count
        self.init(storage: Storage(nodes: nodes), index: 0)
    }

    /// The element's start tag.
    private var element: Element { storage.element(at: index) }

    /// This subtree with another start tag and the same content, which it shares.
    private func replacing(_ element: Element) -> XMLSubtree {
        XMLSubtree(element, contents: contents)
    }

    /// The element's resolved name. Setting it renames the element in this value only.
    ///
    /// - Complexity: O(1) to read; O(*n*) in the number of children to set.
    public var name: XMLName {
        get { element.name }
        set {
            var changed = element
            changed.name = newValue
            self = replacing(changed)
        }
    }

    /// The attributes of the start tag in document order, DTD defaults last. Setting them
    /// changes this value only.
    ///
    /// - Complexity: O(1) to read; O(*n*) in the number of children to set.
    public var attributes: XMLAttributes {
        get { element.attributes }
        set {
            var changed = element
            changed.attributes = newValue
            self = replacing(changed)
        }
    }

    /// The namespace declarations made on this element itself. Declarations of ancestors are not
    /// repeated here; every name in the subtree is resolved already, and ``XMLWriter`` declares
    /// what a name needs when the subtree is written on its own.
    ///
    /// - Complexity: O(1) to read; O(*n*) in the number of children to set.
    public var namespaces: [XMLNamespaceDeclaration] {
        get { element.namespaces }
        set {
            var changed = element
            changed.namespaces = newValue
            self = replacing(changed)
        }
    }

    /// The content between the start and end tags, in document order. Setting it (removing
    /// children, say) changes this value only.
    ///
    /// - Complexity: O(*n*) in the number of children.
    public var children: [XMLContent] {
        get { Array(contents) }
        set { self = XMLSubtree(element, contents: newValue) }
    }

    /// Where the parser reported the element's start tag (at its closing `>`), or `nil` when the
    /// subtree was not built from an ``XMLEvents`` sequence.
    public var location: XMLLocation? { element.location }

    /// Whether the element has no attributes and no content, as `<a/>` or `<a></a>`.
    public var isEmpty: Bool { element.attributes.isEmpty && contents.isEmpty }

    /// Whether two values are the same element of the same storage.
    private func isIdentical(to other: XMLSubtree) -> Bool {
        storage === other.storage && index == other.index
    }

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
        var pending = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            if left.isIdentical(to: right) { continue }
            let (leftElement, rightElement) = (left.element, right.element)
            guard leftElement.name == rightElement.name, leftElement.attributes == rightElement.attributes,
                leftElement.namespaces == rightElement.namespaces
            else { return false }
            var (leftContents, rightContents) = (left.contents, right.contents)
            contents: while true {
                switch (leftContents.next(), rightContents.next()) {
                case (nil, nil):
                    break contents
                case (.element(let leftChild)?, .element(let rightChild)?):
                    pending.append((leftChild, rightChild))
                case (.element?, _), (_, .element?), (nil, _), (_, nil):
                    return false
                case (let leftNode?, let rightNode?):
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
        var pending = [self]
        while let current = pending.popLast() {
            let element = current.element
            hasher.combine(element.name)
            hasher.combine(element.attributes)
            hasher.combine(element.namespaces)
            var count = 0
            for content in current.contents {
                count &+= 1
                if case .element(let child) = content {
                    hasher.combine(0 as UInt8)
                    pending.append(child)
                } else {
                    hasher.combine(content)
                }
            }
            hasher.combine(count)
        }
    }
}
