extension XMLSubtree {
    /// An element and everything inside it, in document order, in one array: each element is
    /// followed by its content, and knows where its content ends.
    ///
    /// A subtree the parser built is one such array, whatever its size: building it allocates
    /// the storage and the array once (and the attributes, namespace declarations and long
    /// strings it holds), not an object and an array per element, and releasing it frees them
    /// with no walk through a graph of objects. A subtree of such a tree is a position in it,
    /// and keeps the whole storage alive, as a `Substring` keeps its string.
    ///
    /// A subtree made in code, or changed, stores its own element and its content as given: a
    /// child element there is ``XMLContent/element(_:)``, a subtree kept in its own storage, so
    /// composing and changing share what lies below instead of copying it.
    // `nodes` is the one mutable field, written only by `deinit` on storage that it holds the
    // only reference to (checked by `isKnownUniquelyReferenced`): no other thread can see it.
    final class Storage: @unchecked Sendable {
        fileprivate(set) var nodes: ContiguousArray<Node>
        /// How many levels of storage lie below this one through child elements kept in their
        /// own storage (0 for a tree the parser built), capped: it tells `deinit` whether
        /// releasing the storage could go deep.
        let height: UInt32

        /// Storage whose only child elements in other storage are those of `nodes`.
        init(nodes: ContiguousArray<Node>) {
            var height: UInt32 = 0
            for node in nodes {
                if case .content(.element(let child)) = node.item {
                    height = Swift.max(height, child.storage.height &+ 1)
                }
            }
            self.nodes = nodes
            self.height = Swift.min(height, Storage.deepHeight)
        }

        /// Storage that holds every element inside it itself, as the parser builds it.
        init(parsed nodes: ContiguousArray<Node>) {
            self.nodes = nodes
            self.height = 0
        }

        /// The element at `index`.
        func element(at index: Int) -> Element {
            guard case .element(let element) = nodes[index].item else {
                preconditionFailure("XMLSubtree points at content that is not an element")
            }
            return element
        }

        /// From this height on, storage is released level by level rather than by recursion.
        static let deepHeight: UInt32 = 256

        /// Releasing storage the ordinary way takes a few stack frames per level of child
        /// elements kept in their own storage; a tree composed in code that deep would overflow
        /// a thread's stack. Storage only this one holds is emptied one by one instead, each
        /// before it goes.
        deinit {
            guard height >= Storage.deepHeight else { return }
            var pending: [Storage] = []
            Storage.appendStorage(of: nodes, to: &pending)
            nodes = []
            while var storage = pending.popLast() {
                if isKnownUniquelyReferenced(&storage) {
                    Storage.appendStorage(of: storage.nodes, to: &pending)
                    storage.nodes = []
                }
            }
        }

        private static func appendStorage(of nodes: ContiguousArray<Node>, to pending: inout [Storage]) {
            for node in nodes {
                if case .content(.element(let child)) = node.item { pending.append(child.storage) }
            }
        }
    }

    /// One element or one piece of other content in a subtree's storage.
    struct Node: Sendable {
        /// For an element, the position after its last descendant in the same storage; for
        /// other content, the position after it.
        var end: Int
        private(set) var item: Item

        /// Content other than an element of this storage, at `index`.
        init(_ content: XMLContent, at index: Int) {
            end = index &+ 1
            item = .content(content)
        }

        /// An element whose content follows it; `end` is set when the element ends.
        init(_ element: Element, end: Int) {
            self.end = end
            item = .element(element)
        }

        /// Gives the element these attributes, which the builder gathers with those of the
        /// other elements into one storage once the subtree is complete.
        mutating func setAttributes(_ attributes: XMLAttributes) {
            guard case .element(var element) = item else { return }
            element.attributes = attributes
            item = .element(element)
        }
    }

    /// What a node holds.
    enum Item: Sendable {
        /// An element of this storage, its content in the nodes after it.
        case element(Element)
        /// A piece of content; ``XMLContent/element(_:)`` here is a child element kept in its
        /// own storage.
        case content(XMLContent)
    }

    /// An element's start tag, where it was found.
    struct Element: Sendable {
        var name: XMLName
        var attributes: XMLAttributes
        var namespaces: [XMLNamespaceDeclaration]
        var location: XMLLocation?
    }

    /// The content of one element, one piece at a time and without an array: a child element
    /// of the same storage is handed out as a subtree at its position, and skipped over.
    struct Contents: Sequence, IteratorProtocol {
        private let storage: Storage
        private var position: Int
        private let end: Int

        init(of subtree: XMLSubtree) {
            storage = subtree.storage
            position = subtree.index &+ 1
            end = subtree.storage.nodes[subtree.index].end
        }

        /// Whether no content is left.
        var isEmpty: Bool { position >= end }

        /// How many pieces of content are left, counted by stepping from each to the next
        /// without reading them: so that an array of them is made at its size at once.
        var underestimatedCount: Int {
            var count = 0
            var next = position
            while next < end {
                next = storage.nodes[next].end
                count &+= 1
            }
            return count
        }

        mutating func next() -> XMLContent? {
            guard position < end else { return nil }
            let current = position
            position = storage.nodes[current].end
            switch storage.nodes[current].item {
            case .element: return .element(XMLSubtree(storage: storage, index: current))
            case .content(let content): return content
            }
        }
    }

    /// The content, one piece at a time, without making an array.
    var contents: Contents { Contents(of: self) }

    /// The content when it is exactly one run of text (most elements of a record are such
    /// leaves), read without making anything.
    var onlyText: String? {
        let start = index &+ 1
        guard storage.nodes[index].end == start &+ 1, case .content(.text(let text)) = storage.nodes[start].item
        else { return nil }
        return text
    }
}
