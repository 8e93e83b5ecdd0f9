import MixtapeCore

/// Where a foobar2000 playlist entry points. foobar2000 names a local file `file://` followed by
/// its native path, not by a URL: `file://M:\Music\Artist\01 Song.flac`, spaces and `%` as they
/// are, nothing percent-encoded. So the path is taken as written after the prefix, `\` read as
/// `/`, the drive letter kept (`M:/Music/Artist/01 Song.flac`), and a UNC share
/// (`file://\\server\share\…`) becomes `//server/share/…`; it then resolves and relocates as
/// any playlist file's entry does (sources.md, "Playlist files" and "Where the files are now").
///
/// A portable foobar2000 (2.25 and later) names a file on its own drive
/// `file-relative://Music\…`, relative to the program's folder, which is the one above the
/// profile folder that holds `playlists-v2.0`. Any other scheme (`http://`, `cdda://`,
/// `unpack://`…) is a stream or a file inside something, kept as a URL: it never names an item
/// and stays in its place as a missing entry.
public enum Foobar2000Location {
    /// The target of `location`; `programFolder` is what `file-relative://` paths (and a path
    /// with no scheme that is not absolute) are relative to.
    public static func target(_ location: String, programFolder: String) -> PlaylistEntryTarget {
        if let rest = after("file://", in: location) { return native(rest, programFolder: programFolder) }
        if let rest = after("file-relative://", in: location) {
            return relative(rest, programFolder: programFolder)
        }
        if LocationEncoder.hasScheme(location) { return .url(location) }
        return native(location[...], programFolder: programFolder)
    }

    /// The folder `file-relative://` paths are relative to: the one above the profile folder,
    /// which is the one that holds the playlists folder.
    public static func programFolder(ofPlaylistsFolder folder: String) -> String {
        FolderPath.parent(of: FolderPath.parent(of: folder))
    }

    /// `location` without `prefix` (ASCII case ignored), or nil when it does not start so.
    private static func after(_ prefix: String, in location: String) -> Substring? {
        let count = prefix.utf8.count
        guard location.utf8.count >= count,
              location.utf8.prefix(count).elementsEqual(prefix.utf8, by: { $0 | 0x20 == $1 | 0x20 })
        else { return nil }
        return location.dropFirst(prefix.count)
    }

    /// A native path: a drive path, a UNC share, a POSIX path (foobar2000 for Mac), or a path
    /// relative to the program's folder.
    private static func native(_ path: Substring, programFolder: String) -> PlaylistEntryTarget {
        let slashed = String(path.map { $0 == "\\" ? "/" : $0 })
        if slashed.hasPrefix("/") {
            // `file:///C:/…`, the URL spelling of a drive path, loses the slash before the drive.
            let rest = String(slashed.dropFirst())
            if !slashed.hasPrefix("//"), PlaylistEntryTarget.hasDriveLetter(rest) {
                return .path(PlaylistEntryTarget.normalised(rest))
            }
            return .path(PlaylistEntryTarget.normalised(slashed))
        }
        if PlaylistEntryTarget.hasDriveLetter(slashed) { return .path(PlaylistEntryTarget.normalised(slashed)) }
        return relative(path, programFolder: programFolder)
    }

    private static func relative(_ path: Substring, programFolder: String) -> PlaylistEntryTarget {
        let slashed = String(path.map { $0 == "\\" ? "/" : $0 })
        return .path(PlaylistEntryTarget.normalised(FolderPath.join(programFolder, slashed)))
    }
}
