import MixtapeCore

/// Reads one media file found by `FolderWalker` into a `MediaItem`: the one place that decides
/// which source wins. Field by field, highest first:
///
/// 1. sidecars (`SidecarLayers`: XMP, `.nfo`, `.info.json`, then the folder's `album.nfo` /
///    `artist.nfo` for album-level fields);
/// 2. embedded tags (`EmbeddedTagReader`, through TagLib);
/// 3. an `artist.nfo`'s name as the artist;
/// 4. the file name (`FileNameTags`).
///
/// Except that duration, bit rate and sample rate are measured from the file itself when
/// TagLib can: a sidecar's duration describes the upload or the release, the stream is the
/// truth about this file. The item's location and size are the file's, and `date_modified` its
/// mtime; `date_added` is left unset for the index to fill (the walk cannot know when a file
/// first arrived, and a reader that used "now" would change every item on every read).
///
/// Kind: a sidecar's (see `SidecarLayers`), else the container: `.m4b` is an audiobook, a
/// video container (`FolderWalker.videoExtensions`) is video, anything else music.
///
/// A file a cue sheet splits (`CueTracks`) gives its tracks instead of itself.
public enum MediaFileReader {
    /// Reads `file` into an item with identity `id` and `source` (the folder source's path).
    /// Never fails: a corrupt media file gives a warning and an item from its name and
    /// sidecars (a container TagLib does not read, such as `.mkv`, gives none); malformed
    /// sidecars pass on their warnings (with `file:line:column`).
    public static func read(_ file: MediaFile, id: ItemID, source: String) -> (item: MediaItem, warnings: [IndexWarning]) {
        let result = reading(file, id: id, source: source)
        return (result.item, result.warnings)
    }

    /// `read`, plus the sidecars that were read but ignored because they describe no media
    /// file, for an index summary that counts skipped sidecars as issue 6 asks.
    public static func reading(_ file: MediaFile, id: ItemID, source: String) -> MediaFileReading {
        let name = String(file.path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        let ext = FolderEntryRole.pathExtension(of: name) ?? ""
        let hasVideo = FolderWalker.videoExtensions.contains(ext)
        var warnings: [IndexWarning] = []

        let damage = EmbeddedTagReader.readableExtensions.contains(ext)
            ? AudioStart.damage(path: file.path, size: file.size, ext: ext) : nil
        let embedded = damage == nil ? EmbeddedTagReader.read(path: file.path) : .unreadable
        if let damage {
            warnings.append(IndexWarning(position: SourcePosition(file: file.path, line: 0, column: 0), message:
                "\(damage): its tags are not read; indexed from its name and sidecars"))
        } else if !embedded.isValid, EmbeddedTagReader.readableExtensions.contains(ext) {
            warnings.append(IndexWarning(position: SourcePosition(file: file.path, line: 0, column: 0), message:
                "not a readable \(ext) file (TagLib); indexed from its name and sidecars"))
        }
        let sidecars = SidecarLayers(reading: file.sidecars, containerHasVideo: hasVideo)
        warnings += sidecars.warnings

        var tags = sidecars.tags
            .overriding(embedded.tags)
            .overriding(sidecars.fallback)
            // A name that is not UTF-8 gives a title read as Latin-1 (`Café`), not escapes.
            .overriding(FileNameTags.tags(fromFileName: PathBytes.latin1Display(name)))
        for field in [Field.durationMs, .bitRate, .sampleRate] {
            if let measured = embedded.tags[field] { tags[field] = measured }
        }
        for field in [Field.kind, .location, .size, .dateAdded, .dateModified] { tags[field] = nil }

        var item = MediaItem(id: id)
        tags.apply(to: &item)
        item.kind = sidecars.kind ?? containerKind(ext: ext)
        item.location = file.path
        item.size = file.size
        item.dateModified = Timestamp(rawValue: floorSeconds(nanoseconds: file.modificationTimeNs))
        item.source = source
        let cue = CueTracks.split(item, file: file, embedded: embedded.cueSheet)
        warnings += cue.warnings
        return MediaFileReading(item: item, tracks: cue.items, warnings: warnings, ignoredSidecars: sidecars.ignored)
    }

    /// The kind the container alone gives (see the type comment).
    static func containerKind(ext: String) -> Kind {
        if ext == "m4b" { return .audiobook }
        return FolderWalker.videoExtensions.contains(ext) ? .video : .music
    }

    /// Whole seconds, rounded down also before 1970.
    private static func floorSeconds(nanoseconds: Int64) -> Int64 {
        let seconds = nanoseconds / 1_000_000_000
        return nanoseconds % 1_000_000_000 < 0 ? seconds - 1 : seconds
    }
}
