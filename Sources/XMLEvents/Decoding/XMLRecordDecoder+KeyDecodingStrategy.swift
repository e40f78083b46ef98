extension XMLRecordDecoder {
    /// How the names of attributes and elements become coding keys, as in `JSONDecoder`: the
    /// document's names are converted, and compared with the keys' `stringValue`s.
    public enum KeyDecodingStrategy: Sendable {
        /// The local name as it is.
        case useDefaultKeys

        /// `snake_case` names to `camelCase` keys: `registration_date` → `registrationDate`.
        /// Leading and trailing underscores stay; names without underscores are kept as they
        /// are.
        case convertFromSnakeCase

        /// `kebab-case` names to `camelCase` keys: `registration-date` → `registrationDate`, the
        /// usual style of XML vocabularies. Leading and trailing hyphens stay.
        case convertFromKebabCase

        /// Any conversion: given the coding path with the document's local name as its last key
        /// (`intValue` `nil`), return the key to compare. Called for each name looked at, so
        /// keep it cheap; the other strategies are cached.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}
