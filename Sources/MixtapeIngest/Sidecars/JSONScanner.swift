/// A strict JSON scanner (RFC 8259) over bytes, built for sidecars a stranger may have written.
///
/// Why not `JSONSerialization`: it builds the whole tree (an 850 KB info.json is mostly
/// `formats` we never read), reports errors as an NSError whose text and byte index differ
/// between Darwin and swift-corelibs-foundation, blurs booleans and numbers into NSNumber, and
/// rejects the `NaN`/`Infinity` that Python's `json` (which writes these files) emits. This
/// scanner keeps only the top-level members asked for, checks the rest without building it,
/// never recurses (nesting is an explicit stack, limited to `maxDepth` as Python's own
/// recursion limit effectively does), and stops at the exact byte where the text goes wrong.
///
/// Accepted beyond RFC 8259, as Python's `json.loads` does: `NaN`, `Infinity`, `-Infinity`,
/// and lone UTF-16 surrogate escapes (read as U+FFFD). A leading UTF-8 byte order mark is
/// skipped. Raw control characters in strings and invalid UTF-8 are errors.
struct JSONScanner {
    /// Deeper nesting is refused: no real info.json comes close, and Python could not write it.
    static let maxDepth = 512

    /// What the document's top-level value was.
    enum Document: Equatable {
        /// An object: its members whose names were asked for (the last one wins on repeats).
        case object([String: JSONValue])
        /// Valid JSON, but not an object; `kind` names what it is ("an array", "a string"),
        /// `offset` is where it starts.
        case notObject(kind: String, offset: Int)
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Scans a whole document, keeping the top-level members named in `keeping`.
    static func scan(_ bytes: [UInt8], keeping names: Set<String>) throws(JSONSyntaxError) -> Document {
        var scanner = JSONScanner(bytes: bytes)
        return try scanner.document(keeping: names)
    }

    private mutating func document(keeping names: Set<String>) throws(JSONSyntaxError) -> Document {
        skipWhitespace()
        guard index < bytes.count else { throw fail("no JSON value: the file is empty or blank") }
        let result: Document
        if bytes[index] == UInt8(ascii: "{") {
            result = .object(try topLevelObject(keeping: names))
        } else {
            let start = index
            try skipValue(depth: 0)
            result = .notObject(kind: Self.describe(bytes[start]), offset: start)
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return result
    }

    private mutating func topLevelObject(keeping names: Set<String>) throws(JSONSyntaxError) -> [String: JSONValue] {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            let name = try memberName(keep: true) ?? ""
            if names.contains(name) {
                members[name] = try keptValue(depth: 1)
            } else {
                try skipValue(depth: 1)
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return members
            default: throw fail("expected ',' or '}' after an object member")
            }
        }
    }

    /// A member's quoted name and the colon after it.
    private mutating func memberName(keep: Bool) throws(JSONSyntaxError) -> String? {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of file inside an object") }
        guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name in double quotes") }
        let name = try string(keep: keep)
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of file inside an object") }
        guard bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
        index += 1
        return name
    }

    /// A value built for the caller: scalars, and arrays of scalars one level deep.
    private mutating func keptValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of file: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try skipValue(depth: depth)
            return .nested
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
            return try array(depth: depth + 1)
        default:
            return try scalar(keep: true) ?? .null
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
                try skipValue(depth: depth)
                elements.append(.nested)
            } else {
                elements.append(try scalar(keep: true) ?? .null)
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw fail("expected ',' or ']' after an array element")
            }
        }
    }

    /// Checks one value of any shape without building it. `depth` counts the containers
    /// around it; the containers inside are tracked on a small stack instead of the call
    /// stack, so hostile nesting cannot overflow it.
    private mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        var closers: [UInt8] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file: expected a value") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                guard depth + closers.count < Self.maxDepth else {
                    throw fail("nested deeper than \(Self.maxDepth) levels")
                }
                index += 1
                let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                skipWhitespace()
                if index < bytes.count, bytes[index] == closer {
                    index += 1
                } else {
                    closers.append(closer)
                    if closer == UInt8(ascii: "}") { _ = try memberName(keep: false) }
                    continue
                }
            } else {
                _ = try scalar(keep: false)
            }
            guard try closeContainers(&closers) else { return }
        }
    }

    /// After a value inside `closers`' containers: consumes the closing brackets that follow
    /// and then a comma (with the next member's name). False when every container is closed.
    private mutating func closeContainers(_ closers: inout [UInt8]) throws(JSONSyntaxError) -> Bool {
        while let closer = closers.last {
            skipWhitespace()
            let inObject = closer == UInt8(ascii: "}")
            guard index < bytes.count else {
                throw fail("unexpected end of file inside an \(inObject ? "object" : "array")")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                if inObject { _ = try memberName(keep: false) }
                return true
            }
            guard bytes[index] == closer else {
                throw fail(inObject ? "expected ',' or '}' after an object member"
                                    : "expected ',' or ']' after an array element")
            }
            index += 1
            closers.removeLast()
        }
        return false
    }

    /// A string, number or literal; built only when `keep` is true.
    private mutating func scalar(keep: Bool) throws(JSONSyntaxError) -> JSONValue? {
        guard index < bytes.count else { throw fail("unexpected end of file: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let text = try string(keep: keep)
            return text.map(JSONValue.string)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "N"): try literal("NaN"); return .real(.nan)
        case UInt8(ascii: "I"): try literal("Infinity"); return .real(.infinity)
        case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "I"):
            index += 1
            try literal("Infinity")
            return .real(-.infinity)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number(keep: keep)
        default:
            throw fail("expected a JSON value")
        }
    }

    /// A quoted string, checked for valid UTF-8, escapes and raw control characters; the
    /// text is built only when `keep` is true (without a copy when it has no escapes).
    private mutating func string(keep: Bool) throws(JSONSyntaxError) -> String? {
        index += 1
        let start = index
        var decoded: [UInt8]? = nil
        while true {
            guard index < bytes.count else { throw fail("unexpected end of file inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard keep else { return nil }
                return String(decoding: decoded ?? Array(bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if keep, decoded == nil { decoded = Array(bytes[start..<index]) }
                let scalar = try escape()
                if keep { decoded!.append(contentsOf: Array(String(scalar).utf8)) }
                continue
            }
            guard byte >= 0x20 else { throw fail("raw control character in a string") }
            let length = byte < 0x80 ? 1 : Self.utf8Length(bytes, at: index)
            guard length > 0 else { throw fail("invalid UTF-8 in a string") }
            if keep, decoded != nil { decoded!.append(contentsOf: bytes[index..<index + length]) }
            index += length
        }
    }

    /// One backslash escape; a lone UTF-16 surrogate reads as U+FFFD, as Python keeps it
    /// (and no String can hold it).
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw fail("unexpected end of file inside a string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            index -= 2
            throw fail("invalid escape in a string")
        }
        let unit = try hexUnit()
        if unit >= 0xD800, unit < 0xDC00, index + 1 < bytes.count,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            let mark = index
            index += 2
            let low = try hexUnit()
            if low >= 0xDC00, low < 0xE000 {
                return Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))!
            }
            index = mark
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    /// The four hex digits of a `\\u` escape.
    private mutating func hexUnit() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("unexpected end of file inside a string") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `start` (a byte >= 0x80), or 0
    /// for an ill-formed one: overlong forms, surrogates and values past U+10FFFF included.
    static func utf8Length(_ bytes: [UInt8], at start: Int) -> Int {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return 0
        }
        guard start + length <= bytes.count else { return 0 }
        guard bytes[start + 1] >= low, bytes[start + 1] <= high else { return 0 }
        for offset in 2..<length where bytes[start + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// A number in RFC 8259 form. Integers that fit Int64 stay exact; anything else becomes a
    /// Double, which may be infinite for huge exponents (callers check).
    private mutating func number(keep: Bool) throws(JSONSyntaxError) -> JSONValue? {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit in an exponent") }
            skipDigits()
        }
        guard keep else { return nil }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let exact = Int64(text) { return .integer(exact) }
        return .real(Double(text) ?? .nan)
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else {
                index = start
                throw fail("expected a JSON value")
            }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func fail(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }
}
