/// Everything `mixtape doctor` found, in the order the checks ran: the answer to "is this
/// setup healthy, and if not, what do I fix?".
public struct Diagnosis: Hashable, Sendable {
    public var findings: [Finding]

    public init(findings: [Finding] = []) { self.findings = findings }

    /// The findings that must be fixed, in order.
    public var problems: [Finding] { findings.filter { $0.status == .problem } }

    /// Whether anything must be fixed: doctor's exit status is 1 exactly then.
    public var hasProblems: Bool { findings.contains { $0.status == .problem } }

    /// The names of the checks, in the order they first appear (the groups of human output).
    public var checks: [String] {
        var seen: Set<String> = []
        return findings.map(\.check).filter { seen.insert($0).inserted }
    }

    /// The last line of human output: `1 problem found`, `2 problems found`, `no problems
    /// found (2 notes above)`, or `everything looks fine`. Notes do not count against a setup
    /// (nor the exit status), but one may say that none of an export's files is here, so the
    /// last line does not call that fine.
    public var summary: String {
        guard problems.isEmpty else { return problems.count.counted("problem") + " found" }
        let notes = findings.count { $0.status == .note }
        return notes == 0 ? "everything looks fine" : "no problems found (\(notes.counted("note")) above)"
    }
}
