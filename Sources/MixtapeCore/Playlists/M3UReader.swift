/// Reads the entries of an M3U / M3U8 playlist, for round-trip tests and later import.
public enum M3UReader {
    /// The paths (or URLs) in order, repeats kept: every non-empty line that does not start with
    /// `#` (comments and `#EXT…` directives). Accepts a BOM and LF, CRLF or CR line ends.
    public static func paths(_ bytes: [UInt8]) -> [String] {
        PlaylistFileText.lines(bytes).filter { $0.utf8.first != 0x23 }.map(String.init)
    }
}
