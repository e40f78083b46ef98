import Foundation
import XMLEventsInput

/// How a document is parsed. The defaults are safe for documents from untrusted sources.
///
/// By default the parser never reads a file or opens a connection because of the document: no
/// external DTD, no external entity (general or parameter), no XInclude; references to external
/// entities are skipped, as XML 1.0 allows a non-validating processor, and each is reported as
/// ``XMLEvent/skippedEntity(name:)`` (or fails the parse, with ``rejectsSkippedEntities``).
/// Internal entities are expanded within ``XMLParsingLimits/maxEntityExpansionRatio``.
public struct XMLParsingOptions: Sendable {
    /// Report each CDATA section as a separate ``XMLEvent/cdata(_:)`` event instead of merging
    /// its content into the surrounding ``XMLEvent/text(_:)``. Default: `false`.
    public var reportsCDATA: Bool

    /// Drop text runs made only of spaces, tabs, carriage returns and line feeds. Default: `false`.
    public var dropsWhitespaceOnlyText: Bool

    /// The bounds one document must stay within. Default: ``XMLParsingLimits/standard``.
    public var limits: XMLParsingLimits

    /// Loads external entities and the external DTD subset the document refers to. Without one
    /// (the default) nothing outside the document is read.
    ///
    /// The closure returns the bytes of the entity or external DTD subset the request names, or
    /// `nil` to skip it: a reference to a skipped entity in content is reported as
    /// ``XMLEvent/skippedEntity(name:)``.
    ///
    /// ```swift
    /// var options = XMLParsingOptions()
    /// options.externalEntityResolver = { request in
    ///     request.systemID == "chapter1.xml" ? try Data(contentsOf: URL(fileURLWithPath: "chapter1.xml")) : nil
    /// }
    /// ```
    ///
    /// An entity in an encoding of its own (`<?xml encoding="Shift_JIS"?>`) is read in it to its
    /// last byte: bytes there that are not a whole character are an error, as in the document.
    ///
    /// Called synchronously while the parser holds the document, so it should answer from memory
    /// or a local cache. An error it throws ends parsing with
    /// ``XMLParsingError/Code/externalEntityFailed``.
    public var externalEntityResolver: (@Sendable (XMLExternalEntityRequest) throws -> Data?)?

    /// Parse every chunk as soon as it arrives, for live streams that trickle (a log followed
    /// through a pipe, a feed that sends one record at a time). Default: `false`.
    ///
    /// By default libxml2 is fed fixed 4 KiB steps of the document, so that the events and the
    /// error do not depend on how the bytes were split; the price is that an event waits until
    /// the step holding it is complete, up to 4 KiB of input, which on a slow stream can be a
    /// long time. With this option an event comes out as soon as the bytes that complete it have
    /// arrived. Well-formed documents give the same events either way (the tests check this over
    /// the corpus and the W3C suite); for a malformed document the error's message and position
    /// may then depend on where the chunks ended. Large chunks are still parsed in 4 KiB steps,
    /// so the limits apply as early as by default.
    public var parsesAsBytesArrive: Bool

    /// Record where every event was reported, so that ``XMLEvents/Iterator/location`` is the
    /// location of the most recent event of any kind, as .NET's `IXmlLineInfo` gives every node
    /// one. Default: `false`, and then it is the location of the most recent start element.
    ///
    /// Each location is where libxml2 was when it reported the event:
    /// - a start tag: at its closing `>` (the `/>` of an empty-element tag), as without the option;
    /// - an end tag: just after its `>` (an empty-element tag's end: just after its `/>`);
    /// - a comment or a processing instruction: just after its closing `>`;
    /// - a skipped entity: just after its reference's `;` (inside an entity's text, just after
    ///   the reference to that entity);
    /// - a CDATA section (with ``reportsCDATA``): at the start of its content;
    /// - the document type declaration: at the `[` of its internal subset, or its closing `>`;
    /// - a text run: just after its first piece, which is the whole run up to the markup or
    ///   reference that ends it when libxml2 reads it in one go (long runs come in pieces);
    /// - the start of the document: just after the XML declaration (1:1 without one);
    /// - the end of the document: the end of the input.
    ///
    /// The locations do not depend on how the bytes were split into chunks (unless
    /// ``parsesAsBytesArrive`` is set: then a text run's first piece may end where a chunk did).
    /// Subtrees and the visitor are unchanged: ``XMLSubtree/location`` and
    /// ``XMLStartTag/location`` are a start tag's.
    ///
    /// Off, it costs nothing: the parser's callbacks test one flag, and record nothing more. On,
    /// each event takes one more 24-byte row on the parser's tape and a query of libxml2's
    /// position: about 10 % more time on a document dense in events, whether the events are
    /// read owned or visited (see <doc:EventsAndText#Locations>).
    public var locatesEveryEvent: Bool

    /// Fail the parse at an entity reference the parser does not replace, instead of reporting
    /// it as ``XMLEvent/skippedEntity(name:)``. Default: `false`.
    ///
    /// XML 1.0 (4.4.3) lets a processor that does not validate leave a reference unreplaced
    /// when the entity is external and not read (without an ``externalEntityResolver`` none is),
    /// or when its declaration may be in an external DTD subset or parameter entity that was not
    /// read; it must then tell the application. By default that is the event, which
    /// ``XMLWriter`` writes back and subtrees keep, and on which decoding fails. Set this where
    /// a text that lacks part of itself must stop the work instead: the error is
    /// ``XMLParsingError/Code/skippedEntity``, at the reference, after every event before it.
    ///
    /// In an attribute value, which no event can split, an entity left unreplaced is an error
    /// whatever this option says (see <doc:Security#Entities-that-are-not-read>).
    public var rejectsSkippedEntities: Bool

    /// Whether a compressed document (gzip, bzip2, xz, zstd) is decompressed before it is
    /// parsed, and within which limits. Default: ``XMLDecompression/automatic``, the first bytes
    /// decide. See <doc:ReadingDumps>.
    public var decompression: XMLDecompression

    /// Whether the bytes are UTF-8 whatever the document's encoding declaration says: set for
    /// documents that were Swift strings, whose declaration describes bytes that no longer exist.
    var ignoresEncodingDeclaration = false

    /// Whether the tape records where each start tag's `<` is, besides where libxml2 reported it
    /// (its `>`): set by the parses that decode records, whose errors point at the element that
    /// holds the value that failed. Off, the callbacks test one flag.
    var locatesTagStarts = false

    /// On how many cores a big document made of records is parsed, in chunks of whole records
    /// each parsed by a parser of its own, with exactly the single parser's events, records,
    /// errors and positions. Default: ``Parallelism/automatic``, every core (one less for a
    /// compressed document) for a reader that does not run on an actor; ``Parallelism/off``
    /// keeps one parser. It also sets how many threads decode a multistream bzip2 document's
    /// streams at once. See <doc:Performance>.
    public var parallelism: Parallelism

    /// Creates options; every parameter defaults to the safe choice.
    ///
    /// - Parameters:
    ///   - reportsCDATA: Report CDATA sections as ``XMLEvent/cdata(_:)`` events instead of
    ///     merging them into the surrounding text.
    ///   - dropsWhitespaceOnlyText: Drop text runs made only of white space.
    ///   - limits: The bounds one document must stay within.
    ///   - externalEntityResolver: Loads external entities and the external DTD subset; `nil`
    ///     (the default) reads nothing outside the document.
    ///   - parsesAsBytesArrive: Parse every chunk as soon as it arrives instead of in fixed
    ///     steps, so that the events of a slow live stream are not delayed.
    ///   - locatesEveryEvent: Record where every event was reported, not only start elements,
    ///     for ``XMLEvents/Iterator/location``.
    ///   - decompression: Whether a compressed document is decompressed, and within which limits.
    ///   - rejectsSkippedEntities: Fail the parse at an entity reference the parser does not
    ///     replace, instead of reporting it as ``XMLEvent/skippedEntity(name:)``.
    ///   - parallelism: On how many cores a big document made of records is parsed.
    public init(
        reportsCDATA: Bool = false,
        dropsWhitespaceOnlyText: Bool = false,
        limits: XMLParsingLimits = .standard,
        externalEntityResolver: (@Sendable (XMLExternalEntityRequest) throws -> Data?)? = nil,
        parsesAsBytesArrive: Bool = false,
        locatesEveryEvent: Bool = false,
        decompression: XMLDecompression = .automatic,
        rejectsSkippedEntities: Bool = false,
        parallelism: Parallelism = .automatic
    ) {
        self.reportsCDATA = reportsCDATA
        self.dropsWhitespaceOnlyText = dropsWhitespaceOnlyText
        self.limits = limits
        self.externalEntityResolver = externalEntityResolver
        self.parsesAsBytesArrive = parsesAsBytesArrive
        self.locatesEveryEvent = locatesEveryEvent
        self.decompression = decompression
        self.rejectsSkippedEntities = rejectsSkippedEntities
        self.parallelism = parallelism
    }

    /// The safe defaults.
    public static let `default` = XMLParsingOptions()

    /// The defaults with ``XMLParsingLimits/huge`` limits, for trusted documents with very large
    /// text nodes, CDATA sections, comments or attribute values, or very deep nesting.
    public static let huge = XMLParsingOptions(limits: .huge)
}
