import MixtapeCore


/// Reads one playlist file from disk into the record the index keeps: its name, the folders
/// from the source root down to it, and each entry's target (`PlaylistEntryTarget`: URLs
/// decoded, `\` as `/`, relative paths made absolute against the playlist's own folder).
/// Never fails: an unreadable or odd file is a warning with `file:line` (sources.md), and
/// what could be read is kept.
public enum PlaylistFileLoader {
    /// 32 MiB: a playlist of 100,000 long paths; anything larger is a mistake or hostile.
    static let limit = 32 << 20

    /// The record for the playlist file at `path` (found under `root`, or the source itself
    /// when `root` is nil), with `stamp` as the walk saw it; nil only when its bytes could not
    /// be read at all (the warning says why).
    public static func load(path: String, stamp: Int64, format: PlaylistFileFormat, root: String?)
        -> (record: PlaylistFileRecord?, warnings: [IndexWarning]) {
        let bytes: [UInt8]
        switch SidecarBytes.read(path: path, limit: limit, what: "playlist file") {
        case .success(let read): bytes = read
        case .failure(let failure):
            return (nil, [failure.warning])
        }
        let content = format.read(bytes)
        let folder = FolderPath.parent(of: path)
        let warnings = content.problems.map {
            IndexWarning(position: SourcePosition(file: path, line: $0.line, column: $0.column), message: $0.message)
        }
        let entries = content.entries.map { entry in
            PlaylistFileRecord.Entry(target: PlaylistEntryTarget(location: entry.location, playlistFolder: folder),
                                     artist: entry.artist, title: entry.title, durationMs: entry.durationMs)
        }
        let record = PlaylistFileRecord(path: path, stamp: stamp, name: content.name ?? FolderSidecarMatcher.stem(of: FolderPath.name(of: path)),
                                        folders: root.map { folders(of: folder, below: $0) } ?? [], entries: entries)
        return (record, warnings)
    }

    /// The folder names from `root` down to `folder` (empty when they are the same).
    static func folders(of folder: String, below root: String) -> [String] {
        guard FolderPath.isInside(folder, root) else { return [] }
        let rest = folder.utf8.dropFirst(root == "/" ? 1 : root.utf8.count + 1)
        return String(decoding: rest, as: UTF8.self).split(separator: "/").map(String.init)
    }
}
