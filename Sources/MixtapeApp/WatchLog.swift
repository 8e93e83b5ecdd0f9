/// What `watch` has to say as it runs, one value per log line; the command decides how a
/// line reads.
public enum WatchLog: Sendable {
    /// Watching began: how many sources, and how many folders the kernel watches for them
    /// (nil when polling).
    case started(sources: Int, watchedFolders: Int?, pollSeconds: Double?)
    /// The index run that brings everything up to date before watching (changes made while
    /// `watch` was not running).
    case caughtUp(IndexReport)
    /// One batch applied to `sources`: what changed, from how many kernel events;
    /// `overflowed` when the kernel lost events and the sources were rescanned.
    case applied(IndexReport, sources: [String], events: Int, overflowed: Bool)
    /// The batch waits and is tried again: another `index` holds the writer lock, or the
    /// index's disk cannot take a write (full, read-only) for now.
    case busy(String)
    /// A folder the kernel would not watch for a reason about it alone (a path longer than
    /// PATH_MAX, no permission): skipped, the rest still watched.
    case notWatched(folder: String, reason: String)
    /// A stop signal came; the last batch is done.
    case stopping
}
