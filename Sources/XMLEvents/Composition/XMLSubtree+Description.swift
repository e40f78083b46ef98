extension XMLSubtree: CustomStringConvertible {
    /// The subtree as XML text, written by ``XMLWriter`` with the namespace declarations its names
    /// need, so that it parses on its own.
    ///
    /// - Complexity: O(*n*) in the size of the subtree.
    public var description: String {
        XMLWriter.string(for: self)
    }
}
