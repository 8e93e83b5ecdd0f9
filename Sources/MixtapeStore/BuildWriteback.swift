import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// While a new index is built (`LibraryStore.building(at:)`), has the disk write what SQLite
/// has put in its file so far, a tenth of a second at a time, without waiting for it: the
/// pages of 100,000 items (about 40 MB) go to the disk while the rest is read and worked out,
/// and the sync before the move into place (`moveIntoPlace`) finds less left to write.
/// That sync took 70 to 100 ms at the end of such an index, most of it waited for.
///
/// Linux only (`sync_file_range`); elsewhere it does nothing and the final sync writes it all,
/// as before.
final class BuildWriteback: Sendable {
    /// How often the written pages are handed to the disk.
    static let interval = 0.1

    private let state = State()
    private let task: BackgroundTask<Void>?

    /// Starts for the file at `path` (a new index's build).
    init(path: String) {
        guard let startWriting = Self.startWriting else {
            task = nil
            return
        }
        task = BackgroundTask { [state] in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            // A failure only leaves the writing to the final sync, which reports it.
            while state.waitWhileRunning(seconds: Self.interval) {
                _ = startWriting(descriptor, 0, 0, Self.write)
            }
        }
    }

    /// Stops, and waits for the thread to end (within one write's submission).
    func stop() {
        state.stop()
        _ = task?.outcome()
    }

    /// `sync_file_range(fd, offset, count, flags)`. Looked up by name: Swift's Glibc module
    /// leaves out what glibc declares only for `_GNU_SOURCE`.
    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    /// `SYNC_FILE_RANGE_WRITE`: start writing the dirty pages, do not wait for them.
    private static let write: UInt32 = 2

    private static let startWriting: SyncFileRange? = {
        #if os(Linux)
        guard let symbol = dlsym(nil, "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
        #else
        return nil
        #endif
    }()

    /// Whether the build goes on, and the wait between writes that a stop cuts short.
    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private var stopped = false

        /// Waits `seconds` or until stopped; true while not stopped.
        func waitWhileRunning(seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
            return !stopped
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
