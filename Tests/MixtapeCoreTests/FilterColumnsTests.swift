import Testing
@testable import MixtapeCore

/// `FilterColumns` (every distinct filter decided once over all items, several queries at a
/// time, as the smart playlists of an index run are) and `ItemSort`'s prepared columns must
/// answer exactly what the item-at-a-time evaluation answers.
@Suite("Filters a column at a time and sorts on prepared columns agree with the item at a time")
struct FilterColumnsTests {
    /// One query per kind of condition, negations, OR groups, and filters several queries share.
    static let queries = [
        "artist:beatles", "a:BEATLES", "artist:=Beatles", "artist:=\"the beatles\"", "!artist:beyonce",
        "artist:beyonce | genre:rock", "genre:rock title:yesterday", "title:love | title:halo",
        "year:=1999", "year:..1979", "!year:..2000", "stars:>3", "plays:<5", "bpm:120..130",
        "duration:>5m", "duration:2m..2m30s", "played:<1w", "!played:<1y", "added:<4m", "added:2024-03-15",
        "added:>2024-03", "compilation:no", "loved:yes", "selected:yes", "selected:no", "kind:movie,tv",
        "kind:music", "kind:music stars:>3", "playlist:Nowhere", "playlist:\"Road Trip\"", "path:/srv/video",
        "!path:/srv/music",
    ]

    @Test("every query's passing items, all decided in one FilterColumns, are the items matchesFilters keeps")
    func filtersAgree() throws {
        let items = QueryTestLibrary.items, context = QueryTestLibrary.context
        let parsed = try Self.queries.map { try Query(parsing: $0) }
        var columns = FilterColumns(items: items)
        columns.decide(parsed.map { ($0.filterGroups, context) })
        for (plan, query) in parsed.enumerated() {
            let passing = columns.passing(query.filterGroups, context: context, plan: plan)
            let expected = items.map { query.matchesFilters($0, in: context) }
            #expect(passing == expected, "\(Self.queries[plan])")
        }
    }

    @Test("a filter's answers depend on its plan's context: selection and playlists are not shared")
    func contextsStaySeparate() throws {
        let items = QueryTestLibrary.items
        let query = try Query(parsing: "selected:yes")
        let empty = QueryContext(now: QueryTestLibrary.now)
        var columns = FilterColumns(items: items)
        columns.decide([(query.filterGroups, QueryTestLibrary.context), (query.filterGroups, empty)])
        #expect(columns.passing(query.filterGroups, context: QueryTestLibrary.context, plan: 0).filter { $0 }.count == 2)
        #expect(columns.passing(query.filterGroups, context: empty, plan: 1).allSatisfy { !$0 })
    }

    @Test("every field and direction, one key and two, sorts as comparing the values one by one does")
    func sortsAgree() throws {
        // The library twice, the second copy reversed: ties must keep the incoming order.
        let items = QueryTestLibrary.items + QueryTestLibrary.items.reversed()
        var specifications = Field.allCases.flatMap { [$0.key, $0.key + "-"] }
        specifications += ["year-,title", "kind,rating-", "loved,date_added-", "genre-,play_count"]
        for specification in specifications {
            let sort = try ItemSort(specification)
            let indices = Array(items.indices)
            #expect(sort.ordered(indices, of: items) == Self.reference(sort, indices, items), "\(specification)")
            let some = indices.filter { $0 % 3 != 1 }
            #expect(sort.ordered(some, keyValues: { index in sort.keys.map { $0.field.value(of: items[index]) } })
                    == Self.reference(sort, some, items), "\(specification)")
        }
    }

    /// The order `ItemSort` promises, worked out the plain way: `ItemSort.compare` key by key,
    /// known values reversed when descending, then incoming order.
    static func reference(_ sort: ItemSort, _ indices: [Int], _ items: [MediaItem]) -> [Int] {
        indices.enumerated().sorted { a, b in
            for key in sort.keys {
                let x = key.field.value(of: items[a.element]), y = key.field.value(of: items[b.element])
                var ordering = ItemSort.compare(x, y)
                if key.descending, x != nil, y != nil { ordering = ordering.reversed }
                if ordering == .less { return true }
                if ordering == .greater { return false }
            }
            return a.offset < b.offset
        }.map(\.element)
    }
}

@Suite("Filters decided on columns of values agree with the item at a time")
struct FilterColumnsOfValuesTests {
    @Test("every query that reads fields, decided on the fields' values as columns, keeps the items matchesFilters keeps")
    func filtersAgree() throws {
        let items = QueryTestLibrary.items, context = QueryTestLibrary.context
        let parsed = try FilterColumnsTests.queries.map { try Query(parsing: $0) }
            .filter { FilterColumns.canDecide($0.groups) }
        // `path:` reads two fields (the file here or the location), so it is decided an item at a time.
        #expect(parsed.count == FilterColumnsTests.queries.count - 6, "all but the selected:, playlist: and path: queries")
        let fields = parsed.reduce(Set<Field>()) { $0.union($1.filterFields) }
        let columns = Dictionary(uniqueKeysWithValues: fields.map { field in (field, items.map { field.value(of: $0) }) })
        var decided = FilterColumns(count: items.count, columns: columns)
        decided.decide(parsed.map { ($0.filterGroups, context) })
        for (plan, query) in parsed.enumerated() {
            #expect(decided.passing(query.filterGroups, context: context, plan: plan)
                    == items.map { query.matchesFilters($0, in: context) }, "\(query)")
        }
    }

    @Test("only filters that read a field can be decided on columns; a query with none passes every row")
    func whatColumnsAnswer() throws {
        #expect(!FilterColumns.canDecide(try Query(parsing: "selected:yes").groups))
        #expect(!FilterColumns.canDecide(try Query(parsing: "genre:rock | playlist:x").groups))
        #expect(FilterColumns.canDecide(try Query(parsing: "kind:music !rating:>=80 genre:rock").groups))
        let everything = try Query(parsing: "")
        var decided = FilterColumns(count: 3, columns: [:])
        decided.decide([(everything.filterGroups, QueryTestLibrary.context)])
        #expect(decided.passing(everything.filterGroups, context: QueryTestLibrary.context, plan: 0) == [true, true, true])
    }
}
