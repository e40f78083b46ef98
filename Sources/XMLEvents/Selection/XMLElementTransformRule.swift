import Foundation

/// One transform of ``XMLEvents/Transformed``: the elements a path selects, removed
/// (`replace` is `nil`) or replaced.
struct XMLElementTransformRule: Sendable {
    let path: XMLPath
    let trimsWhitespace: Bool
    let replace: (@Sendable (XMLSubtree) throws -> XMLSubtree?)?
}
