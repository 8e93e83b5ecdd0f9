/// A forward-only scanner over XML text for the playlist readers: finds elements and tags by
/// name, keeping count of lines for warnings. Not a parser: it neither validates nor loads
/// anything, which is what makes it safe on hostile input (no DTD, no entity expansion).
struct XMLScanner {
    private let text: Substring.UTF8View
    private var position: Substring.UTF8View.Index
    private var line = 1

    init(_ text: some StringProtocol) {
        self.text = Substring(text).utf8
        position = self.text.startIndex
    }

    /// Moves forward to `index` (never back).
    mutating func move(to index: String.UTF8View.Index) {
        while position < index && position < text.endIndex { advance() }
    }

    private mutating func advance() {
        if text[position] == 0x0a { line += 1 }
        position = text.index(after: position)
    }

    /// Moves to the next `<name` followed by `>`, `/` or a space; returns the tag's text up to
    /// and including `>` and its line, or nil at the end.
    mutating func openTag(_ name: String) -> (text: Substring, line: Int)? {
        let wanted = Array(("<" + name).utf8)
        while position < text.endIndex {
            if text[position] == 0x3c, matches(wanted, at: position) {
                let after = text.index(position, offsetBy: wanted.count)
                if after < text.endIndex, [0x3e, 0x2f, 0x20, 0x09, 0x0a, 0x0d].contains(text[after]) {
                    let start = position, startLine = line
                    while position < text.endIndex, text[position] != 0x3e { advance() }
                    if position < text.endIndex { advance() }
                    return (Substring(text[start..<position]), startLine)
                }
            }
            advance()
        }
        return nil
    }

    /// The next `<name …>…</name>` block: its inner text and the line it starts on.
    mutating func block(_ name: String) -> (text: Substring, line: Int)? {
        guard let open = openTag(name) else { return nil }
        if open.text.hasSuffix("/>") { return (Substring(""), open.line) }
        let close = Array(("</" + name).utf8)
        let start = position
        while position < text.endIndex, !(text[position] == 0x3c && matches(close, at: position)) { advance() }
        let inner = Substring(text[start..<position])
        while position < text.endIndex, text[position] != 0x3e { advance() }
        if position < text.endIndex { advance() }
        return (inner, open.line)
    }

    /// The inner text of the next `<name>` element (before `limit`, when given).
    mutating func element(_ name: String, before limit: String.UTF8View.Index? = nil) -> Substring? {
        let saved = (position, line)
        guard let found = block(name), limit.map({ position <= $0 }) ?? true else {
            (position, line) = saved
            return nil
        }
        return found.text
    }

    private func matches(_ bytes: [UInt8], at index: Substring.UTF8View.Index) -> Bool {
        var current = index
        for byte in bytes {
            guard current < text.endIndex, text[current] == byte else { return false }
            current = text.index(after: current)
        }
        return true
    }

    /// A scanner over a playlist's `text` placed where its entries start (at `marker`, such as
    /// `<trackList`), and the playlist named by the `<title>` before that point, if any.
    static func titled(_ text: String, entriesFrom marker: String,
                       undefined: (Substring) -> Void = { _ in }) -> (XMLScanner, PlaylistFileContent) {
        var content = PlaylistFileContent()
        var scanner = XMLScanner(text)
        let start = text.utf8.firstRange(of: marker.utf8)?.lowerBound ?? text.utf8.endIndex
        if let title = scanner.element("title", before: start) {
            let name = XMLScanner.content(title, undefined: undefined).trimmingXMLSpace
            if !name.isEmpty { content.name = String(name) }
        }
        scanner.move(to: start)
        return (scanner, content)
    }

    /// Element content as text: a CDATA section as written, anything else with its entity and
    /// character references decoded.
    static func content(_ raw: Substring, undefined: (Substring) -> Void = { _ in }) -> Substring {
        let trimmed = raw.trimmingXMLSpace
        if trimmed.hasPrefix("<![CDATA["), trimmed.hasSuffix("]]>") { return trimmed.dropFirst(9).dropLast(3) }
        return Substring(XMLText.unescaped(raw, undefined: undefined))
    }

    /// Warnings for entity references no XML playlist defines (`&foo;`; only the five of XML
    /// and character references are), each at its line and column (1-based, in scalars) of
    /// `text`, of which every reference is a slice: kept as written, as before, but said, so a
    /// path that names no file because of one is explained. One pass over the text for all.
    static func undefinedReferences(_ references: [Substring], in text: String) -> [PlaylistFileProblem] {
        var problems: [PlaylistFileProblem] = []
        var line = 1, column = 1
        var scalars = text.unicodeScalars.makeIterator()
        var index = text.unicodeScalars.startIndex
        for reference in references.sorted(by: { $0.startIndex < $1.startIndex }) {
            while index < reference.startIndex, let scalar = scalars.next() {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                index = text.unicodeScalars.index(after: index)
            }
            problems.append(PlaylistFileProblem(line: line, column: column, message:
                "undefined entity \(reference) (XML defines only &amp; &lt; &gt; &quot; &apos; and &#…;); kept as written"))
        }
        return problems
    }

    /// The raw (still escaped) value of attribute `name` in a tag's text.
    static func attribute(_ name: String, in tag: Substring) -> Substring? {
        var rest = tag
        while let range = rest.firstRange(of: name) {
            let before = rest[..<range.lowerBound].last
            var after = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            if before == " " || before == "\t" || before == "\n" || before == "\r" || before == "\r\n", after.first == "=" {
                after = after.dropFirst().drop { $0 == " " || $0 == "\t" }
                guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
                let value = after.dropFirst()
                return value.firstIndex(of: quote).map { value[..<$0] }
            }
            rest = rest[range.upperBound...]
        }
        return nil
    }
}
