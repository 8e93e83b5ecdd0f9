import MixtapeApp
import MixtapeCore

/// How the saved syncs an `index` run, a `watch` batch or `saved run` ran read on stderr: a
/// summary per device written to, one note per device that is not there, a warning per saved
/// sync that failed and per file that could not be made; a sync that changed nothing only
/// with `-v`. None of them is an error: a device's trouble is not the index's.
enum SavedSyncLines {
    struct Line {
        var text: String
        var isWarning: Bool

        func print() { isWarning ? Messages.warning(text) : Messages.info(text) }
    }

    static func lines(_ outcomes: [SavedSyncs.Outcome], quiet: Bool) -> [Line] {
        outcomes.flatMap { outcome -> [Line] in
            let name = "saved sync \(outcome.saved.name): "
            switch outcome.result {
            case .notThere:
                return quiet ? [] : [Line(text: name + "\(outcome.saved.destination) is not there (not plugged in?); "
                                         + "it runs when it is", isWarning: false)]
            case .failed(let reason):
                return [Line(text: name + reason, isWarning: true)]
            case .synced(let report):
                var lines = (report.outcome?.failed ?? []).map {
                    Line(text: name + "\($0.file) cannot be transcoded, so it is not on the device: \($0.reason)", isWarning: true)
                }
                if !report.notHere.isEmpty {
                    lines.append(Line(text: name + "\(report.notHere.count.counted("chosen file")) not here; not synced",
                                      isWarning: true))
                }
                if let done = report.outcome, !quiet, outcome.wrote || Messages.style.verbose {
                    lines.append(Line(text: name + SyncReportLines(report: report, quiet: quiet).summary(done), isWarning: false))
                }
                return lines
            }
        }
    }

    /// `{"written":1,"unchanged":0,"not_there":1,"failed":0}` for `index --json`.
    static func json(_ outcomes: [SavedSyncs.Outcome]) -> String {
        var writer = JSONObjectWriter()
        writer.add("written", int: Int64(outcomes.count { $0.wrote && !$0.failed }))
        writer.add("unchanged", int: Int64(outcomes.count { !$0.wrote && !$0.failed && !$0.notThere }))
        writer.add("not_there", int: Int64(outcomes.count(where: \.notThere)))
        writer.add("failed", int: Int64(outcomes.count(where: \.failed)))
        return writer.result
    }

    /// `1 written, 0 unchanged, 1 not there, 0 failed`, for `saved run`.
    static func counts(_ outcomes: [SavedSyncs.Outcome]) -> String {
        let written = outcomes.count { $0.wrote && !$0.failed }, failed = outcomes.count(where: \.failed)
        let away = outcomes.count(where: \.notThere)
        return "saved syncs: \(written) written, \(outcomes.count - written - failed - away) unchanged, "
            + "\(away) not there, \(failed) failed"
    }
}
