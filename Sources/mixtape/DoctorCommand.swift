import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore
import MixtapeStore

/// `mixtape doctor`: checks the setup and says what to fix; exit 1 when something must be.
struct DoctorCommand: LibraryCommand, ReportsConfigProblems {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the index, sources, libraries, watch limits, config file and terminal; say what to fix.",
        discussion: """
            Runs every check and prints one line per finding, grouped by check: ok, note \
            (worth knowing, nothing broken) or PROBLEM (with what to do). Exit 1 when any \
            problem was found, else 0. The index is opened read-only: doctor never creates, \
            upgrades or changes it. Without a terminal (CI, cron) the terminal check is only \
            a note. The libraries check looks for the applications' libraries where they keep \
            them (home folder, Windows profiles, the top of each mounted drive) and says which \
            are not indexed yet; with -v it lists every place it looks.
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Flag(help: "JSON Lines: one {check, status, message, fix} object per finding.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        var doctor = DiagnoseSetup(libraryPath: libraryOptions.libraryPath, environment: environment)
        doctor.extraChecks = [{ ConfigFindings.findings(Settings.loaded, environment: environment) }]
        doctor.pathMapping = Settings.current.mapping(adding: [])
        if Messages.style.verbose || json { doctor.listedEntries = FilesHere.exampleLimit }
        doctor.libraryFinder = LibraryFinder(environment: environment)
        doctor.listsLibraryPlaces = Messages.style.verbose
        let diagnosis = doctor.run()
        let writer = RecordWriter()
        let findings = libraryOptions.quiet ? diagnosis.problems : diagnosis.findings
        if json {
            for finding in findings { writer.write(Self.json(finding)) }
        } else {
            let colour = libraryOptions.color.colors(terminal: isatty(STDOUT_FILENO) == 1, environment: environment)
            for line in Self.lines(findings, colour: colour) { writer.write(line.text, prefix: line.mark) }
            if !libraryOptions.quiet { writer.write(diagnosis.summary) }
        }
        writer.flush()
        if diagnosis.hasProblems { throw CommandFailure(message: nil, status: .problemsFound) }
    }

    static func json(_ finding: Finding) -> String {
        var writer = JSONObjectWriter()
        writer.add("check", string: finding.check)
        writer.add("status", string: finding.status.rawValue)
        writer.add("message", string: finding.message)
        writer.add("fix", string: finding.fix)
        return writer.result
    }

    /// A heading per check, then `  MARK     message` and, under it, `fix: …`. Marks are plain
    /// words, so the text reads the same without colour and greps well (`grep PROBLEM`). A
    /// line's `mark` is ours, colour escapes and all; its `text` holds paths and messages
    /// from elsewhere, whose control characters the writer shows as `\x1B`.
    static func lines(_ findings: [Finding], colour: Bool) -> [(mark: String, text: String)] {
        var lines: [(mark: String, text: String)] = []
        var current: String?
        for finding in findings {
            if finding.check != current {
                lines.append(("", finding.check))
                current = finding.check
            }
            let word = mark(finding.status)
            let padded = word + String(repeating: " ", count: max(1, 9 - word.count))
            let painted = colour ? "\u{1B}[\(paint(finding.status))m\(word)\u{1B}[0m" + padded.dropFirst(word.count) : padded
            lines.append(("  " + painted, oneLine(finding.message)))
            if let fix = finding.fix { lines.append(("", "           fix: " + oneLine(fix))) }
        }
        return lines
    }

    /// A message from SQLite or the file system may hold a line break; a finding is one line.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private static func mark(_ status: FindingStatus) -> String {
        switch status {
        case .ok: "ok"
        case .note: "note"
        case .problem: "PROBLEM"
        }
    }

    private static func paint(_ status: FindingStatus) -> String {
        switch status {
        case .ok: "32"
        case .note: "33"
        case .problem: "1;31"
        }
    }
}
