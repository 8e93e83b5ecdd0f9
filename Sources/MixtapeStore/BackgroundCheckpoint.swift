import Foundation
import GRDB

/// A passive WAL checkpoint running on its own thread and connection (`LibraryStore.
/// checkpointInBackground`): after a large source is written, copying its pages from the WAL
/// into the database file (45 MB for 100,000 tracks) overlaps with the smart playlists'
/// evaluation instead of following it. Passive: it copies what no reader still needs and never
/// blocks a reader or the writer; what it leaves, a later commit or the last connection's
/// close checkpoints, as SQLite always does.
public struct BackgroundCheckpoint: Sendable {
    private let task: BackgroundTask<Void>

    init(path: String) {
        task = BackgroundTask {
            // A failure (the index busy, a full disk) only leaves the WAL for a later
            // checkpoint: nothing is lost, so nothing is reported.
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.writeWithoutTransaction { try $0.checkpoint(.passive) }
        }
    }

    /// Blocks until the checkpoint has ended.
    public func wait() { _ = task.outcome() }
}
