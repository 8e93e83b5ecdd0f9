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
        guard let store = try opened() else { return [] }
        return try run(store.savedExports().filter { names?.contains($0.name) ?? true }, in: store)
    }

    /// After an index run: every saved export when the index changed, else only those whose
    /// file has gone (so a deleted playlist comes back on the next cron run).
    public func refresh(indexChanged: Bool) throws -> [Outcome] {
        guard let store = try opened() else { return [] }
        let saved = try store.savedExports()
        return try run(indexChanged ? saved : saved.filter { access($0.output, F_OK) != 0 }, in: store)
    }

    /// The index, opened once for the list and the run; nil when there is none.
    private func opened() throws -> LibraryStore? {
        LibraryStore.exists(at: libraryPath) ? try LibraryStore(path: libraryPath) : nil
    }

    /// Runs `chosen` over one snapshot: their queries decided and their items read in one pass
    /// (`EntryChoice.Snapshot.prepare`), then what each lists worked out in turn (a query the
    /// pass left to `SearchItems` reads more items), then the files rendered, compared and
    /// written on two threads, since nothing is read from the index any more.
    private func run(_ chosen: [SavedExport], in store: LibraryStore) throws -> [Outcome] {
        guard !chosen.isEmpty else { return [] }
        let exports = chosen.map { saved in Result { try ExportPlaylist(saved: saved, libraryPath: libraryPath, now: now) } }
        let fields = chosen.reduce(into: Set<Field>()) { $0.formUnion($1.format.itemFields) }
        let snapshot = try ExportPlaylist.Snapshot(LibraryQueries(store: store), fields: fields)
        try snapshot.prepare(exports.compactMap { try? $0.get().choice })
        let jobs = zip(chosen, exports).map { saved, export in
            Job(saved: saved, work: Result {
                let export = try export.get()
                let resolved = try export.choice.resolve(snapshot)
                try snapshot.load(resolved.ids)
                return (export, resolved)
            })
        }
        return zip(chosen, try Self.render(jobs, table: snapshot.table)).map { Outcome(saved: $0, result: $1) }
    }

    /// One saved export ready to render: its export and what it lists, or why it cannot be.
    private struct Job: Sendable {
        let saved: SavedExport
        let work: Result<(export: ExportPlaylist, resolved: EntryChoice.Resolved), any Error>

        /// The export rendered from `table`, compared with its file and written if it changed.
        func run(_ table: ItemTable, finder: PlayablePath.Finder) -> Outcome.Result {
            SavedExports.result(of: saved) {
                let (export, resolved) = try work.get()
                return try export.finish(export.choice.choose(resolved, from: table, finder: finder))
            }
        }
    }

    /// The jobs' results in order, about half of them (by entries) rendered on a second thread.
    /// Jobs writing one file stay on one thread, in order, so the last one's playlist is left
    /// there as when they ran one after another.
    private static func render(_ jobs: [Job], table: ItemTable) throws -> [Outcome.Result] {
        let byFile = Dictionary(grouping: jobs.indices) { jobs[$0].saved.output }.values
        var sizes = [0, 0], halves: [[Int]] = [[], []]
        for group in byFile.sorted(by: { size($0, of: jobs) > size($1, of: jobs) }) {
            let half = sizes[0] <= sizes[1] ? 0 : 1
            halves[half] += group
            sizes[half] += size(group, of: jobs)
        }
        halves = halves.map { $0.sorted() }
        let second = halves[1].isEmpty ? nil : BackgroundTask { [halves] in
            let finder = PlayablePath.Finder()
            return halves[1].map { jobs[$0].run(table, finder: finder) }
        }
        let finder = PlayablePath.Finder()
        var results = [Outcome.Result?](repeating: nil, count: jobs.count)
        for index in halves[0] { results[index] = jobs[index].run(table, finder: finder) }
        for (index, result) in zip(halves[1], try second?.value() ?? []) { results[index] = result }
        return results.map { $0! }
    }

    /// How many entries the jobs at `indices` list, about.
    private static func size(_ indices: [Int], of jobs: [Job]) -> Int {
        indices.reduce(0) { $0 + ((try? jobs[$1].work.get().resolved.ids.count) ?? 0) }
    }

    /// What writing the playlist `render` makes did: unchanged when the file holds it already.
    private static func result(of saved: SavedExport, _ render: () throws -> ExportPlaylist.Outcome) -> Outcome.Result {
        do {
            let outcome = try render()
            if AtomicFile.holds(outcome.bytes, at: saved.output) { return .unchanged(outcome) }
            try AtomicFile.write(outcome.bytes, to: saved.output)
            return .written(outcome)
        } catch let error as QueryError {
            return .failed("its query no longer parses: \(error)")
        } catch ExportError.missingFiles(let paths) {
            return .failed("\(paths.count.counted("file")) missing here (--missing fail), first \(paths[0])")
        } catch ExportError.noPlaylist(let name, _) {
            return .failed("no playlist \"\(name)\" in the index any more")
        } catch ExportError.ambiguousPlaylist(let name, let candidates) {
            return .failed("several playlists are now named \"\(name)\": "
                           + candidates.map(\.line).joined(separator: "; ") + "; save it again with an id")
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
