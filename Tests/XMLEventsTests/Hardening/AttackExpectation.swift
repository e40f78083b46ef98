import XMLEvents

/// What a hostile document must come to: a typed error (with one of `codes`, when given), or a
/// correct result that `check` accepts.
enum AttackExpectation: Sendable {
    case error(codes: [XMLParsingError.Code]?)
    case result(check: @Sendable (AttackReport) -> String?)
    /// Either is safe: libxml2 2.9 makes an entity undeclared because an external parameter
    /// entity was not read a fatal error, where XML 1.0 would skip it.
    case errorOrResult(check: @Sendable (AttackReport) -> String?)

    static let anyError = AttackExpectation.error(codes: nil)

    static func error(_ codes: XMLParsingError.Code...) -> Self { .error(codes: codes) }

    /// Why `report` does not meet the expectation, or `nil`.
    func failure(of report: AttackReport) -> String? {
        switch self {
        case .error(let codes):
            guard report.outcome == .error, let code = report.errorCode else {
                return "expected an XMLParsingError, got \(report.outcome)"
            }
            guard let codes, !codes.map(\.rawValue).contains(code) else { return nil }
            return "expected code \(codes.map(\.rawValue)), got \(code): \(report.errorMessage ?? "")"
        case .result(let check):
            guard report.outcome == .finished else {
                return "expected a result, got \(report.outcome) \(report.errorCode ?? 0): \(report.errorMessage ?? "")"
            }
            return check(report)
        case .errorOrResult(let check):
            switch report.outcome {
            case .error: return nil
            case .finished: return check(report)
            case .foreignError: return "expected an XMLParsingError, got \(report.errorMessage ?? "")"
            }
        }
    }
}
