import MixtapeCore

/// Pairs the sidecars of one folder with its media files: the rules of issue 6 as a pure
/// function of file names, so they are tested without a disk and the walker only lists.
///
/// Beside a media file `NAME.EXT`, in order of precedence:
///
/// | sidecar                          | kind        | note                                        |
/// |----------------------------------|-------------|---------------------------------------------|
/// | `NAME.EXT.xmp`                   | `xmp`       | Adobe's form, more specific, so first        |
/// | `NAME.xmp`                       | `xmp`       | also applies to `NAME.flac` beside `NAME.mp3` |
/// | `NAME.nfo` (or `NAME.EXT.nfo`)   | `nfo`       |                                             |
/// | `NAME.info.json` (or `NAME.EXT.info.json`) | `infoJSON` | yt-dlp's `--write-info-json`     |
/// | `album.nfo` in the folder        | `folderNFO` | every media file of the folder              |
/// | `artist.nfo` in the folder       | `folderNFO` | every media file of the folder              |
/// | `artist.nfo` in a folder above   | `folderNFO` | the nearest; Kodi's `Artist/Album/track` layout |
/// | `*.cue` in the folder            | `cue`       | every media file of the folder (its `FILE` lines say which it splits) |
/// | `*.cue` in the folder above      | `cue`       | for a sheet that names `CD1/x.flac`: one level down, no deeper |
///
/// `NAME` matches exactly (names are case-sensitive on Linux); the sidecar suffix ignores
/// ASCII case (`.XMP` from cameras). A sidecar that matches no media file is an orphan and
/// counted; so is an `album.nfo` in a folder with no media file. An `artist.nfo` is never an
/// orphan: it may describe only the albums below it; nor is a `.cue`, for the same reason.
enum FolderSidecarMatcher {
    /// The folder's media files with their sidecars (in folder order), the number of orphan
    /// sidecars, and the nearest `artist.nfo` (this folder's, else the inherited one), which the
    /// walker hands to its subfolders, and this folder's cue sheets (which it hands to its
    /// subfolders as `parentCues`).
    static func match(folder: String, media: [FolderEntry], sidecars: [FolderEntry], parentArtistNFO: Sidecar?,
                      parentCues: [Sidecar] = []) -> (files: [MediaFile], orphans: Int, artistNFO: Sidecar?, cues: [Sidecar]) {
        var byName: [String: Int] = [:]
        var byStem: [String: [Int]] = [:]
        for (index, entry) in media.enumerated() {
            byName[entry.name] = index
            byStem[stem(of: entry.name), default: []].append(index)
        }
        var found = Array(repeating: [(rank: Int, sidecar: Sidecar)](), count: media.count)
        var orphans = 0
        var albumNFO: Sidecar?
        var artistNFO: Sidecar?
        var cues: [Sidecar] = []
        for entry in sidecars {
            let path = FolderPath.join(folder, entry.name)
            if FolderEntryRole.name(entry.name, hasSuffix: ".cue") {
                cues.append(sidecar(.cue, path, entry))
                continue
            }
            switch entry.name.lowercased() {
            case "album.nfo":
                albumNFO = sidecar(.folderNFO, path, entry)
                if media.isEmpty { orphans += 1 }
                continue
            case "artist.nfo":
                artistNFO = sidecar(.folderNFO, path, entry)
                continue
            default:
                break
            }
            let targets = self.targets(of: entry.name, byName: byName, byStem: byStem)
            if targets.isEmpty { orphans += 1 }
            for (index, rank, kind) in targets { found[index].append((rank, sidecar(kind, path, entry))) }
        }
        let shared = [albumNFO, artistNFO, parentArtistNFO].compactMap { $0 } + cues + parentCues
        let files = media.enumerated().map { index, entry in
            let own = found[index].sorted { ($0.rank, $0.sidecar.path) < ($1.rank, $1.sidecar.path) }.map(\.sidecar)
            return MediaFile(path: FolderPath.join(folder, entry.name), device: entry.device, inode: entry.inode,
                             size: entry.size, modificationTimeNs: entry.modificationTimeNs, sidecars: own + shared)
        }
        return (files, orphans, artistNFO ?? parentArtistNFO, cues)
    }

    /// The media files (index, precedence rank, sidecar kind) a per-file sidecar belongs to.
    private static func targets(of name: String, byName: [String: Int],
                                byStem: [String: [Int]]) -> [(Int, Int, Sidecar.Kind)] {
        let forms: [(suffix: String, kind: Sidecar.Kind, nameRank: Int, stemRank: Int)] = [
            (".info.json", .infoJSON, 3, 3), (".xmp", .xmp, 0, 1), (".nfo", .nfo, 2, 2),
        ]
        guard let form = forms.first(where: { FolderEntryRole.name(name, hasSuffix: $0.suffix) }) else { return [] }
        let base = FolderEntryRole.name(name, droppingLast: form.suffix.utf8.count)
        if let index = byName[base] { return [(index, form.nameRank, form.kind)] }
        return (byStem[base] ?? []).map { ($0, form.stemRank, form.kind) }
    }

    /// The name without its last extension (`a.b.mp3` → `a.b`).
    static func stem(of name: String) -> String {
        guard let ext = FolderEntryRole.pathExtension(of: name) else { return name }
        return FolderEntryRole.name(name, droppingLast: ext.utf8.count + 1)
    }

    private static func sidecar(_ kind: Sidecar.Kind, _ path: String, _ entry: FolderEntry) -> Sidecar {
        Sidecar(kind: kind, path: path, size: entry.size, modificationTimeNs: entry.modificationTimeNs)
    }
}
