import XMLEvents

/// What a hostile document must come to: a typed error with one code at one point, or a correct
/// result that `check` accepts.
enum AttackExpectation: Sendable {
    case error(XMLParsingError.Code, at: AttackErrorPoint)
    case result(check: @Sendable (AttackReport) -> String?)
    /// Either is safe: libxml2 2.9 makes an entity undeclared because an external parameter
    /// entity was not read a fatal error, where XML 1.0 would skip it. An error must still be
    /// that one, at that point.
    case errorOrResult(XMLParsingError.Code, at: AttackErrorPoint, check: @Sendable (AttackReport) -> String?)

    /// Why `report` does not meet the expectation, or `nil`.
    func failure(of report: AttackReport) -> String? {
        switch self {
        case .error(let code, let point):
            guard report.outcome == .error else { return "expected an XMLParsingError, got \(report.outcome)" }
            return Self.mismatch(report, code, point)
        case .result(let check):
            guard report.outcome == .finished else {
                return "expected a result, got \(report.outcome) \(report.errorCode ?? 0): \(report.errorMessage ?? "")"
            }
            return check(report)
        case .errorOrResult(let code, let point, let check):
            switch report.outcome {
            case .error: return Self.mismatch(report, code, point)
            case .finished: return check(report)
            case .foreignError: return "expected an XMLParsingError, got \(report.errorMessage ?? "")"
            }
        }
    }

    private static func mismatch(_ report: AttackReport, _ code: XMLParsingError.Code, _ point: AttackErrorPoint)
        -> String?
    {
        let expected = point.resolved(documentByteCount: report.documentByteCount)
        // The command line's diagnostic says where, not the code or the byte offset.
        if report.tier == .commandLine {
            if report.errorLine == expected.line, report.errorColumn == expected.column { return nil }
            return "expected an error at \(expected.line):\(expected.column), got "
                + "\(report.errorLine ?? 0):\(report.errorColumn ?? 0): \(report.errorMessage ?? "")"
        }
        if report.errorCode == code.rawValue, report.errorLine == expected.line,
            report.errorColumn == expected.column, report.errorByteOffset == expected.byteOffset
        {
            return nil
        }
        return "expected code \(code) at \(expected.line):\(expected.column) (byte \(expected.byteOffset)), got "
            + "\(report.errorCode ?? 0) at \(report.errorLine ?? 0):\(report.errorColumn ?? 0) "
            + "(byte \(report.errorByteOffset ?? 0)): \(report.errorMessage ?? "")"
    }
}

/// Where an attack's error must be reported.
enum AttackErrorPoint: Sendable {
    /// `byteOffset` bytes into a document that is one line of ASCII, so at column
    /// `byteOffset + 1`.
    case offset(Int)
    /// `count` bytes before the end of a one-line ASCII document, for documents whose length
    /// depends on a generated path or port.
    case beforeEnd(Int)
    case point(line: Int, column: Int, byteOffset: Int)

    func resolved(documentByteCount: Int) -> (line: Int, column: Int, byteOffset: Int) {
        switch self {
        case .offset(let offset): return (1, offset + 1, offset)
        case .beforeEnd(let count): return (1, documentByteCount - count + 1, documentByteCount - count)
        case .point(let line, let column, let byteOffset): return (line, column, byteOffset)
        }
    }
}
