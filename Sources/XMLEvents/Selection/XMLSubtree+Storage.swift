extension XMLSubtree {
    /// The element's parts, allocated once when its end tag is seen and never changed after,
    /// but for the release of a deep tree.
    // `nodes` is the one mutable field, written only by `deinit` on a descendant that it holds
    // the only reference to (checked by `isKnownUniquelyReferenced`): no other thread can see it.
    final class Storage: @unchecked Sendable {
        let name: XMLName
        let attributes: XMLAttributes
        let namespaces: [XMLNamespaceDeclaration]
        /// The content when it is exactly one run of text, kept without an array of its own:
        /// most elements of a record are such leaves, and the array would double what they
        /// allocate. `nodes` is then empty.
        let onlyText: String?
        /// The content in document order, unless it is `onlyText`. An element's children are
        /// found here whatever the representation.
        fileprivate(set) var nodes: [XMLContent]
        let location: XMLLocation?
        /// How many levels of elements lie below this one (0 for an element with no child
        /// element), capped: it tells `deinit` whether releasing the tree could go deep.
        let height: UInt32

        /// - Parameters:
        ///   - onlyText: The content when it is one text run; `nodes` is then empty.
        ///   - nodes: The content otherwise.
        init(
            name: XMLName,
            attributes: XMLAttributes,
            namespaces: [XMLNamespaceDeclaration],
            onlyText: String?,
            nodes: [XMLContent],
            location: XMLLocation?
        ) {
            self.name = name
            self.attributes = attributes
            self.namespaces = namespaces
            self.onlyText = onlyText
            self.nodes = nodes
            self.location = location
            var height: UInt32 = 0
            for case .element(let child) in nodes { height = Swift.max(height, child.storage.height &+ 1) }
            self.height = Swift.min(height, Storage.deepHeight)
        }

        /// A copy with another name; the content is shared.
        func replacing(name: XMLName) -> Storage {
            Storage(
                name: name, attributes: attributes, namespaces: namespaces, onlyText: onlyText, nodes: nodes,
                location: location)
        }

        /// A copy with other attributes; the content is shared.
        func replacing(attributes: XMLAttributes) -> Storage {
            Storage(
                name: name, attributes: attributes, namespaces: namespaces, onlyText: onlyText, nodes: nodes,
                location: location)
        }

        /// A copy with other namespace declarations; the content is shared.
        func replacing(namespaces: [XMLNamespaceDeclaration]) -> Storage {
            Storage(
                name: name, attributes: attributes, namespaces: namespaces, onlyText: onlyText, nodes: nodes,
                location: location)
        }

        /// A copy with other content.
        func replacing(children: [XMLContent]) -> Storage {
            Storage(name: name, attributes: attributes, namespaces: namespaces, children: children, location: location)
        }

        /// Content given as children, kept in its one representation, so that equal subtrees
        /// compare field by field.
        convenience init(
            name: XMLName,
            attributes: XMLAttributes,
            namespaces: [XMLNamespaceDeclaration],
            children: [XMLContent],
            location: XMLLocation?
        ) {
            if children.count == 1, case .text(let text) = children[0] {
                self.init(
                    name: name, attributes: attributes, namespaces: namespaces, onlyText: text, nodes: [],
                    location: location)
            } else {
                self.init(
                    name: name, attributes: attributes, namespaces: namespaces, onlyText: nil, nodes: children,
                    location: location)
            }
        }

        /// From this height on, a tree is released level by level rather than by recursion.
        static let deepHeight: UInt32 = 256

        /// Releasing a tree the ordinary way takes a few stack frames per level, and the 100,000
        /// levels that ``XMLParsingLimits/huge`` allows overflow a thread's stack. In a deep
        /// tree the descendants only this tree holds are emptied one by one instead, each before
        /// it goes.
        deinit {
            guard height >= Storage.deepHeight else { return }
            var pending: [Storage] = []
            Storage.appendElements(of: nodes, to: &pending)
            nodes = []
            while var storage = pending.popLast() {
                if isKnownUniquelyReferenced(&storage) {
                    Storage.appendElements(of: storage.nodes, to: &pending)
                    storage.nodes = []
                }
            }
        }

        private static func appendElements(of nodes: [XMLContent], to pending: inout [Storage]) {
            for case .element(let element) in nodes { pending.append(element.storage) }
        }
    }
}
