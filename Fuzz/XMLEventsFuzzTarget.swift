#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: parses the input whole and cut into chunks, with the default limits
/// and with ``XMLParsingLimits/huge`` (and cut, as the bytes arrive, with the default limits),
/// and stops the run (a crash file for libFuzzer) when the outcomes differ, an event sequence breaks ``FuzzEventGrammar``, or anything but
/// ``XMLParsingError`` is thrown. Crashes and sanitizer reports stop it by themselves.
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
        if split != whole {
            FuzzTargetRun.stop(
                "chunk-boundary invariance broken, cuts at \(plan.offsets), limits \(limits == .huge ? "huge" : "standard")",
                split, whole)
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
        if live.foreignError != nil || (whole.error == nil ? live != whole : live.error == nil) {
            FuzzTargetRun.stop("parsing as bytes arrive differs, cuts at \(plan.offsets)", live, whole)
        }
    }
    return 0
}
