#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: parses the input whole and cut into chunks, with the default limits
/// and with ``XMLParsingLimits/huge``, and stops the run (a crash file for libFuzzer) when the
/// outcomes differ, an event sequence breaks ``FuzzEventGrammar``, or anything but
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
        let split = FuzzTargetRun.parse(plan.chunks(of: bytes), options: options)
        if split != whole {
            FuzzTargetRun.stop(
                "chunk-boundary invariance broken, cuts at \(plan.offsets), limits \(limits == .huge ? "huge" : "standard")",
                split, whole)
        }
    }
    return 0
}
