/// fzf's `calculateScore`: scores a known stretch `[from, to)` of the line with the same
/// criteria as V2, matching pattern characters greedily from the left. Used for exact, prefix
/// and suffix terms and for the V1 fallback.
enum RunScorer {
    static func score<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>, from: Int, to: Int,
                         withPositions: Bool) -> TermMatch {
        var result = TermMatch(score: 0)
        var p = 0, inGap = false, run = 0
        var runBonus: Int32 = 0
        for index in from..<to {
            guard p < pattern.count, line.chars[index] == pattern[p] else {
                result.score += inGap ? Score.gapExtension : Score.gapStart
                inGap = true
                run = 0
                runBonus = 0
                continue
            }
            if withPositions { result.positions.append(index) }
            var bonus = line.bonus(index)
            if run == 0 {
                runBonus = bonus
            } else {
                // A stronger word boundary inside a run becomes the run's bonus.
                if bonus >= Score.boundary && bonus > runBonus { runBonus = bonus }
                bonus = max(bonus, runBonus, Score.consecutive)
            }
            result.score += Score.match + (p == 0 ? bonus * Score.firstCharMultiplier : bonus)
            inGap = false
            run += 1
            p += 1
        }
        return result
    }
}

/// fzf's exact, prefix, suffix and equal matchers (`ExactMatchNaive`, `PrefixMatch`,
/// `SuffixMatch`, `EqualMatch`).
enum ExactScorers {
    /// A substring. Of several occurrences fzf takes the first whose first character sits on a
    /// word boundary (bonus ≥ `Score.boundary`), else the first with the highest bonus.
    static func exact<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>,
                         withPositions: Bool) -> TermMatch? {
        let m = pattern.count, n = line.count
        if m == 0 { return TermMatch(score: 0) }
        guard n >= m else { return nil }
        var best = -1
        var bestBonus: Int32 = -1
        for start in 0...(n - m) where occurs(pattern, in: line, at: start) {
            let bonus = start == 0 ? Score.boundaryWhite : line.bonus(start)
            if bonus > bestBonus { best = start; bestBonus = bonus }
            if bonus >= Score.boundary { break }
        }
        guard best >= 0 else { return nil }
        return RunScorer.score(pattern, in: line, from: best, to: best + m, withPositions: withPositions)
    }

    /// True when `pattern` occurs anywhere in the line (an inverse term needs no score).
    static func contains<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>) -> Bool {
        let m = pattern.count, n = line.count
        if m == 0 { return true }
        guard n >= m else { return false }
        for start in 0...(n - m) where occurs(pattern, in: line, at: start) { return true }
        return false
    }

    @inline(__always)
    static func occurs<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>, at start: Int) -> Bool {
        guard line.chars[start] == pattern[0] else { return false }
        for offset in 1..<pattern.count where line.chars[start + offset] != pattern[offset] {
            return false
        }
        return true
    }

    /// The line starts with the pattern, after leading white space unless the pattern itself
    /// starts with white space.
    static func prefix<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>,
                          withPositions: Bool) -> TermMatch? {
        let m = pattern.count
        if m == 0 { return TermMatch(score: 0) }
        let start = isWhite(pattern[0]) ? 0 : leadingWhite(line)
        guard line.count - start >= m, occurs(pattern, in: line, at: start) else { return nil }
        return RunScorer.score(pattern, in: line, from: start, to: start + m, withPositions: withPositions)
    }

    /// The line ends with the pattern, before trailing white space unless the pattern ends
    /// with white space.
    static func suffix<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>,
                          withPositions: Bool) -> TermMatch? {
        let m = pattern.count
        var end = line.count
        if m == 0 || !isWhite(pattern[m - 1]) { end -= trailingWhite(line) }
        if m == 0 { return TermMatch(score: 0) }
        let start = end - m
        guard start >= 0, occurs(pattern, in: line, at: start) else { return nil }
        return RunScorer.score(pattern, in: line, from: start, to: end, withPositions: withPositions)
    }

    /// The whole line (without surrounding white space) is the pattern. fzf gives a fixed
    /// score: every character as if at a white-space boundary, the first one counted twice.
    static func equal<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>,
                         withPositions: Bool) -> TermMatch? {
        let m = pattern.count
        guard m > 0 else { return nil }
        let lead = isWhite(pattern[0]) ? 0 : leadingWhite(line)
        let trail = isWhite(pattern[m - 1]) ? 0 : trailingWhite(line)
        guard line.count - lead - trail == m, occurs(pattern, in: line, at: lead) else { return nil }
        let score = (Score.match + Score.boundaryWhite) * Int32(m)
            + (Score.firstCharMultiplier - 1) * Score.boundaryWhite
        return TermMatch(score: score, positions: withPositions ? Array(lead..<(lead + m)) : [])
    }

    @inline(__always)
    private static func isWhite<U: FixedWidthInteger>(_ char: U) -> Bool {
        CharClass.of(UInt32(truncatingIfNeeded: char)) == .white
    }

    private static func leadingWhite<U>(_ line: LineText<U>) -> Int {
        var count = 0
        while count < line.count && line.isWhite(count) { count += 1 }
        return count
    }

    private static func trailingWhite<U>(_ line: LineText<U>) -> Int {
        var count = 0
        while count < line.count && line.isWhite(line.count - 1 - count) { count += 1 }
        return count
    }
}
