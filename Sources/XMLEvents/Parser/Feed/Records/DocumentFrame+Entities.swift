extension DocumentFrame {
    /// The most general entities whose references are measured; a document that declares more
    /// keeps the single parser.
    static let maximumMeasuredEntities = 64

    /// Whether the references to the general entities `entities`, declared in `prefix`, can
    /// never break the expansion limits, wherever the document's steps and chunks end: then
    /// parsers of chunks reach the single parser's result, since neither fails on a limit.
    ///
    /// The limits bound what the document adds by reference by `entityExpansionAllowance` plus
    /// `maxEntityExpansionRatio` times the bytes parsed, in the whole document and in each step
    /// (see ``XMLParsingLimits/entityExpansionAllowance``); each reference is charged when the
    /// parser has read it, with what its expansion adds, nested references included. When no
    /// reference adds more than the ratio times its own bytes (`&name;`), every charge is earned
    /// by bytes already parsed in the same step, and no bound can be reached. What a reference
    /// adds is measured, not reckoned: each entity is referred to once and twice in content and
    /// in an attribute value, inside the frame, by a parser with the document's options, and the
    /// charges compared with those of the frame alone (`charged`), so that what libxml2 looks up
    /// a first and a later time, and nested entities, count as they will in the document.
    ///
    /// The measuring parses stop at the first reference that adds too much, and at the standard
    /// allowance whatever the options allow: measuring a billion-laughs entity costs no more than
    /// the standard limits let a document cost.
    static func referencesStayWithinLimits(
        entities: [String], prefix: [UInt8], trailer: [UInt8], charged: Int, options: XMLParsingOptions
    ) -> Bool {
        guard entities.count <= maximumMeasuredEntities else { return false }
        var measuring = options
        measuring.limits.entityExpansionAllowance = Swift.min(
            options.limits.entityExpansionAllowance, XMLParsingLimits.standard.entityExpansionAllowance)
        let frame = Frame(prefix: prefix, trailer: trailer, charged: charged, options: measuring)
        let ratio = options.limits.maxEntityExpansionRatio
        for name in entities {
            let reference = Array("&\(name);".utf8)
            let (earned, overflow) = ratio.multipliedReportingOverflow(by: reference.count)
            let bound = overflow ? Int.max : earned
            // A reference that does not parse in content fails the document where it is made,
            // but what it adds is then unknown: the single parser keeps the document.
            guard case .within = frame.measure(reference, in: ("<x>", "</x>"), bound: bound) else { return false }
            // An entity that cannot be in a value (it holds `<`) fails the document wherever it is
            // referred to in one, before anything is added; one that adds too much there does not
            // stay within the limits.
            if case .beyond = frame.measure(reference, in: ("<x a=\"", "\"/>"), bound: bound) { return false }
        }
        return true
    }

    /// The frame the references are measured in.
    private struct Frame {
        let prefix: [UInt8]
        let trailer: [UInt8]
        /// What the frame alone charges.
        let charged: Int
        let options: XMLParsingOptions

        enum Measure {
            /// Each reference added at most the bound.
            case within
            /// One added more, or the parse stopped on an expansion limit.
            case beyond
            /// The references do not parse there.
            case unparsable
        }

        /// What `reference` adds, referred to once and then twice between `around`'s two parts,
        /// against `bound`.
        func measure(_ reference: [UInt8], in around: (String, String), bound: Int) -> Measure {
            var last = charged
            for count in 1...2 {
                let element =
                    Array(around.0.utf8) + Array([[UInt8]](repeating: reference, count: count).joined())
                    + Array(around.1.utf8)
                let driver = ParseDriver(options: options)
                let parse = FramedChunkParse.feed(driver, [prefix, element, trailer])
                if let error = parse.error {
                    let limits: Set<XMLParsingError.Code> = [.entityExpansionLimitExceeded, .entityLoop]
                    return limits.contains(error.code) ? .beyond : .unparsable
                }
                let total = driver.amplifiedByteCount
                guard total - last <= bound else { return .beyond }
                last = total
            }
            return .within
        }
    }
}
