import MixtapeCore

/// Reads a Kodi-style `.nfo` sidecar (Kodi, Jellyfin, Emby, tinyMediaManager, MediaElch) into
/// the tags it gives a media file; the field table is on `NFOTagMapping`.
///
/// The root names what the file describes (`NFORoot`): `song`, `musicvideo`, `movie` and
/// `episodedetails` describe the media file beside them and make a media sidecar; `album`,
/// `artist` and `tvshow` describe a folder, so their album-level tags are returned but
/// `isMediaSidecar` is false; any other root (`season`) gives no tags.
///
/// Kodi's leniency is kept where real files need it: a UTF-8 byte-order mark, no XML
/// declaration, and text after the root element (a scraper URL) are all fine. Several root
/// elements in a row (Kodi's multi-episode files) give the first one and a warning, as does
/// MediaElch's `<episodes>` wrapper holding more than one episode.
public enum NFOSidecarReader {
    /// Reads the bytes of an `.nfo` file. Never throws: a malformed file gives a warning with
    /// `file:line:column` and the fields read before the error. `name` is the file's path.
    public static func read(bytes: [UInt8], name: String) -> SidecarReading {
        let document = SidecarXMLParser.parse(bytes: bytes, name: name)
        var warnings = document.root == nil && isURL(bytes) ? urlOnly(document.warnings) : document.warnings
        if let trailing = document.trailing, let element = trailing.elementName {
            warnings.append(IndexWarning(position: trailing.position, message:
                "another <\(element)> follows the root element (a multi-episode file?); only the first is read"))
        }
        guard var root = document.root else {
            return SidecarReading(tags: TagSet(), isMediaSidecar: false, warnings: warnings)
        }
        if root.name.lowercased() == "episodes" {
            let episodes = root.children(caseInsensitive: "episodedetails")
            if episodes.count > 1 {
                warnings.append(IndexWarning(position: episodes[1].position, message:
                    "<episodes> holds \(episodes.count) episodes; only the first is read"))
            }
            guard let first = episodes.first else {
                return SidecarReading(tags: TagSet(), isMediaSidecar: false, warnings: warnings)
            }
            root = first
        }
        guard root.namespace == nil, let nfoRoot = NFORoot(elementName: root.name) else {
            return SidecarReading(tags: TagSet(), isMediaSidecar: false, warnings: warnings)
        }
        let tags = NFOTagMapping(root: root, nfoRoot: nfoRoot).tags()
        return SidecarReading(tags: tags, isMediaSidecar: nfoRoot.describesOneFile, warnings: warnings)
    }

    /// Whether the file starts (after a byte-order mark and blanks) with a URL: the plain-text
    /// `.nfo` Radarr and others write to point a scraper at a database entry.
    private static func isURL(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let text = String(decoding: body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.prefix(8),
                          as: UTF8.self).lowercased()
        return text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    /// The parser's complaint about a URL-only file, said plainly at the same position.
    private static func urlOnly(_ warnings: [IndexWarning]) -> [IndexWarning] {
        warnings.map {
            IndexWarning(position: $0.position, message: "the .nfo holds a URL (a scraper link), not XML; no tags read")
        }
    }
}
