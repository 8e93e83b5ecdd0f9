import Dispatch

/// The matching engine: ranks lines for a text query exactly as fzf 0.38 does
/// (`fzf --filter`, `--scheme=default`, algorithm v2, `--tiebreak=length`, extended syntax).
///
/// Scoring (fzf's `src/algo/algo.go`)
/// ----------------------------------
/// Every matched character scores 16. A gap between two matched characters costs 3 for its
/// first character and 1 for each further one. A matched character also earns a bonus for
/// where it stands, judged from the class of the character before it (white space, a
/// delimiter `/,:;|`, another non-word character, lower, upper, letter, digit):
///
/// - 10 after white space or at the start of the line,
/// - 9 after a delimiter, 8 after another non-word character (`-`, `.`, `(`),
/// - 7 for `camelCase` humps and the first digit of `letter123`,
/// - 8 for a non-word character itself.
///
/// The first pattern character's bonus counts twice. Inside a run of consecutive matches each
/// character gets at least the run's first bonus (and at least 4); a character inside a run
/// that starts a stronger word boundary starts a new run. Of all alignments of the pattern (in
/// order, no character skipped) the best score wins (a Smith-Waterman-style DP, `FuzzyScorer`).
/// Exact, prefix and suffix terms score their one stretch with the same rules; `^x$` scores
/// each character as after white space. A line's score is the sum over the query's groups; in
/// an OR group the first term that holds counts. Lines rank by score, then shorter (trimmed)
/// line, then input order.
///
/// Worked example: `dfk` in `Daft Punk - Da Funk`. Starting at `D`aft (36 = 16 + 2×10) and
/// taking `f` and `k` from "Daft Punk" scores 36 − 3 + 16 − 7 + 16 = 58. Starting at the `D`
/// of "Da" (36), gapping over `a` and the space (−3 −1), `F`unk after a space (16 + 10),
/// gapping over `un` (−3 −1) and ending on `k` (16) scores 70, the best, so the positions are
/// D, F and k of "Da Funk".
///
/// Engine
/// ------
/// `MatchCorpus` folds and encodes the lines once. `match` scans the search space in chunks on
/// all cores, checking for cancellation between chunks, then ranks (a bounded heap when only
/// the top N are wanted; same order as a full sort). Positions for highlighting are computed
/// only on request, per displayed line (`MatchCorpus.positions`), as fzf does.
///
/// Reuse (fzf's result cache, generalised): the matcher remembers the matches of its last few
/// queries, keyed by the candidate list. The same query (after folding) reuses the scores
/// outright. A new query scans only the matches of a remembered one when it provably narrows
/// it: every group of the old query is implied by some group of the new one, and a group
/// implies another when each of its terms implies one of the other's terms. On folded text a
/// positive term implies another of the same case sensitivity when the other is fuzzy and its
/// pattern is a subsequence of this one's; exact and this one is not fuzzy and contains it;
/// prefix (suffix) and this one is a prefix (suffix) or equal term starting (ending) with it;
/// equal and the patterns are equal. An inverse term implies another inverse term when the
/// reverse holds for their positive forms. So typing on (`fi` → `fir`) or adding a term
/// reuses, as does shortening an inverse term (`!fire` → `!fir`); lengthening an inverse term
/// (`!fir` → `!fire`) or adding an alternative (`x` → `x | y`) scans afresh.
///
/// And when a remembered query's groups are all groups of the new one (`the` → `the b`,
/// `the beat` → `the beat l`), only the new groups are scored: a line's score is the sum of
/// its groups', so the remembered score plus the new groups' is the same score, and a line the
/// remembered query did not match cannot match. Typing a second word then costs the second
/// word, not both again. And the first `limit` of a query typed on in one fuzzy term
/// (`th` → `the`) are found by scoring only the lines whose bound can reach them
/// (`boundedPage`, BoundedPage.swift); the count is still every match's.
public struct Matcher: Sendable {
    /// The lines searched.
    public let corpus: MatchCorpus
    /// How many recent results are remembered for reuse.
    public var cacheCapacity = 8
    /// Lines examined by the last `match` call (0 when a result was reused outright); shows
    /// whether the cache narrowed the search.
    public internal(set) var lastSearchSpace = 0
    /// Groups scored per line by the last `match` call: fewer than the query has when a
    /// remembered query's scores were reused for the rest (0 when a result was reused outright).
    public internal(set) var lastScoredGroups = 0
    /// Lines fully scored by the last `match` call when it answered a page by bounds
    /// (`boundedPage`), else 0: fewer than its matches when the bounds spared some.
    public internal(set) var lastPageScoredLines = 0
    var cache: [CacheEntry] = []

    struct CacheEntry: Sendable {
        var query: CompiledQuery
        var candidates: [Int]?
        var indices: [Int32]
        var scores: [Int32]
    }

    /// A matcher over `corpus`.
    public init(corpus: MatchCorpus) {
        self.corpus = corpus
    }

    /// Ranks the lines matching `query`. `candidates` (ascending line indices) restricts the
    /// search, e.g. to items passing field filters; `limit` returns only the best N (same as
    /// the first N of the full ranking). `isCancelled` is polled between chunks; when it
    /// returns true the search stops and throws `CancellationError`.
    public mutating func match(_ query: TextQuery, among candidates: [Int]? = nil, limit: Int? = nil,
                               isCancelled: (@Sendable () -> Bool)? = nil) throws(CancellationError)
        -> MatchResult {
        guard !query.isEmpty else {
            lastSearchSpace = 0
            let all = candidates ?? Array(0..<corpus.count)
            let ranked = all.prefix(limit ?? all.count).map { RankedMatch(index: $0, score: 0) }
            return MatchResult(ranked: ranked, matchCount: all.count)
        }
        let compiled = CompiledQuery(query)
        lastPageScoredLines = 0
        if let limit {
            if let page = try boundedPage(compiled, among: candidates, limit: limit, isCancelled: isCancelled) { return page }
            if let page = try firstPage(compiled, among: candidates, limit: limit, isCancelled: isCancelled) { return page }
        }
        let entry = try matches(of: compiled, among: candidates, isCancelled: isCancelled)
        return rank(entry, ranked: compiled.isRanked, limit: limit)
    }

    private mutating func matches(of compiled: CompiledQuery, among candidates: [Int]?,
                                  isCancelled: (@Sendable () -> Bool)?) throws(CancellationError)
        -> CacheEntry {
        let usable = cache.indices.filter { cache[$0].candidates == candidates }
        if let hit = usable.first(where: { cache[$0].query == compiled }) {
            lastSearchSpace = 0
            lastScoredGroups = 0
            let entry = cache.remove(at: hit)
            cache.append(entry)
            return entry
        }
        let narrowest = usable.filter { compiled.narrows(cache[$0].query) }
            .min { cache[$0].indices.count < cache[$1].indices.count }
        let space: [Int32]? = narrowest.map { cache[$0].indices } ?? candidates.map { $0.map(Int32.init) }
        lastSearchSpace = space?.count ?? corpus.count
        // The remembered query covering most of the new one's groups lends its scores.
        let known = usable.compactMap { index in compiled.remainder(after: cache[index].query).map { (index, $0) } }
            .min { $0.1.groups.count < $1.1.groups.count }
        let scored = known?.1 ?? compiled
        lastScoredGroups = scored.groups.count
        let base = known.map { ParallelScan.Base(indices: cache[$0.0].indices, scores: cache[$0.0].scores) }
        let found = try ParallelScan(corpus: corpus, query: scored, space: space, base: base, probe: nil)
            .run(isCancelled: isCancelled)
        let entry = CacheEntry(query: compiled, candidates: candidates, indices: found.indices,
                               scores: found.scores)
        cache.append(entry)
        if cache.count > max(cacheCapacity, 0) { cache.removeFirst(cache.count - max(cacheCapacity, 0)) }
        return entry
    }

    private func rank(_ entry: CacheEntry, ranked: Bool, limit: Int?) -> MatchResult {
        let count = entry.indices.count
        let wanted = min(limit ?? count, count)
        guard ranked else {
            let matches = entry.indices.prefix(wanted).map { RankedMatch(index: Int($0), score: 0) }
            return MatchResult(ranked: matches, matchCount: count)
        }
        let keys = corpus.lines.withUnsafeBufferPointer { lines in
            (0..<count).map { i in
                let index = entry.indices[i]
                return Ranking.key(score: entry.scores[i], trimLength: lines[Int(index)].trimLength,
                                   index: index)
            }
        }
        let best = Ranking.smallest(keys, limit: wanted)
        let matches = best.map { RankedMatch(index: Ranking.index(of: $0), score: Ranking.score(of: $0)) }
        return MatchResult(ranked: matches, matchCount: count)
    }
}

extension MatchCorpus {
    /// The score of line `index` for `query`, or nil when it does not match. (0 for an empty
    /// query.)
    public func score(ofLine index: Int, for query: TextQuery) -> Int? {
        let compiled = CompiledQuery(query)
        return withView { view in
            compiled.evaluate(line: view.lines[index], in: view, positions: nil, scratch: MatchScratch())
        }.map(Int.init)
    }

    /// The positions to highlight in line `index` for `query`: ascending offsets into the
    /// line's Unicode scalars (`String.unicodeScalars`), or nil when it does not match.
    public func positions(ofLine index: Int, for query: TextQuery) -> [Int]? {
        let compiled = CompiledQuery(query)
        var positions: [Int] = []
        let score = withView { view in
            compiled.evaluate(line: view.lines[index], in: view, positions: &positions, scratch: MatchScratch())
        }
        guard score != nil else { return nil }
        return originalOffsets(Array(Set(positions)).sorted(), line: index)
    }
}

/// One chunked, parallel scan of a search space.
struct ParallelScan {
    let corpus: MatchCorpus
    let query: CompiledQuery
    /// Line indices to examine (ascending), or nil for every line.
    let space: [Int32]?
    /// The matches of a query made of some of the groups, with their scores: `query` is the
    /// other groups, a line must be among these, and its score is added.
    let base: Base?
    /// When set, a line passes when this fuzzy term's pattern is a subsequence of it, scoring
    /// 0 (plus its base score): the cheap test `boundedPage` counts matches with.
    let probe: CompiledTerm?

    /// A remembered result whose scores the scan adds to its own.
    struct Base {
        /// Ascending line indices.
        let indices: [Int32]
        /// The remembered score of each, in the same order.
        let scores: [Int32]
    }

    static let chunkSize = 1024

    func run(isCancelled: (@Sendable () -> Bool)?) throws(CancellationError)
        -> (indices: [Int32], scores: [Int32]) {
        let total = space?.count ?? corpus.count
        let chunks = (total + Self.chunkSize - 1) / Self.chunkSize
        var indices = [Int32](repeating: 0, count: total)
        var scores = [Int32](repeating: 0, count: total)
        var counts = [Int](repeating: -1, count: chunks)
        indices.withUnsafeMutableBufferPointer { indices in
            scores.withUnsafeMutableBufferPointer { scores in
                counts.withUnsafeMutableBufferPointer { counts in
                    corpus.withView { view in
                        let output = Output(indices: indices, scores: scores, counts: counts)
                        let work: @Sendable (Int) -> Void = { chunk in
                            if isCancelled?() == true { return }
                            scan(chunk: chunk, total: total, view: view, into: output)
                        }
                        if chunks <= 2 {
                            for chunk in 0..<chunks { work(chunk) }
                        } else {
                            DispatchQueue.concurrentPerform(iterations: chunks, execute: work)
                        }
                    }
                }
            }
        }
        if counts.contains(-1) { throw CancellationError() }
        return compact(indices: indices, scores: scores, counts: counts)
    }

    /// Each chunk writes only its own slots, so workers never touch the same memory.
    private struct Output: @unchecked Sendable {
        let indices: UnsafeMutableBufferPointer<Int32>
        let scores: UnsafeMutableBufferPointer<Int32>
        let counts: UnsafeMutableBufferPointer<Int>
    }

    /// Matches one chunk, writing its matches at the start of the chunk's own output slots.
    private func scan(chunk: Int, total: Int, view: CorpusView, into output: Output) {
        let scratch = MatchScratch()
        let start = chunk * Self.chunkSize
        var found = 0
        // Both lists ascend, so the base is walked once per chunk from the chunk's first line.
        var known = base.map { Self.lowerBound(space?[start] ?? Int32(start), in: $0.indices) } ?? 0
        for slot in start..<min(start + Self.chunkSize, total) {
            let index = space?[slot] ?? Int32(slot)
            var baseScore: Int32 = 0
            if let base {
                while known < base.indices.count, base.indices[known] < index { known += 1 }
                guard known < base.indices.count, base.indices[known] == index else { continue }
                baseScore = base.scores[known]
            }
            let line = view.lines[Int(index)]
            let passed: Int32? = if let probe {
                probe.match(line: line, in: view, withPositions: false, scratch: scratch) == nil ? nil : 0
            } else {
                query.evaluate(line: line, in: view, positions: nil, scratch: scratch)
            }
            guard let score = passed else { continue }
            output.indices[start + found] = index
            output.scores[start + found] = baseScore + score
            found += 1
        }
        output.counts[chunk] = found
    }

    /// The first position in `sorted` holding a value not below `value`.
    private static func lowerBound(_ value: Int32, in sorted: [Int32]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func compact(indices: [Int32], scores: [Int32], counts: [Int])
        -> (indices: [Int32], scores: [Int32]) {
        var outIndices: [Int32] = [], outScores: [Int32] = []
        let total = counts.reduce(0, +)
        outIndices.reserveCapacity(total)
        outScores.reserveCapacity(total)
        for (chunk, count) in counts.enumerated() {
            let start = chunk * Self.chunkSize
            outIndices.append(contentsOf: indices[start..<(start + count)])
            outScores.append(contentsOf: scores[start..<(start + count)])
        }
        return (outIndices, outScores)
    }
}
