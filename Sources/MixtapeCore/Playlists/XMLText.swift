/// XML 1.0 character data for the XML formats (XSPF, the iTunes plist): escaping on the way out,
/// entity decoding on the way back in.
enum XMLText {
    /// The text escaped for element content or an attribute: `& < > " '` as entities, CR as
    /// `&#13;` (a raw CR would be read back as LF), and every character XML 1.0 cannot hold
    /// (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) dropped, since no escape exists
    /// for them and one would make the whole file unreadable.
    static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case _ where !isLegal(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether any byte of `text` is one `escaped` changes: almost no metadata has one, and
    /// a plist of 10,000 tracks escapes some 100,000 strings.
    private static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { byte in
            switch byte {
            case 0x26, 0x3c, 0x3e, 0x22, 0x27, 0x0d: true  // & < > " ' CR
            case 0x09, 0x0a: false
            case 0..<0x20: true
            case 0xef: true  // may start U+FFFE or U+FFFF; the slow path decides
            default: false
            }
        }
    }

    /// Whether XML 1.0 can hold the scalar at all (surrogates cannot occur in a Swift String).
    static func isLegal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0a, 0x0d: true
        case 0..<0x20, 0xfffe, 0xffff: false
        default: true
        }
    }

    /// Character data with its entity and character references decoded: the five predefined
    /// entities and `&#…;` / `&#x…;`. An unknown or malformed reference is kept as written, and
    /// handed to `undefined` (a slice of `text`, so its place in the file can be told).
    /// Works on scalars, not `Character`s, so a combining mark after `;` cannot hide it.
    static func unescaped(_ text: Substring, undefined: (Substring) -> Void = { _ in }) -> String {
        let scalars = text.unicodeScalars
        var out = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let ampersand = index
            index = scalars.index(after: index)
            guard scalar == "&",
                  let end = scalars[index..<(scalars.index(index, offsetBy: 12, limitedBy: scalars.endIndex) ?? scalars.endIndex)]
                      .firstIndex(of: ";") else {
                out.append(scalar)
                continue
            }
            guard let decoded = reference(String(scalars[index..<end])) else {
                undefined(text[ampersand...end])
                out.append(scalar)
                continue
            }
            out.append(decoded)
            index = scalars.index(after: end)
        }
        return String(out)
    }

    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X"
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
