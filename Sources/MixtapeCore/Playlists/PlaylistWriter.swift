/// A playlist format's writer: values in, bytes out. Writers are pure (no files, no clock), so
/// the same entries always give the same bytes and tests can compare them exactly.
public protocol PlaylistWriter {
    /// The whole file for a playlist called `name`. Entries the format cannot represent are left
    /// out and reported in `skipped`, never written half-way.
    static func write(name: String, entries: [PlaylistEntry]) -> PlaylistWriteResult
}

/// A written playlist and the entries that could not be part of it.
public struct PlaylistWriteResult: Hashable, Sendable {
    /// The file's contents (UTF-8, no BOM).
    public var bytes: [UInt8]
    /// Indices into the entries of those left out: an empty path, or a path the format cannot
    /// hold (a line break in a line-based format; an XML-illegal character in a raw URL).
    /// The caller warns about them, as it does for missing files.
    public var skipped: [Int]

    public init(bytes: [UInt8], skipped: [Int] = []) {
        self.bytes = bytes
        self.skipped = skipped
    }

    /// The contents as text (for tests and stdout).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
