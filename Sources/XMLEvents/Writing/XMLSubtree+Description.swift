extension XMLSubtree: CustomStringConvertible {
    /// The subtree as XML text, written by ``XMLWriter`` with the namespace declarations its names
    /// need, so that it parses on its own.
    ///
    /// A subtree the writer refuses (made in code with a name that is not an XML name) is
    /// described by the writer's error, as an XML comment.
    ///
    /// - Complexity: O(*n*) in the size of the subtree.
    public var description: String {
        do {
            return try XMLWriter.string(for: self)
        } catch {
            return "<!-- \(error) -->"
        }
    }
}
