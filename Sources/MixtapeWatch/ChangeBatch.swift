/// The changes the watcher collected until the debounce let them go: applied as one batch,
/// under the writer lock, source by source.
public struct ChangeBatch: Hashable, Sendable {
    /// Per folder source (keyed by its root as recorded).
    public var folders: [String: FolderChanges] = [:]
    /// Library exports written or replaced.
    public var libraries: Set<String> = []
    /// Kernel events behind this batch, for the log line.
    public var eventCount = 0
    /// The kernel's queue overflowed and events were lost: the batch rescans every source.
    public var overflowed = false

    public init(folders: [String: FolderChanges] = [:], libraries: Set<String> = [], eventCount: Int = 0) {
        self.folders = folders
        self.libraries = libraries
        self.eventCount = eventCount
    }

    public var isEmpty: Bool { folders.isEmpty && libraries.isEmpty }

    /// The sources to bring up to date, in a stable order.
    public var sourcePaths: [String] { (Array(folders.keys) + Array(libraries)).sorted() }

    /// Adds a later batch's changes (a batch that could not be applied yet waits for the next).
    public mutating func merge(_ other: ChangeBatch) {
        for (root, changes) in other.folders { folders[root, default: FolderChanges()].merge(changes) }
        libraries.formUnion(other.libraries)
        eventCount += other.eventCount
        overflowed = overflowed || other.overflowed
    }
}
