import MixtapeCore

/// What walking a folder found: the media files (each with its sidecars), and what was left
/// out and why. A value, so the index use case can diff it against the store without the
/// walker knowing the store exists.
public struct FolderScan: Sendable {
    /// Sorted by path, so runs and machines agree on the order items are written.
    public var files: [MediaFile]
    /// Sidecars with no media file beside them (counted, not items).
    public var skippedSidecars: Int
    /// Unreadable directories, symlinks out of the root, symlink loops, ...; each positioned at
    /// the path concerned (line and column 0).
    public var warnings: [IndexWarning]

    public init(files: [MediaFile] = [], skippedSidecars: Int = 0, warnings: [IndexWarning] = []) {
        self.files = files
        self.skippedSidecars = skippedSidecars
        self.warnings = warnings
    }
}
