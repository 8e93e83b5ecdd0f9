/// A text term ready for matching: its text folded the way lines are folded.
struct CompiledTerm: Hashable, Sendable {
    var kind: TextTerm.Kind
    var inverse: Bool
    var caseSensitive: Bool
    /// Folded pattern as scalar values (lower-cased first unless case-sensitive).
    var wide: [UInt32]
    /// The same as bytes, or nil when a character is outside ASCII (then no narrow line can
    /// contain it).
    var narrow: [UInt8]?

    init(_ term: TextTerm) {
        kind = term.kind
        inverse = term.inverse
        caseSensitive = term.caseSensitive
        let source = caseSensitive ? term.text : term.text.lowercased()
        wide = source.unicodeScalars.lazy.map(\.value)
            .filter { !LatinFolding.isDroppedMark($0) }
            .map(LatinFolding.fold)
        narrow = wide.allSatisfy { $0 < 0x80 } ? wide.map { UInt8($0) } : nil
    }

    /// Matches the term against one line; nil when it does not match. An inverse term is not
    /// negated here.
    func match(line: MatchCorpus.Line, in view: CorpusView, withPositions: Bool,
               scratch: MatchScratch) -> TermMatch? {
        let info = view.infoOf(line)
        if line.wideStart < 0 {
            guard let narrow else { return nil }
            let text = LineText(chars: view.narrow(line, caseSensitive: caseSensitive), info: info)
            return narrow.withUnsafeBufferPointer {
                run($0, text, withPositions: withPositions, scratch: scratch)
            }
        }
        let text = LineText(chars: view.wide(line, caseSensitive: caseSensitive), info: info)
        return wide.withUnsafeBufferPointer { run($0, text, withPositions: withPositions, scratch: scratch) }
    }

    @inline(__always)
    private func run<U>(_ pattern: UnsafeBufferPointer<U>, _ line: LineText<U>, withPositions: Bool,
                        scratch: MatchScratch) -> TermMatch? {
        switch kind {
        case .fuzzy:
            if inverse { return FuzzyScorer.isSubsequence(pattern, of: line) ? TermMatch(score: 0) : nil }
            return FuzzyScorer.match(pattern, in: line, withPositions: withPositions, scratch: scratch)
        case .exact:
            if inverse { return ExactScorers.contains(pattern, in: line) ? TermMatch(score: 0) : nil }
            return ExactScorers.exact(pattern, in: line, withPositions: withPositions)
        case .prefix: return ExactScorers.prefix(pattern, in: line, withPositions: withPositions)
        case .suffix: return ExactScorers.suffix(pattern, in: line, withPositions: withPositions)
        case .equal: return ExactScorers.equal(pattern, in: line, withPositions: withPositions)
        }
    }
}

/// A `TextQuery` with folded patterns, evaluated per line as fzf's `extendedMatch`.
struct CompiledQuery: Hashable, Sendable {
    var groups: [[CompiledTerm]]
    var isRanked: Bool

    init(_ query: TextQuery) {
        groups = query.groups.map { $0.map(CompiledTerm.init) }
        isRanked = query.isRanked
    }

    /// The groups of `self` that are not groups of `other`, each of `other`'s groups taken
    /// out once; nil unless every group of `other` is also one of `self`'s and some are left.
    /// A line's score is the sum of its groups' scores and a group scores alone, so a line
    /// matching `other` with score s matches `self` exactly when it matches the rest, with
    /// s plus the rest's score: the matcher scores only the rest (`the` → `the b`).
    func remainder(after other: CompiledQuery) -> CompiledQuery? {
        guard other.groups.count < groups.count else { return nil }
        var rest = groups
        for group in other.groups {
            guard let index = rest.firstIndex(of: group) else { return nil }
            rest.remove(at: index)
        }
        var remainder = self
        remainder.groups = rest
        return remainder
    }

    /// The line's total score, or nil when a group fails. In a group the first term that holds
    /// decides: a positive term's score, or 0 for an inverse term, after which fzf still tries
    /// the group's later terms for a positive match. Positions, when asked for, are the union
    /// of the deciding positive terms' positions (unsorted, may repeat).
    func evaluate(line: MatchCorpus.Line, in view: CorpusView, positions: UnsafeMutablePointer<[Int]>?,
                  scratch: MatchScratch) -> Int32? {
        var total: Int32 = 0
        for group in groups {
            var matched = false
            for term in group {
                let result = term.match(line: line, in: view, withPositions: positions != nil,
                                        scratch: scratch)
                if term.inverse {
                    if result == nil { matched = true }
                    continue
                }
                guard let result else { continue }
                total += result.score
                positions?.pointee.append(contentsOf: result.positions)
                matched = true
                break
            }
            if !matched { return nil }
        }
        return total
    }

    /// Where `self` is `other` typed on in one fuzzy term: every group the same but one, which
    /// in both is a single positive fuzzy term of the same case sensitivity, the new pattern
    /// the old one plus `added` more. Then the new score of a line is bounded by its old score
    /// (see `Matcher.boundedPage`); nil otherwise.
    func typedOn(from other: CompiledQuery) -> (group: Int, added: Int)? {
        guard groups.count == other.groups.count else { return nil }
        var changed: Int?
        for index in groups.indices where groups[index] != other.groups[index] {
            guard changed == nil else { return nil }
            changed = index
        }
        guard let index = changed, groups[index].count == 1, other.groups[index].count == 1 else { return nil }
        let mine = groups[index][0], theirs = other.groups[index][0]
        guard mine.kind == .fuzzy, theirs.kind == .fuzzy, !mine.inverse, !theirs.inverse,
              mine.caseSensitive == theirs.caseSensitive, !theirs.wide.isEmpty,
              mine.wide.count > theirs.wide.count, mine.wide.starts(with: theirs.wide) else { return nil }
        return (index, mine.wide.count - theirs.wide.count)
    }

    /// True when every line matching `self` provably matches `other`, so `other`'s matches
    /// can be the search space for `self` (fzf's result cache, generalised): each group of
    /// `other` must be implied by some group of `self`; a group implies another when each of
    /// its terms implies one of the other's terms.
    func narrows(_ other: CompiledQuery) -> Bool {
        other.groups.allSatisfy { wider in
            groups.contains { narrower in
                narrower.allSatisfy { term in wider.contains { term.implies($0) } }
            }
        }
    }
}

extension CompiledTerm {
    /// True when every line this term accepts is also accepted by `other`.
    func implies(_ other: CompiledTerm) -> Bool {
        guard caseSensitive == other.caseSensitive, inverse == other.inverse else { return false }
        // "not A" implies "not B" exactly when B implies A.
        return inverse ? other.positiveImplies(self) : positiveImplies(other)
    }

    /// The rule for positive terms, on folded patterns: a fuzzy term holds when its pattern is
    /// a subsequence of the line, an exact one when it is a substring, and so on.
    private func positiveImplies(_ other: CompiledTerm) -> Bool {
        let mine = wide, theirs = other.wide
        if theirs.isEmpty { return other.kind != .equal }
        switch other.kind {
        case .fuzzy:
            return FuzzyScorer.isSubsequence(theirs, of: mine)
        case .exact:
            return kind != .fuzzy && mine.count >= theirs.count
                && (0...(mine.count - theirs.count)).contains { mine[$0...].starts(with: theirs) }
        case .prefix:
            return (kind == .prefix || kind == .equal) && mine.starts(with: theirs)
        case .suffix:
            return (kind == .suffix || kind == .equal) && mine.reversed().starts(with: theirs.reversed())
        case .equal:
            return kind == .equal && mine == theirs
        }
    }
}

extension FuzzyScorer {
    /// True when `pattern` occurs in `line` in order (the match test of every fuzzy algorithm).
    /// It stops at the pattern's last character: a page's count of `t` over 500,000 lines
    /// read every byte of every line before.
    static func isSubsequence<U>(_ pattern: UnsafeBufferPointer<U>, of line: LineText<U>) -> Bool {
        guard !pattern.isEmpty else { return true }
        var p = 0
        for index in 0..<line.count where line.chars[index] == pattern[p] {
            p += 1
            if p == pattern.count { return true }
        }
        return false
    }

    static func isSubsequence(_ pattern: [UInt32], of text: [UInt32]) -> Bool {
        var p = 0
        for value in text where p < pattern.count && value == pattern[p] { p += 1 }
        return p == pattern.count
    }
}
