extension XMLSubtree {
    /// The child elements, in document order, without the text, comments and processing
    /// instructions between them (``children`` has them all).
    ///
    /// - Complexity: O(*n*) in the number of children.
    public var childElements: [XMLSubtree] {
        contents.compactMap(\.element)
    }

    /// The character data of the whole subtree (text runs and CDATA sections at every depth, in
    /// document order), without comments or processing instructions.
    ///
    /// An entity the parser did not replace (``XMLContent/skippedEntity(name:)``) has no
    /// character data here: the text lacks it, and only ``children`` shows where it stood.
    /// Decoding fails on one instead.
    ///
    /// For `<p>Hello, <b>world</b>!</p>` it is `Hello, world!`.
    ///
    /// - Complexity: O(*n*) in the size of the subtree; O(1) for an element whose content is one
    ///   text run.
    public var text: String {
        var contents = contents
        guard let first = contents.next() else { return "" }
        if contents.isEmpty, let text = first.characterData { return text }
        var result = ""
        appendText(to: &result)
        return result
    }

    /// Appends the subtree's character data without recursion, so deep trees cannot exhaust the
    /// stack.
    private func appendText(to result: inout String) {
        var pending = [contents]
        while let top = pending.indices.last {
            guard let content = pending[top].next() else {
                pending.removeLast()
                continue
            }
            switch content {
            case .text(let text), .cdata(let text): result += text
            case .element(let element):
                if let text = element.onlyText {
                    result += text
                } else {
                    pending.append(element.contents)
                }
            case .comment, .processingInstruction, .skippedEntity: break
            }
        }
    }

    /// The first child element that passes a name test: a direct child only; for an element
    /// further down, use a path (``firstElement(matching:)``).
    ///
    /// ```swift
    /// record.child(named: "name")                          // any namespace
    /// feed.child(named: "{http://www.w3.org/2005/Atom}title")
    /// item.child(named: "dc:creator")                      // prefix as written in the document
    /// ```
    ///
    /// - Parameter name: `local` (in any namespace or none), `{uri}local`, `{}local` (in no
    ///   namespace), `prefix:local` (the prefix as written in the document), or `*`.
    /// - Returns: The child, or `nil` when none passes (or `name` is not a valid name test).
    /// - Complexity: O(*n*) in the number of children.
    public func child(named name: String) -> XMLSubtree? {
        if let simple = XMLNameTest.plainLocalName(name) {
            for case .element(let element) in contents where element.name.localName == simple {
                return element
            }
            return nil
        }
        guard let test = XMLNameTest(lookup: name) else { return nil }
        for case .element(let element) in contents where test.matches(element.name) {
            return element
        }
        return nil
    }

    /// The first child element with this local name and namespace (the prefix plays no part).
    ///
    /// - Parameter name: A resolved name, for example one from an event.
    /// - Returns: The child, or `nil` when none has that name.
    /// - Complexity: O(*n*) in the number of children.
    public func child(named name: XMLName) -> XMLSubtree? {
        for case .element(let element) in contents where XMLSubtree.sameName(element.name, name) {
            return element
        }
        return nil
    }

    /// Every child element that passes a name test, in document order.
    ///
    /// - Parameter name: A name test as for ``child(named:)-(String)``.
    /// - Returns: The children; empty when none passes.
    /// - Complexity: O(*n*) in the number of children.
    public func childElements(named name: String) -> [XMLSubtree] {
        guard let test = XMLNameTest(lookup: name) else { return [] }
        return contents.compactMap { node in
            guard case .element(let element) = node, test.matches(element.name) else { return nil }
            return element
        }
    }

    /// Every child element with this local name and namespace, in document order.
    ///
    /// - Parameter name: A resolved name, for example one from an event.
    /// - Returns: The children; empty when none has that name.
    /// - Complexity: O(*n*) in the number of children.
    public func childElements(named name: XMLName) -> [XMLSubtree] {
        contents.compactMap { node in
            guard case .element(let element) = node, XMLSubtree.sameName(element.name, name) else { return nil }
            return element
        }
    }

    /// The elements below this one that `path` selects, in document order, as
    /// ``XMLEvents/elements(matching:namespaces:)`` would select them in documents whose roots
    /// were this element's children: an element inside a selected one is part of it, and not
    /// selected again.
    ///
    /// ```swift
    /// entry.elements(matching: try XMLPath("author/name"))  // at any depth below entry
    /// entry.elements(matching: try XMLPath("/link"))        // children of entry only
    /// ```
    ///
    /// - Parameter path: A relative path selects at any depth below this element; an absolute
    ///   one is anchored at its children.
    /// - Returns: The selected elements; empty when none is.
    /// - Complexity: O(*n* × *m*) for *n* elements below this one and *m* steps.
    public func elements(matching path: XMLPath) -> [XMLSubtree] {
        var found: [XMLSubtree] = []
        visitElements(matching: path) { element in
            found.append(element)
            return true
        }
        return found
    }

    /// The first element below this one that `path` selects, in document order; see
    /// ``elements(matching:)``.
    ///
    /// ```swift
    /// let author = entry.firstElement(matching: try XMLPath("author/name"))?.text
    /// ```
    ///
    /// - Parameter path: A relative or absolute path, as for ``elements(matching:)``.
    /// - Returns: The element, or `nil` when the path selects none.
    public func firstElement(matching path: XMLPath) -> XMLSubtree? {
        var found: XMLSubtree?
        visitElements(matching: path) { element in
            found = element
            return false
        }
        return found
    }

    /// Walks the elements below this one in document order without recursion, so deep trees
    /// cannot exhaust the stack, handing each that `path` selects to `body` until it returns false.
    private func visitElements(matching path: XMLPath, _ body: (XMLSubtree) -> Bool) {
        var ancestry: [XMLName] = []
        var pending = [contents]
        while let top = pending.indices.last {
            guard let content = pending[top].next() else {
                pending.removeLast()
                if !ancestry.isEmpty { ancestry.removeLast() }
                continue
            }
            guard case .element(let element) = content else { continue }
            ancestry.append(element.name)
            if path.matches(ancestry) {
                // As in a document's selection, what lies inside a selected element is part of it.
                ancestry.removeLast()
                if !body(element) { return }
                continue
            }
            pending.append(element.contents)
        }
    }

    /// Whether two names have the same local name and namespace.
    static func sameName(_ lhs: XMLName, _ rhs: XMLName) -> Bool {
        if lhs.isIdentical(to: rhs) { return true }
        return lhs.localName == rhs.localName && lhs.namespaceURI == rhs.namespaceURI
    }
}
