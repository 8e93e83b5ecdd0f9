import MixtapeApp
import MixtapeCore

/// What `select add|remove|toggle` tells a person: the items it added and removed (the first
/// ten by name, then how many more), what it left alone, and the selection's size after.
/// A fuzzy term takes more than people expect, so the names are shown, not just a count; with
/// `--dry-run` the same report says "would" and nothing is saved.
struct SelectionReport {
    var outcome: EditSelection.Outcome
    var dryRun: Bool
    /// How many names each list shows before "… and N more".
    static let shown = 10

    var lines: [String] {
        var lines: [String] = []
        lines += list(dryRun ? "would add" : "added", outcome.added, outcome.addedItems)
        lines += list(dryRun ? "would remove" : "removed", outcome.removed, outcome.removedItems)
        var parts: [String] = []
        if outcome.added == 0 && outcome.removed == 0 { parts.append(dryRun ? "nothing would change" : "nothing changed") }
        if outcome.alreadySelected > 0 { parts.append("\(outcome.alreadySelected.grouped) already selected") }
        if outcome.notSelected > 0 { parts.append("\(outcome.notSelected.grouped) not selected") }
        let total = dryRun ? "\(outcome.total.grouped) would be selected (--dry-run: nothing saved)"
            : "\(outcome.total.grouped) selected"
        lines.append((parts.isEmpty ? "" : parts.joined(separator: ", ") + "; ") + total)
        return lines
    }

    /// `added 3:` and one indented name per item, then `… and N more`.
    private func list(_ verb: String, _ count: Int, _ items: [MediaItem]) -> [String] {
        guard count > 0 else { return [] }
        var lines = ["\(verb) \(count.counted("item")):"]
        lines += items.map { "  " + SelectionReport.name($0) }
        if count > items.count { lines.append("  … and \((count - items.count).grouped) more") }
        return lines
    }

    /// `Artist - Title`, else the title, else the file's name, else the id (an item gone from
    /// the index is known only by it).
    static func name(_ item: MediaItem) -> String {
        switch (item.artist, item.title) {
        case let (artist?, title?): return "\(artist) - \(title)"
        case let (nil, title?): return title
        default:
            if let location = item.location, let file = location.split(separator: "/").last { return String(file) }
            return item.id.rawValue
        }
    }
}
