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
        /// A digest of what it was made from (the file's bytes, a cue track's range).
        public var content: String
        /// `copy`, the transcode (`mp3:V0 art=500`), or `playlist`.
        public var made: String

        public init(path: String, owner: String, content: String, made: String) {
            self.path = path
            self.owner = owner
            self.content = content
            self.made = made
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }
}
