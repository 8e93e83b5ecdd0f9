/// Query-line editing for the picker: insertion, deletion, kill and yank, and text-cursor
/// movement, with the cursor counted in Characters so that combining and wide characters move
/// as one. Each action does what fzf 0.38 does (its `terminal.go`), word boundaries included.
extension PickerState {
    /// Types `text` at the text cursor (a key press or a paste made one line).
    mutating func insert(_ text: [Character]) {
        var characters = Array(query)
        let cursor = min(max(queryCursor, 0), characters.count)
        characters.insert(contentsOf: text, at: cursor)
        query = String(characters)
        queryCursor = cursor + text.count
    }

    /// Applies `action` if it edits the query or moves the text cursor; false for others.
    /// delete-char/eof deletes like delete-char; cancelling on an empty query is the
    /// reducer's part.
    mutating func editQuery(_ action: PickerAction) -> Bool {
        var text = Array(query)
        var cursor = min(max(queryCursor, 0), text.count)
        switch action {
        case .backwardDeleteChar:
            guard cursor > 0 else { break }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .deleteChar, .deleteCharEOF:
            if cursor < text.count { text.remove(at: cursor) }
        case .unixLineDiscard:
            kill(&text, cursor: &cursor, from: 0, to: cursor)
        case .unixWordRubout:
            kill(&text, cursor: &cursor, from: Self.wordStart(in: text, before: cursor), to: cursor)
        case .backwardKillWord:
            kill(&text, cursor: &cursor, from: Self.alphanumericWordStart(in: text, before: cursor), to: cursor)
        case .killWord:
            kill(&text, cursor: &cursor, from: cursor, to: Self.alphanumericWordEnd(in: text, after: cursor))
        case .yank:
            text.insert(contentsOf: yanked, at: cursor)
            cursor += yanked.count
        case .clearQuery:
            text = []
            cursor = 0
        case .beginningOfLine: cursor = 0
        case .endOfLine: cursor = text.count
        case .backwardChar: cursor = max(0, cursor - 1)
        case .forwardChar: cursor = min(text.count, cursor + 1)
        case .backwardWord: cursor = Self.alphanumericWordStart(in: text, before: cursor)
        case .forwardWord: cursor = Self.alphanumericWordEnd(in: text, after: cursor)
        default: return false
        }
        query = String(text)
        queryCursor = cursor
        return true
    }

    /// Cuts `start..<end` out of the query into `yanked` (fzf keeps only the last cut, and an
    /// empty cut leaves it as it was).
    private mutating func kill(_ text: inout [Character], cursor: inout Int, from start: Int, to end: Int) {
        guard start < end else { return }
        yanked = String(text[start..<end])
        text.removeSubrange(start..<end)
        cursor = start
    }

    /// Where unix-word-rubout (Ctrl-W) starts deleting: skip the whitespace before the
    /// cursor, then the non-whitespace before that (fzf: after the last `\s\S`).
    static func wordStart(in text: [Character], before cursor: Int) -> Int {
        var start = cursor
        while start > 0, text[start - 1].isWhitespace { start -= 1 }
        while start > 0, !text[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where backward-word (Alt-B) lands and backward-kill-word (Alt-Backspace) starts: the
    /// start of the word before the cursor, words being runs of letters and digits (fzf: after
    /// the last `[^\pL\pN][\pL\pN]` before the cursor, else 0).
    static func alphanumericWordStart(in text: [Character], before cursor: Int) -> Int {
        var index = cursor - 1
        while index > 0 {
            if !isWordCharacter(text[index - 1]), isWordCharacter(text[index]) { return index }
            index -= 1
        }
        return 0
    }

    /// Where forward-word (Alt-F) lands and kill-word (Alt-D) stops: just after the end of the
    /// next word (fzf: after the first `[\pL\pN][^\pL\pN]` from the cursor, else the end).
    static func alphanumericWordEnd(in text: [Character], after cursor: Int) -> Int {
        guard cursor < text.count else { return text.count }
        var index = cursor
        while index + 1 < text.count {
            if isWordCharacter(text[index]), !isWordCharacter(text[index + 1]) { return index + 1 }
            index += 1
        }
        return text.count
    }

    /// A letter or a digit (fzf's `\pL\pN`), judged by the first scalar of the Character.
    static func isWordCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
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
