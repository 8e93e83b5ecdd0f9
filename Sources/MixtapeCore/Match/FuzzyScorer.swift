/// One line as the scorers see it: folded characters (case-sensitive or not, as the term
/// needs) and the per-character class/bonus bytes. `U` is `UInt8` for narrow lines and
/// `UInt32` for the rest, so the hot loops are specialised for bytes.
struct LineText<U: FixedWidthInteger & UnsignedInteger> {
    let chars: UnsafeBufferPointer<U>
    let info: UnsafeBufferPointer<UInt8>

    var count: Int { chars.count }

    /// fzf's bonus of position `index` against the character before it (the start of the line
    /// counts as white space).
    @inline(__always)
    func bonus(_ index: Int) -> Int32 { Int32(info[index] & 0x0F) }

    @inline(__always)
    func isWhite(_ index: Int) -> Bool { info[index] >> 4 == CharClass.white.rawValue }
}

/// A term's score and, when asked for, the matched positions (folded character offsets).
struct TermMatch {
    var score: Int32
    var positions: [Int] = []
}

/// Reusable DP memory for one worker; a class because it owns raw memory.
final class MatchScratch {
    private var buffer: UnsafeMutablePointer<Int32>
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// At least `count` cells; the contents are undefined.
    func cells(_ count: Int) -> UnsafeMutablePointer<Int32> {
        if count > capacity {
            buffer.deallocate()
            capacity = max(count, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        return buffer
    }
}

/// fzf's fuzzy matching: `FuzzyMatchV2` (the optimal alignment, a Smith-Waterman variant that
/// allows no omission) and the greedy `FuzzyMatchV1` it falls back to when the DP would need
/// more than `Score.slabCells` cells.
enum FuzzyScorer {
    /// The score (and, with `withPositions`, the positions) of `pattern` in `line`, or nil.
    static func match<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>,
                         withPositions: Bool, scratch: MatchScratch) -> TermMatch? {
        let m = pattern.count, n = line.count
        if m == 0 { return TermMatch(score: 0) }
        if m > n { return nil }
        if n * m > Score.slabCells {
            return greedy(pattern, in: line, withPositions: withPositions)
        }
        // Phase 1: the first occurrence of each pattern character in order (fzf's F), and the
        // last occurrence of the last character, which bounds every alignment.
        let cells = scratch.cells(m + (withPositions ? 2 * m * n : 4 * n) + 8)
        var index = 0
        for p in 0..<m {
            let char = pattern[p]
            while index < n && line.chars[index] != char { index += 1 }
            if index == n { return nil }
            cells[p] = Int32(index)
            index += 1
        }
        var lastIndex = n - 1
        while line.chars[lastIndex] != pattern[m - 1] { lastIndex -= 1 }
        let first = UnsafeMutableBufferPointer(start: cells, count: m)
        if m == 1 { return singleCharacter(pattern[0], in: line, from: Int(first[0]), to: lastIndex) }
        let grid = Grid(first: first, lastIndex: lastIndex, cells: cells + m, full: withPositions)
        let (score, end) = fill(grid, pattern: pattern, line: line)
        guard withPositions else { return TermMatch(score: score) }
        return TermMatch(score: score, positions: backtrace(grid, end: end))
    }

    /// A one-character pattern: the best-scoring occurrence, except that fzf stops at the first
    /// occurrence at a word boundary even if a later one scores higher.
    private static func singleCharacter<U>(_ char: U, in line: LineText<U>, from: Int,
                                           to last: Int) -> TermMatch {
        var best: Int32 = 0
        var position = from
        for index in from...last where line.chars[index] == char {
            let bonus = line.bonus(index)
            let score = Score.match + bonus * Score.firstCharMultiplier
            if score > best {
                best = score
                position = index
                if bonus >= Score.boundary { break }
            }
        }
        return TermMatch(score: best, positions: [position])
    }

    /// The DP tables: scores H and consecutive-run lengths C for columns `first[0]...lastIndex`,
    /// either every row (for the backtrace) or two rolling rows (score only).
    struct Grid {
        let first: UnsafeMutableBufferPointer<Int32>
        let lastIndex: Int
        let cells: UnsafeMutablePointer<Int32>
        let full: Bool
        var origin: Int { Int(first[0]) }
        var width: Int { lastIndex - origin + 1 }

        /// Row `row` of H and of C, each `width` cells.
        func rows(_ row: Int) -> (h: UnsafeMutablePointer<Int32>, c: UnsafeMutablePointer<Int32>) {
            let slot = full ? row : row & 1
            let base = cells + slot * 2 * width
            return (base, base + width)
        }
    }

    /// Phases 2 and 3 of V2: fills the grid row by row; returns the best score of the last row
    /// and its column (the first column reaching it).
    private static func fill<U>(_ grid: Grid, pattern: UnsafeBufferPointer<U>,
                                line: LineText<U>) -> (Int32, Int) {
        let origin = grid.origin, m = pattern.count
        if grid.full { grid.cells.initialize(repeating: 0, count: 2 * grid.width * m) }
        // Row 0: each occurrence of the first character starts a run with a doubled bonus.
        let (h0, c0) = grid.rows(0)
        var previous: Int32 = 0, inGap = false
        for column in origin...grid.lastIndex {
            let k = column - origin
            if line.chars[column] == pattern[0] {
                h0[k] = Score.match + line.bonus(column) * Score.firstCharMultiplier
                c0[k] = 1
                inGap = false
            } else {
                h0[k] = max(previous + (inGap ? Score.gapExtension : Score.gapStart), 0)
                c0[k] = 0
                inGap = true
            }
            previous = h0[k]
        }
        var best: Int32 = 0, bestColumn = 0
        for row in 1..<m {
            let (above, aboveRuns) = grid.rows(row - 1)
            let (current, runs) = grid.rows(row)
            let start = Int(grid.first[row])
            let char = pattern[row], isLast = row == m - 1
            var left: Int32 = 0
            inGap = false
            for column in start...grid.lastIndex {
                let k = column - origin
                let gapScore = left + (inGap ? Score.gapExtension : Score.gapStart)
                var matchScore: Int32 = 0, run: Int32 = 0
                if line.chars[column] == char {
                    (matchScore, run) = diagonal(column: column, diagonal: above[k - 1],
                                                 run: aboveRuns[k - 1], gapScore: gapScore, line: line)
                }
                runs[k] = run
                inGap = matchScore < gapScore
                let score = max(matchScore, gapScore, 0)
                if isLast && score > best { best = score; bestColumn = column }
                current[k] = score
                left = score
            }
        }
        return (best, bestColumn)
    }

    /// The score of matching at `column` after the cell up-left, and the resulting run length.
    /// A run keeps the bonus of its first character (at least `Score.consecutive`), unless this
    /// character starts a stronger word boundary, which begins a new run.
    @inline(__always)
    private static func diagonal<U>(column: Int, diagonal: Int32, run previousRun: Int32,
                                    gapScore: Int32, line: LineText<U>) -> (Int32, Int32) {
        let own = line.bonus(column)
        var bonus = own
        var run = previousRun + 1
        if run > 1 {
            let runBonus = line.bonus(column - Int(run) + 1)
            if own >= Score.boundary && own > runBonus {
                run = 1
            } else {
                bonus = max(own, Score.consecutive, runBonus)
            }
        }
        let score = diagonal + Score.match
        if score + bonus < gapScore { return (score + own, 0) }
        return (score + bonus, run)
    }

    /// Phase 4 of V2: walks back from the best cell of the last row, preferring a match over
    /// a gap on ties while inside a run, as fzf does. Positions come out ascending.
    private static func backtrace(_ grid: Grid, end: Int) -> [Int] {
        let origin = grid.origin, width = grid.width, rowCount = grid.first.count
        var positions: [Int] = []
        var row = rowCount - 1, column = end, preferMatch = true
        while true {
            let cellRow = row
            let (h, c) = grid.rows(cellRow)
            let k = column - origin
            let first = Int(grid.first[cellRow])
            let score = h[k]
            let diagonal = cellRow > 0 && column >= first ? grid.rows(cellRow - 1).h[k - 1] : 0
            let left = column > first ? h[k - 1] : 0
            if score > diagonal && (score > left || score == left && preferMatch) {
                positions.append(column)
                if row == 0 { break }
                row -= 1
            }
            // fzf reads the run table flat: the cell after (row + 1, k), which for the last
            // column is the first cell of the row after that.
            let flat = (cellRow + 1) * width + k + 1
            let nextRun = flat < rowCount * width ? grid.rows(flat / width).c[flat % width] : 0
            preferMatch = c[k] > 1 || nextRun > 0
            column -= 1
        }
        return positions.reversed()
    }

    /// V1: the first occurrence found scanning forward, shortened by scanning back from its
    /// end, then scored like the other algorithms.
    static func greedy<U>(_ pattern: UnsafeBufferPointer<U>, in line: LineText<U>,
                          withPositions: Bool) -> TermMatch? {
        let m = pattern.count
        var p = 0, start = -1, end = -1
        for index in 0..<line.count where line.chars[index] == pattern[p] {
            if start < 0 { start = index }
            p += 1
            if p == m { end = index + 1; break }
        }
        guard end >= 0 else { return nil }
        p = m - 1
        for index in stride(from: end - 1, through: start, by: -1) where line.chars[index] == pattern[p] {
            p -= 1
            if p < 0 { start = index; break }
        }
        return RunScorer.score(pattern, in: line, from: start, to: end, withPositions: withPositions)
    }
}
