/// Whether a folder source's root still holds the files the index read from it, or only looks
/// as if they were deleted: a disk unmounted from `/mnt/music` leaves an empty folder on the
/// system's own disk there, and a walk of it finds nothing. Reading that as "every file
/// deleted" would remove every item (and, when the disk comes back, every `date_added`), so
/// such a root is treated as gone, as a missing one is: its items are kept and a warning says
/// why.
struct FolderRootPresence {
    /// Items the index holds from the source.
    var recordedItems: Int
    /// The file system the root was on when last walked; nil for an index made before it was
    /// recorded.
    var recordedDevice: UInt64?
    /// The file system the root is on now.
    var device: UInt64?
    /// The root holds no entry at all.
    var isEmpty: Bool
    /// The root is a mount point (on another file system than its parent folder).
    var isMountPoint: Bool
    /// The walk found no media or playlist file (only meaningful for a walk of the whole tree).
    var walkFoundNothing: Bool

    /// Why the root counts as gone, for the warning; nil when it is there to be walked.
    /// A root on another file system than before that still holds files is a disk that moved
    /// (a new disk mounted in the old one's place): it is walked, and its device recorded. A
    /// root emptied on the disk it always was on is a folder whose files were moved or
    /// deleted: they are gone from the index too.
    var absence: String? {
        guard recordedItems > 0 else { return nil }
        let moved = recordedDevice != nil && device != nil && recordedDevice != device
        if moved && (isEmpty || walkFoundNothing) {
            return "holds no media on another file system than before: its disk looks unmounted"
        }
        if isEmpty && isMountPoint { return "is an empty mount point: its disk looks missing" }
        if isEmpty && recordedDevice == nil {
            // An index from before devices were recorded cannot tell; keeping is the safe way.
            return "is an empty folder, and whether it is an unmounted disk cannot be told"
        }
        return nil
    }
}
