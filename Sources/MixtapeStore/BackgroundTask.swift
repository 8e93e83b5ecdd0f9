import Foundation

/// Work run on a thread of its own while the caller goes on, and its result (or error) once
/// the caller asks for it: a reader streaming batches, the smart playlists evaluated while the
/// line snapshot is stored, half of the items read on a second connection, a checkpoint.
public final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Value, any Error>?

    /// Starts `work` now. `stackSize`: for work that recurses deeply (a parser).
    public init(stackSize: Int? = nil, _ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let outcome = Result { try work() }
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// Waits for the work to end, then returns its result.
    public func outcome() -> Result<Value, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }

    /// Waits for the work to end, then returns its value or throws its error.
    public func value() throws -> Value { try outcome().get() }
}
