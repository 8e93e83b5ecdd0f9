@testable import MixtapeIngest
import MixtapeCore
import Testing

/// The scrubber works a word at a time and counts columns only where it must: whatever the
/// bytes and however the file is cut into buffers, it must say what a byte-by-byte count says.
@Suite("XMLControlCharacters: raw control characters read as spaces, each located")
struct XMLControlCharactersTests {
    @Test("positions, count and bytes equal a byte-by-byte reading, whatever the buffers' sizes",
          arguments: [1, 3, 7, 8, 9, 13, 64, 1_000, 100_000])
    func sameAsByteByByte(bufferSize: Int) {
        var generator = SeededBytes(seed: UInt64(bufferSize))
        for _ in 0..<20 {
            let document = generator.document(length: 2_000)
            let expected = Self.reference(document)
            let scrubber = XMLControlCharacters(path: "f.xml")
            var scrubbed = document
            scrubbed.withUnsafeMutableBytes { all in
                var offset = 0
                while offset < all.count {
                    let end = min(offset + bufferSize, all.count)
                    scrubber.scrub(UnsafeMutableRawBufferPointer(rebasing: all[offset..<end]))
                    offset = end
                }
            }
            #expect(scrubbed == expected.bytes)
            #expect(scrubber.warnings.map(\.description) == expected.warnings)
        }
    }

    @Test("a document in UTF-16 is left as it is")
    func utf16() {
        var bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x01, 0x00]
        let scrubber = XMLControlCharacters(path: "f.xml")
        bytes.withUnsafeMutableBytes { scrubber.scrub($0) }
        #expect(bytes == [0xFF, 0xFE, 0x3C, 0x00, 0x01, 0x00])
        #expect(scrubber.warnings.isEmpty)
    }

    /// The document scrubbed one byte at a time and its warnings, as they would be worded.
    private static func reference(_ document: [UInt8]) -> (bytes: [UInt8], warnings: [String]) {
        var bytes = document, line = 1, column = 1, count = 0
        var warnings: [String] = []
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte < 0x20, byte != 0x09, byte != 0x0D {
                bytes[index] = 0x20
                if count < XMLControlCharacters.maxPositions {
                    warnings.append("f.xml:\(line):\(column): a raw control character (not allowed in XML) is read as a space")
                }
                count += 1
                column += 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        if count > XMLControlCharacters.maxPositions {
            warnings.append("f.xml: \(count - XMLControlCharacters.maxPositions) more raw control characters are read as spaces")
        }
        return (bytes, warnings)
    }
}

/// Documents of letters, accented and wider characters, tabs, returns, line feeds and now and
/// then a control character, from a seed.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 1 }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func document(length: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x3C, 0x61]  // `<a`: not a UTF-16 start (a zero among the first two bytes)
        while bytes.count < length {
            // About ten control characters a document: the positions of all of them are kept.
            if next(200) == 0 {
                bytes.append([0x01, 0x08, 0x1F, 0x00][next(4)])
                continue
            }
            switch next(97) {
            case 0..<55: bytes.append(UInt8(0x61 + next(26)))
            case 55..<65: bytes += Array("é".utf8)
            case 65..<70: bytes += Array("€".utf8)
            case 70..<85: bytes.append(0x0A)
            case 85..<90: bytes.append(0x09)
            case 90..<94: bytes.append(0x0D)
            default: bytes.append(0x20)
            }
        }
        return bytes
    }
}
