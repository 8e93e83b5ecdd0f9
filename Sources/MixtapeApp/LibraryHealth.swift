import Foundation
import MixtapeCore

/// `doctor`'s `libraries` check: the applications' libraries found on this computer, each
/// said to be in the index or not (with the command that adds it), and, with `-v`, where
/// each application keeps its library on every system.
struct LibraryHealth {
    static let check = "libraries"

    var found: [FoundLibrary]
    /// The paths of the recorded sources, as recorded.
    var recorded: Set<String>
    /// Whether to list every application's places (`doctor -v`).
    var listsPlaces: Bool

    var findings: [Finding] {
        var findings = found.map { library -> Finding in
            if isRecorded(library.path) {
                return .ok(Self.check, "\(library.application): \(library.path) is indexed")
            }
            return .note(Self.check, "\(library.application): \(library.path) is not in the index",
                         fix: "`mixtape index \(ShellWords.quoted(library.path))`, or `mixtape index --discover`")
        }
        if found.isEmpty {
            findings.append(.note(Self.check, "no application's library in the places they keep it "
                                  + "(\(LibraryLocations.applications.count) applications looked for)",
                                  fix: listsPlaces ? nil : "`mixtape doctor -v` says where each keeps it"))
        }
        if listsPlaces {
            findings += LibraryLocations.applications.map { application in
                let places = LibraryLocations.all.filter { $0.application == application }
                    .map { "\($0.shown) (\($0.base.rawValue))" }
                return .note(Self.check, "\(application) keeps its library at " + places.joined(separator: ", "))
            }
        }
        return findings
    }

    /// Whether `path` is a recorded source, compared with symbolic links resolved.
    func isRecorded(_ path: String) -> Bool {
        let real = (path as NSString).resolvingSymlinksInPath
        return recorded.contains(path) || recorded.contains { ($0 as NSString).resolvingSymlinksInPath == real }
    }
}
