/// One item chosen for a device, as the adapter found it here.
public struct SyncChoice: Hashable, Sendable {
    public var item: MediaItem
    /// The file here.
    public var file: String
    /// A digest of what the device's file is made from: the file's bytes, and a cue track's range.
    public var content: String
    /// A cue track: a part of its file, always made (cut), never copied whole.
    public var isPart: Bool
    /// The file's size here, in bytes (what a copy needs on the device).
    public var size: Int64
    /// The file's digest with its `stat` signature, kept in the manifest for the next run.
    public var origin: SyncManifest.Origin?

    /// `format` overrides the extension's (`alac` for an `.m4a` that holds Apple Lossless).
    public init(item: MediaItem, file: String, content: String, isPart: Bool = false, size: Int64 = 0,
                origin: SyncManifest.Origin? = nil, format: String? = nil) {
        self.item = item
        self.file = file
        self.content = content
        self.isPart = isPart
        self.size = size
        self.origin = origin
        self.format = format ?? Self.format(of: file)
    }

    /// The file's format, by its extension in lower case (`flac`), or the codec of a container
    /// that holds several (`alac`): worked out once, as a plan asks it several times an item.
    public let format: String

    public static func format(of file: String) -> String {
        let name = file.lastIndex(of: "/").map { file[file.index(after: $0)...] } ?? file[...]
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// How a sync makes what it writes (spec/cli.md, `sync`'s options).
public struct SyncSettings: Hashable, Sendable {
    public var transcode: SyncTarget
    /// Formats (extensions in lower case) copied byte for byte.
    public var keep: Set<String>
    public var layout: DeviceLayout
    public var names: DeviceNames
    /// Cover art scaled down to at most this many pixels a side; nil keeps it as it is.
    public var artPixels: Int?
    /// Each playlist's files in a folder of its own, numbered in its order (`--playlist-folders`).
    public var playlistFolders = false

    public init(transcode: SyncTarget = .standard, keep: Set<String> = ["mp3", "m4a", "aac", "ogg", "opus"],
                layout: DeviceLayout = .standard, names: DeviceNames = DeviceNames(.posix), artPixels: Int? = nil) {
        self.transcode = transcode
        self.keep = keep
        self.layout = layout
        self.names = names
        self.artPixels = artPixels
    }

    /// How `choice` is made: `copy`, or the transcode with its art size (what a manifest keeps).
    func made(_ choice: SyncChoice) -> String {
        if keep.contains(choice.format), !choice.isPart { return "copy" }
        return transcode.description + (artPixels.map { " art=\($0)" } ?? "")
    }

    /// The extension of the file made from `choice` on the device.
    func fileExtension(_ choice: SyncChoice) -> String {
        made(choice) == "copy" ? SyncChoice.format(of: choice.file) : transcode.format.fileExtension
    }

    /// What the device's file is made from: a copy, the source's bytes; a transcode, those
    /// and the tags it writes from the index, so an edit in the index (a genre, an album
    /// artist) reaches the device too.
    func content(_ choice: SyncChoice) -> String {
        guard made(choice) != "copy" else { return choice.content }
        var hash = StableHash()
        hash.combine(choice.content)
        for (key, value) in TranscodeCommand.tags(of: choice.item) {
            hash.combine(key)
            hash.combine(value)
        }
        return choice.content + " tags=" + hash.hexDigest
    }
}

/// A playlist chosen for a device: its name and items in order, with repeats.
public struct SyncPlaylist: Hashable, Sendable {
    public var id: String
    public var name: String
    public var items: [ItemID]

    public init(id: String, name: String, items: [ItemID]) {
        self.id = id
        self.name = name
        self.items = items
    }
}

/// What one sync does to a device (spec/cli.md, `sync`), worked out before anything is
/// written, which `--dry-run` prints: the files to copy or transcode, those to rename (an
/// item whose tags moved it), those to delete (written before and no longer chosen), and the
/// playlists, each an M3U8 whose entries are the files' paths on the device, relative to it.
/// Files the manifest does not list are never named here.
public struct SyncPlan: Sendable {
    public enum Step: Hashable, Sendable {
        case copy(SyncChoice, to: String)
        case transcode(SyncChoice, to: String)
        case rename(from: String, to: String)
        case delete(String)
        case writePlaylist(String, text: String)
    }

    /// In the order to take them: deletions first (a path may be given to another file), then
    /// renames (done by the adapter through temporary names: two files may swap), then writes.
    public var steps: [Step] = []
    /// Files already on the device as they should be.
    public var unchanged: [String] = []
    /// Where each chosen item is on the device.
    public var paths: [ItemID: String] = [:]
    /// What the device holds once every step is done.
    public var manifest = SyncManifest()

    /// The plan for `choices` (in order; an item chosen twice is one file) and `playlists`,
    /// given what the device holds (`previous`); `deleting` false keeps what is no longer
    /// chosen (`--no-delete`), still listed as the sync's own.
    /// `occupied` says whether a path on the device holds a file the sync did not write: such
    /// a name is never given, so a person's own file is never written over.
    public static func make(_ choices: [SyncChoice], playlists: [SyncPlaylist] = [], settings: SyncSettings,
                            previous: SyncManifest, deleting: Bool = true,
                            occupied: (String) -> Bool = { _ in false }) -> SyncPlan {
        var plan = SyncPlan()
        var before: [String: SyncManifest.Entry] = [:]
        for entry in previous.entries where before[entry.owner] == nil { before[entry.owner] = entry }
        var seen: Set<ItemID> = []
        let unique = choices.filter { seen.insert($0.item.id).inserted }
        let files = DeviceFile.all(unique, playlists: playlists, settings: settings)
        // Files the device has keep their names before new ones are named, so a new file whose
        // name collides is the one numbered.
        let ordered = files.filter { before[$0.owner] != nil } + files.filter { before[$0.owner] == nil }
        var registry = DeviceNameRegistry(settings.names.rules)
        var renames: [Step] = []
        var writes: [Step] = []
        var pathOf: [String: String] = [:]
        for file in ordered {
            let (choice, owner) = (file.choice, file.owner)
            let path = registry.claim(folder: file.folder, stem: file.stem, extension: settings.fileExtension(choice),
                                      owner: owner, occupied: occupied)
            let made = settings.made(choice), content = settings.content(choice)
            pathOf[owner] = path
            if plan.paths[choice.item.id] == nil { plan.paths[choice.item.id] = path }
            plan.manifest.entries.append(.init(path: path, owner: owner, content: content, made: made, origin: choice.origin))
            if let old = before[owner], old.content == content, old.made == made {
                if old.path == path { plan.unchanged.append(path) } else { renames.append(.rename(from: old.path, to: path)) }
            } else {
                writes.append(made == "copy" ? .copy(choice, to: path) : .transcode(choice, to: path))
            }
        }
        let items = Dictionary(unique.map { ($0.item.id, $0.item) }, uniquingKeysWith: { first, _ in first })
        for list in playlists {
            let owner = "playlist:" + list.id
            let path = registry.claim(folder: "", stem: settings.names.component(list.name), extension: "m3u8",
                                      owner: owner, occupied: occupied)
            let text = m3u8(list, items: items) { pathOf[DeviceFile.owner(of: $0, in: list, settings: settings)] }
            let content = playlistContent(text)
            plan.manifest.entries.append(.init(path: path, owner: owner, content: content, made: "playlist"))
            if let old = before[owner], old.content == content, old.path == path {
                plan.unchanged.append(path)
            } else {
                writes.append(.writePlaylist(path, text: text))
            }
        }
        // The sync's own files that are no longer chosen, or were made again under a new name
        // (a renamed one moves instead). A path a file of this plan takes is replaced anyway.
        let now = Dictionary(plan.manifest.entries.map { ($0.owner, $0.path) }, uniquingKeysWith: { first, _ in first })
        let taken = Set(plan.manifest.entries.map(\.path))
        let moved = Set(renames.compactMap { if case .rename(let from, _) = $0 { from } else { nil } })
        var deletions: [Step] = []
        for entry in previous.entries where !taken.contains(entry.path) && !moved.contains(entry.path) {
            if now[entry.owner] != nil || deleting {
                deletions.append(.delete(entry.path))
            } else {
                plan.manifest.entries.append(entry)
            }
        }
        plan.steps = deletions + renames + writes
        return plan
    }

    /// About how many bytes `step` writes on the device (a transcode's by its bit rate).
    public static func estimatedBytes(_ step: Step, settings: SyncSettings) -> Int64 {
        switch step {
        case .copy(let choice, _): choice.size
        case .transcode(let choice, _):
            settings.transcode.estimatedBytes(durationMs: choice.item.durationMs ?? 0, sourceBytes: choice.size)
        case .writePlaylist(_, let text): Int64(text.utf8.count)
        case .rename, .delete: 0
        }
    }

    /// What a device playlist is known by in the manifest: a digest of its text.
    public static func playlistContent(_ text: String) -> String {
        var hash = StableHash()
        hash.combine(text)
        return hash.hexDigest
    }

    /// A device playlist without the entries of `paths` (files that could not be made), so it
    /// names only files on the device.
    public static func playlistText(_ text: String, leavingOut paths: Set<String>) -> String {
        guard !paths.isEmpty else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = lines.count - 1
        while index >= 0 {
            if paths.contains(lines[index]) {
                let from = index > 0 && lines[index - 1].hasPrefix("#EXTINF:") ? index - 1 : index
                lines.removeSubrange(from...index)
                index = from
            }
            index -= 1
        }
        return lines.joined(separator: "\n")
    }

    /// The playlist as an M3U8 on the device: `#EXTINF` lines and each entry's path relative
    /// to the device's folder, where the playlist sits; entries not on the device are left out.
    static func m3u8(_ list: SyncPlaylist, items: [ItemID: MediaItem], path: (ItemID) -> String?) -> String {
        var text = "#EXTM3U\n#PLAYLIST:\(oneLine(list.name))\n"
        for id in list.items {
            guard let path = path(id) else { continue }
            let item = items[id]
            let seconds = item?.durationMs.map { String($0 / 1_000) } ?? "-1"
            let title = [item?.artist, item?.title].compactMap { $0 }.joined(separator: " - ")
            text += "#EXTINF:\(seconds),\(oneLine(title))\n\(path)\n"
        }
        return text
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
