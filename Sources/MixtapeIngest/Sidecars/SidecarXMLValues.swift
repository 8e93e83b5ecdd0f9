/// The text-to-value rules the XMP and `.nfo` readers share: numbers written as "3/12", years
/// inside dates, ratings on a 0–10 or 0–5 scale, durations in seconds, minutes or timecode.
/// Each returns nil for text it cannot read, so a reader can skip a field without failing.
enum SidecarXMLValues {
    /// `text` without leading and trailing whitespace.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    /// Non-blank texts joined with ", " in order, each once: how several `<genre>`s or
    /// `dc:creator` entries become one field value.
    static func joined(_ texts: [String]) -> String? {
        var seen: Set<String> = []
        var kept: [String] = []
        for text in texts.map(trimmed) where !text.isEmpty && seen.insert(text).inserted {
            kept.append(text)
        }
        return kept.isEmpty ? nil : kept.joined(separator: ", ")
    }

    /// A non-negative whole number ("7", " 07 ").
    static func integer(_ text: String) -> Int64? {
        let digits = trimmed(text)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(digits)
    }

    /// A number and an optional count, as track and disc numbers are written: "3", "3/12",
    /// "3/". Nil for unreadable text; a count of 0 (unknown) is dropped.
    static func numberAndCount(_ text: String) -> (number: Int64, count: Int64?)? {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let number = parts.first.flatMap({ integer(String($0)) }) else { return nil }
        guard parts.count > 1, !trimmed(String(parts[1])).isEmpty else { return (number, nil) }
        guard let count = integer(String(parts[1])) else { return nil }
        return (number, count > 0 ? count : nil)
    }

    /// The year a date starts with: "1976", "1976-01-01", "2004-07-16T20:00:00Z". Zero (Kodi's
    /// "unknown") and text without a leading four-digit year give nil.
    static func year(_ text: String) -> Int64? {
        let value = trimmed(text)
        let head = value.prefix(4)
        guard head.count == 4, head.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if let next = value.dropFirst(4).first, next.isNumber { return nil }
        guard let year = Int64(head), year > 0 else { return nil }
        return year
    }

    /// A finite decimal number ("8.1", "9.000000", "-1", "8,1").
    static func decimal(_ text: String) -> Double? {
        let value = trimmed(text).replacing(",", with: ".")
        guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
              let number = Double(value), number.isFinite else { return nil }
        return number
    }

    /// A rating of `value` out of `scale` as Mixtape's 0–100. Zero and negative values mean
    /// "unrated" or "rejected" in both XMP and Kodi, so they give nil rather than a rating of 0
    /// that would hide an embedded rating.
    static func percent(_ value: Double, of scale: Double) -> Int64? {
        guard value > 0, scale > 0 else { return nil }
        return Int64((min(value, scale) / scale * 100).rounded())
    }

    /// Milliseconds from a plain duration text: seconds ("143", "143.5") or a clock time
    /// ("2:23", "0:02:23.500").
    static func durationMs(_ text: String) -> Int64? {
        let parts = trimmed(text).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard let value = isLast ? decimal(String(part)) : integer(String(part)).map(Double.init),
                  value >= 0 else { return nil }
            seconds = seconds * 60 + value
        }
        return milliseconds(seconds)
    }

    /// Milliseconds from a count of `scale` units, `scale` being a rational such as "1/1000"
    /// or "1/44100" (XMP's Time type). A missing scale means seconds.
    static func durationMs(value: String, scale: String?) -> Int64? {
        guard let count = decimal(value), count >= 0 else { return nil }
        guard let scale = scale.map(trimmed), !scale.isEmpty else { return milliseconds(count) }
        let parts = scale.split(separator: "/", maxSplits: 1)
        guard let numerator = parts.first.flatMap({ decimal(String($0)) }) else { return nil }
        let denominator = parts.count > 1 ? decimal(String(parts[1])) : 1
        guard let denominator, denominator > 0, numerator > 0 else { return nil }
        return milliseconds(count * numerator / denominator)
    }

    /// Whole milliseconds for a number of seconds; nil for a negative or absurd value.
    static func milliseconds(_ seconds: Double) -> Int64? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return nil }
        return Int64((seconds * 1000).rounded())
    }
}
