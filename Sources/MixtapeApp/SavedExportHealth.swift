import Foundation
import MixtapeCore

/// The `saved` check of `mixtape doctor`: each saved export can still be written. A query
/// this version no longer parses, or an output folder that is gone or not writable, is a
/// problem, since every `index` then reports it (exit 73); a playlist file not written yet is
/// only a note.
struct SavedExportHealth {
    var saved: SavedExport

    static let check = "saved exports"

    var finding: Finding {
        let name = saved.name, output = saved.output
        let remove = "or forget it: `mixtape saved remove \(name)`"
        if case .query(let text) = saved.source, let problem = Finding.savedQuery(text, of: name, check: Self.check) { return problem }
        let folder = (output as NSString).deletingLastPathComponent
        guard case .folder = FileFacts.inspect(folder) else {
            return .problem(Self.check, "\(name): the folder of \(output) does not exist", fix: "create \(folder), \(remove)")
        }
        guard access(folder, W_OK) == 0 else {
            return .problem(Self.check, "\(name): \(folder) is not writable, so \(output) cannot be written",
                            fix: "give this user write access to \(folder), \(remove)")
        }
        guard access(output, F_OK) == 0 else {
            return .note(Self.check, "\(name): \(output) is not written yet", fix: "`mixtape saved run \(name)` writes it now")
        }
        return .ok(Self.check, "\(name) → \(output)")
    }
}

extension Finding {
    /// The problem of a saved export's or sync's query that this version no longer parses
    /// (every `index` would then warn about it); nil when it parses.
    static func savedQuery(_ text: String, of name: String, check: String) -> Finding? {
        do {
            _ = try Query(parsing: text)
            return nil
        } catch {
            return .problem(check, "\(name): its query no longer parses: \(error)",
                            fix: "save it again with a query that parses (`mixtape search` shows the error), "
                                + "or forget it: `mixtape saved remove \(name)`")
        }
    }
}
