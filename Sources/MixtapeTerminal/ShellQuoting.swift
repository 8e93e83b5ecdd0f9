/// Where a POSIX shell (`sh -c`) stands in a command line read so far: outside quotes, inside
/// single or double quotes, or just after a backslash. Enough for `PickerCommandTemplate` to
/// write each placeholder's variable reference so that it is one word where it stands; it is
/// not a shell parser (no `$(…)` nesting, no here-documents), and it needs none for safety:
/// the values are never in the text, whatever it gets wrong.
struct ShellQuoting {
    /// The open quote (`'` or `"`), nil outside quotes.
    private(set) var quote: Character?
    /// Whether the last character read was an unescaped backslash (outside single quotes).
    private(set) var escaping = false

    /// Reads `text`, changing state at each quote and backslash.
    mutating func read(_ text: Substring) {
        for character in text {
            if escaping {
                escaping = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"): escaping = true
            case (nil, "'"), (nil, "\""): quote = character
            case ("'", "'"), ("\"", "\""): quote = nil
            default: break
            }
        }
    }
}
