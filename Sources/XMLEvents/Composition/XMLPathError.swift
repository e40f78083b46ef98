import Foundation

/// A path given to ``XMLPath/init(_:namespaces:)`` (or to a selection such as
/// ``XMLEvents/elements(matching:namespaces:)``) is not valid.
///
/// The ``description`` (and so `localizedDescription`) quotes the path with its control and
/// bidirectional characters escaped (see <doc:Security>), so it is safe to print.
public struct XMLPathError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the path.
    public enum Reason: Sendable, Hashable {
        /// The path, or the name given for a single step, is empty.
        case emptyPath
        /// A step is empty: two slashes in a row, or a slash at the end.
        case emptyStep
        /// A `{` opens a namespace URI that no `}` closes.
        case unterminatedNamespace
        /// A step is not a name, `*`, or one of them qualified by a namespace.
        case invalidName(String)
        /// A step's prefix is not in the prefix map.
        case unknownPrefix(String)
        /// The path has more steps than ``XMLPath/maximumStepCount``.
        case tooManySteps(Int)
    }

    /// The path as it was given.
    public var path: String

    /// What is wrong with it.
    public var reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - path: The path as it was given.
    ///   - reason: What is wrong with it.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The problem in words, quoting the path.
    public var description: String {
        let problem: String
        switch reason {
        case .emptyPath: problem = "the path is empty"
        case .emptyStep: problem = "a step is empty"
        case .unterminatedNamespace: problem = "a namespace URI lacks its closing '}'"
        case .invalidName(let step): problem = "'\(step)' is not a name, '*' or a qualified name"
        case .unknownPrefix(let prefix): problem = "the prefix '\(prefix)' is not in the prefix map"
        case .tooManySteps(let count):
            problem = "it has \(count) steps; at most \(XMLPath.maximumStepCount) are allowed"
        }
        return XMLDiagnosticText.escaping("Invalid XML path '\(path)': \(problem)")
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }
}
