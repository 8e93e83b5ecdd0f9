import Foundation
import MixtapeCore
import MixtapeStore

/// The preview pane's text, worked out on a thread of its own: the first preview reads every
/// playlist of the index to know which hold the item (a deep folder tree once froze typing
/// for 27 s on the picker's thread), and each one reads the item. The picker asks and goes
/// on; the answer wakes it like the matching thread's.
///
/// Only the newest request counts: one overtaken before it started is skipped, and one
/// overtaken while it ran is not shown, so the pane never ends on an item the cursor left.
final class PickPreviewer: @unchecked Sendable {
    private let queue = DispatchQueue(label: "mixtape.picker.preview")
    private let lock = NSLock()
    /// Guarded by `lock`: the newest request, and the answer to it not yet drained.
    private var latest = 0
    private var answer: [String]?
    /// Used on `queue` only.
    private var preview: PickPreview
    private let wake: @Sendable () -> Void

    /// Previews of items of `store`; `wake` is called (on the preview thread) with each answer.
    init(store: LibraryStore, wake: @escaping @Sendable () -> Void) {
        preview = PickPreview(store: store)
        self.wake = wake
    }

    /// Asks for the lines of `id` (nil: nothing under the cursor) and returns at once.
    func request(_ id: ItemID?) {
        let generation = lock.withLock { latest += 1; return latest }
        queue.async { [self] in
            guard generation == lock.withLock({ latest }) else { return }
            let lines = preview.lines(for: id)
            let current = lock.withLock {
                guard generation == latest else { return false }
                answer = lines
                return true
            }
            if current { wake() }
        }
    }

    /// The lines of the newest request, once, if they have come since the last call.
    func drain() -> [String]? {
        lock.withLock {
            defer { answer = nil }
            return answer
        }
    }
}
