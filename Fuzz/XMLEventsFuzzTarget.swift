#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: parses the input whole and cut into chunks, with the default limits
/// and with ``XMLParsingLimits/huge`` (and cut, as the bytes arrive, with the default limits),
/// through the owned events and through the visitor tier, and stops the run (a crash file for
/// libFuzzer) when the outcomes differ, an event sequence breaks ``FuzzEventGrammar``, or
/// anything but ``XMLParsingError`` is thrown. Crashes and sanitizer reports stop it by
/// themselves.
@_cdecl("LLVMFuzzerTestOneInput")
public func xmlEventsFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let bytes = Array(input)
    let plan = FuzzSplitPlan(for: input)
    for limits in [XMLParsingLimits.standard, .huge] {
        let options = XMLParsingOptions(
            reportsCDATA: plan.reportsCDATA, dropsWhitespaceOnlyText: plan.dropsWhitespaceOnlyText, limits: limits)
        let whole = FuzzTargetRun.parse([bytes], options: options)
        if let violation = FuzzEventGrammar.violation(in: whole) {
            FuzzTargetRun.stop("event grammar broken (\(violation))", whole)
        }
        let chunks = plan.chunks(of: bytes)
        let split = FuzzTargetRun.parse(chunks, options: options)
        let limitsName = limits == .huge ? "huge" : "standard"
        if split != whole {
            FuzzTargetRun.stop(
                "chunk-boundary invariance broken, cuts at \(plan.offsets), limits \(limitsName)", split, whole)
        }
        // The visitor tier sees the owned events' document, whole and split alike.
        let visitedWhole = FuzzParse.visitorTier([bytes], options: options)
        if visitedWhole != whole {
            FuzzTargetRun.stop(
                "the visitor tier differs from the owned events, one chunk, limits \(limitsName)", visitedWhole, whole,
                referenceLabel: "owned events")
        }
        let visitedSplit = FuzzParse.visitorTier(chunks, options: options)
        if visitedSplit != split {
            FuzzTargetRun.stop(
                "the visitor tier differs from the owned events, cuts at \(plan.offsets), limits \(limitsName)",
                visitedSplit, split, referenceLabel: "owned events")
        }
        guard limits == .standard else { continue }
        // The parser's own selection of elements gives what selecting from the events does.
        let selected = FuzzSelection.inParser(chunks, options: options)
        let reference = FuzzSelection.fromEvents(of: whole)
        if selected != reference {
            FuzzTargetRun.stop(
                "selection in the parser differs, cuts at \(plan.offsets)\n\(selected.description)\n--- from events ---\n"
                    + reference.description, whole)
        }
        // Parsing as bytes arrive: the same events for a well-formed document, an error for a
        // malformed one (its message and position may depend on the cuts).
        var liveOptions = options
        liveOptions.parsesAsBytesArrive = true
        let live = FuzzTargetRun.parse(chunks, options: liveOptions)
        let agrees = whole.error == nil ? live.withoutLocations == whole.withoutLocations : live.error != nil
        if live.foreignError != nil || !agrees {
            FuzzTargetRun.stop("parsing as bytes arrive differs, cuts at \(plan.offsets)", live, whole)
        }
    }
    return 0
}
