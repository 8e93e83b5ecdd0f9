/// An export recorded with `export-playlist --save NAME`: everything needed to write the same
/// playlist again after the library changed (beets' smart playlists, without a plugin).
///
/// It keeps the query *text*, not a parsed query, so relative dates (`added:<30d`) are measured
/// from the moment of each run; and the mapping as it was when saved, so a later change of the
/// config file does not silently move an existing playlist's paths.
public struct SavedExport: Hashable, Sendable {
    /// Where the entries come from. The selection is not a source of its own: the query
    /// `selected:yes` exports it, and says so in the saved record.
    public enum Source: Hashable, Sendable {
        case query(String)
        /// A playlist name, folder path or id, as given to `--playlist`.
        case playlist(String)
    }

    public var name: String
    public var source: Source
    public var format: PlaylistFormat
    /// An absolute path: a saved export runs from cron and `watch`, in any working folder.
    public var output: String
    public var mapping: [PathMapping.Rule]
    public var missing: MissingFilePolicy
    /// Paths relative to the playlist's folder.
    public var relative: Bool
    /// Paths never written as `file://` URIs (`--plain-paths`).
    public var plainPaths: Bool

    public init(name: String, source: Source, format: PlaylistFormat, output: String,
                mapping: [PathMapping.Rule] = [], missing: MissingFilePolicy = .keep, relative: Bool = false,
                plainPaths: Bool = false) {
        self.name = name
        self.source = source
        self.format = format
        self.output = output
        self.mapping = mapping
        self.missing = missing
        self.relative = relative
        self.plainPaths = plainPaths
    }

    /// Why a name cannot name a saved export, or nil: names are typed in shells and listed one
    /// per line, so no control characters and no leading `-`.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a saved export needs a name" }
        if name.hasPrefix("-") { return "a saved export's name cannot start with -" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
            return "a saved export's name cannot contain control characters"
        }
        return nil
    }
}
