import Foundation
import MixtapeCore

/// The `saved syncs` check of `mixtape doctor`: each saved sync can still run. A device that
/// is not plugged in is only a note, since that is a device's normal state; a query this
/// version no longer parses, or a DEST that is a file or cannot be written, is a problem,
/// since every `index` then warns about it.
struct SavedSyncHealth {
    var saved: SavedSync

    static let check = "saved syncs"

    var finding: Finding {
        let name = saved.name, destination = saved.destination
        let remove = "or forget it: `mixtape saved remove \(name)`"
        if case .query(let text) = saved.source, let problem = Finding.savedQuery(text, of: name, check: Self.check) { return problem }
        if !SavedSyncs.isThere(destination), case .folder = FileFacts.inspect(destination) {
            return .note(Self.check, "\(name): \(destination) holds no earlier sync (is the device mounted there?); it runs when it is")
        }
        switch FileFacts.inspect(destination) {
        case .missing:
            return .note(Self.check, "\(name): \(destination) is not there (not plugged in?); it runs when it is")
        case .file:
            return .problem(Self.check, "\(name): \(destination) is a file, not a folder",
                            fix: "mount the device there, \(remove)")
        case .unreadable(let why):
            return .problem(Self.check, "\(name): \(destination) cannot be read: \(why)",
                            fix: "give this user access to \(destination), \(remove)")
        case .folder:
            guard access(destination, W_OK) == 0 else {
                return .problem(Self.check, "\(name): \(destination) is not writable",
                                fix: "mount it writable, or give this user write access to it, \(remove)")
            }
            return .ok(Self.check, "\(name) → \(destination)")
        }
    }
}
