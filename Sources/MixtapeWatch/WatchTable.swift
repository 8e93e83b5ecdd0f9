import MixtapeCore

/// Which kernel watch descriptor stands for which folder path, both ways.
///
/// inotify watches an inode, not a path: when a watched folder is renamed its descriptor
/// stays valid and now stands for the new path, so a paired rename rewrites the paths of the
/// whole subtree here. A subtree moved out of the roots must be unwatched by hand; a deleted
/// folder's watch goes by itself (the kernel reports `IN_IGNORED`).
public struct WatchTable: Sendable {
    private var pathByDescriptor: [Int32: String] = [:]
    private var descriptorByPath: [String: Int32] = [:]

    public init() {}

    public var count: Int { pathByDescriptor.count }

    public func path(of descriptor: Int32) -> String? { pathByDescriptor[descriptor] }

    public func descriptor(of path: String) -> Int32? { descriptorByPath[path] }

    /// Records that `descriptor` watches `path`. The kernel hands out the same descriptor for
    /// an inode watched twice (a folder reached under a new path), so the old path is dropped.
    public mutating func add(_ descriptor: Int32, path: String) {
        if let old = pathByDescriptor[descriptor] { descriptorByPath[old] = nil }
        if let old = descriptorByPath[path] { pathByDescriptor[old] = nil }
        pathByDescriptor[descriptor] = path
        descriptorByPath[path] = descriptor
    }

    /// Forgets `descriptor` (its watch is gone).
    public mutating func remove(_ descriptor: Int32) {
        guard let path = pathByDescriptor.removeValue(forKey: descriptor) else { return }
        if descriptorByPath[path] == descriptor { descriptorByPath[path] = nil }
    }

    /// Forgets `folder` and every folder below it, returning their descriptors (to unwatch).
    public mutating func removeTree(_ folder: String) -> [Int32] {
        let gone = descriptorByPath.filter { FolderPath.isWithin($0.key, folder) }
        for (_, descriptor) in gone { remove(descriptor) }
        return gone.map(\.value).sorted()
    }

    /// Rewrites `from` and every path below it to sit under `to`.
    public mutating func renameTree(from: String, to: String) {
        let moved = descriptorByPath.filter { FolderPath.isWithin($0.key, from) }
        for (path, descriptor) in moved {
            let newPath = to + String(decoding: path.utf8.dropFirst(from.utf8.count), as: UTF8.self)
            remove(descriptor)
            add(descriptor, path: newPath)
        }
    }
}
