import Foundation
import XMLEventsInput

/// A path given to ``XMLPath/init(_:namespaces:)`` (or to a selection such as
/// ``XMLEvents/elements(matching:namespaces:)``) is not valid.
///
/// Tell failures apart by ``code``; ``message`` says what is wrong in words, naming the step
/// or prefix at fault:
///
/// ```swift
/// catch let error where error.code == .unknownPrefix { … }  // error: XMLPathError, thrown typed
/// ```
///
/// A struct rather than an enum, so that a new failure can be told apart in a later version
/// without breaking a `switch` over the codes: such a `switch` has a `default`.
///
/// The ``description`` (and so `localizedDescription`) quotes the path with its control and
/// bidirectional characters escaped (see <doc:Security>), so it is safe to print.
public struct XMLPathError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the path. The numbers are stable; new codes may come in later versions.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: The number of one of the codes declared here.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The path, or the name given for a single step, is empty.
        public static let emptyPath = Code(rawValue: 1)
        /// A step is empty: two slashes in a row, or a slash at the end.
        public static let emptyStep = Code(rawValue: 2)
        /// A `{` opens a namespace URI that no `}` closes.
        public static let unterminatedNamespace = Code(rawValue: 3)
        /// A step is not a name, `*`, or one of them qualified by a namespace.
        public static let invalidName = Code(rawValue: 4)
        /// A step's prefix is not in the prefix map.
        public static let unknownPrefix = Code(rawValue: 5)
        /// The path has more steps than ``XMLPath/maximumStepCount``.
        public static let tooManySteps = Code(rawValue: 6)

        /// The code's name with its number, for example `emptyStep (2)`; `XMLPathError code 99`
        /// for a number not declared here.
        public var description: String {
            guard let name else { return "XMLPathError code \(rawValue)" }
            return "\(name) (\(rawValue))"
        }

        /// The name of a code declared here, as spelled in Swift (`emptyStep`), or `nil` for
        /// another number: for logs and machine-readable output.
        public var name: String? { Code.names[rawValue] }

        private static let names: [Int: String] = [
            Code.emptyPath.rawValue: "emptyPath", Code.emptyStep.rawValue: "emptyStep",
            Code.unterminatedNamespace.rawValue: "unterminatedNamespace", Code.invalidName.rawValue: "invalidName",
            Code.unknownPrefix.rawValue: "unknownPrefix", Code.tooManySteps.rawValue: "tooManySteps",
        ]
    }

    /// What is wrong with the path.
    public var code: Code

    /// The path as it was given.
    public var path: String

    /// What is wrong, in words: for example `the prefix 'm' is not in the prefix map`.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What is wrong with the path.
    ///   - path: The path as it was given.
    ///   - message: What is wrong, in words.
    public init(code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// The problem in words, quoting the path: for example
    /// `Invalid XML path 'm:title': the prefix 'm' is not in the prefix map`.
    public var description: String {
        XMLDiagnosticText.escaping("Invalid XML path '\(path)': \(message)")
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }

    /// The path, or the name given for a single step, is empty.
    static func emptyPath(_ path: String) -> XMLPathError {
        XMLPathError(code: .emptyPath, path: path, message: "the path is empty")
    }

    /// The step `step` of `path` is not a valid name test, for `problem`.
    static func invalidStep(_ step: Substring, of path: String, _ problem: XMLNameTest.Problem) -> XMLPathError {
        switch problem {
        case .empty where step.isEmpty:
            return XMLPathError(code: .emptyStep, path: path, message: "a step is empty")
        case .unterminatedNamespace:
            return XMLPathError(
                code: .unterminatedNamespace, path: path, message: "a namespace URI lacks its closing '}'")
        case .empty, .invalidName:
            return XMLPathError(
                code: .invalidName, path: path, message: "'\(step)' is not a name, '*' or a qualified name")
        case .unknownPrefix(let prefix):
            return XMLPathError(
                code: .unknownPrefix, path: path, message: "the prefix '\(prefix)' is not in the prefix map")
        }
    }

    /// `path` has `count` steps, more than ``XMLPath/maximumStepCount``.
    static func tooManySteps(_ path: String, count: Int) -> XMLPathError {
        XMLPathError(
            code: .tooManySteps, path: path,
            message: "it has \(count) steps; at most \(XMLPath.maximumStepCount) are allowed")
    }
}
