/// What an ``XMLDecodingSequence`` makes of each selected element built for decoding: the one
/// type it decodes, or what a choosing closure makes of it; `nil` skips the element.
///
/// A value that names the type rather than a closure: a `Sendable` closure that decodes a
/// `Record` would capture its metatype, which is not `Sendable` for every type (a type's
/// `Decodable` conformance may be isolated to an actor). Called once for each record.
@usableFromInline
protocol XMLRecordMaker<Record>: Sendable {
    /// What each record becomes.
    associatedtype Record

    /// The value of `record`, or `nil` to skip it.
    func make(_ record: XMLRecord) throws -> Record?
}

/// Decodes each record as a `Record`: the one-type ``XMLDecodingSequence``.
@usableFromInline
struct XMLDecodingMaker<Record: Decodable>: XMLRecordMaker {
    @usableFromInline
    init() {}

    @usableFromInline
    func make(_ record: XMLRecord) throws -> Record? {
        try record.decode(Record.self)
    }
}

/// Hands each record to a closure that decodes it as the type its name calls for: the
/// several-type ``XMLDecodingSequence``.
struct XMLChoosingMaker<Record>: XMLRecordMaker {
    let choose: @Sendable (XMLRecord) throws -> Record?

    func make(_ record: XMLRecord) throws -> Record? {
        try choose(record)
    }
}
