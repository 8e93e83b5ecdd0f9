/// Builds one JSON object as UTF-8 text, keys in the order they are added.
///
/// Hand-written rather than `JSONEncoder` because `search --json` prints 100,000 objects and
/// key order matters to people reading them; escaping follows RFC 8259 (quotes, backslash and
/// control characters; everything else is written as UTF-8).
public struct JSONObjectWriter: Sendable {
    public private(set) var text = "{"
    private var first = true

    public init() {}

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
        add(key, raw: JSONObjectWriter.quoted(string))
    }

    public mutating func add(_ key: String, int: Int64?) {
        add(key, raw: int.map { String($0) } ?? "null")
    }

    public mutating func add(_ key: String, bool: Bool) {
        add(key, raw: bool ? "true" : "false")
    }

    public mutating func add(_ key: String, strings: [String]) {
        add(key, raw: "[" + strings.map(JSONObjectWriter.quoted).joined(separator: ",") + "]")
    }

    /// Adds an already-encoded JSON value.
    public mutating func add(_ key: String, raw: String) {
        if !first { text += "," }
        first = false
        text += JSONObjectWriter.quoted(key)
        text += ":"
        text += raw
    }

    /// The finished object.
    public var result: String { text + "}" }

    /// A JSON string literal.
    public static func quoted(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }
}

extension MediaItem {
    /// The item as one JSON object (spec/json.md): every known field, unknown ones omitted.
    public var jsonLine: String {
        var writer = JSONObjectWriter()
        for field in Field.allCases {
            if let value = field.value(of: self) { writer.add(field.key, value) }
        }
        return writer.result
    }
}
