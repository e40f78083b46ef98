/// A coding key made while decoding: an array index, or a name from the document.
struct XMLCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        self.init(intValue: index)
    }
}
