/// One line of `mixtape doctor`: what one check saw, how much it matters, and what to do.
///
/// Three levels, not two, because much of what doctor sees is worth saying but not worth
/// failing over: a source changed since the last index is caught up by the next cron run or
/// `watch`, and no terminal is normal for CI. Only a `problem` makes doctor exit 1.
public struct Finding: Hashable, Sendable {
    /// The check that made it (`index`, `sources`, `watch`, `config`, `terminal`): the group
    /// in human output and the `check` key of `--json`.
    public var check: String
    public var status: FindingStatus
    /// What was seen, in one line.
    public var message: String
    /// What to do about it; set for every problem, optional for notes.
    public var fix: String?

    public init(check: String, status: FindingStatus, message: String, fix: String? = nil) {
        self.check = check
        self.status = status
        self.message = message
        self.fix = fix
    }

    /// Works as it should: said so the user sees what was checked.
    public static func ok(_ check: String, _ message: String) -> Finding {
        Finding(check: check, status: .ok, message: message)
    }

    /// Worth knowing, nothing to fix now.
    public static func note(_ check: String, _ message: String, fix: String? = nil) -> Finding {
        Finding(check: check, status: .note, message: message, fix: fix)
    }

    /// Must be fixed: a problem always says how.
    public static func problem(_ check: String, _ message: String, fix: String) -> Finding {
        Finding(check: check, status: .problem, message: message, fix: fix)
    }
}

/// How much a finding matters. Raw values are the `status` of `doctor --json`.
public enum FindingStatus: String, Hashable, Sendable, Comparable {
    /// Works as it should.
    case ok
    /// Worth knowing, nothing broken (doctor still exits 0).
    case note
    /// Something the user must fix; doctor exits 1.
    case problem

    /// Ordered by how much it matters: ok < note < problem.
    public static func < (lhs: FindingStatus, rhs: FindingStatus) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .ok: 0
        case .note: 1
        case .problem: 2
        }
    }
}
