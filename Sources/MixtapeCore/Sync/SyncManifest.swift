/// What a sync wrote on a device (spec/cli.md, `sync`: incremental), kept on the device itself
/// so a sync from another machine knows it too: every file by its path below the device's
/// folder, the item (or playlist) it is, a digest of the content it was made from, and how it
/// was made. A file is written again only when one of these changed, and only files listed
/// here are ever renamed or deleted: what a person put on the device stays.
public struct SyncManifest: Hashable, Sendable, Codable {
    public struct Entry: Hashable, Sendable, Codable {
        /// `/`-separated, below the device's folder.
        public var path: String
        /// The item's id, or `playlist:` and the playlist's id.
        public var owner: String
        /// A digest of what it was made from (the file's bytes, a cue track's range, the tags
        /// a transcode writes).
        public var content: String
        /// `copy`, the transcode (`mp3:V0 art=500`), or `playlist`.
        public var made: String
        /// The file here it was made from, as last hashed: lets a re-run on the same machine
        /// take the digest without reading the file again.
        public var origin: Origin?

        public init(path: String, owner: String, content: String, made: String, origin: Origin? = nil) {
            self.path = path
            self.owner = owner
            self.content = content
            self.made = made
            self.origin = origin
        }
    }

    /// A source file's digest with what `stat` said of the file when it was hashed: its path,
    /// size, inode, and modification and change times to the nanosecond. Any write to the file
    /// changes its change time, which no tool can set back, so an equal signature means the
    /// same bytes; a different one (another machine, a network disk's drifting times) only
    /// means hashing again, never writing again when the bytes are the same.
    public struct Origin: Hashable, Sendable, Codable {
        public var signature: String
        /// `ContentDigest` of the whole file, in hex.
        public var digest: String
        /// The audio codec ffprobe found in a container that holds several (`alac` or `aac`
        /// in an `.m4a`), asked once per version of the file.
        public var codec: String?

        public init(signature: String, digest: String, codec: String? = nil) {
            self.signature = signature
            self.digest = digest
            self.codec = codec
        }
    }

    /// One step a sync has taken, appended to the device's journal as it goes, so a run that
    /// is killed or unplugged leaves a record of every file it put in place. A file is recorded
    /// before it is renamed into place and a deletion after the file is gone: the record may
    /// name a file that is not there (which the next run writes again), never the other way.
    public struct Change: Hashable, Sendable, Codable {
        public var wrote: Entry?
        public var removed: String?

        public static func wrote(_ entry: Entry) -> Change { Change(wrote: entry, removed: nil) }
        public static func removed(_ path: String) -> Change { Change(wrote: nil, removed: path) }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The first entry whose path could reach outside the device's folder (absolute, with a
    /// `..` or an empty component, a NUL), with why: a manifest is read from a device that
    /// may have been anywhere, and a sync deletes and renames what it names.
    public var unsafeEntry: (path: String, reason: String)? {
        for entry in entries {
            if let reason = Self.problem(withPath: entry.path) { return (entry.path, reason) }
        }
        return nil
    }

    static func problem(withPath path: String) -> String? {
        if path.isEmpty { return "an empty path" }
        if path.hasPrefix("/") { return "an absolute path" }
        if path.utf8.contains(0) { return "a NUL byte in a path" }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part.isEmpty { return "an empty folder name in a path" }
            if part == ".." || part == "." { return "a path with \(part)" }
        }
        return nil
    }

    /// The manifest once `changes` are taken, in order: an entry is replaced by one written at
    /// its path and gone when its path is removed. Entries keep their order; new ones follow.
    public func applying(_ changes: [Change]) -> SyncManifest {
        guard !changes.isEmpty else { return self }
        var order: [String] = []
        var byPath: [String: Entry] = [:]
        for entry in entries where byPath.updateValue(entry, forKey: entry.path) == nil { order.append(entry.path) }
        for change in changes {
            if let path = change.removed { byPath[path] = nil }
            if let entry = change.wrote, byPath.updateValue(entry, forKey: entry.path) == nil { order.append(entry.path) }
        }
        var seen: Set<String> = []
        return SyncManifest(entries: order.compactMap { path in seen.insert(path).inserted ? byPath[path] : nil })
    }
}
