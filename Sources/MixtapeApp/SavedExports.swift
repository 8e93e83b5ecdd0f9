import Foundation
import MixtapeCore
import MixtapeStore

/// Saved exports (`export-playlist --save`, `mixtape saved`): recorded in the index, written
/// again whenever the library may have changed.
///
/// A run renders every playlist and compares it with the file on disk byte for byte: only a
/// playlist whose content changed is written (atomically), so an unchanged one keeps its
/// modification time and a player or sync tool watching it is not woken for nothing.
public struct SavedExports {
    public var libraryPath: String
    /// "Now" for relative dates in saved queries (`added:<30d`).
    public var now: Timestamp

    public init(libraryPath: String, now: Timestamp) {
        self.libraryPath = libraryPath
        self.now = now
    }

    /// What one saved export's run did.
    public struct Outcome: Sendable {
        public enum Result: Sendable {
            /// The playlist changed (or its file was missing) and was written.
            case written(ExportPlaylist.Outcome)
            /// The file already held exactly this playlist; it was not touched.
            case unchanged(ExportPlaylist.Outcome)
            /// It could not be written: why (a playlist gone from the library, a folder that
            /// cannot be written, `--missing fail`, a query this version no longer parses).
            case failed(String)
        }

        public var saved: SavedExport
        public var result: Result

        public var failed: Bool { if case .failed = result { true } else { false } }
        public var written: Bool { if case .written = result { true } else { false } }
    }

    public func list() throws -> [SavedExport] {
        guard LibraryStore.exists(at: libraryPath) else { return [] }
        return try LibraryStore(path: libraryPath).savedExports()
    }

    /// Records `saved`; true when it replaced one of the same name.
    @discardableResult
    public func save(_ saved: SavedExport) throws -> Bool {
        try LibraryStore(path: libraryPath).save(saved, at: now)
    }

    /// Forgets the saved export `name` (the playlist file stays); false when there was none.
    public func remove(_ name: String) throws -> Bool {
        guard LibraryStore.exists(at: libraryPath) else { return false }
        return try LibraryStore(path: libraryPath).removeSavedExport(named: name)
    }

    /// Runs the saved exports named (every one when `names` is nil), in name order.
    public func run(names: [String]? = nil) throws -> [Outcome] {
        let chosen = try list().filter { names?.contains($0.name) ?? true }
        return try run(chosen)
    }

    /// After an index run: every saved export when the index changed, else only those whose
    /// file has gone (so a deleted playlist comes back on the next cron run).
    public func refresh(indexChanged: Bool) throws -> [Outcome] {
        let saved = try list()
        let due = indexChanged ? saved : saved.filter { access($0.output, F_OK) != 0 }
        return try run(due)
    }

    /// Runs `chosen` over one snapshot: their queries decided and their items read in one pass
    /// (`EntryChoice.Snapshot.prepare`), each file's existence asked once for all of them.
    private func run(_ chosen: [SavedExport]) throws -> [Outcome] {
        guard !chosen.isEmpty else { return [] }
        let exports = chosen.map { saved in Result { try ExportPlaylist(saved: saved, libraryPath: libraryPath, now: now) } }
        let fields = chosen.reduce(into: Set<Field>()) { $0.formUnion($1.format.itemFields) }
        let snapshot = try ExportPlaylist.Snapshot(LibraryQueries(libraryPath: libraryPath), fields: fields)
        try snapshot.prepare(exports.compactMap { try? $0.get().choice })
        return zip(chosen, exports).map { saved, export in Outcome(saved: saved, result: run(saved, export, in: snapshot)) }
    }

    private func run(_ saved: SavedExport, _ export: Result<ExportPlaylist, any Error>,
                     in snapshot: ExportPlaylist.Snapshot) -> Outcome.Result {
        do {
            let outcome = try export.get().run(in: snapshot)
            if AtomicFile.holds(outcome.bytes, at: saved.output) { return .unchanged(outcome) }
            try AtomicFile.write(outcome.bytes, to: saved.output)
            return .written(outcome)
        } catch let error as QueryError {
            return .failed("its query no longer parses: \(error)")
        } catch ExportError.missingFiles(let paths) {
            return .failed("\(paths.count.counted("file")) missing here (--missing fail), first \(paths[0])")
        } catch ExportError.noPlaylist(let name, _) {
            return .failed("no playlist \"\(name)\" in the index any more")
        } catch ExportError.ambiguousPlaylist(let name, let paths) {
            return .failed("several playlists are now named \"\(name)\": " + paths.joined(separator: ", "))
        } catch let failure as AtomicFile.Failure {
            return .failed("cannot write \(failure.path): \(failure.reason)")
        } catch {
            return .failed("\(error)")
        }
    }
}

extension ExportPlaylist {
    /// The export a saved record describes, its query parsed anew.
    init(saved: SavedExport, libraryPath: String, now: Timestamp) throws {
        self.init(libraryPath: libraryPath, now: now)
        switch saved.source {
        case .query(let text): source = .query(try Query(parsing: text))
        case .playlist(let reference): source = .playlist(reference)
        }
        format = saved.format
        mapping = PathMapping(rules: saved.mapping)
        missing = saved.missing
        relativeTo = saved.relative ? (saved.output as NSString).deletingLastPathComponent : nil
        plainPaths = saved.plainPaths
    }
}
