/// Where a playlist file's entry points, before any item is looked up (sources.md, "Playlist
/// files": the first three rules): a `file:` URL decoded as an iTunes Location is; `\` read as
/// `/` with a drive letter kept (playlists written on Windows); a relative path taken against
/// the playlist's own folder, with `.` and `..` resolved. Another URL (a stream) stays a URL.
public enum PlaylistEntryTarget: Hashable, Sendable {
    case path(String)
    case url(String)

    /// The target of `location`, written in a playlist file that lives in `folder` (absolute).
    public init(location: String, playlistFolder folder: String) {
        if location.utf8.count >= 5, location.prefix(5).lowercased() == "file:" {
            self = .path(LocationDecoder.decode(location, keepingBytes: true))
            return
        }
        if LocationEncoder.hasScheme(location) {
            self = .url(location)
            return
        }
        let slashed = location.contains("\\") ? String(location.map { $0 == "\\" ? "/" : $0 }) : location
        if slashed.hasPrefix("/") || PlaylistEntryTarget.hasDriveLetter(slashed) {
            self = .path(PlaylistEntryTarget.normalised(slashed))
        } else {
            self = .path(PlaylistEntryTarget.normalised(FolderPath.join(folder, slashed)))
        }
    }

    /// The path or URL as text.
    public var text: String {
        switch self {
        case .path(let path), .url(let path): path
        }
    }

    /// `C:/…` (or `c:` alone): a Windows drive path, absolute on its own.
    public static func hasDriveLetter(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(3))
        guard bytes.count >= 2, bytes[1] == UInt8(ascii: ":") else { return false }
        let letter = bytes[0] | 0x20
        return letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") && (bytes.count == 2 || bytes[2] == UInt8(ascii: "/"))
    }

    /// `a/./b/../c` → `a/c`, keeping the root (`/`, `C:`, `//server`); `..` above the root is
    /// dropped, as the file system does.
    public static func normalised(_ path: String) -> String {
        guard path.contains("/.") || path.contains("//") else { return path }
        let isUNC = path.hasPrefix("//")
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        var root: [Substring] = []
        for (index, part) in path.split(separator: "/", omittingEmptySubsequences: true).enumerated() {
            if index == 0, hasDriveLetter(String(part) + "/") || isUNC { root.append(part); continue }
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let body = (root + parts).joined(separator: "/")
        return isUNC ? "//" + body : (absolute ? "/" + body : body)
    }
}
