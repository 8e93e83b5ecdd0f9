#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, as far as handing it to a player goes: only a regular file holds music.
///
/// A playlist file may name anything: `/dev/zero` (a player reads it forever), a FIFO (the
/// player's queue waits on it for good), a socket, a folder, or a kernel file of `/proc` or
/// `/sys` (`/proc/self/environ`: "regular" to `stat`, but the kernel's text, not music). `play`
/// and the picker hand none of these to a player; `export-playlist` lists them with a warning
/// (see docs/play.md and docs/export.md).
public enum FileKind: Hashable, Sendable {
    case regular
    case folder
    case device
    case fifo
    case socket
    /// A file of `/proc` or `/sys` (told by its file system, so a symbolic link to one is
    /// caught too).
    case kernel
    case other

    /// The kind of what `info` (from `stat`, which follows symbolic links) describes.
    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = FileKind.kernelDevices.contains(UInt64(truncatingIfNeeded: info.st_dev)) ? .kernel : .regular
        case S_IFDIR: self = .folder
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// Whether a player may be given it.
    public var isPlayable: Bool { self == .regular }

    /// What it is, for a warning: "a FIFO", "a device"…
    public var description: String {
        switch self {
        case .regular: "a file"
        case .folder: "a folder"
        case .device: "a device"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .kernel: "a kernel file of /proc or /sys"
        case .other: "not a regular file"
        }
    }

    /// The devices of the `/proc` and `/sys` file systems here, asked once.
    private static let kernelDevices: Set<UInt64> = {
        var devices: Set<UInt64> = []
        for folder in ["/proc", "/sys"] {
            var info = stat()
            if stat(folder, &info) == 0 { devices.insert(UInt64(truncatingIfNeeded: info.st_dev)) }
        }
        return devices
    }()
}
