import Foundation
import MixtapeStore

/// Runs a reader on its own thread and hands its batches to the calling thread, so parsing a
/// large export (one core) overlaps with writing it to SQLite (the other core).
///
/// At most `capacity` batches are in flight, and at most `weightBudget` of what `weight` says
/// they hold (waiting or being consumed) beyond one batch, so memory stays flat whatever the
/// file size: a million-track library's master playlist alone packs 24 MB of ids, and a
/// reader far ahead of the writer held four such playlists at once.
/// An error on either side stops both: the reader's error is rethrown as it was; when the
/// consumer fails, the reader is cancelled at its next batch and the consumer's error wins.
///
/// Work that either thread can do (mapping a reader's entries to items, working out their
/// fingerprints and sort keys) is shared by whether the consumer is behind: a batch sent while
/// another still waits for it first goes through `aheadOfConsumer` on the reading thread, and
/// one sent to a consumer that has none waiting goes as it is. Whichever thread is the busier
/// then does less of it, on any file: a writer that falls behind gets its batches done ahead,
/// a reader that falls behind hands the work over until the writer does.
///
/// (Asking instead whether the consumer was waiting at that moment left the reading thread
/// doing the work of every batch sent while the writer wrote the one before, even where the
/// reader was the slower of the two: side by side, a 100,000-track rekordbox index took 13%
/// longer, Rhythmbox 7% and Serato 2.5%, the others the same.)
enum ReadPipeline {
    static func run<Batch: Sendable, Summary: Sendable>(
        capacity: Int = 4,
        weight: @escaping @Sendable (Batch) -> Int = { _ in 0 },
        weightBudget: Int = 16 << 20,
        read: @escaping @Sendable (_ emit: (Batch) throws -> Void) throws -> Summary,
        aheadOfConsumer: @escaping @Sendable (Batch) -> Batch = { $0 },
        consume: (inout Batch) throws -> Void
    ) throws -> Summary {
        let channel = BatchChannel<Batch>(capacity: capacity, weightBudget: weightBudget)
        let reading = BackgroundTask(stackSize: 8 << 20) {
            defer { channel.close() }
            return try read { batch in
                let sent = channel.hasWaiting ? aheadOfConsumer(batch) : batch
                try channel.send(sent, weight: weight(sent))
            }
        }
        do {
            // Lent as `inout`: the consumer may take what the batch holds out of it. Bound
            // `var` straight from what `receive` returns, so no second reference is left: a
            // `let` copied into a `var` kept one, and every array of items taken from the batch
            // was copied whole to be lent in place (a twentieth of a Serato index).
            while var received = channel.receive() {
                try consume(&received.element)
                // Its weight counts until it is written, not only while it waits.
                channel.release(received.weight)
            }
        } catch {
            channel.cancel()
            _ = reading.outcome()
            throw error
        }
        return try reading.value()
    }
}

/// A bounded, blocking hand-over between one producer and one consumer thread.
final class BatchChannel<Element: Sendable>: @unchecked Sendable {
    struct Cancelled: Error {}

    private let condition = NSCondition()
    private var buffer: [Element] = []
    /// The weight of each element of `buffer`, and their sum.
    private var weights: [Int] = []
    private var heldWeight = 0
    private var closed = false
    private var cancelled = false
    private let capacity: Int
    private let weightBudget: Int

    init(capacity: Int, weightBudget: Int = .max) {
        self.capacity = max(1, capacity)
        self.weightBudget = weightBudget
    }

    /// Blocks while full (`capacity` elements, or elements waiting or being consumed hold
    /// weight and this one would take it past the budget); throws `Cancelled` once the
    /// consumer gave up.
    func send(_ element: Element, weight: Int = 0) throws {
        condition.lock()
        defer { condition.unlock() }
        while buffer.count >= capacity || (heldWeight > 0 && heldWeight + weight > weightBudget), !cancelled {
            condition.wait()
        }
        if cancelled { throw Cancelled() }
        buffer.append(element)
        weights.append(weight)
        heldWeight += weight
        condition.broadcast()
    }

    /// Whether an element waits for the consumer, which is then behind the producer.
    var hasWaiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !buffer.isEmpty
    }

    /// The next element with its weight, or nil once the producer closed and everything was
    /// taken. The weight stays held until the consumer `release`s it.
    func receive() -> (element: Element, weight: Int)? {
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty, !closed { condition.wait() }
        guard !buffer.isEmpty else { return nil }
        // Taken out at once, so a consumed batch is freed as soon as the consumer is done with
        // it (the buffer holds at most `capacity` elements, so this shift is cheap).
        let element = buffer.removeFirst()
        let weight = weights.removeFirst()
        condition.broadcast()
        return (element, weight)
    }

    /// The consumer is done with an element of `weight`.
    func release(_ weight: Int) {
        guard weight != 0 else { return }
        condition.lock()
        heldWeight -= weight
        condition.broadcast()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        buffer.removeAll()
        weights.removeAll()
        heldWeight = 0
        condition.broadcast()
        condition.unlock()
    }
}
