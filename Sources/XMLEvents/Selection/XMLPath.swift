/// Which elements of a document to select: a small, streaming subset of XPath.
///
/// Grammar:
///
/// ```
/// path  ::= "/"? step ("/" step)*
/// step  ::= test | "(" test ("|" test)* ")"
/// test  ::= "*" | local | "{" uri? "}" (local | "*") | prefix ":" (local | "*")
/// ```
///
/// - An absolute path (`/registry/record`) matches an element whose whole ancestry, from the
///   root element down to the element itself, is matched step for step.
/// - A relative path (`record`, `channel/item`) matches an element at any depth whose ancestry
///   ends with the steps: the path is a suffix of the element's ancestry.
/// - An unprefixed `local` step matches that local name in any namespace or none, so
///   `record` selects the IANA registry's records although they live in a default namespace.
///   `{uri}local` asks for one namespace, `{}local` for no namespace.
/// - `prefix:local` stands for `{uri}local` where the prefix map given to
///   ``init(_:namespaces:)`` binds `prefix` to `uri`; the prefixes written in the document play
///   no part. `xml` is always bound to the XML namespace.
/// - `*` matches any one element; `{uri}*` and `prefix:*` any one element of that namespace.
/// - `(a|b)` matches an element that any of its tests matches: `/osm/(node|way)` selects the
///   nodes and the ways of an OpenStreetMap file, in document order, and no other child.
///
/// Matching needs only the stack of open elements, so a path is checked as the events stream
/// past, in O(1) per event for paths without wildcards in their middle.
public struct XMLPath: Sendable, Hashable, CustomStringConvertible {
    /// Paths have at most this many steps: matching keeps one bit per step for each open element.
    public static let maximumStepCount = 63

    /// Whether the path is anchored at the root element.
    public let isAbsolute: Bool

    /// The steps, from the outermost element to the selected one.
    let steps: [XMLPathStep]

    /// Reads a path.
    ///
    /// - Parameters:
    ///   - path: The path, for example `/registry/record`, `item`, `atom:feed/atom:entry`.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    /// - Throws: ``XMLPathError`` when the path is empty or a step is not a valid name test.
    public init(_ path: String, namespaces: [String: String] = [:]) throws(XMLPathError) {
        var body = path[...]
        isAbsolute = body.first == "/"
        if isAbsolute { body = body.dropFirst() }
        guard !body.isEmpty else { throw .emptyPath(path) }
        var steps: [XMLPathStep] = []
        for text in XMLPath.split(body, at: "/") {
            do {
                steps.append(try XMLPathStep(parsing: text, prefixes: namespaces))
            } catch {
                throw .invalidStep(text, of: path, error)
            }
        }
        guard steps.count <= XMLPath.maximumStepCount else {
            throw .tooManySteps(path, count: steps.count)
        }
        self.steps = steps
    }

    /// A relative path of one step: elements with this name anywhere in the document.
    ///
    /// - Parameters:
    ///   - name: `local`, `*`, `{uri}local` or `prefix:local`; a `/` is not part of a name.
    ///   - namespaces: The namespace URI of each prefix the name may use.
    /// - Throws: ``XMLPathError`` when `name` is not a valid name test.
    public init(named name: String, namespaces: [String: String] = [:]) throws(XMLPathError) {
        isAbsolute = false
        guard !name.isEmpty else { throw .emptyPath(name) }
        do {
            steps = [XMLPathStep(try XMLNameTest(parsing: name[...], prefixes: namespaces))]
        } catch {
            throw .invalidStep(name[...], of: name, error)
        }
    }

    /// A relative path of one step that matches `name`'s local name and namespace (its prefix
    /// plays no part).
    ///
    /// - Parameter name: A resolved name, for example one from an event.
    public init(name: XMLName) {
        isAbsolute = false
        steps = [XMLPathStep(XMLNameTest(namespace: .uri(name.namespaceURI ?? ""), localName: name.localName))]
    }

    /// Whether an element whose ancestry is `path` (names from the root element down to the
    /// element itself, as a loop over events or a visitor keeps them) is selected.
    ///
    /// - Parameter path: The names of the open elements, the root first.
    /// - Returns: Whether the element whose ancestry this is would be selected.
    /// - Complexity: O(*n* × *m*) for *n* names and *m* steps.
    public func matches(_ path: [XMLName]) -> Bool {
        guard path.count >= steps.count, !(isAbsolute && path.count != steps.count) else { return false }
        return zip(path.suffix(steps.count), steps).allSatisfy { name, step in step.matches(name) }
    }

    /// The path in canonical form: prefixes replaced by `{uri}`.
    public var description: String {
        (isAbsolute ? "/" : "") + steps.map(\.description).joined(separator: "/")
    }

    /// Splits at each `separator` outside braces, so namespace URIs keep their slashes and bars;
    /// an empty part stays, to be refused as empty.
    static func split(_ body: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = body.startIndex
        var inBraces = false
        var index = body.startIndex
        while index < body.endIndex {
            switch body[index] {
            case "{": inBraces = true
            case "}": inBraces = false
            case separator where !inBraces:
                parts.append(body[start..<index])
                start = body.index(after: index)
            default: break
            }
            index = body.index(after: index)
        }
        parts.append(body[start...])
        return parts
    }
}

/// One step of an ``XMLPath``: a name test, or several of which any may pass (`(node|way)`).
struct XMLPathStep: Sendable, Hashable, CustomStringConvertible {
    /// The first test, kept apart so that a step of one test (nearly every step) matches without
    /// a loop.
    private let first: XMLNameTest
    private let others: [XMLNameTest]

    init(_ test: XMLNameTest) {
        self.init(first: test, others: [])
    }

    /// Reads a step: a name test, or `(` tests separated by `|` `)`.
    init(parsing text: Substring, prefixes: [String: String]?) throws(XMLNameTest.Problem) {
        guard text.first == "(" else {
            self.init(try XMLNameTest(parsing: text, prefixes: prefixes))
            return
        }
        guard text.count > 1, text.last == ")" else { throw .invalidName }
        var tests: [XMLNameTest] = []
        for alternative in XMLPath.split(text.dropFirst().dropLast(), at: "|") {
            tests.append(try XMLNameTest(parsing: alternative, prefixes: prefixes))
        }
        self.init(first: tests[0], others: Array(tests.dropFirst()))
    }

    private init(first: XMLNameTest, others: [XMLNameTest]) {
        self.first = first
        self.others = others
    }

    /// Whether `name` passes any of the step's tests.
    @inline(__always)
    func matches(_ name: XMLName) -> Bool {
        first.matches(name) || (!others.isEmpty && others.contains { $0.matches(name) })
    }

    /// `test`, or `(test|test)`.
    var description: String {
        others.isEmpty ? first.description : "(" + ([first] + others).map(\.description).joined(separator: "|") + ")"
    }
}
