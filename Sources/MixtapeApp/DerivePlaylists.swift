import MixtapeCore
import MixtapeStore

/// One step of an index run: what is worked out from the items once they are written, the
/// entries of playlist files and of smart playlists, together with the line snapshot that
/// `search` and `pick` start from (the two share a pass over the items where they can).
///
/// The threads live here: when the run's one source gathered its lines while it was written,
/// the smart playlists are evaluated on a thread of their own while this one stores those
/// lines, and what the evaluation held is let go on a third.
struct DerivePlaylists {
    let store: LibraryStore
    let libraryPath: String
    let now: Timestamp

    /// What the step left for the line snapshot.
    struct Outcome {
        /// Lines the evaluation rendered (every item loaded), which the snapshot can be made of.
        var loaded: RenderedLines?
        /// Whether the gathered lines were stored (false: the snapshot is still to make).
        var stored = true
    }

    /// Resolves the playlist files again when a killed run may have left them behind, or
    /// relocation gave items their files here since each sync resolved them (`resolvingFiles`),
    /// evaluates the smart playlists and stores `gathered` beside them.
    /// `gathered` columns are used for the rules only while `columnsHold` (no item changed
    /// since they were gathered: relocation may have given items their paths).
    func run(gathered: LineSnapshotCollector?, columnsHold: Bool, resolvingFiles: Bool,
             keepingLines: Bool) throws -> Outcome {
        // What the syncs left in the WAL goes into the file beside the evaluation below.
        let checkpoint = store.checkpointInBackground()
        defer { checkpoint.wait() }
        // Each sync resolved the playlist files in its own transaction (`derive`); a run
        // killed before that existed, or a `sources remove`, may have left them behind, and
        // relocation, which runs after the syncs, may have given their entries files here.
        if resolvingFiles { try ResolvePlaylistFiles(store: store).run() }
        let evaluation = EvaluateSmartPlaylists(store: store, libraryPath: libraryPath, now: now)
        guard let lines = gathered else {
            return Outcome(loaded: try evaluation.run(keepingLines: keepingLines))
        }
        // The evaluation only reads until it writes what it found, so it runs on a thread of
        // its own while this one stores the gathered snapshot. The rules are read first, and
        // the columns they read if they were gathered with the lines (put in library order
        // here, before two threads use them; held by the evaluating thread alone, which lets
        // them go there).
        let ruled = try store.ruledPlaylists()
        let evaluating = BackgroundTask { [columns = columnsHold ? lines.columns() : nil] in
            try evaluation.evaluate(gathered: columns, ruled: ruled)
        }
        let storing = Result { try store.storeLineSnapshot(lines) }
        let found = try evaluating.value()  // waited for before any error leaves
        let stored = try storing.get()
        if let found { try evaluation.write(found) }
        Self.letGo(consume found)
        return Outcome(stored: stored)
    }

    /// Lets go of `value` on a thread of its own, so what it holds (every item of the index)
    /// is freed beside the rest of the run rather than before it.
    private static func letGo(_ value: consuming EvaluateSmartPlaylists.Found?) {
        let held = value
        _ = BackgroundTask { withExtendedLifetime(held) {} }
    }
}
