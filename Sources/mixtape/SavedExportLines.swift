import MixtapeApp
import MixtapeCore

/// How the saved exports an `index` run, a `watch` batch or `saved run` wrote read on stderr:
/// a line per playlist written, an error per one that could not be; unchanged ones only
/// with `-v`.
enum SavedExportLines {
    struct Line {
        var text: String
        var isError: Bool

        func print() { isError ? Messages.error(text) : Messages.info(text) }
    }

    static func lines(_ outcomes: [SavedExports.Outcome], quiet: Bool) -> [Line] {
        outcomes.compactMap { outcome in
            let saved = outcome.saved
            switch outcome.result {
            case .failed(let reason):
                return Line(text: "saved export \(saved.name): \(reason)", isError: true)
            case .written(let written) where !quiet:
                return Line(text: "saved export \(saved.name): wrote \(saved.output) (\(entries(written)))", isError: false)
            case .unchanged(let same) where !quiet && Messages.style.verbose:
                return Line(text: "saved export \(saved.name): \(saved.output) unchanged (\(entries(same)))", isError: false)
            default:
                return nil
            }
        }
    }

    /// `{"written":1,"unchanged":2,"failed":0}` for `index --json`.
    static func json(_ outcomes: [SavedExports.Outcome]) -> String {
        var writer = JSONObjectWriter()
        writer.add("written", int: Int64(outcomes.count { $0.written }))
        writer.add("unchanged", int: Int64(outcomes.count { !$0.written && !$0.failed }))
        writer.add("failed", int: Int64(outcomes.count { $0.failed }))
        return writer.result
    }

    private static func entries(_ outcome: ExportPlaylist.Outcome) -> String {
        var text = outcome.entries.counted("entry", "entries")
        if !outcome.missingFiles.isEmpty { text += ", \(outcome.missingFiles.count.grouped) missing here" }
        if outcome.wholeFileTracks > 0 { text += ", \(outcome.wholeFileTracks.counted("cue track")) as whole files" }
        return text
    }
}
