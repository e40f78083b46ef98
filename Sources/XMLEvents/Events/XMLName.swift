/// The name of an element or attribute, resolved against the namespace declarations in scope.
///
/// A name is one word, and copying it costs no reference counting: the names of documents are
/// interned in a table the process shares, so every event that carries `record` carries the
/// same entry, and two such names compare in O(1). The table is bounded (see
/// <doc:Performance>); a name that does not fit in it, or is very long, gets storage of its own
/// and behaves the same, only copies then cost a retain.
public struct XMLName: Sendable, Hashable, CustomStringConvertible {
    /// The immutable strings behind a name.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let localName: String
        @usableFromInline let prefix: String?
        @usableFromInline let namespaceURI: String?
        @usableFromInline let qualifiedName: String
        /// The content hashed once with the process's seed, so that hashing a name is O(1).
        @usableFromInline let contentHash: Int

        init(localName: String, prefix: String?, namespaceURI: String?) {
            self.localName = localName
            self.prefix = prefix
            self.namespaceURI = namespaceURI
            if let prefix {
                self.qualifiedName = prefix + ":" + localName
            } else {
                self.qualifiedName = localName
            }
            var hasher = Hasher()
            hasher.combine(localName)
            hasher.combine(prefix)
            hasher.combine(namespaceURI)
            contentHash = hasher.finalize()
        }

        func hasContent(localName: String, prefix: String?, namespaceURI: String?) -> Bool {
            self.localName == localName && self.prefix == prefix && self.namespaceURI == namespaceURI
        }
    }

    /// An interned name points at storage the table keeps for the life of the process, without
    /// owning it; any other name owns its storage.
    @usableFromInline
    enum Reference: Sendable {
        case interned(Unmanaged<Storage>)
        case owned(Storage)
    }

    @usableFromInline let reference: Reference

    @usableFromInline
    init(reference: Reference) {
        self.reference = reference
    }

    /// Creates a name.
    ///
    /// - Parameters:
    ///   - localName: The part of the name after the colon, or the whole name without a prefix.
    ///   - prefix: The namespace prefix as written in the document, if any.
    ///   - namespaceURI: The namespace the name belongs to, if any.
    public init(localName: String, prefix: String? = nil, namespaceURI: String? = nil) {
        self = XMLNameTable.shared.name(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
    }

    /// Calls `body` with the storage, without retaining interned storage.
    @inlinable @inline(__always)
    func withStorage<Result>(_ body: (Storage) -> Result) -> Result {
        switch reference {
        case .interned(let unmanaged): return unmanaged._withUnsafeGuaranteedRef(body)
        case .owned(let storage): return body(storage)
        }
    }

    /// The part of the name after the colon (`b` in `a:b`), or the whole name without a prefix.
    @inlinable public var localName: String { withStorage { $0.localName } }

    /// The namespace prefix as written in the document (`a` in `a:b`), or `nil` without one.
    @inlinable public var prefix: String? { withStorage { $0.prefix } }

    /// The namespace URI the name is bound to, or `nil` when it is in no namespace.
    @inlinable public var namespaceURI: String? { withStorage { $0.namespaceURI } }

    /// The name as written in the document: `prefix:localName`, or `localName` alone.
    @inlinable public var qualifiedName: String { withStorage { $0.qualifiedName } }

    /// The name in James Clark's notation: `{namespaceURI}localName`, or `localName` alone.
    public var expandedName: String {
        withStorage { storage in
            guard let namespaceURI = storage.namespaceURI else { return storage.localName }
            return "{" + namespaceURI + "}" + storage.localName
        }
    }

    /// The qualified name, as written in the document.
    public var description: String { qualifiedName }

    /// The storage's identity: equal for identical names, and stable while the name lives.
    var identity: ObjectIdentifier { withStorage { ObjectIdentifier($0) } }

    /// Whether the two names share storage: then they are equal.
    @inlinable @inline(__always)
    func isIdentical(to other: XMLName) -> Bool {
        switch (reference, other.reference) {
        case (.interned(let lhs), .interned(let rhs)): return lhs.toOpaque() == rhs.toOpaque()
        case (.owned(let lhs), .owned(let rhs)): return lhs === rhs
        default: return false
        }
    }

    /// Whether both names are interned: then they are equal exactly when they are identical.
    @inlinable @inline(__always)
    func bothInterned(_ other: XMLName) -> Bool {
        if case .interned = reference, case .interned = other.reference { return true }
        return false
    }

    /// Two names are equal when their local names, prefixes and namespace URIs are equal.
    ///
    /// Names of parsed documents compare in O(1). To compare names regardless of their
    /// prefixes, compare ``localName`` and ``namespaceURI``.
    ///
    /// - Parameters:
    ///   - lhs: A name.
    ///   - rhs: Another name.
    @inlinable
    public static func == (lhs: XMLName, rhs: XMLName) -> Bool {
        if lhs.isIdentical(to: rhs) { return true }
        if lhs.bothInterned(rhs) { return false }
        return lhs.hasSameContent(as: rhs)
    }

    /// Whether the two names' strings are equal, for names of different storages.
    @usableFromInline
    func hasSameContent(as rhs: XMLName) -> Bool {
        withStorage { left in
            rhs.withStorage { right in
                left.contentHash == right.contentHash
                    && left.hasContent(
                        localName: right.localName, prefix: right.prefix, namespaceURI: right.namespaceURI)
            }
        }
    }

    /// Hashes the local name, prefix and namespace URI (hashed once, when the name was made).
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(withStorage { $0.contentHash })
    }
}
