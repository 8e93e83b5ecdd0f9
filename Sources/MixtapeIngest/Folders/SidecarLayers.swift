import MixtapeCore

/// What all the sidecars of one media file say together, already layered by their precedence
/// (`MediaFile.sidecars` is highest first: XMP, `.nfo`, `.info.json`, then the folder's
/// `album.nfo` / `artist.nfo`), ready for `MediaFileReader` to lay over embedded tags.
///
/// - A per-file sidecar that describes something other than one media file (a photo XMP with
///   no `xmpDM:` field, a `tvshow` root in `NAME.nfo`, a channel's `.info.json`) gives no
///   fields, and no warning of its own: it is a legitimate file, just not about this one.
/// - A folder `.nfo` gives album-level fields only (album, album artist, genre, year), never
///   a kind (an `album.nfo` says "music" of every folder). An `artist.nfo`'s name becomes the
///   album artist, and the artist only below embedded tags (`fallback`): a track's own artist
///   ("X feat. Y") is more precise than its folder's.
/// - Kind: the first per-file `.nfo` root that names one (`movie`, `musicvideo`,
///   `episodedetails`, `song`), else the `.info.json` categories' hint (YouTube "Music").
struct SidecarLayers {
    /// The sidecars' fields, higher precedence already winning; no `kind` in it.
    var tags = TagSet()
    /// Fields that rank below embedded tags but above the file name.
    var fallback = TagSet()
    /// The kind a sidecar settles, or nil to let the container decide.
    var kind: Kind?
    /// Malformed, unreadable or oversized sidecars, passed through with their positions.
    var warnings: [IndexWarning] = []
    /// Per-file sidecars read without a problem that describe no media file (a photo XMP, a
    /// channel's `.info.json`), which issue 6 wants skipped and counted.
    var ignored: [String] = []

    /// The fields of a folder `.nfo` that every media file in the folder shares.
    static let albumLevelFields: [Field] = [.album, .albumArtist, .genre, .year]

    /// Reads `sidecars` (highest precedence first) for a file whose container does (or does not)
    /// hold video.
    init(reading sidecars: [Sidecar], containerHasVideo: Bool) {
        for sidecar in sidecars where sidecar.kind != .cue {
            switch SidecarBytes.read(path: sidecar.path) {
            case .success(let bytes): add(sidecar, bytes: bytes, containerHasVideo: containerHasVideo)
            case .failure(let failure): warnings.append(failure.warning)
            }
        }
    }

    /// One sidecar's reading, by its kind.
    private mutating func add(_ sidecar: Sidecar, bytes: [UInt8], containerHasVideo: Bool) {
        switch sidecar.kind {
        case .xmp:
            addFileSidecar(XMPSidecarReader.read(bytes: bytes, name: sidecar.path), path: sidecar.path)
        case .nfo:
            let reading = NFOSidecarReader.read(bytes: bytes, name: sidecar.path)
            if reading.isMediaSidecar, kind == nil, case .text(let text)? = reading.tags[.kind] {
                kind = Kind(rawValue: text)
            }
            addFileSidecar(reading, path: sidecar.path)
        case .infoJSON:
            let info = InfoJSONSidecarReader.inspect(bytes: bytes, name: sidecar.path)
            if info.reading.isMediaSidecar, kind == nil {
                kind = info.kindHint(containerHasVideo: containerHasVideo)
            }
            addFileSidecar(info.reading, path: sidecar.path)
        case .folderNFO:
            addFolderNFO(NFOSidecarReader.read(bytes: bytes, name: sidecar.path), path: sidecar.path)
        case .cue:
            // Not a layer of fields: `CueTracks` splits the file by it.
            break
        }
    }

    /// A per-file sidecar: its fields fill what higher sidecars left unset, when it is about
    /// a media file at all.
    private mutating func addFileSidecar(_ reading: SidecarReading, path: String) {
        warnings += reading.warnings
        guard reading.isMediaSidecar else {
            if reading.warnings.isEmpty { ignored.append(path) }
            return
        }
        var fields = reading.tags
        fields[.kind] = nil
        tags = tags.overriding(fields)
    }

    /// `album.nfo` / `artist.nfo`: album-level fields only (see the type comment).
    private mutating func addFolderNFO(_ reading: SidecarReading, path: String) {
        warnings += reading.warnings
        var fields = TagSet()
        for field in Self.albumLevelFields { fields[field] = reading.tags[field] }
        if path.split(separator: "/").last?.lowercased() == "artist.nfo", let name = reading.tags[.artist] {
            fields[.albumArtist] = fields[.albumArtist] ?? name
            fallback = fallback.overriding(TagSet([.artist: name]))
        }
        tags = tags.overriding(fields)
    }
}
