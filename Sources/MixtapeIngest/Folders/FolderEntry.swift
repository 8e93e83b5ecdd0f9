/// One file in a folder as the walk stat-ed it, before it is known to be a media file, a
/// sidecar or neither: what `FolderSidecarMatcher` needs, with no platform types in it.
struct FolderEntry: Hashable, Sendable {
    var name: String
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modificationTimeNs: Int64
}
