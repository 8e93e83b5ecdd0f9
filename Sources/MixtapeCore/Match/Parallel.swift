import Dispatch

/// Work split into numbered items, run on all cores.
enum Parallel {
    /// `body` for `0..<count` on all cores, the results in order (inline for a single item).
    static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { results in
            let slots = Slots(results: results)
            if count == 1 {
                slots.results[0] = body(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: count) { slots.results[$0] = body($0) }
            }
        }
        return results.map { $0! }
    }

    /// Each worker writes only its own slot.
    private struct Slots<T>: @unchecked Sendable {
        let results: UnsafeMutableBufferPointer<T?>
    }
}
