/// Counts as people read them in messages: digits grouped by thousands, and the noun in
/// agreement with the number, so no message says `1 files` or `2 entry`. One helper for
/// every command and use case, rather than a `count == 1 ? … : …` at each message.
extension Int {
    /// `12,345`: the number with a comma between thousands (the sign kept).
    public var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (self < 0 ? "-" : "") + out
    }

    /// `1 file`, `0 files`, `2,048 entries`: the grouped number and `singular` when it is
    /// exactly one, else `plural` (by default `singular` + "s"; give it for `entry`/`entries`).
    public func counted(_ singular: String, _ plural: String? = nil) -> String {
        grouped + " " + (self == 1 ? singular : plural ?? singular + "s")
    }
}

extension Int64 {
    /// `0 bytes`, `12 KB`, `3.4 MB`, `96 MB`, `2.1 GB`: a size as messages give it (1,024 to a
    /// kilobyte, as `df -h` counts).
    public var byteSize: String {
        if self < 1024 { return "\(self) bytes" }
        if self < 1_048_576 { return "\((self + 1023) / 1024) KB" }
        let (value, unit) = self < 1 << 30 ? (Double(self) / 1_048_576, "MB") : (Double(self) / 1_073_741_824, "GB")
        return value < 10 ? "\((value * 10).rounded() / 10) \(unit)" : "\(Int(value.rounded())) \(unit)"
    }
}
