import MixtapeCore

/// What the read of a source with no items of its own yields (foobar2000's playlists): the
/// playlist files it keeps, each one record that is resolved to items of any source as a
/// playlist file named on its own is (sources.md, "Playlist files").
public struct PlaylistFilesRead: Sendable {
    /// One a playlist, in the application's order (`position` 0, 1, …), each with its `identity`.
    public var records: [PlaylistFileRecord]
    public var warnings: [IndexWarning]
    /// Which application and layout was read (`foobar2000 2.x`).
    public var applicationVersion: String
    /// A hash of every byte read (16 hex digits).
    public var contentFingerprint: String

    public init(records: [PlaylistFileRecord], warnings: [IndexWarning], applicationVersion: String, contentFingerprint: String) {
        self.records = records
        self.warnings = warnings
        self.applicationVersion = applicationVersion
        self.contentFingerprint = contentFingerprint
    }
}
