import MixtapeCore
import MixtapeStore

/// The `index` check of `mixtape doctor`: turns what `IndexInspection` saw into findings.
///
/// A missing index is a note, not a problem: a fresh install is not broken, and the note
/// names the path, so a mistyped `--library` or `$MIXTAPE_LIBRARY` still shows. It becomes a
/// problem only when the index could not be created there either. Damage, an unreadable file
/// and a schema from a newer mixtape are problems; an older schema (upgraded on next use), a
/// journal mode other than WAL (set back on next write), a large write-ahead log and a writer
/// at work are not.
struct IndexHealth {
    var inspection: IndexInspection

    /// A `-wal` file above this is worth a note: SQLite's automatic checkpoints keep it near
    /// 4 MB while mixtape runs, and the last connection to close folds it in and deletes it.
    static let largeWALBytes: Int64 = 64 << 20

    static let check = "index"

    var findings: [Finding] {
        let path = inspection.path
        guard inspection.exists else { return [missingFinding] }
        if (try? LibraryStore.checkNotAFolder(path)) == nil {
            return [.problem(Self.check, "the index \(path) is a folder, not an index file",
                             fix: "give --library (or $MIXTAPE_LIBRARY, or the config file's library) a file path "
                                + "such as \(path.hasSuffix("/") ? path : path + "/")library.sqlite")]
        }
        if let failure = inspection.openFailure {
            return [.problem(Self.check, "\(path) cannot be opened as an SQLite database: \(failure)", fix: rebuild)]
                + [lockFinding]
        }
        return [integrityFinding, schemaFinding, journalFinding, storageFinding, lockFinding].compactMap { $0 }
    }

    /// Below this much free space beside the index, a run that rewrites much of it may not fit:
    /// its write-ahead log holds every page it changes until the commit.
    static let lowFreeBytes: Int64 = 64 << 20

    /// Whether the index can be written at all (its disk, folder and files, the `-wal` and
    /// `-shm` beside it included), and the room left on its disk.
    private var storageFinding: Finding {
        let path = inspection.path
        let folder = FolderPath.parent(of: path)
        if let reason = ReadOnlyIndex.unwritable(path, folder: folder) {
            return .problem(Self.check, "the index cannot be written: \(reason); index and watch fail (exit 74) "
                            + "while search, pick and exports still read it", fix: "make it writable")
        }
        guard let free = ReadOnlyIndex.freeBytes(folder) else { return .note(Self.check, "free space of \(folder) unknown") }
        let wanted = max(Self.lowFreeBytes, inspection.fileBytes ?? 0)
        if free < 1 << 20 {
            return .problem(Self.check, "the disk holding the index is full (\(free.byteSize) free): index and watch "
                            + "fail (exit 74) while search, pick and exports still read it",
                            fix: "free some space on it (at least \(wanted.byteSize)), or move the index with --library")
        }
        if free < wanted {
            return .note(Self.check, "only \(free.byteSize) free on the disk holding the index; a run that rewrites "
                         + "much of it needs up to \(wanted.byteSize)", fix: "free some space on it")
        }
        return .ok(Self.check, "\(free.byteSize) free on its disk, writable")
    }

    private var rebuild: String {
        let path = inspection.path
        return "move it aside and index again: `mv \(path) \(path).damaged && mixtape index SOURCE...` "
            + "(sources are read again; the saved selection and picker state are lost)"
    }

    private var missingFinding: Finding {
        let path = inspection.path
        if let blocked = FileFacts.uncreatableFolder(for: path) {
            return .problem(Self.check, "no index at \(path), and it cannot be created: \(blocked)",
                            fix: "make the folder writable, or point --library / $MIXTAPE_LIBRARY elsewhere")
        }
        return .note(Self.check, "no index yet at \(path)", fix: "run `mixtape index PATH` with your library export or media folder")
    }

    private var integrityFinding: Finding {
        if let failure = inspection.integrityFailure {
            return .problem(Self.check, "\(inspection.path) is damaged: integrity_check could not finish: \(failure)",
                            fix: rebuild)
        }
        guard inspection.integrity == ["ok"] else {
            let lines = inspection.integrity
            let more = lines.count <= 1 ? "" : lines.count < IndexInspection.integrityLineLimit
                ? " (and \(lines.count - 1) more)" : " (and more)"
            return .problem(Self.check, "\(inspection.path) is damaged: integrity_check says "
                            + "\(lines.first ?? "nothing")\(more)", fix: rebuild)
        }
        return .ok(Self.check, "\(inspection.path) opens read-only; integrity_check ok")
    }

    private var schemaFinding: Finding {
        let known = inspection.knownMigrations
        guard let applied = inspection.appliedMigrations else {
            return .problem(Self.check, "the schema version of \(inspection.path) cannot be read", fix: rebuild)
        }
        if applied.isEmpty {
            return .problem(Self.check, "\(inspection.path) records no schema migrations: it is not a mixtape index",
                            fix: "check --library / $MIXTAPE_LIBRARY; if it is the index, \(rebuild)")
        }
        let unknown = applied.filter { !known.contains($0) }
        if !unknown.isEmpty {
            return .problem(Self.check, "\(inspection.path) was made by a newer mixtape: schema steps this build "
                            + "(version \(known.count)) "
                            + "does not know: \(unknown.joined(separator: ", "))",
                            fix: "use the newer mixtape, or index with this one into another --library")
        }
        let missing = known.filter { !applied.contains($0) }
        if !missing.isEmpty {
            return .note(Self.check, "schema version \(applied.count), made by an older mixtape; "
                         + "upgraded to version \(known.count) the next time mixtape opens it to write",
                         fix: "nothing to do, or `mixtape index` to upgrade it now")
        }
        return .ok(Self.check, "schema version \(known.count) (current)")
    }

    private var journalFinding: Finding {
        guard let mode = inspection.journalMode else {
            return .note(Self.check, "the file header cannot be read to tell the journal mode")
        }
        guard mode == "wal" else {
            return .note(Self.check, "journal mode is \(mode), not wal: searches would wait while an index run writes",
                         fix: "nothing to do: the next `mixtape index` sets it back to wal")
        }
        guard let wal = inspection.walBytes else { return .ok(Self.check, "journal mode wal, no write-ahead log left over") }
        let size = "write-ahead log \(wal.byteSize)"
        guard wal <= Self.largeWALBytes else {
            return .note(Self.check, "journal mode wal, \(size): a large one is left by a run that was killed, "
                         + "or kept by a reader that stays open",
                         fix: "close long-running readers; the next `mixtape index` folds it into the index")
        }
        return .ok(Self.check, "journal mode wal, \(size)")
    }

    private var lockFinding: Finding {
        let lock = LibraryPath.lockPath(for: inspection.path)
        switch inspection.lock {
        case .absent:
            return .ok(Self.check, "no writer lock file yet")
        case .free:
            return .ok(Self.check, "writer lock free (\(lock))")
        case .held(let pid):
            return .ok(Self.check, "writer lock held by \(pid.map { "pid \($0)" } ?? "another process"): "
                       + "an index, watch or sources remove run is writing")
        case .unknown(let reason):
            return .note(Self.check, "the writer lock \(lock) cannot be probed: \(reason)",
                         fix: "check its permissions; index and watch need to open it for writing")
        }
    }
}
