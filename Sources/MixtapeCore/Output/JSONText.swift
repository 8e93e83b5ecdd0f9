/// Builds one JSON object as UTF-8 text, keys in the order they are added.
///
/// Hand-written rather than `JSONEncoder` because `search --json` prints 100,000 objects and
/// key order matters to people reading them; escaping follows RFC 8259 (quotes, backslash and
/// control characters, C1 ones included; everything else is written as UTF-8).
public struct JSONObjectWriter: Sendable {
    private var bytes: [UInt8] = [0x7b]
    private var first = true

    public init() { bytes.reserveCapacity(512) }

    public mutating func add(_ key: String, _ value: FieldValue?) {
        switch value {
        case .text(let string): add(key, string: string)
        case .integer(let int): add(key, raw: String(int))
        case .bool(let bool): add(key, raw: bool ? "true" : "false")
        case .timestamp(let time): add(key, string: time.rfc3339)
        case nil: add(key, raw: "null")
        }
    }

    public mutating func add(_ key: String, string: String?) {
        guard let string else { return add(key, raw: "null") }
        addKey(key)
        JSONObjectWriter.appendQuoted(string, to: &bytes)
    }

    public mutating func add(_ key: String, int: Int64?) {
        add(key, raw: int.map { String($0) } ?? "null")
    }

    public mutating func add(_ key: String, bool: Bool) {
        add(key, raw: bool ? "true" : "false")
    }

    public mutating func add(_ key: String, strings: [String]) {
        addKey(key)
        bytes.append(0x5b)
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(0x2c) }
            JSONObjectWriter.appendQuoted(string, to: &bytes)
        }
        bytes.append(0x5d)
    }

    /// Adds an already-encoded JSON value.
    public mutating func add(_ key: String, raw: String) {
        addKey(key)
        bytes.append(contentsOf: raw.utf8)
    }

    private mutating func addKey(_ key: String) {
        if !first { bytes.append(0x2c) }
        first = false
        JSONObjectWriter.appendQuoted(key, to: &bytes)
        bytes.append(0x3a)
    }

    /// The finished object.
    public var result: String { String(decoding: bytes + [0x7d], as: UTF8.self) }

    /// A JSON string literal.
    public static func quoted(_ string: String) -> String {
        var out: [UInt8] = []
        appendQuoted(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `string` as a JSON string literal. Runs of bytes that need no escape are copied
    /// whole, which is nearly every byte of real metadata.
    public static func appendQuoted(_ string: String, to out: inout [UInt8]) {
        // A path that is not UTF-8 is written with its bytes escaped as text (`Caf\\xE9`):
        // JSON holds only Unicode, and the escape reads the same as in messages.
        var string = PathBytes.escaped(string)
        string.withUTF8 { appendQuoted(escapedUTF8: $0, to: &out) }
    }

    /// `appendQuoted` of text given as UTF-8 bytes (a column SQLite holds), with no String
    /// made unless they may carry a byte that is not UTF-8 (`PathBytes.escapeLeadByte`).
    public static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard !utf8.contains(PathBytes.escapeLeadByte) else { return appendQuoted(String(decoding: utf8, as: UTF8.self), to: &out) }
        appendQuoted(escapedUTF8: utf8, to: &out)
    }

    /// The literal of text whose non-UTF-8 bytes are escaped already. C1 controls
    /// (U+0080–U+009F, bytes 0xC2 0x80–0x9F) are escaped too, as `\u009b`: RFC 8259 allows them
    /// raw, but JSON Lines are read on terminals (`search --json | less -R`, a log), and some
    /// terminals act on U+009B as `CSI` (`TerminalText`).
    private static func appendQuoted(escapedUTF8 utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        var start = 0
        var index = cleanPrefix(utf8)
        while index < utf8.count {
            let byte = utf8[index]
            guard byte == 0x22 || byte == 0x5c || byte < 0x20 || byte == 0x7f || byte == 0xc2 else {
                index += 1
                continue
            }
            if byte == 0xc2 {
                guard index + 1 < utf8.count, utf8[index + 1] & 0xe0 == 0x80 else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(utf8[index + 1], to: &out)
                index += 2
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(byte, to: &out)
                index += 1
            }
            start = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        out.append(0x22)
    }

    /// How many leading bytes of `utf8`, 16 at a time, need no escape: none is `"`, `\\`, a
    /// control byte or 0xC2 (the lead byte of every C1). Most values need none, and 16 bytes
    /// are looked at in a few instructions (`TerminalText.controlMarks`).
    private static func cleanPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 16 <= utf8.count {
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let marks = TerminalText.controlMarks(chunk) | TerminalText.equalMarks(chunk, 0x22) | TerminalText.equalMarks(chunk, 0x5C)
            if TerminalText.any(marks) { break }
            index += 16
        }
        return index
    }

    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x22: out += [0x5c, 0x22]
        case 0x5c: out += [0x5c, 0x5c]
        case 0x0a: out += [0x5c, 0x6e]
        case 0x0d: out += [0x5c, 0x72]
        case 0x09: out += [0x5c, 0x74]
        default:
            let hex = Array("0123456789abcdef".utf8)
            out += [0x5c, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xf)]]
        }
    }
}

extension MediaItem {
    /// The item as one JSON object (spec/json.md): every known field, unknown ones omitted.
    public var jsonLine: String {
        var writer = JSONObjectWriter()
        for field in Field.allCases {
            if let value = field.value(of: self) { writer.add(field.key, value) }
        }
        addIdentity(to: &writer)
        return writer.result
    }

    /// Appends the bytes of `jsonLine` to `out`, without the String and the writer between:
    /// `search --json` of 100,000 items spent a third of its time on them. Keys are escaped
    /// once for all items, numbers written digit by digit.
    public func appendJSON(to out: inout [UInt8]) {
        guard sources.count <= 1, aliases.isEmpty else { return out.append(contentsOf: jsonLine.utf8) }
        out.append(0x7b)
        var first = true
        for (index, field) in Field.allCases.enumerated() {
            guard let value = field.value(of: self) else { continue }
            MediaItem.appendJSONKey(ofField: index, first: first, to: &out)
            first = false
            switch value {
            case .text(let string): JSONObjectWriter.appendQuoted(string, to: &out)
            case .integer(let int): MediaItem.appendDigits(int, to: &out)
            case .bool(let bool): MediaItem.appendJSON(bool, to: &out)
            case .timestamp(let time): MediaItem.appendJSON(time, to: &out)
            }
        }
        out.append(0x7d)
    }

    /// `"key":` of field number `index` of `Field.allCases`, after a comma unless it is the
    /// object's first: for a writer of `appendJSON`'s bytes from values it reads itself (the
    /// columns of a row, `RowJSONPlan`).
    @inline(__always)
    public static func appendJSONKey(ofField index: Int, first: Bool, to out: inout [UInt8]) {
        if !first { out.append(0x2c) }
        out.append(contentsOf: jsonKeys[index])
    }

    /// A boolean as `appendJSON` writes it.
    @inline(__always)
    public static func appendJSON(_ value: Bool, to out: inout [UInt8]) {
        out.append(contentsOf: value ? jsonTrue : jsonFalse)
    }

    /// A time as `appendJSON` writes it: RFC 3339, quoted.
    public static func appendJSON(_ time: Timestamp, to out: inout [UInt8]) {
        out.append(0x22)
        time.appendRFC3339(to: &out)
        out.append(0x22)
    }

    /// Each field's `"key":`, in `Field.allCases` order.
    private static let jsonKeys: [[UInt8]] = Field.allCases.map { Array((JSONObjectWriter.quoted($0.key) + ":").utf8) }
    /// The two boolean literals' bytes.
    private static let jsonTrue = Array("true".utf8), jsonFalse = Array("false".utf8)

    /// `String(value)`'s bytes, without the String: laid out from the end of a buffer on the
    /// stack and appended at once.
    public static func appendDigits(_ value: Int64, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value.magnitude, start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
            } while rest > 0
            if value < 0 {
                start -= 1
                buffer[start] = 0x2d
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `sources` and `aliases` (spec/json.md), written only for an item known by several.
    func addIdentity(to writer: inout JSONObjectWriter) {
        if sources.count > 1 { writer.add("sources", strings: sources) }
        if !aliases.isEmpty { writer.add("aliases", strings: aliases.map(\.rawValue)) }
    }
}
