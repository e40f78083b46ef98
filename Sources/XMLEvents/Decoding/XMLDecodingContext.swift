import Foundation

/// What every decoder of one record, or of one sequence's records, shares: the options and the
/// keys registered so far.
///
/// Not thread-safe, and never shared: each ``XMLRecordDecoder/decode(_:from:)`` call and each
/// ``XMLDecodingSequence`` iterator makes its own.
@usableFromInline
final class XMLDecodingContext {
    let options: XMLRecordDecoder
    let userInfo: [CodingUserInfoKey: Any]
    let textContentKey: String
    /// Whether dates are read from text (``XMLTextValue/readsDates(_:)``).
    let readsDates: Bool
    /// The custom date strategy's reading, if that is the strategy.
    let readsCustomDate: (@Sendable (any Decoder) throws -> Date)?
    private let customConversion: (@Sendable ([any CodingKey]) -> any CodingKey)?
    // Used by one iterator's or one call's decoders, on one task, and never across a call out of
    // this module: no two accesses overlap, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var registry: XMLKeyRegistry
    /// Whether each type decoded as a value adopts ``XMLNodeDecoding``, by type: direct-mapped,
    /// so that a type that does not costs a comparison once its slot holds it.
    @exclusivity(unchecked) private var nodeDecodingSlots = [NodeDecodingSlot](
        repeating: NodeDecodingSlot(), count: XMLDecodingContext.nodeDecodingSlotCount)
    /// Where the value that failed stands, with the coding path of the error it was noted for:
    /// noted by the decoder that throws, and read when the error leaves the record.
    @exclusivity(unchecked) var failure: (site: XMLValueSite, codingPath: [any CodingKey])?

    private struct NodeDecodingSlot {
        var type: ObjectIdentifier?
        var conformance: (any XMLNodeDecoding.Type)?
    }

    private static let nodeDecodingSlotCount = 16

    @usableFromInline
    init(_ options: XMLRecordDecoder) {
        self.options = options
        var userInfo: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { userInfo[key] = value }
        self.userInfo = userInfo
        textContentKey = options.textContentKey
        readsDates = XMLTextValue.readsDates(options.dateDecodingStrategy)
        if case .custom(let read) = options.dateDecodingStrategy {
            readsCustomDate = read
        } else {
            readsCustomDate = nil
        }
        if case .custom(let convert) = options.keyDecodingStrategy {
            customConversion = convert
        } else {
            customConversion = nil
        }
        registry = XMLKeyRegistry(options.keyDecodingStrategy, textContentKey: options.textContentKey)
    }

    /// Whether names are converted by a custom strategy, for each coding path.
    var usesCustomKeys: Bool { customConversion != nil }

    /// The ID of the key a document's name converts to, or -1 (see ``XMLKeyRegistry``).
    @inline(__always)
    func keyID(for name: TapeName) -> Int32 {
        registry.keyID(for: name)
    }

    /// What a coding key asks for.
    @inline(__always)
    func pattern(for key: String) -> XMLKeyPattern {
        registry.pattern(for: key)
    }

    /// `type`'s answers to where its keys are read from, if it adopts ``XMLNodeDecoding``.
    @inline(__always)
    func nodeDecoding<T>(of type: T.Type) -> (any XMLNodeDecoding.Type)? {
        let id = ObjectIdentifier(type)
        let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 60)
        if nodeDecodingSlots[slot].type == id { return nodeDecodingSlots[slot].conformance }
        let conformance = type as? any XMLNodeDecoding.Type
        nodeDecodingSlots[slot] = NodeDecodingSlot(type: id, conformance: conformance)
        return conformance
    }

    /// The key with this ID.
    func key(_ id: Int32) -> String {
        registry.key(id)
    }

    /// The key a name from the document is compared as, for a name or a strategy without IDs.
    func key(for name: XMLName, keyID: Int32, decoder: XMLNodeDecoder) -> String {
        if keyID >= 0 { return registry.key(keyID) }
        if let customConversion {
            return customConversion(decoder.codingPath + [XMLCodingKey(stringValue: name.localName)]).stringValue
        }
        return registry.convert(name.localName)
    }

    /// Whether a name from the document, with its key ID, passes a pattern.
    ///
    /// A name without an ID converts to a key the registry has no ID for either (it had no room
    /// for the key when it saw the name, and makes none later), so an ID is compared only with
    /// IDs, and a key without an ID only with the names without one.
    @inline(__always)
    func matches(_ pattern: XMLKeyPattern, name: TapeName, keyID: Int32, decoder: XMLNodeDecoder) -> Bool {
        switch pattern {
        case .local(let id):
            return id == keyID
        case .unregistered(let key):
            return keyID < 0 && self.key(for: name.name, keyID: keyID, decoder: decoder) == key
        case .qualified(let key):
            return name.name.qualifiedName == key
        case .expanded(let uri, let localName):
            let name = name.name
            return name.localName == localName && (name.namespaceURI ?? "") == uri
        case .textContent:
            return false
        }
    }

    /// Decodes a record built already, wrapping every failure with where it failed. A record
    /// that holds an entity the parser did not replace is refused whole: its text lacks
    /// the entity's, and a value read from it would be wrong without a word.
    func decode<T: Decodable>(_ type: T.Type, from nodes: XMLRecordNodes) throws(XMLRecordDecodingError) -> T {
        if failure != nil { failure = nil }
        if let skipped = nodes.skippedEntity {
            let element = nodes.name(of: skipped.element).qualifiedName
            var error = XMLRecordDecodingError(
                .dataCorrupted(
                    DecodingError.Context(
                        codingPath: [],
                        debugDescription:
                            "the entity '\(skipped.name)' in <\(element)> was not replaced (it was skipped: "
                            + "external and not loaded, or not declared where the parser looked), so its text "
                            + "is incomplete")),
                in: nodes, failure: nil)
            // At the element whose text lacks the entity's.
            if let start = nodes.location(of: skipped.element) { error.location = start }
            throw error
        }
        let decoder = XMLNodeDecoder(
            value: .element(XMLRecordNodes.root), nodes: nodes, context: self, parent: nil, key: nil)
        do {
            return try decoder.unbox(type)
        } catch let error as DecodingError {
            throw XMLRecordDecodingError(error, in: nodes, failure: failure)
        } catch {
            throw XMLRecordDecodingError(
                .dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error)),
                in: nodes, failure: nil)
        }
    }
}
