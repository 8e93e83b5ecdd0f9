import Foundation
import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// The picker's matching thread, so typing never waits for a match (spec/picker.md: a slow
/// query never blocks input).
///
/// The input loop submits each new (query, scope) and goes back to reading keys. The thread
/// first loads the catalog, then answers the latest request only: a request that arrives while
/// another runs cancels it at the matcher's next chunk, and requests overtaken while queued are
/// never started. Everything the thread produces goes into a mailbox the loop drains, followed
/// by a call to `wake`, which interrupts the loop's wait on the terminal.
final class PickMatching: @unchecked Sendable {
    /// What the thread hands the input loop.
    enum Update: Sendable {
        /// The catalog is loaded: rows can be drawn.
        case catalog(PickCatalog)
        /// An answer for the reducer.
        case event(PickerEvent)
        /// The index could not be read.
        case failed(any Error)
    }

    private struct Request {
        var query: String
        var scope: Scope
        var selection: Set<ItemID>
    }

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var pending: Request?
    private var generation = 0
    private var stopped = false
    private var updates: [Update] = []
    /// Updates posted, taken by the loop (`drain`), and shown in a frame it drew (`framed`).
    private var posted = 0, taken = 0, shown = 0

    private let store: LibraryStore
    private let now: Timestamp
    private let wake: @Sendable () -> Void

    /// A matcher over the index in `store`; `wake` is called (on the matching thread) after
    /// each update is posted.
    init(store: LibraryStore, now: Timestamp, wake: @escaping @Sendable () -> Void) {
        self.store = store
        self.now = now
        self.wake = wake
    }

    /// Starts the thread: it loads the catalog, then waits for requests.
    ///
    /// It is a long work item on a global queue rather than a Foundation `Thread`: with
    /// swift-corelibs-foundation 6.x a `Thread` that had run `DispatchQueue.concurrentPerform`
    /// (the matcher's parallel scan) corrupted its heap when it exited; `pickbench` crashed one
    /// run in two in release builds, and never since.
    func start() {
        DispatchQueue.global(qos: .userInitiated).async { [self] in run() }
    }

    /// Asks for the results of `query` in `scope`, cancelling whatever runs.
    func submit(query: String, scope: Scope, selection: Set<ItemID>) {
        condition.lock()
        generation += 1
        pending = Request(query: query, scope: scope, selection: selection)
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the thread after its current chunk; nothing is posted after this returns.
    func stop() {
        condition.lock()
        stopped = true
        generation += 1
        updates.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Everything posted since the last call, oldest first.
    func drain() -> [Update] {
        condition.lock()
        defer { condition.unlock() }
        let drained = updates
        updates.removeAll()
        taken = posted
        return drained
    }

    /// The loop drew a frame with everything it had drained: a first page waiting to be shown
    /// lets the whole ranking start.
    func framed() {
        condition.lock()
        shown = taken
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the loop drew the updates posted so far, a new request came, or
    /// `milliseconds` passed: the whole ranking of 500,000 lines runs on both cores, and
    /// started at once it held back the frame of the page before it by 30 ms.
    private func waitUntilShown(ticket: Int, milliseconds: Int) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while shown < posted, generation == ticket, !stopped {
            if !condition.wait(until: deadline) { return }
        }
    }

    private func run() {
        let search: PickSearch
        do {
            let catalog = try PickCatalog.load(from: store)
            search = PickSearch(catalog: catalog, store: store, now: now)
            post(.catalog(catalog))
        } catch {
            post(.failed(error))
            return
        }
        serve(search)
    }

    /// Answers requests until stopped.
    private func serve(_ search: PickSearch) {
        var search = search
        while let (request, ticket) = nextRequest() {
            let isCancelled: @Sendable () -> Bool = { [self] in currentGeneration != ticket }
            do {
                // The best page first, drawn at once; then the whole list unless the user typed on.
                let first = try search.answer(request.query, in: request.scope, selection: request.selection,
                                              limit: PickSearch.firstPage, isCancelled: isCancelled)
                if isCancelled() { continue }
                post(.event(first))
                guard case .results(_, _, _, _, false, _, _) = first else { continue }
                waitUntilShown(ticket: ticket, milliseconds: 50)
                let all = try search.answer(request.query, in: request.scope, selection: request.selection,
                                            isCancelled: isCancelled)
                if !isCancelled() { post(.event(all)) }
            } catch is CancellationError {
                continue
            } catch {
                post(.failed(error))
                return
            }
        }
    }

    /// Blocks until a request is pending, then takes it with its generation; nil once stopped.
    private func nextRequest() -> (Request, Int)? {
        condition.lock()
        defer { condition.unlock() }
        while pending == nil, !stopped { condition.wait() }
        guard !stopped, let request = pending else { return nil }
        pending = nil
        return (request, generation)
    }

    private var currentGeneration: Int {
        condition.lock()
        defer { condition.unlock() }
        return generation
    }

    private func post(_ update: Update) {
        condition.lock()
        let live = !stopped
        if live {
            updates.append(update)
            posted += 1
        }
        condition.unlock()
        if live { wake() }
    }
}
