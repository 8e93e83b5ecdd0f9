/// Query-line editing for the picker: insertion, deletion and text-cursor movement, with the
/// cursor counted in Characters so that combining and wide characters move as one.
extension PickerState {
    /// Applies `key` if it edits the query or moves the text cursor; false for other keys.
    mutating func editQuery(_ key: Key) -> Bool {
        var text = Array(query)
        var cursor = min(max(queryCursor, 0), text.count)
        switch key {
        case .character(let character):
            text.insert(character, at: cursor)
            cursor += 1
        case .paste(let pasted):
            let clean = Self.singleLine(pasted)
            text.insert(contentsOf: clean, at: cursor)
            cursor += clean.count
        case .backspace:
            guard cursor > 0 else { break }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < text.count { text.remove(at: cursor) }
        case .ctrl("u"):
            text.removeSubrange(0..<cursor)
            cursor = 0
        case .ctrl("w"):
            let start = Self.wordStart(in: text, before: cursor)
            text.removeSubrange(start..<cursor)
            cursor = start
        case .ctrl("a"): cursor = 0
        case .ctrl("e"): cursor = text.count
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        default: return false
        }
        query = String(text)
        queryCursor = cursor
        return true
    }

    /// Where Ctrl-W starts deleting (fzf's unix-word-rubout): skip the whitespace before the
    /// cursor, then the non-whitespace before that.
    static func wordStart(in text: [Character], before cursor: Int) -> Int {
        var start = cursor
        while start > 0, text[start - 1].isWhitespace { start -= 1 }
        while start > 0, !text[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Pasted text made fit for a one-line query: line breaks and tabs become spaces, other
    /// control characters are dropped.
    static func singleLine(_ pasted: String) -> [Character] {
        pasted.compactMap { character -> Character? in
            if character.isNewline || character == "\t" { return " " }
            let isControl = character.unicodeScalars.allSatisfy {
                $0.properties.generalCategory == .control
            }
            return isControl ? nil : character
        }
    }
}
