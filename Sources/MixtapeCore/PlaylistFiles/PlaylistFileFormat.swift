/// The playlist file formats a folder source or a named playlist source reads, each with its
/// reader: one row per format, so a new format is one case and one reader.
public enum PlaylistFileFormat: String, CaseIterable, Sendable {
    case m3u, m3u8, pls, xspf, wpl

    /// The format a file name's extension names (ASCII case ignored), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }

    /// Reads a file of this format. Never fails: what cannot be understood is a problem and
    /// the entries read so far are kept.
    public func read(_ bytes: [UInt8]) -> PlaylistFileContent {
        switch self {
        case .m3u, .m3u8: M3UReader.read(bytes, alwaysUTF8: self == .m3u8)
        case .pls: PLSReader.read(bytes)
        case .xspf: XSPFReader.read(bytes)
        case .wpl: WPLReader.read(bytes)
        }
    }
}
