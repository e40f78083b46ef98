import Testing

@testable import XMLEvents

/// ``ParsedUTF8/firstMalformedSequence(in:)``, which checks CDATA sections that libxml2 lets
/// through unchecked, finds what the standard library's UTF-8 validation finds, at the same
/// place: over every first and second byte, and every third and every fourth byte after each start
/// of a three- or four-byte sequence, each sequence whole, cut short, and followed by more.
@Suite struct FirstMalformedSequenceTests {
    /// Where the standard library finds the first malformed sequence of `bytes`, and what it is.
    static func reference(_ bytes: [UInt8]) -> (offset: Int, kind: UTF8.ValidationError.Kind)? {
        do {
            _ = try UTF8Span(validating: bytes.span)
            return nil
        } catch {
            return (error.byteOffsets.lowerBound, error.kind)
        }
    }

    static func firstMalformed(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { ParsedUTF8.firstMalformedSequence(in: $0) }
    }

    /// Compares the two on `bytes`; records the kind of what the standard library found in
    /// `kinds`, and returns whether they agree.
    static func agree(_ bytes: [UInt8], kinds: inout Set<UTF8.ValidationError.Kind>) -> Bool {
        let expected = reference(bytes)
        if let expected { kinds.insert(expected.kind) }
        return firstMalformed(bytes) == expected?.offset
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// Every first and second byte, after an ASCII byte, followed by nothing (cut short), by
    /// two continuation bytes at either end of their range, or by ASCII: stray continuation
    /// bytes, invalid leads (`C0`, `C1`, `F5`–`FF`), overlong forms, surrogates (`ED A0`–`ED BF`),
    /// values past U+10FFFF (`F4 90`–`F4 BF`), and second bytes that are no continuation.
    @Test func everyFirstAndSecondByte() {
        var kinds: Set<UTF8.ValidationError.Kind> = []
        var disagreements: [String] = []
        for first in UInt8.min...UInt8.max {
            for second in UInt8.min...UInt8.max {
                for tail: [UInt8] in [[], [0x80, 0x80], [0xBF, 0xBF], [0x41]] {
                    let bytes = [0x61, first, second] + tail
                    if !Self.agree(bytes, kinds: &kinds), disagreements.count < 20 {
                        disagreements.append(Self.hex(bytes))
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "standard library and firstMalformedSequence differ on \(disagreements)")
        #expect(
            kinds == [
                .unexpectedContinuationByte, .surrogateCodePointByte, .invalidNonSurrogateCodePointByte,
                .overlongEncodingByte, .truncatedScalar,
            ])
    }

    /// The lowest and highest second byte each lead of a three- or four-byte sequence allows.
    static let starts: [(lead: UInt8, seconds: [UInt8])] = [
        (0xE0, [0xA0, 0xBF]), (0xE1, [0x80, 0xBF]), (0xEC, [0x80, 0xBF]), (0xED, [0x80, 0x9F]),
        (0xEE, [0x80, 0xBF]), (0xEF, [0x80, 0xBF]), (0xF0, [0x90, 0xBF]), (0xF1, [0x80, 0xBF]),
        (0xF3, [0x80, 0xBF]), (0xF4, [0x80, 0x8F]),
    ]

    /// After each valid start of a three- or four-byte sequence, every third byte before a
    /// fourth that is a continuation byte or not, and every fourth byte after a third that is;
    /// each followed by ASCII, or cut short after the third: a third or fourth byte that is no
    /// continuation byte ends the sequence short.
    @Test func everyThirdAndFourthByte() {
        var kinds: Set<UTF8.ValidationError.Kind> = []
        var disagreements: [String] = []
        for (lead, seconds) in Self.starts {
            for second in seconds {
                var cases: [[UInt8]] = []
                for byte in UInt8.min...UInt8.max {
                    cases.append([lead, second, byte])
                    for fourth: UInt8 in [0x80, 0xBF, 0x41] { cases.append([lead, second, byte, fourth, 0x41]) }
                    for third: UInt8 in [0x80, 0xBF] { cases.append([lead, second, third, byte, 0x41]) }
                }
                for bytes in cases where !Self.agree(bytes, kinds: &kinds) && disagreements.count < 20 {
                    disagreements.append(Self.hex(bytes))
                }
            }
        }
        #expect(disagreements.isEmpty, "standard library and firstMalformedSequence differ on \(disagreements)")
        #expect(kinds.contains(.truncatedScalar))
    }
}
