/// Finds an XML document's root element in its first bytes without parsing it: past a BOM,
/// the XML declaration, comments, processing instructions and a DOCTYPE (with its internal
/// subset), to the first start tag. Nothing is expanded or loaded: a hostile DOCTYPE is only
/// skipped over, quote by quote. UTF-16 (with or without a BOM) is read through its ASCII
/// subset, which is all markup names need.
///
/// For a `<dict>` root it also tells whether the dict holds a `Tracks` key at its top level,
/// which is what makes a bare-dict plist an iTunes export.
enum XMLRootSkim {
    enum Outcome: Equatable, Sendable {
        /// The bytes do not start like an XML document.
        case notXML
        /// Still in the prolog when the bytes ran out.
        case incomplete
        /// `hasTracksKey` is nil unless the root is `dict`, and nil too when the head ended
        /// before the dict did and no `Tracks` key was seen.
        case root(String, hasTracksKey: Bool?)
    }

    static func skim(_ raw: [UInt8]) -> Outcome {
        var text = Cursor(asciiView(of: raw))
        var sawMarkup = false
        while true {
            text.skipWhitespace()
            guard !text.atEnd else { return sawMarkup ? .incomplete : .notXML }
            guard text.peek(0) == UInt8(ascii: "<") else { return .notXML }
            if text.starts(with: "<?") {
                guard text.skip(past: "?>") else { return .incomplete }
            } else if text.starts(with: "<!--") {
                guard text.skip(past: "-->") else { return .incomplete }
            } else if text.starts(with: "<!DOCTYPE") {
                guard text.skipDoctype() else { return .incomplete }
            } else if let name = text.startTagName() {
                let tracks = name == "dict" ? text.topLevelTracksKey() : nil
                return .root(name, hasTracksKey: tracks)
            } else {
                return .notXML
            }
            sawMarkup = true
        }
    }

    /// UTF-8 as it is (minus a BOM); UTF-16 LE/BE reduced to one byte per code unit, with
    /// non-ASCII units as 0x80 (never markup).
    static func asciiView(of raw: [UInt8]) -> [UInt8] {
        if raw.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(raw.dropFirst(3)) }
        var littleEndian: Bool?
        var start = 0
        if raw.starts(with: [0xFF, 0xFE]) { littleEndian = true; start = 2 }
        else if raw.starts(with: [0xFE, 0xFF]) { littleEndian = false; start = 2 }
        else if raw.count >= 2, raw[0] == 0x3C, raw[1] == 0 { littleEndian = true }
        else if raw.count >= 2, raw[0] == 0, raw[1] == 0x3C { littleEndian = false }
        guard let littleEndian else { return raw }
        var view: [UInt8] = []
        view.reserveCapacity(raw.count / 2)
        var index = start
        while index + 1 < raw.count {
            let (low, high) = littleEndian ? (raw[index], raw[index + 1]) : (raw[index + 1], raw[index])
            view.append(high == 0 && low < 0x80 ? low : 0x80)
            index += 2
        }
        return view
    }

    /// A read position in the ASCII view.
    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        func peek(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        func starts(with text: String) -> Bool {
            let pattern = Array(text.utf8)
            guard index + pattern.count <= bytes.count else { return false }
            return bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }

        mutating func skipWhitespace() {
            while let byte = peek(0), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// Moves past the next `terminator`; false when it never comes.
        mutating func skip(past terminator: String) -> Bool {
            while !atEnd {
                if starts(with: terminator) {
                    index += terminator.utf8.count
                    return true
                }
                index += 1
            }
            return false
        }

        /// Moves past `<!DOCTYPE ... [ internal subset ] >`, stepping over quoted literals and
        /// comments so that a `>` or `]` inside them does not end it early.
        mutating func skipDoctype() -> Bool {
            var inSubset = false
            while let byte = peek(0) {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    index += 1
                    guard skip(past: String(UnicodeScalar(byte))) else { return false }
                    continue
                }
                if starts(with: "<!--") {
                    guard skip(past: "-->") else { return false }
                    continue
                }
                index += 1
                if byte == UInt8(ascii: "[") { inSubset = true }
                else if byte == UInt8(ascii: "]") { inSubset = false }
                else if byte == UInt8(ascii: ">"), !inSubset { return true }
            }
            return false
        }

        /// At `<name`, reads the name and moves past the tag; nil when this is not a start tag.
        mutating func startTagName() -> String? {
            var end = index + 1
            while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
            guard end > index + 1, bytes[index + 1] != UInt8(ascii: "/"), bytes[index + 1] != UInt8(ascii: "!") else {
                return nil
            }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end
            return name
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/")
        }

        /// Inside the root `<dict`: whether a `<key>Tracks</key>` sits at its top level. Counts
        /// open and closed elements; nil when the bytes end first without one.
        mutating func topLevelTracksKey() -> Bool? {
            guard skip(past: ">") else { return nil }
            if index >= 2, bytes[index - 2] == UInt8(ascii: "/") { return false }  // <dict/>
            var depth = 1
            while depth > 0 {
                guard skip(past: "<") else { return nil }
                index -= 1
                if starts(with: "<!--") {
                    guard skip(past: "-->") else { return nil }
                } else if starts(with: "<![CDATA[") {
                    guard skip(past: "]]>") else { return nil }
                } else if starts(with: "</") {
                    depth -= 1
                    guard skip(past: ">") else { return nil }
                } else if depth == 1, starts(with: "<key>") {
                    index += 5
                    let start = index
                    guard skip(past: "</key>") else { return nil }
                    if bytes[start..<(index - 6)].elementsEqual("Tracks".utf8) { return true }
                } else {
                    guard skip(past: ">") else { return nil }
                    if bytes[index - 2] != UInt8(ascii: "/") { depth += 1 }
                }
            }
            return false
        }
    }
}
