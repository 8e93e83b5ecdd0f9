/// The best page of a query typed on in one fuzzy term (`th` → `the`), without scoring every
/// match: the picker's first answer to a keystroke needs the match count and the best few
/// hundred, and scoring is the expensive part of a search.
///
/// Why it is exact: in fzf's DP (`FuzzyScorer.fill`) the rows of a pattern's first m
/// characters do not depend on the characters after them, and each further row's cells are
/// at most the best cell of the row above plus a match and the largest bonus. So a line's
/// score for `the` is at most its score for `th` plus `mostPerCharacter`, and with other
/// groups unchanged, at most its remembered total plus that. A one-character pattern is not
/// scored by the DP: fzf takes its first occurrence at a word boundary (bonus 8 or more) even
/// when a later one has more, so its score may fall short of the DP's first row by twice the
/// difference to the largest bonus; with the query's only group, that shortfall is known from
/// the score and added. Lines long enough for the greedy algorithm (`Score.slabCells`) have
/// no bound and are always scored.
///
/// How: one parallel pass tells which remembered matches still match (a subsequence test,
/// no DP), which gives the count. A line's best possible ranking key is its bound with its
/// own length and index (fzf's tiebreaks, known without scoring). Lines are scored in order
/// of their best possible keys, in growing rounds, until the next one's best possible key is
/// worse than the worst key of the page found so far. A line left out can at best rank
/// behind that page, so the page is exactly the first `limit` of the full ranking.
extension Matcher {
    /// How far a one-character score (`FuzzyScorer.singleCharacter`) may fall below the best
    /// occurrence's: none when it took no word boundary (it then saw every occurrence), else
    /// twice what its bonus lacks of the largest.
    static func singleCharacterShortfall(_ score: Int32) -> Int32 {
        let bonus = (score - Score.match) / Score.firstCharMultiplier
        return bonus >= Score.boundary ? (Score.boundaryWhite - bonus) * Score.firstCharMultiplier : 0
    }

    /// The most one fuzzy pattern character adds to a score: a match plus the largest bonus
    /// any position has (after white space, `CharClass`'s table), which a run passes on.
    static let mostPerCharacter: Int32 = Score.match + Score.boundaryWhite

    /// The first `limit` of the ranking of `compiled` when a remembered query bounds it and
    /// the bounds spare most lines; nil to search the usual way.
    mutating func boundedPage(_ compiled: CompiledQuery, among candidates: [Int]?, limit: Int,
                              isCancelled: (@Sendable () -> Bool)?) throws(CancellationError) -> MatchResult? {
        guard compiled.isRanked, limit > 0 else { return nil }
        let usable = cache.indices.filter { cache[$0].candidates == candidates }
        guard !usable.contains(where: { cache[$0].query == compiled }) else { return nil }
        let grown = usable.compactMap { index in growth(of: compiled, from: cache[index].query).map { (index, $0) } }
        guard let (slot, growth) = grown.min(by: { cache[$0.0].indices.count < cache[$1.0].indices.count }),
              cache[slot].indices.count > 4 * limit else { return nil }
        let entry = cache[slot]
        let still = try ParallelScan(corpus: corpus, query: compiled, space: entry.indices,
                                     base: ParallelScan.Base(indices: entry.indices, scores: entry.scores),
                                     probe: Self.subsequenceTest(growth.term)).run(isCancelled: isCancelled)
        lastSearchSpace = entry.indices.count
        lastScoredGroups = 1
        let longest = Score.slabCells / growth.term.wide.count
        // A line's best possible key: its bound with its own length and index (fzf's tiebreaks,
        // known without scoring). Ranking keys saturate at 65,535 as fzf's points do: so does
        // the bound.
        let best: [UInt64] = corpus.lines.withUnsafeBufferPointer { lines in
            still.indices.indices.map { i in
                let score = still.scores[i], line = lines[Int(still.indices[i])]
                let shortfall: Int32 = switch growth.shortfall {
                case .none: 0
                case .fromScore: Self.singleCharacterShortfall(score)
                }
                let bound = Int(line.count) > longest ? 65_535 : min(score + shortfall + growth.added, 65_535)
                return Ranking.key(score: bound, trimLength: line.trimLength, index: still.indices[i])
            }
        }
        // The next best keys: the smallest of those not handed out yet.
        var handedOutUpTo: UInt64?
        return try page(ofMatches: still.indices.count, compiled, limit: limit, isCancelled: isCancelled) { count in
            let left = handedOutUpTo.map { done in best.filter { $0 > done } } ?? best
            let next = Ranking.smallest(left, limit: count)
            handedOutUpTo = next.last ?? handedOutUpTo
            return next
        }
    }

    /// `term` as the cheap test a page counts matches with: an inverse fuzzy term holds
    /// exactly when the pattern is a subsequence, and scores nothing.
    private static func subsequenceTest(_ term: CompiledTerm) -> CompiledTerm {
        var probe = term
        probe.inverse = true
        return probe
    }

    /// The best `limit` of `count` matches of `compiled`, with the count, scoring only the
    /// lines whose best possible key (its bound, with the line's length and index) can reach
    /// the page. `next(n)` hands out the next `n` best possible keys in ascending order (fewer
    /// once they run out); each round asks for twice as many, until the best key left cannot
    /// beat the page's worst. Nil past a fifth of the lines: scoring here is serial and the
    /// usual scan parallel, so past that the bounds do not pay.
    private mutating func page(ofMatches count: Int, _ compiled: CompiledQuery, limit: Int,
                               isCancelled: (@Sendable () -> Bool)?,
                               next: (Int) -> [UInt64]) throws(CancellationError) -> MatchResult? {
        var page: [UInt64] = []
        var scored = 0, batch = limit
        while true {
            if isCancelled?() == true { throw CancellationError() }
            let best = next(batch)
            guard let nextBest = best.first else { break }
            if page.count >= limit, nextBest > page[limit - 1] { break }
            guard scored + best.count <= count / 5 else { return nil }
            page = Ranking.smallest(page + scoreLines(best.map { Ranking.index(of: $0) }, compiled), limit: limit)
            scored += best.count
            batch *= 2
        }
        lastPageScoredLines = scored
        return MatchResult(ranked: page.map { RankedMatch(index: Ranking.index(of: $0), score: Ranking.score(of: $0)) },
                           matchCount: count)
    }

    /// How a query grew from a remembered one, when the page can be bounded from it: the one
    /// fuzzy term that is new or typed on (whose subsequence test tells which remembered
    /// matches still match), the most the new characters add to a line's score, and how far
    /// the remembered score may fall short of the DP's own (`singleCharacterShortfall`).
    private struct Growth {
        enum Shortfall { case none, fromScore }
        let term: CompiledTerm
        let added: Int32
        let shortfall: Shortfall
    }

    private func growth(of compiled: CompiledQuery, from remembered: CompiledQuery) -> Growth? {
        if let typed = compiled.typedOn(from: remembered) {
            // Only in the query's only group. Beside other groups the remembered total mixes
            // their exact scores with the typed term's, and its bounds were so loose that the
            // page gave up after scoring a fifth of the lines (`the bea` from `the be` at
            // 500,000 lines: 48 ms, against 33 ms searched the usual way).
            guard compiled.groups.count == 1 else { return nil }
            let term = compiled.groups[typed.group][0]
            // From one character, the remembered score is fzf's first word-boundary occurrence,
            // whose shortfall is known from the score.
            let fromOneCharacter = term.wide.count - typed.added == 1
            return Growth(term: term, added: Int32(typed.added) * Self.mostPerCharacter,
                          shortfall: fromOneCharacter ? .fromScore : .none)
        }
        // A group of one fuzzy character added (`the ` → `the b`): its score is at most a
        // match and the largest bonus, twice. (A longer new group, `the be` from `the `, has
        // bounds too loose to spare lines: it gave up after scoring a fifth of them.)
        guard let rest = compiled.remainder(after: remembered), rest.groups.count == 1, rest.groups[0].count == 1,
              case let term = rest.groups[0][0], term.kind == .fuzzy, !term.inverse, term.wide.count == 1
        else { return nil }
        return Growth(term: term, added: Int32(term.wide.count) * Self.mostPerCharacter + Self.firstCharacterExtra,
                      shortfall: .none)
    }

    /// What the first pattern character's bonus adds on top of `mostPerCharacter`: it counts
    /// `Score.firstCharMultiplier` times.
    static let firstCharacterExtra: Int32 = Score.boundaryWhite * (Score.firstCharMultiplier - 1)

    /// The first `limit` of the ranking of a query of one fuzzy term that no remembered query
    /// narrows (the picker's first keystroke, or a query pasted whole): one parallel pass
    /// finds the matches by a subsequence test alone (which gives the count), and lines are
    /// then scored shortest first. Every line has the same bound (each pattern character
    /// scores at most a match and the largest bonus, the first one's bonus twice), so a
    /// line's best possible key is that bound with its own length and index, and once the
    /// page holds `limit` lines that reach the bound, no longer line can enter it. `t` over
    /// 500,000 lines scored all 444,000 matches for a page of 500. Nil to search the usual
    /// way (the bounds spare too few lines, or the query is of another form).
    mutating func firstPage(_ compiled: CompiledQuery, among candidates: [Int]?, limit: Int,
                            isCancelled: (@Sendable () -> Bool)?) throws(CancellationError) -> MatchResult? {
        guard compiled.isRanked, limit > 0, compiled.groups.count == 1, compiled.groups[0].count == 1,
              case let term = compiled.groups[0][0], term.kind == .fuzzy, !term.inverse, !term.wide.isEmpty,
              !cache.contains(where: { $0.candidates == candidates && ($0.query == compiled || compiled.narrows($0.query)) })
        else { return nil }
        let found = try ParallelScan(corpus: corpus, query: compiled, space: candidates.map { $0.map(Int32.init) },
                                     base: nil, probe: Self.subsequenceTest(term)).run(isCancelled: isCancelled)
        guard found.indices.count > 4 * limit else { return nil }
        lastSearchSpace = candidates?.count ?? corpus.count
        lastScoredGroups = 1
        let longest = Score.slabCells / term.wide.count
        let bound = Int32(term.wide.count) * Self.mostPerCharacter + Self.firstCharacterExtra
        let order = corpus.lines.withUnsafeBufferPointer { Self.shortestFirst(found.indices, lines: $0, longest: longest) }
        // In that order, a line's best possible key is the bound with its length and index.
        var position = 0
        let lines = corpus.lines
        return try page(ofMatches: order.count, compiled, limit: limit, isCancelled: isCancelled) { count in
            let end = min(position + count, order.count)
            defer { position = end }
            return order[position..<end].map { index in
                let line = lines[Int(index)]
                let best = Int(line.count) > longest ? 65_535 : min(bound, 65_535)
                return Ranking.key(score: best, trimLength: line.trimLength, index: index)
            }
        }
    }

    /// `indices` (ascending) in the order of a first page's best possible keys, all one bound
    /// but for lines longer than `longest` (no bound: they come first): each class by trim
    /// length, then index. A counting sort by length, one pass: ordering 444,000 best keys in
    /// rounds of filtering and selecting took half of `t`'s page at 500,000 lines.
    static func shortestFirst(_ indices: [Int32], lines: UnsafeBufferPointer<MatchCorpus.Line>, longest: Int) -> [Int32] {
        // Slot 0 holds the unbounded lines; slot 1 + n the lines of trim length n.
        var starts = [Int](repeating: 0, count: Int(UInt16.max) + 3)
        func slot(_ index: Int32) -> Int {
            let line = lines[Int(index)]
            return Int(line.count) > longest ? 0 : Int(line.trimLength) + 1
        }
        for index in indices { starts[slot(index) + 1] += 1 }
        for position in 1..<starts.count { starts[position] += starts[position - 1] }
        var order = [Int32](repeating: 0, count: indices.count)
        for index in indices {
            let position = slot(index)
            order[starts[position]] = index
            starts[position] += 1
        }
        // The few unbounded lines, by trim length too (`starts[0]` is now where they end).
        order[0..<starts[0]].sort { (lines[Int($0)].trimLength, $0) < (lines[Int($1)].trimLength, $1) }
        return order
    }

    /// The ranking keys of `rows` for `compiled` (every one matches it).
    private func scoreLines(_ rows: [Int], _ compiled: CompiledQuery) -> [UInt64] {
        let scratch = MatchScratch()
        return corpus.withView { view in
            rows.compactMap { row in
                let line = view.lines[row]
                return compiled.evaluate(line: line, in: view, positions: nil, scratch: scratch).map {
                    Ranking.key(score: $0, trimLength: line.trimLength, index: Int32(row))
                }
            }
        }
    }
}
