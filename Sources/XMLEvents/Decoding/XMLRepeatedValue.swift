/// Arrays, whose every item is a value even when it is an empty element.
protocol XMLRepeatedValue {}

extension Array: XMLRepeatedValue {}
