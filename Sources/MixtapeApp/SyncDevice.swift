import Foundation
import MixtapeCore
import MixtapeStore

/// The `sync` use case (spec/cli.md, `sync DEST`): the items of the selection, a query or
/// playlists put on a device as files named by a layout, copied or transcoded, with each
/// playlist an M3U8 of the files as they are there. The story, in its steps:
///
/// 1. DEST is checked (there, a folder, writable) and claimed for this run.
/// 2. The items are chosen, each with its file here and the digest of that file.
/// 3. What earlier syncs wrote there is read from its manifest.
/// 4. The plan says what to copy, transcode, rename and delete (`SyncPlan`, pure).
/// 5. A dry run stops here; a run checks for ffmpeg and for room, then writes.
/// 6. The manifest is kept, now saying what the device holds.
public struct SyncDevice: Sendable {
    /// What is put on the device.
    public enum Source: Sendable {
        case selection
        case query(Query)
        /// Playlists by name, folder path or id; each also written as an M3U8.
        case playlists([String])
        /// Every playlist but the library's own (iTunes' Music, Movies, …).
        case allPlaylists
    }

    public var libraryPath: String
    public var destination: String
    public var source: Source = .selection
    public var settings = SyncSettings()
    /// `--names`; nil picks by DEST's file system.
    public var names: DeviceNames.Rules?
    /// `--no-delete` sets false.
    public var deleting = true
    public var dryRun = false
    public var now: Timestamp
    public var environment = PlayerEnvironment()
    /// Called from the writing threads as files are done.
    public var progress: @Sendable (Progress) -> Void = { _ in }

    public init(libraryPath: String, destination: String, now: Timestamp) {
        self.libraryPath = libraryPath
        self.destination = destination
        self.now = now
    }

    /// What a run did.
    public struct Outcome: Sendable {
        public var copied = 0
        public var transcoded = 0
        public var renamed = 0
        public var deleted = 0
        public var playlists = 0
        public var bytesWritten: Int64 = 0
        /// Files here that could not be made, with where they were to go and ffmpeg's reason.
        public var failed: [(file: String, destination: String, reason: String)] = []
        /// Files whose name the device refused (where they were to go), with its reason.
        public var refused: [(destination: String, reason: String)] = []
        /// The changes recorded, in order.
        public var changes: [SyncManifest.Change] = []
    }

    /// How far the files are: done and all, bytes (estimated for transcodes) done and all.
    public struct Progress: Sendable {
        public var files: Int
        public var totalFiles: Int
        public var bytes: Int64
        public var totalBytes: Int64
        public var seconds: Double
    }

    /// What a sync did, or with `--dry-run` would do.
    public struct Report: Sendable {
        public var destination: String
        public var names: DeviceNames.Rules
        /// Items chosen, and those of them with no file here (not synced).
        public var chosen = 0
        public var notHere: [String] = []
        public var plan: SyncPlan
        /// Bytes the run writes, less what it frees (estimated for transcodes), and DEST's free bytes.
        public var bytesNeeded: Int64 = 0
        public var freeBytes: Int64?
        /// Nil on a dry run.
        public var outcome: Outcome?
    }

    public func run() throws -> Report {
        let device = try DeviceFolder(destination)
        var settings = settings
        let rules = names ?? device.fileSystemNames
        settings.names = DeviceNames(rules, stemLimit: settings.names.stemLimit, ascii: settings.names.ascii)
        let chosen = try choose()
        guard !chosen.items.isEmpty else { throw SyncError.nothingChosen(chosen.notHere.count) }
        if !dryRun { try device.claim() }
        let previous = try device.manifest()
        let choices = SourceDigests(previous: previous, ffprobe: environment.executable("ffprobe")).choices(for: chosen.items)
        let ours = Set(previous.entries.map(\.path))
        let plan = SyncPlan.make(choices, playlists: chosen.playlists, settings: settings, previous: previous,
                                 deleting: deleting, occupied: { !ours.contains($0) && device.size($0) != nil })
        var report = Report(destination: device.path, names: rules, chosen: chosen.items.count,
                            notHere: chosen.notHere, plan: plan)
        report.bytesNeeded = bytesNeeded(plan, settings: settings, device: device)
        report.freeBytes = device.freeBytes
        guard !dryRun else { return report }
        let ffmpeg = environment.executable("ffmpeg")
        if ffmpeg == nil, plan.steps.contains(where: { if case .transcode = $0 { true } else { false } }) {
            throw SyncError.noFFmpeg
        }
        if let free = report.freeBytes, report.bytesNeeded > free {
            throw SyncError.full(needed: report.bytesNeeded, free: free)
        }
        let writer = DeviceWriter(device: device, settings: settings, ffmpeg: ffmpeg,
                                  workers: ProcessInfo.processInfo.activeProcessorCount, progress: progress)
        let outcome = try writer.apply(plan)
        try device.keep(finalManifest(previous: previous, plan: plan, changes: outcome.changes))
        device.finish()
        report.outcome = outcome
        return report
    }

    /// The manifest after the run: what the device held, with this run's changes, each entry
    /// that stayed as it was taking the plan's record (its source's signature now).
    private func finalManifest(previous: SyncManifest, plan: SyncPlan, changes: [SyncManifest.Change]) -> SyncManifest {
        var manifest = previous.applying(changes)
        let planned = Dictionary(plan.manifest.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for index in manifest.entries.indices {
            let entry = manifest.entries[index]
            if let fresh = planned[entry.path], fresh.owner == entry.owner, fresh.content == entry.content, fresh.made == entry.made {
                manifest.entries[index] = fresh
            }
        }
        return manifest
    }

    /// What the plan writes, less the files it deletes or replaces.
    private func bytesNeeded(_ plan: SyncPlan, settings: SyncSettings, device: DeviceFolder) -> Int64 {
        var bytes: Int64 = 0
        for step in plan.steps {
            bytes += SyncPlan.estimatedBytes(step, settings: settings)
            switch step {
            case .delete(let path): bytes -= device.size(path) ?? 0
            case .copy(_, let path), .transcode(_, let path), .writePlaylist(let path, _): bytes -= device.size(path) ?? 0
            case .rename: break
            }
        }
        return bytes
    }

    // MARK: - Choosing

    /// The items chosen (once each, in order, with their files here), the playlists, and the
    /// items with no file here.
    struct Chosen {
        var items: [(item: MediaItem, file: String)] = []
        var playlists: [SyncPlaylist] = []
        var notHere: [String] = []
        private var seen: Set<ItemID> = []

        /// Adds the entries' items not chosen yet, and their files missing here.
        mutating func add(_ entries: EntryChoice.Chosen) {
            notHere += entries.missingFiles
            for entry in entries.entries {
                guard let item = entry.item, seen.insert(item.id).inserted else { continue }
                items.append((item, entry.path))
            }
        }
    }

    func choose() throws -> Chosen {
        let snapshot = try EntryChoice.Snapshot(LibraryQueries(libraryPath: libraryPath))
        var chosen = Chosen()
        switch source {
        case .selection: chosen.add(try choice(.selection).choose(in: snapshot))
        case .query(let query): chosen.add(try choice(.query(query)).choose(in: snapshot))
        case .playlists(let references):
            for reference in references { try add(try snapshot.playlist(reference), from: snapshot, to: &chosen) }
        case .allPlaylists:
            try snapshot.loadAll()
            for (playlist, _) in try snapshot.playlists()
            where !playlist.isFolder && !playlist.isMaster && playlist.distinguishedKind == nil {
                try add(playlist, from: snapshot, to: &chosen)
            }
        }
        return chosen
    }

    private func add(_ playlist: Playlist, from snapshot: EntryChoice.Snapshot, to chosen: inout Chosen) throws {
        let entries = try choice(.playlist(playlist.id.rawValue)).choose(in: snapshot)
        chosen.add(entries)
        chosen.playlists.append(SyncPlaylist(id: playlist.id.rawValue, name: playlist.name,
                                             items: entries.entries.compactMap { $0.item?.id }))
    }

    private func choice(_ source: EntryChoice.Source) -> EntryChoice {
        var choice = EntryChoice(libraryPath: libraryPath, now: now)
        choice.source = source
        choice.missing = .skip
        choice.skipsNotFiles = true
        return choice
    }
}

/// Why a sync stopped (spec/cli.md exit codes, given in `mixtape`'s one place for them).
public enum SyncError: Error, Sendable, CustomStringConvertible {
    /// DEST does not exist: an unplugged device (66).
    case noDevice(String)
    /// DEST is a file (73).
    case notAFolder(String)
    /// DEST or a file in it cannot be written (73).
    case cannotWrite(String, String)
    /// Not enough room: bytes needed and free, when known (73).
    case full(needed: Int64?, free: Int64?)
    /// Another sync holds DEST (75).
    case busy(String)
    /// A transcode is needed and there is no ffmpeg (69).
    case noFFmpeg
    /// ffmpeg could not be started.
    case cannotStart(String, String)
    /// A source file that cannot be read or decoded: a warning, or exit 65 with `--strict`.
    case undecodable(String, String)
    /// The device refuses a name (a FAT driver without Unicode names, a name too long): that
    /// file is left out, the others still sync, and the run ends with exit 73.
    case refusedName(String, String)
    /// Nothing chosen has a file here (1); how many chosen items have none.
    case nothingChosen(Int)
    /// The manifest on DEST cannot be read: going on without it would take every file there
    /// for a person's own and write over them, so nothing is done (65).
    case damagedManifest(String, String)

    public var description: String {
        switch self {
        case .noDevice(let path): "\(path) does not exist (is the device plugged in and mounted?)"
        case .notAFolder(let path): "\(path) is not a folder"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .full(let needed, let free):
            "the device is full" + (needed.map { ": the sync needs \($0.byteSize)" } ?? "")
                + (free.map { ", \($0.byteSize) free" } ?? "")
                + "; what was written stays, and the next sync goes on from there"
        case .busy(let path): "another sync is writing \(path); try again when it is done"
        case .noFFmpeg: "transcoding needs ffmpeg, which is not on PATH: install it (Debian, Ubuntu: apt install ffmpeg; "
            + "macOS: brew install ffmpeg), or keep every format with --keep"
        case .cannotStart(let program, let reason): "cannot start \(program): \(reason)"
        case .undecodable(let file, let reason): "\(file): \(reason)"
        case .refusedName(let path, let reason): "the device refuses the name \(path): \(reason)"
        case .nothingChosen(let notHere):
            notHere == 0 ? "nothing to sync: the choice is empty"
                : "nothing to sync: none of the \(notHere.counted("chosen item")) has its file here"
        case .damagedManifest(let path, let reason):
            "\(path) \(reason); it records what earlier syncs wrote here, so nothing was changed. "
                + "Move it away to start over: the next sync writes every file again and deletes none"
        }
    }
}
