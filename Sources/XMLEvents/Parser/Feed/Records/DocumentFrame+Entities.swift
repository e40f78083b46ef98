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
    static func referencesStayWithinLimits(
        entities: [String], prefix: [UInt8], trailer: [UInt8], charged: Int, options: XMLParsingOptions
    ) -> Bool {
        guard entities.count <= maximumMeasuredEntities else { return false }
        let ratio = options.limits.maxEntityExpansionRatio
        for name in entities {
            let reference = Array("&\(name);".utf8)
            // A reference that does not parse in content fails the document where it is made,
            // but what it adds is then unknown: the single parser keeps the document.
            guard
                var perReference = addition(
                    of: reference, in: ("<x>", "</x>"), prefix: prefix, trailer: trailer, charged: charged,
                    options: options)
            else { return false }
            // An entity that cannot be in a value (it holds `<`) fails the document wherever it is
            // referred to in one, before anything is added.
            if let inValue = addition(
                of: reference, in: ("<x a=\"", "\"/>"), prefix: prefix, trailer: trailer, charged: charged,
                options: options)
            {
                perReference = Swift.max(perReference, inValue)
            }
            let (earned, overflow) = ratio.multipliedReportingOverflow(by: reference.count)
            guard overflow || perReference <= earned else { return false }
        }
        return true
    }

    /// The most that `reference` adds, referred to once and then twice between `around`'s two
    /// parts inside the frame, whose own charges are `charged`; `nil` when that does not parse.
    private static func addition(
        of reference: [UInt8], in around: (String, String), prefix: [UInt8], trailer: [UInt8], charged: Int,
        options: XMLParsingOptions
    ) -> Int? {
        var totals = [charged]
        for count in 1...2 {
            let element =
                Array(around.0.utf8) + Array([[UInt8]](repeating: reference, count: count).joined())
                + Array(around.1.utf8)
            guard let total = charges(of: element, prefix: prefix, trailer: trailer, options: options) else {
                return nil
            }
            totals.append(total)
        }
        return Swift.max(totals[1] - totals[0], totals[2] - totals[1])
    }

    /// What the frame `prefix` … `trailer` with `element` inside charges to the expansion limits,
    /// or `nil` when it does not parse.
    private static func charges(
        of element: [UInt8], prefix: [UInt8], trailer: [UInt8], options: XMLParsingOptions
    ) -> Int? {
        let driver = ParseDriver(options: options)
        let parse = FramedChunkParse.feed(driver, [prefix, element, trailer])
        guard parse.error == nil else { return nil }
        return driver.amplifiedByteCount
    }
}
