/// A JSON value the info.json reader kept. Only the top-level members it maps are built into
/// values, and only one level deep: an info.json's bulk (`formats`, `thumbnails`, `chapters`,
/// `automatic_captions`) is checked by the scanner and thrown away, never built.
enum JSONValue: Equatable, Sendable {
    case string(String)
    /// A number written without fraction or exponent that fits Int64.
    case integer(Int64)
    /// Any other number: with a fraction or exponent, beyond Int64, or Python's `NaN`,
    /// `Infinity` and `-Infinity` (possibly not finite).
    case real(Double)
    case bool(Bool)
    case null
    /// An array's elements; elements that are themselves containers are `.nested`.
    case array([JSONValue])
    /// An object, or an array inside an array: checked, not kept. No field reads one.
    case nested
}

extension JSONValue {
    /// The text of a string with surrounding white space trimmed, or nil for anything else
    /// and for blank text.
    var text: String? {
        guard case .string(let string) = self else { return nil }
        let trimmed = string.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
        return trimmed.isEmpty ? nil : String(trimmed.reversed())
    }

    /// The non-blank texts of a string or of an array's string elements (yt-dlp writes lists
    /// such as `artists` and `genres` where youtube-dl wrote one string).
    var texts: [String] {
        if case .array(let elements) = self { return elements.compactMap(\.text) }
        return text.map { [$0] } ?? []
    }

    /// A whole number: an integer, a real with no fraction inside Int64, or a string of ASCII
    /// digits (old extractors wrote numbers as strings). Nil for anything else.
    var wholeNumber: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value):
            guard value.isFinite, value == value.rounded(.towardZero),
                  value >= -9.2e18, value <= 9.2e18 else { return nil }
            return Int64(value)
        case .string:
            guard let text, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            else { return nil }
            return Int64(text)
        default: return nil
        }
    }
}
