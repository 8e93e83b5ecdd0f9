/// Resolves the entries of one source to files here, in the order of spec/sources.md ("Where
/// the files are now"):
///
/// 1. the path as written (then ignoring NFC/NFD, then letter case: `LocalFiles.look`);
/// 2. prefix rules: the person's (`sources relocate`), then those the entries not found elect
///    (`RuleElection`), each applied to every entry not found yet, in that order;
/// 3. what is left: the only file here with the entry's name and size (or, without a size,
///    duration within a second);
/// 4. anything else stays unresolved: ambiguous when two or more files fit equally well.
///
/// A wrong file is worse than none, so every step that could choose between files refuses to:
/// a case-insensitive look that finds `Abba/` and `ABBA/` and two files of one name and size
/// are ambiguous; a file two entries of different paths would both be (one file is one item)
/// goes to the one the strongest step placed, or to none of them.
public struct Relocator {
    /// One path a source names, with what step 3 compares, and how many of its items name it.
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var size: Int64?
        public var durationMs: Int64?
        public var items: Int

        public init(path: String, size: Int64?, durationMs: Int64?, items: Int = 1) {
            self.path = path
            self.size = size
            self.durationMs = durationMs
            self.items = items
        }
    }

    /// Rules set by hand, tried before the learned ones.
    public var userRules: [RelocationRule]
    /// How many entries not found as written cast votes (spread over the source): enough for
    /// every rule a library needs, bounded whatever its size.
    public var ballots = 4_000
    /// Candidates looked at per lookup; more files than this sharing a name decide nothing.
    public var candidateLimit = 32

    public init(userRules: [RelocationRule] = []) {
        self.userRules = userRules
    }

    /// Each entry's placement (same order as `entries`) and the source's summary.
    public func relocate(_ entries: [Entry], in files: some LocalFiles) -> (placements: [Placement], relocation: Relocation) {
        var placements = [Placement](repeating: .missing, count: entries.count)
        var open: [Int] = []
        for (index, entry) in entries.enumerated() {
            switch files.look(entry.path) {
            case .found(let path): placements[index] = .asWritten(path)
            case .ambiguous(let paths): placements[index] = .ambiguous(paths)
            case .none: open.append(index)
            }
        }
        var relocation = Relocation()
        // The person's rules first; what they leave elects the learned ones.
        relocation.rules = userRules
        relocation.foundByRule = Array(repeating: 0, count: userRules.count)
        open = apply(userRules, from: 0, to: open, of: entries, in: files, placing: &placements)
        let elected = open.isEmpty ? [] : elect(open, of: entries, in: files)
        let learned = elected.map(\.rule)
        relocation.rules += learned
        relocation.foundByRule += Array(repeating: 0, count: learned.count)
        open = apply(learned, from: userRules.count, to: open, of: entries, in: files, placing: &placements)
        for index in open { placements[index] = byName(entries[index], in: files) }
        // How much each rule is to be believed: the person's in their order, then the learned
        // ones by their votes, rules of equal votes equally.
        let voteCounts = Array(Set(elected.map(\.votes))).sorted(by: >)
        let ranks = userRules.indices.map { $0 } + elected.map { userRules.count + voteCounts.firstIndex(of: $0.votes)! }
        refuseSharedFiles(&placements, of: entries, in: files, ruleRanks: ranks)
        for (index, placement) in placements.enumerated() {
            for _ in 0..<max(1, entries[index].items) { relocation.count(placement) }
        }
        return (placements, relocation)
    }

    /// Tries `rules` (numbered from `first` in the summary) on the `open` entries, in order;
    /// returns those still open.
    private func apply(_ rules: [RelocationRule], from first: Int, to open: [Int], of entries: [Entry],
                       in files: some LocalFiles, placing placements: inout [Placement]) -> [Int] {
        guard !rules.isEmpty else { return open }
        return open.filter { index in
            for (number, rule) in rules.enumerated() {
                guard let target = rule.apply(to: entries[index].path) else { continue }
                switch files.look(target) {
                case .found(let path): placements[index] = .byRule(first + number, path); return false
                case .ambiguous(let paths): placements[index] = .ambiguous(paths); return false
                case .none: continue
                }
            }
            return true
        }
    }

    /// The rules the entries not found elect, from at most `ballots` of them.
    ///
    /// An entry no file shares a folder and name with (music kept flat in one folder, copied
    /// into another) votes through the only file of its name and size, if there is one: a
    /// one-component tail, so such a rule needs more than one vote (`RuleElection.quorum`).
    private func elect(_ open: [Int], of entries: [Entry], in files: some LocalFiles) -> [(rule: RelocationRule, votes: Int)] {
        var election = RuleElection()
        let stride = max(1, open.count / ballots)
        for entry in Swift.stride(from: 0, to: open.count, by: stride).map({ entries[open[$0]] }) {
            var candidates = files.sharingTail(with: entry.path, limit: candidateLimit)
            if candidates.isEmpty {
                let named = files.named(like: entry.path, size: entry.size, limit: 2)
                if named.count == 1 { candidates = [named[0].path] }
            }
            election.vote(for: entry.path, candidates: candidates)
        }
        let known = Set(userRules.map { FoldedPath.fold($0.from) })
        let paths = open.map { entries[$0].path }
        return election.elected().map { ($0.rule.narrowed(toCover: paths), $0.votes) }
            .filter { !known.contains(FoldedPath.fold($0.rule.from)) }
    }

    /// Step 3: the only file here with the entry's name and size, or duration within a second.
    private func byName(_ entry: Entry, in files: some LocalFiles) -> Placement {
        let found: [LocalFile]
        if let size = entry.size {
            found = files.named(like: entry.path, size: size, limit: candidateLimit)
        } else if let duration = entry.durationMs {
            let named = files.named(like: entry.path, size: nil, limit: candidateLimit + 1)
            // A name so common that the candidates were cut short cannot be told apart.
            guard named.count <= candidateLimit else { return .ambiguous(named.map(\.path)) }
            found = named.filter { $0.durationMs.map { abs($0 - duration) <= 1_000 } ?? false }
        } else {
            return .missing
        }
        switch found.count {
        case 0: return .missing
        case 1: return .byName(found[0].path)
        default: return .ambiguous(found.map(\.path))
        }
    }

    /// One file is one item. A file that entries naming different paths were placed on goes
    /// to the one placed by the strongest step (as written, then a person's rule, then the rule
    /// with more votes, then name and size, then a rule giving the entry a file of another
    /// size than its own), when exactly one is: a rule that a few
    /// coincidences elected (another artist's `Album 1/03 Gold.mp3`) never takes a file from the
    /// entry that is it, and the entry it misled still has step 3. When no single one is
    /// strongest (two rules of equal votes), none gets it: they are ambiguous (two copies
    /// there, one here). `ruleRanks` ranks each rule of the summary, lower believed more.
    private func refuseSharedFiles(_ placements: inout [Placement], of entries: [Entry], in files: some LocalFiles,
                                   ruleRanks: [Int]) {
        // The first entry placed on each file, and every entry of the files placed on twice:
        // no list is kept per file, for the hundred thousand files one entry has.
        var claimed: [ExactPath: Int] = [:]
        var shared: [ExactPath: [Int]] = [:]
        for (index, placement) in placements.enumerated() {
            guard let path = placement.path else { continue }
            let file = ExactPath(path)
            if let first = claimed[file] {
                shared[file, default: [first]].append(index)
            } else {
                claimed[file] = index
            }
        }
        for (file, claimants) in shared {
            let path = file.text
            let names = Set(claimants.map { FoldedPath.components(entries[$0].path).map(FoldedPath.fold) })
            guard names.count > 1 else { continue }  // one path, spelt alike: the same file
            let size = files.size(of: path)
            let strength = claimants.map { index in
                Self.strength(placements[index], ruleRanks: ruleRanks,
                              sizeDisagrees: size != nil && entries[index].size != nil && entries[index].size != size)
            }
            let strongest = strength.min() ?? 0
            let keeper = strength.filter { $0 == strongest }.count == 1 ? claimants[strength.firstIndex(of: strongest)!] : nil
            let keptName = keeper.map { FoldedPath.components(entries[$0].path).map(FoldedPath.fold) }
            for index in claimants where index != keeper {
                // The keeper's other spellings keep the file with it.
                if let keptName, FoldedPath.components(entries[index].path).map(FoldedPath.fold) == keptName { continue }
                // A rule's placement that yields to a stronger one still has step 3 (a file
                // moved out of the place the rule gives), if no entry has that file.
                if keeper != nil, case .byRule = placements[index], case .byName(let other) = byName(entries[index], in: files),
                   claimed[ExactPath(other)] == nil {
                    placements[index] = .byName(other)
                    claimed[ExactPath(other)] = index
                    continue
                }
                placements[index] = .ambiguous([path])
            }
        }
    }

    /// How strong the evidence of a placement is: lower is stronger. A rule that gives an
    /// entry a file of another size than the entry's is the weakest: a file re-tagged since
    /// the export keeps it when no other entry wants it, but where another entry's name and
    /// size (or a rule agreeing with its size) say the file is theirs, it is (two recordings
    /// of one name, `Music/X.flac` and `Music/Album/X.flac`, and a rule `Music` → `Moved`
    /// learned from files moved out of `Music` would give the album's moved file to the other).
    private static func strength(_ placement: Placement, ruleRanks: [Int], sizeDisagrees: Bool) -> Int {
        switch placement {
        case .asWritten: 0
        case .byRule(let number, _): sizeDisagrees ? Int.max - 1 : 1 + ruleRanks[number]
        case .byName: Int.max - 2
        case .ambiguous, .missing: Int.max
        }
    }
}
