/// Learns a source's prefix rules from the files here (spec/sources.md, "Where the files are
/// now", step 2): each entry not found as written votes for the replacement of its leading
/// part that would make it a file here, and the replacements many entries agree on win.
///
/// An entry's vote comes from the files that share its longest run of trailing components:
/// `C:/Users/sam/Music/iTunes/iTunes Media/Music/Abba/Gold/01 x.mp3` and
/// `/home/sam/Music/Abba/Gold/01 x.mp3` share `Music/Abba/Gold/01 x.mp3`, a vote for
/// `C:/Users/sam/Music/iTunes/iTunes Media` → `/home/sam`. When two files share an equally
/// long tail with the entry, it does not vote: a vote is evidence, never a guess.
public struct RuleElection: Sendable {
    private struct Ballot: Hashable {
        var from: String
        var to: String
    }

    private var votes: [Ballot: Int] = [:]
    /// The longest tail a ballot was cast with: one entry alone elects a rule only when it
    /// shares a whole artist/album/file run with its file.
    private var longestTail: [Ballot: Int] = [:]

    /// Votes needed to elect a rule, unless the one vote shares `convincingTail` components.
    static let quorum = 2
    static let convincingTail = 3

    public init() {}

    /// Counts `path`'s vote among `candidates` (files here sharing its last components); no
    /// vote when no candidate shares a tail with it or two share the longest one.
    public mutating func vote(for path: String, candidates: [String]) {
        let entry = FoldedPath.components(path)
        var best: (file: [Substring], tail: Int)?
        var tie = false
        for candidate in candidates {
            let file = FoldedPath.components(candidate)
            let tail = FoldedPath.sharedTail(entry, file)
            // The whole entry may be the tail (`/` → `/home/sam/Music`: a whole disk copied in),
            // but a candidate must keep a leading part to replace it with.
            guard tail > 0, tail < entry.count || path.hasPrefix("/"), tail < file.count else { continue }
            if let current = best, tail == current.tail {
                if file != current.file { tie = true }
            } else if tail > best?.tail ?? 0 {
                best = (file, tail)
                tie = false
            }
        }
        guard let best, !tie else { return }
        let ballot = Ballot(from: Self.prefix(of: path, dropping: best.tail),
                            to: Self.prefix(of: candidates.first { FoldedPath.components($0) == best.file } ?? "",
                                            dropping: best.tail))
        guard !ballot.from.isEmpty, !ballot.to.isEmpty else { return }
        votes[ballot, default: 0] += 1
        longestTail[ballot] = max(longestTail[ballot] ?? 0, best.tail)
    }

    /// The rules elected, most votes first (of equal votes, the shorter FROM, then by text: the
    /// order never depends on how a dictionary was laid out). A rule equivalent to one with more votes (the same
    /// replacement with one more shared component on both sides, as an artist called "Music"
    /// below a `Music` folder votes) adds its votes to it rather than standing on its own.
    public func elected() -> [(rule: RelocationRule, votes: Int)] {
        let ranked = votes.sorted {
            ($1.value, $0.key.from.utf8.count, $0.key.from, $0.key.to) < ($0.value, $1.key.from.utf8.count, $1.key.from, $1.key.to)
        }
        var winners: [(ballot: Ballot, votes: Int, tail: Int)] = []
        for (ballot, count) in ranked {
            if let twin = winners.firstIndex(where: { Self.equivalent($0.ballot, ballot) }) {
                winners[twin].votes += count
                winners[twin].tail = max(winners[twin].tail, longestTail[ballot] ?? 0)
            } else {
                winners.append((ballot, count, longestTail[ballot] ?? 0))
            }
        }
        return winners
            .filter { $0.votes >= Self.quorum || $0.tail >= Self.convincingTail }
            .sorted { $0.votes > $1.votes }
            .map { (RelocationRule(from: $0.ballot.from, to: $0.ballot.to, setBy: .learned), $0.votes) }
    }

    /// Whether two ballots put every path they both cover in the same place: one is the other
    /// with the same components added to FROM and TO.
    private static func equivalent(_ a: Ballot, _ b: Ballot) -> Bool {
        let (fromA, fromB) = (FoldedPath.components(a.from), FoldedPath.components(b.from))
        let (toA, toB) = (FoldedPath.components(a.to), FoldedPath.components(b.to))
        let (short, long) = fromA.count <= fromB.count ? ((fromA, toA), (fromB, toB)) : ((fromB, toB), (fromA, toA))
        let extra = long.0.count - short.0.count
        guard long.1.count - short.1.count == extra, extra > 0 else { return false }
        let sameFrom = zip(short.0, long.0).allSatisfy { FoldedPath.same($0, $1) }
        let sameTo = zip(short.1, long.1).allSatisfy { FoldedPath.same($0, $1) }
        let sameExtra = zip(long.0.suffix(extra), long.1.suffix(extra)).allSatisfy { FoldedPath.same($0, $1) }
        return sameFrom && sameTo && sameExtra
    }

    /// `path` without its last `count` components, as written (`/` joined, its root kept).
    static func prefix(of path: String, dropping count: Int) -> String {
        let all = PathComponents(path)
        var kept = count
        var end = all.components.endIndex
        while kept > 0, end > all.components.startIndex {
            end -= 1
            if !all.components[end].isEmpty { kept -= 1 }
        }
        let leading = all.components[..<end]
        guard let last = leading.last else { return "" }
        let text = String(all.text[..<last.endIndex])
        return text.isEmpty && all.text.hasPrefix("/") ? "/" : text
    }
}
