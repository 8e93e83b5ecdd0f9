/// Paths written into a command the user is told to run (`fix: mixtape index '…'`): quoted
/// for a POSIX shell so that copying the line works whatever the name holds.
public enum ShellWords {
    /// `text` as one shell word: unchanged when it holds only characters no shell treats
    /// specially, else in single quotes (a `'` inside written `'\''`).
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:=@%".unicodeScalars.contains(scalar))
        }
        if plain { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
