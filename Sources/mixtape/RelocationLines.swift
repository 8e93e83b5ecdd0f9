import MixtapeCore
import MixtapeStore

/// How `index`, `sources relocate` and `doctor` say what relocation found for one source
/// (spec/sources.md, "Where the files are now"): how many of its files are here, by which
/// step or rule, and what to do about the rest.
enum RelocationLines {
    static func lines(source: String, kind: SourceKind, summary: RelocationSummary) -> [String] {
        guard summary.entries > 0 else { return [] }
        if summary.found == 0 {
            return ["\(source): none of the \(summary.entries.grouped) files it names is here; index the folder that "
                + "holds them (`mixtape index FOLDER`) or say where they are (`mixtape sources relocate \(source) FROM=TO`)"]
                + (summary.note.map { ["  note: \($0)"] } ?? [])
        }
        var lines = ["\(source): found here \(summary.found.grouped) of \(summary.entries.grouped) files"]
        let stepsUsed = summary.rules.contains { $0.entries > 0 } || summary.byName > 0 || summary.byTags > 0
        if stepsUsed && summary.asWritten > 0 { lines.append("  as written: \(summary.asWritten.grouped)") }
        for rule in summary.rules where rule.entries > 0 || rule.setBy == .user {
            let who = rule.setBy == .user ? " (set by you)" : ""
            lines.append("  \(rule.from) → \(rule.to): \(rule.entries.grouped)\(who)")
        }
        if summary.byName > 0 { lines.append("  \(RelocationSummary.byNameStep(of: kind)): \(summary.byName.grouped)") }
        if summary.byTags > 0 { lines.append("  by artist and title: \(summary.byTags.grouped)") }
        if summary.missing + summary.ambiguous > 0 {
            var parts: [String] = []
            if summary.missing > 0 { parts.append("missing \(summary.missing.grouped)") }
            if summary.ambiguous > 0 { parts.append("ambiguous \(summary.ambiguous.grouped) (two files could be one entry)") }
            lines.append("  " + parts.joined(separator: ", ") + ": `mixtape doctor` lists them; "
                + "`mixtape sources relocate \(source) FROM=TO` says where they are")
        }
        if let note = summary.note { lines.append("  note: \(note)") }
        return lines
    }
}
