/// Bounds on what one document may make the parser hold or do; exceeding one ends parsing with
/// an ``XMLParsingError`` whose code names the limit.
///
/// Each bound is inclusive: a document at the limit is accepted, one a byte, a level or an
/// attribute over it is refused.
///
/// The ``standard`` limits match libxml2's own defaults and suit documents from untrusted sources.
/// ``huge`` lifts the size limits for trusted documents with very large nodes or deep nesting;
/// limits above libxml2's defaults switch libxml2's own checks to its huge mode, and the limits
/// here still bound the document (libxml2 2.9 drops its entity-amplification check in that mode,
/// so ``maxEntityExpansionRatio`` is what stops billion-laughs documents then).
public struct XMLParsingLimits: Sendable, Hashable {
    /// The deepest element nesting allowed. libxml2's default is 256.
    public var maxDepth: Int

    /// The longest element or attribute name, in bytes of UTF-8.
    public var maxNameLength: Int

    /// The most attributes (namespace declarations included) one start tag may carry. libxml2
    /// checks for duplicates quadratically, so this bound also bounds that work.
    public var maxAttributesPerElement: Int

    /// The longest text run, CDATA section, comment, processing instruction (target or data) or
    /// attribute value, in bytes of UTF-8.
    ///
    /// With limits up to the standard ones, libxml2 reads a comment, a processing instruction, a
    /// CDATA section and a start tag (with its attribute values) whole, and no more than
    /// 10,000,000 bytes ahead, their markup and up to a few kilobytes it holds before them
    /// included: such a construct is refused, with the same code, a little below this limit's
    /// standard value. Text runs are not read whole, and `.huge` lifts the look-ahead.
    public var maxNodeLength: Int

    /// What the document may add by reference before the ratio applies, in bytes: the
    /// replacement text of entity references, and the attribute values and namespace
    /// declarations that its DTD's `<!ATTLIST>` defaults give elements (each charged with the
    /// 24 or 32 bytes of the row it takes among the events).
    ///
    /// The allowance and ``maxEntityExpansionRatio`` bound the document as a whole, and each
    /// step of it (one parse call, usually 4 KiB) on its own, by the bytes parsed in the step:
    /// what earlier steps earned cannot be spent in one. A step's first charge (one entity, or
    /// one element's defaults, which the document declared) is bounded by the document's bound
    /// alone. Breaking either ends parsing with
    /// ``XMLParsingError/Code/entityExpansionLimitExceeded`` or
    /// ``XMLParsingError/Code/attributeDefaultsLimitExceeded``, whichever charge broke it.
    public var entityExpansionAllowance: Int

    /// What the document may add by reference (see ``entityExpansionAllowance``), as a multiple
    /// of the document bytes parsed so far (beyond ``entityExpansionAllowance``).
    public var maxEntityExpansionRatio: Int

    /// Creates limits; every parameter defaults to the ``standard`` value.
    ///
    /// - Parameters:
    ///   - maxDepth: The deepest element nesting allowed.
    ///   - maxNameLength: The longest element or attribute name, in bytes of UTF-8.
    ///   - maxAttributesPerElement: The most attributes and namespace declarations on one start tag.
    ///   - maxNodeLength: The longest text run, CDATA section, comment, processing instruction or
    ///     attribute value, in bytes of UTF-8.
    ///   - entityExpansionAllowance: Replacement text allowed before the ratio applies, in bytes.
    ///   - maxEntityExpansionRatio: Replacement text allowed per byte of the document parsed.
    public init(
        maxDepth: Int = 256,
        maxNameLength: Int = 50_000,
        maxAttributesPerElement: Int = 1_024,
        maxNodeLength: Int = 10_000_000,
        entityExpansionAllowance: Int = 1 << 20,
        maxEntityExpansionRatio: Int = 10
    ) {
        self.maxDepth = maxDepth
        self.maxNameLength = maxNameLength
        self.maxAttributesPerElement = maxAttributesPerElement
        self.maxNodeLength = maxNodeLength
        self.entityExpansionAllowance = entityExpansionAllowance
        self.maxEntityExpansionRatio = maxEntityExpansionRatio
    }

    /// Limits for documents from untrusted sources: libxml2's defaults (depth 256, names of
    /// 50,000 bytes, nodes of 10 MB), at most 1,024 attributes per element, and entity
    /// expansion and attribute defaults of at most 1 MiB plus ten times the bytes parsed.
    public static let standard = XMLParsingLimits()

    /// Limits for trusted documents with huge nodes: depth 100,000, names of 10 MB, nodes of
    /// 1 GB, 10,000 attributes per element; the bound on entity expansion and attribute defaults
    /// stays as in ``standard``.
    ///
    /// The attribute cap stays far below the others because libxml2 2.9.14 checks a start tag's
    /// attributes for duplicates in quadratic time: 10,000 take milliseconds, 100,000 seconds.
    public static let huge = XMLParsingLimits(
        maxDepth: 100_000,
        maxNameLength: 10_000_000,
        maxAttributesPerElement: 10_000,
        maxNodeLength: 1_000_000_000
    )

    /// Whether these limits exceed what libxml2 allows outside its huge mode.
    var needsHugeEngineMode: Bool {
        maxDepth > XMLParsingLimits.standard.maxDepth
            || maxNameLength > XMLParsingLimits.standard.maxNameLength
            || maxNodeLength > XMLParsingLimits.standard.maxNodeLength
    }
}
