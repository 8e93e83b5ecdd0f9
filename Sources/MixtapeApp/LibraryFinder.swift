import Foundation
import MixtapeCore
import MixtapeIngest

/// A library of an application found on this computer, confirmed by its content.
public struct FoundLibrary: Hashable, Sendable {
    /// "Engine DJ", as `LibraryLocations` names it.
    public let application: String
    /// The file to give `mixtape index`.
    public let path: String
    /// Which kind of place it was found in.
    public let base: LibraryLocation.Base
}

/// Looks for the libraries `LibraryLocations` lists: in the home folder, in Windows profiles
/// (a Wine prefix, a Windows disk mounted under `/mnt` or `/media`) and at the top of each
/// mounted disk (a DJ's USB drive). A file counts only when the sniffer recognises it as the
/// kind its place promises, so a `database.xml` of another program is never offered.
///
/// Only the listed paths are looked at (a `*` segment lists one folder), never a walk of the
/// disk, so it takes milliseconds even with network mounts attached.
public struct LibraryFinder {
    /// The home folder (`$HOME`).
    public var home: String
    /// Folders whose subfolders are disks: `$MIXTAPE_DISK_ROOTS` (colon-separated), else
    /// `/media/$USER`, `/run/media/$USER`, `/media`, `/mnt` and `/Volumes`.
    public var diskRoots: [String]
    /// Profile folders that are a system's, not a person's, on a Windows disk.
    static let notPeople: Set<String> = ["Public", "Default", "Default User", "All Users"]
    /// The most entries a `*` segment takes from one folder.
    static let listedEntries = 64

    public init(environment: [String: String]) {
        home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        if let roots = environment["MIXTAPE_DISK_ROOTS"] {
            diskRoots = roots.split(separator: ":").map(String.init)
        } else {
            let user = environment["USER"] ?? NSUserName()
            diskRoots = ["/media/\(user)", "/run/media/\(user)", "/media", "/mnt", "/Volumes"]
        }
    }

    /// Every library found, in `LibraryLocations` order, each path once.
    public func find() -> [FoundLibrary] {
        let disks = Self.subfolders(of: diskRoots)
        let bases: [LibraryLocation.Base: [String]] = [
            .linuxHome: [home],
            .macHome: [home],
            .windowsProfile: Self.subfolders(of: [home + "/.wine/drive_c/users"] + disks.map { $0 + "/Users" })
                .filter { !Self.notPeople.contains(($0 as NSString).lastPathComponent) },
            .driveRoot: disks,
        ]
        var seen: Set<String> = []
        var found: [FoundLibrary] = []
        for location in LibraryLocations.all {
            for base in bases[location.base] ?? [] {
                for path in Self.expand(location.segments, below: base) where Self.holds(location, path) {
                    let real = (path as NSString).resolvingSymlinksInPath
                    guard seen.insert(real).inserted else { continue }
                    found.append(FoundLibrary(application: location.application, path: path, base: location.base))
                }
            }
        }
        return found
    }

    /// The paths below `base` that the segments name, a `*` segment matched against the
    /// folder's entries (sorted, so the order is the same on every run).
    static func expand(_ segments: [Substring], below base: String) -> [String] {
        var paths = [base]
        for segment in segments {
            paths = paths.flatMap { folder -> [String] in
                guard segment.contains("*") else { return [folder + "/" + segment] }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return names.sorted().prefix(listedEntries)
                    .filter { LibraryLocation.matches(Substring($0), segment: segment) }
                    .map { folder + "/" + $0 }
            }
        }
        return paths
    }

    /// Whether `path` is a file recognised as one of the location's kinds.
    static func holds(_ location: LibraryLocation, _ path: String) -> Bool {
        guard case .file = FileFacts.inspect(path), let kind = try? SourceSniffer.recognise(path: path) else {
            return false
        }
        return location.kinds.contains(kind.id)
    }

    /// The folders directly inside each of `roots` (symbolic links to folders included: a
    /// mount point may be one), sorted.
    static func subfolders(of roots: [String]) -> [String] {
        roots.flatMap { root -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            return names.sorted().prefix(listedEntries).map { root + "/" + $0 }.filter {
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue
            }
        }
    }
}
