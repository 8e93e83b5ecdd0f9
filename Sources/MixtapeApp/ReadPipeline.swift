import Foundation
import MixtapeStore

/// Runs a reader on its own thread and hands its batches to the calling thread, so parsing a
/// large export (one core) overlaps with writing it to SQLite (the other core).
///
/// At most `capacity` batches are in flight, so memory stays flat whatever the file size.
/// An error on either side stops both: the reader's error is rethrown as it was; when the
/// consumer fails, the reader is cancelled at its next batch and the consumer's error wins.
///
/// Work that either thread can do (mapping a reader's entries to items) is shared by how far
/// behind the consumer is: a batch sent while another still waits for the consumer first goes
/// through `aheadOfConsumer` on the reading thread, and one sent to an idle consumer goes as
/// it is. Whichever thread is the busier then does less of it, on any file.
enum ReadPipeline {
    static func run<Batch: Sendable, Summary: Sendable>(
        capacity: Int = 4,
        read: @escaping @Sendable (_ emit: (Batch) throws -> Void) throws -> Summary,
        aheadOfConsumer: @escaping @Sendable (Batch) -> Batch = { $0 },
        consume: (inout Batch) throws -> Void
    ) throws -> Summary {
        let channel = BatchChannel<Batch>(capacity: capacity)
        let reading = BackgroundTask(stackSize: 8 << 20) {
            defer { channel.close() }
            return try read { batch in try channel.send(channel.isWaiting ? aheadOfConsumer(batch) : batch) }
        }
        do {
            // Lent as `inout`: the consumer may take what the batch holds out of it (no second
            // reference left, so an array taken is not copied to be changed).
            while var batch = channel.receive() { try consume(&batch) }
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
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Blocks while full; throws `Cancelled` once the consumer gave up.
    func send(_ element: Element) throws {
        condition.lock()
        defer { condition.unlock() }
        while buffer.count >= capacity, !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        buffer.append(element)
        condition.broadcast()
    }

    /// Whether an element sent earlier is still waiting to be received: the consumer is
    /// behind the producer.
    var isWaiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !buffer.isEmpty
    }

    /// The next element, or nil once the producer closed and everything was taken.
    func receive() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty, !closed { condition.wait() }
        guard !buffer.isEmpty else { return nil }
        // Taken out at once, so a consumed batch is freed as soon as the consumer is done with
        // it (the buffer holds at most `capacity` elements, so this shift is cheap).
        let element = buffer.removeFirst()
        condition.broadcast()
        return element
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
        condition.broadcast()
        condition.unlock()
    }
}
