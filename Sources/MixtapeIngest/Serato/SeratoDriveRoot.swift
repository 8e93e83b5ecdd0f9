#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// Where the paths of a Serato library start. Serato writes every path relative to the root of
/// the drive that holds its `_Serato_` folder: on an external drive, relative to the drive
/// (`Music/a.mp3` for `/Volumes/STICK/Music/a.mp3`); on a Mac's own disk, relative to `/`
/// (`Users/sam/Music/a.mp3` for `~/Music/_Serato_`); on Windows, relative to `C:\`.
///
/// So the root is the mount point of the file system that holds `_Serato_`: from the folder
/// that holds `_Serato_`, up while the parent is on the same device (`st_dev`). One exception:
/// a mount point directly below `/` counts as `/`. On macOS `/Users` is a firmlink into the
/// Data volume, which is another device than `/`, yet Serato's paths there start at `/`; on
/// Linux a separate `/home` partition holding a copy of a Mac's `~/Music/_Serato_` then gives
/// the paths as they were on the Mac (`/Users/sam/Music/a.mp3`), which the relocation maps to
/// the files here. A drive mounted further down (`/media/sam/STICK`, `/run/media/…`,
/// `/mnt/c` for a Windows disk, `/Volumes/STICK`) is its own root, so a Serato drive plugged
/// in here gives the files' real paths.
enum SeratoDriveRoot {
    /// The root for the database at `databasePath` (inside `_Serato_`).
    static func root(ofDatabase databasePath: String) -> String {
        let serato = FolderPath.parent(of: databasePath)
        var folder = FolderPath.parent(of: serato)
        guard let own = device(of: folder) else { return "/" }
        while folder != "/" {
            let up = FolderPath.parent(of: folder)
            guard device(of: up) == own else { break }
            folder = up
        }
        return FolderPath.parent(of: folder) == "/" ? "/" : folder
    }

    private static func device(of path: String) -> UInt64? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return UInt64(info.st_dev)
    }
}
