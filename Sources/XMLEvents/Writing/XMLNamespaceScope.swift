/// The prefixes in scope while a document is written, so that ``XMLWriter`` can tell which
/// bindings a name needs and declare only those.
struct XMLNamespaceScope: Sendable {
    private struct Binding {
        var prefix: String?
        var uri: String
    }

    private var bindings: [Binding] = []
    /// How many bindings were in scope before each open element's own.
    private var marks: [Int] = []
    private var generatedCount = 0

    /// The URI `prefix` is bound to (`nil` for the default namespace, which is "" when none is
    /// declared), or `nil` when the prefix is not bound.
    func uri(for prefix: String?) -> String? {
        if prefix == "xml" { return XMLNameTest.xmlNamespace }
        for binding in bindings.reversed() where binding.prefix == prefix {
            return binding.uri
        }
        return prefix == nil ? "" : nil
    }

    /// A prefix other than the default bound to `uri`, if one is in scope and not shadowed.
    func prefix(for uri: String) -> String? {
        if uri == XMLNameTest.xmlNamespace { return "xml" }
        for binding in bindings.reversed() where binding.uri == uri {
            if let prefix = binding.prefix, self.uri(for: prefix) == uri { return prefix }
        }
        return nil
    }

    /// Whether the innermost open element itself declares `prefix`.
    func declaresOnCurrentElement(_ prefix: String?) -> Bool {
        bindings[(marks.last ?? 0)...].contains { $0.prefix == prefix }
    }

    /// A prefix not in scope, for a name whose own prefix cannot be used.
    mutating func freshPrefix() -> String {
        while true {
            generatedCount += 1
            let candidate = "ns\(generatedCount)"
            if uri(for: candidate) == nil { return candidate }
        }
    }

    /// An element opens; the bindings declared next belong to it.
    mutating func push() {
        marks.append(bindings.count)
    }

    /// Binds `prefix` to `uri` on the innermost open element.
    mutating func bind(_ prefix: String?, to uri: String) {
        bindings.append(Binding(prefix: prefix, uri: uri))
    }

    /// The innermost open element closes with its bindings.
    mutating func pop() {
        guard let mark = marks.popLast() else { return }
        bindings.removeSubrange(mark...)
    }
}
