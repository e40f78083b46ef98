/// A single value read by key, or why there is none.
enum XMLScalarResult<T> {
    case value(T)
    case missing
    case unreadable(text: String, isNil: Bool)
}
