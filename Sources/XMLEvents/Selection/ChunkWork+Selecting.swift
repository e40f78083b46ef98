extension ChunkWork {
    /// The values that `path` selects on a framed chunk's tape, each made by `make` from the
    /// selection `Builder` builds (none when it returns `nil`): `nil` when the path selects the
    /// root element.
    ///
    /// - Parameters:
    ///   - path: The selection's path.
    ///   - builder: Makes a builder for the chunk.
    ///   - make: Makes a value of a selection; an error ends the chunk's values.
    static func selecting<Builder: XMLTapeSelectionBuilder & SendableMetatype, Value: Sendable>(
        _ path: XMLPath,
        builder: @escaping @Sendable () -> Builder,
        make: @escaping @Sendable (Builder.Selection, Builder) throws -> Value?
    ) -> ChunkWork {
        ChunkWork { tape, root, slice in
            var selection = XMLTapeSelection(path, builder: builder())
            guard !selection.enterRoot(root) else { return nil }
            var values = ChunkValues<Value>()
            while let selected = selection.nextParsed(in: tape) {
                do {
                    if let value = try make(selected, selection.builder) { values.values.append(value) }
                } catch {
                    values.error = error
                    break
                }
                await slice.yieldIfOver()
            }
            return values
        }
    }
}
