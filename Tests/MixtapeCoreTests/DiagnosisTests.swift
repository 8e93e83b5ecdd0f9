import MixtapeCore
import Testing

/// The pure verdicts of `mixtape doctor`: inotify limits against the folders to watch, the
/// terminal pick needs, and the summary line. The probing around them is tested end to end.
@Suite("Diagnosis")
struct DiagnosisTests {
    @Test("watches needed against the limit: ok, a note above 80 %, a problem over it", arguments: [
        (10, 8192 as Int?, FindingStatus.ok),
        (6553, 8192, .ok),           // 79.99 %
        (6554, 8192, .note),         // just above 80 %
        (8192, 8192, .note),         // exactly the limit still fits
        (8193, 8192, .problem),
        (600_000, 524_288, .problem),
        (0, 8192, .ok),
        (10, nil, .note),            // the limit cannot be read
    ])
    func watchBudget(folders: Int, limit: Int?, status: FindingStatus) {
        let finding = WatchBudget(folders: folders, watchLimit: limit, instanceLimit: 128).finding
        #expect(finding.check == "watch")
        #expect(finding.status == status, "\(finding.message)")
        if status == .problem { #expect(finding.fix != nil) }
    }

    @Test("over the limit, the fix gives the sysctl line, the sysctl.d file and --poll")
    func watchFix() throws {
        let finding = WatchBudget(folders: 600_000, watchLimit: 524_288, instanceLimit: 128).finding
        let fix = try #require(finding.fix)
        #expect(fix.contains("sudo sysctl fs.inotify.max_user_watches=1200002"))
        #expect(fix.contains("/etc/sysctl.d/"))
        #expect(fix.contains("mixtape watch --poll"))
        #expect(finding.message.contains("600000") && finding.message.contains("524288"))
        #expect(WatchBudget.suggestedLimit(folders: 10) == 524_288, "never suggests lowering a common default")
    }

    @Test("folders to watch: each root, every folder between it and media, each export's folder, once")
    func foldersToWatch() {
        let folders = WatchBudget.foldersToWatch(
            mediaFolders: ["/music": ["/music/A/Album 1", "/music/A/Album 2", "/music/B", "/music"],
                           "/other": ["/elsewhere/x"]],
            folderRoots: ["/music", "/empty", "/other"],
            libraryFiles: ["/home/u/Library.xml", "/home/u/Other.xml", "/music/A/Library.xml"])
        #expect(folders == ["/music", "/music/A", "/music/A/Album 1", "/music/A/Album 2", "/music/B",
                            "/empty", "/other", "/home/u"])
    }

    @Test("no terminal is one note and nothing else, whatever TERM and the locale say")
    func noTerminal() {
        let facts = TerminalFacts(inputIsTerminal: false, outputIsTerminal: false,
                                  environment: ["TERM": "dumb", "LANG": "en_US.ISO-8859-1"])
        #expect(facts.findings.map(\.status) == [.note])
        #expect(facts.findings.first?.message.contains("mixtape search") == true)
    }

    @Test("on a terminal: TERM unset or dumb and a legacy locale are problems; C, a small window and a pipe are notes",
          arguments: [
        (["TERM": "xterm-256color", "LANG": "en_US.UTF-8"], 120, 40, true, [FindingStatus.ok, .ok, .ok, .ok]),
        (["TERM": "xterm", "LC_ALL": "C.utf8"], 80, 24, true, [.ok, .ok, .ok, .ok]),
        (["LANG": "en_US.UTF-8"], 120, 40, true, [.problem, .ok, .ok, .ok]),
        (["TERM": "", "LANG": "en_US.UTF-8"], 120, 40, true, [.problem, .ok, .ok, .ok]),
        (["TERM": "dumb", "LANG": "en_US.UTF-8"], 120, 40, true, [.problem, .ok, .ok, .ok]),
        (["TERM": "xterm", "LANG": "en_US.ISO-8859-1"], 120, 40, true, [.ok, .ok, .ok, .problem]),
        // LC_ALL wins over LANG, in both directions.
        (["TERM": "xterm", "LANG": "en_US.UTF-8", "LC_ALL": "de_DE@euro"], 120, 40, true, [.ok, .ok, .ok, .problem]),
        (["TERM": "xterm", "LANG": "de_DE", "LC_ALL": "de_DE.UTF-8"], 120, 40, true, [.ok, .ok, .ok, .ok]),
        (["TERM": "xterm"], 120, 40, true, [.ok, .ok, .ok, .note]),
        (["TERM": "xterm", "LANG": "C"], 120, 40, true, [.ok, .ok, .ok, .note]),
        (["TERM": "xterm", "LANG": "en_US.UTF-8"], 79, 40, true, [.ok, .note, .ok, .ok]),
        (["TERM": "xterm", "LANG": "en_US.UTF-8"], 100, 20, true, [.ok, .note, .ok, .ok]),
        (["TERM": "xterm", "LANG": "en_US.UTF-8"], 120, 40, false, [.note, .ok, .ok, .ok, .ok]),
    ] as [([String: String], Int, Int, Bool, [FindingStatus])])
    func terminal(environment: [String: String], width: Int, height: Int, output: Bool, statuses: [FindingStatus]) {
        let facts = TerminalFacts(inputIsTerminal: true, outputIsTerminal: output, width: width, height: height,
                                  environment: environment)
        #expect(facts.findings.map(\.status) == statuses, "\(facts.findings.map(\.message))")
        #expect(facts.findings.allSatisfy { $0.check == "terminal" && ($0.status != .problem || $0.fix != nil) })
    }

    @Test("NO_COLOR (set and not empty) is reported, and is not a problem")
    func noColor() {
        let environment = ["TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1"]
        let facts = TerminalFacts(inputIsTerminal: true, outputIsTerminal: true, environment: environment)
        #expect(facts.findings.contains { $0.message.hasPrefix("NO_COLOR is set") && $0.status == .ok })
        var empty = facts
        empty.environment["NO_COLOR"] = ""
        #expect(empty.findings.contains { $0.message.hasPrefix("colour on") })
    }

    @Test("the summary counts problems only; notes do not fail a setup")
    func summary() {
        let ok = Finding.ok("index", "fine"), note = Finding.note("sources", "changed")
        let problem = Finding.problem("config", "unreadable", fix: "chmod")
        #expect(Diagnosis(findings: [ok, note]).summary == "no problems found (1 note above)")
        #expect(Diagnosis(findings: [ok, ok]).summary == "everything looks fine")
        #expect(!Diagnosis(findings: [ok, note]).hasProblems)
        #expect(Diagnosis(findings: [ok, problem, note]).summary == "1 problem found")
        #expect(Diagnosis(findings: [problem, problem]).summary == "2 problems found")
        #expect(Diagnosis(findings: [problem]).hasProblems)
        #expect(Diagnosis(findings: [note, ok, problem, ok]).checks == ["sources", "index", "config"])
    }
}
