import MixtapeCore
import Testing

/// `ItemSort.orderedPrefix` picks the head of a limited order with a bounded heap instead of a
/// full sort (a smart playlist's limit); its answer must be exactly the full sort cut to the
/// length the limit gives, ties in incoming order included.
@Suite("A limited order's head, picked without sorting everything, is the full sort's prefix")
struct SortedPrefixTests {
    /// 5,000 rows with few distinct values (many ties), some unknown, in a fixed pseudo-random order.
    static let rowCount = 5000
    static let columns: [Field: [FieldValue?]] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var rating: [FieldValue?] = [], duration: [FieldValue?] = [], genre: [FieldValue?] = []
        for _ in 0..<rowCount {
            rating.append(next(7) == 0 ? nil : .integer(Int64(next(6) * 20)))
            duration.append(next(9) == 0 ? nil : .integer(Int64(60_000 + next(40) * 5_000)))
            genre.append(next(8) == 0 ? nil : .text(["Rock", "rock", "Jazz", "Ambient", "Électro"][next(5)]))
        }
        return [.rating: rating, .durationMs: duration, .genre: genre]
    }()

    static let sorts = ["rating", "rating-", "duration_ms", "duration_ms-", "genre", "genre-", "rating-,genre",
                        "genre,duration_ms-"]

    @Test("a count of items: every count from none to all", arguments: sorts)
    func countLimits(_ specification: String) throws {
        let sort = try ItemSort(specification)
        let indices = (0..<Self.rowCount).filter { $0 % 5 != 3 }
        let full = sort.ordered(indices, columns: Self.columns)
        for count in [0, 1, 50, 63, 64, 65, 200, 256, 257, 1000, 1999, 2000, 3999, 4000, 10000] {
            let head = sort.orderedPrefix(indices, columns: Self.columns, keptCount: { min($0.count, count) })
            #expect(Self.difference(head, Array(full.prefix(count))) == nil, "\(specification), \(count) items")
        }
    }

    @Test("a duration budget spent from the front: small, large, and more than everything", arguments: sorts)
    func durationBudgets(_ specification: String) throws {
        let sort = try ItemSort(specification)
        let indices = Array(0..<Self.rowCount)
        let full = sort.ordered(indices, columns: Self.columns)
        let durations = Self.columns[.durationMs]!
        for hours in [0, 1, 3, 20, 100, 1000] {
            let limit = SmartLimit.durationMs(Int64(hours) * 3_600_000)
            func kept(_ order: [Int]) -> Int {
                limit.keptCount(of: order, durationMs: { if case .integer(let ms)? = durations[$0] { ms } else { nil } },
                                size: { _ in nil })
            }
            let head = sort.orderedPrefix(indices, columns: Self.columns, keptCount: kept)
            #expect(Self.difference(head, Array(full.prefix(kept(full)))) == nil, "\(specification), \(hours) h")
        }
    }

    /// Where two orders first differ, said briefly (a failure prints this, not 5,000 rows).
    static func difference(_ order: [Int], _ expected: [Int]) -> String? {
        guard order != expected else { return nil }
        let at = zip(order, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(order.count, expected.count)
        return "\(order.count) rows, \(expected.count) expected; first difference at \(at)"
    }
}
