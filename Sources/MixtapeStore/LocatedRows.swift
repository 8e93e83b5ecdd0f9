import MixtapeCore

/// The rows of one source that name a file by its path (URLs and rows with no location are
/// left out), with what relocation needs of each, grouped by path into its entries
/// (`RelocationSession.Entries`). Read back from the index (`RelocationSession.entries(of:)`),
/// or gathered by a sync as it inserts the rows (`Gathering`).
public struct LocatedRows: Sendable {
    /// Each row's location, put in the order of its bytes at the end (`SortKeyOrder`), not
    /// by an `ORDER BY location`, whose sorter copies every selected column of every row.
    private var locations: SortKeyOrder
    private var rowIDs: [Int64] = []
    private var sizes: [Int64?] = []
    private var durations: [Int64?] = []
    /// A hash of each row's current path (`RelocationSession.hash`), 0 for none.
    private var pathHashes: [Int] = []

    init(expectedCount: Int) {
        // A path is some 60 to 100 bytes; room reserved and never filled costs address
        // space, not memory.
        locations = SortKeyOrder(expectedCount: expectedCount, expectedBytes: expectedCount * 96)
        rowIDs.reserveCapacity(expectedCount)
        sizes.reserveCapacity(expectedCount)
        durations.reserveCapacity(expectedCount)
        pathHashes.reserveCapacity(expectedCount)
    }

    /// Adds a row, unless its location is a URL. Told apart here, not by a `GLOB` in a query,
    /// which costs as much again as the read on drive paths (`C:/…` starts like a scheme).
    mutating func append(row: Int64, location: UnsafeBufferPointer<UInt8>, size: Int64?, durationMs: Int64?, pathHash: Int) {
        guard !LocationEncoder.hasScheme(location) else { return }
        locations.append(location)
        rowIDs.append(row)
        sizes.append(size)
        durations.append(durationMs)
        pathHashes.append(pathHash)
    }

    /// The rows grouped by location. Rows naming the same bytes are one entry (two spellings of
    /// one name are two: the file is opened by its bytes); its size and length are those of
    /// its first row.
    func entries() -> RelocationSession.Entries {
        var result = RelocationSession.Entries()
        result.entries.reserveCapacity(rowIDs.count)
        result.starts.reserveCapacity(rowIDs.count + 1)
        result.rowIDs.reserveCapacity(rowIDs.count)
        result.pathHashes.reserveCapacity(rowIDs.count)
        var previous: Int?
        for position in locations.order() {
            if previous.map({ !locations.sameKey($0, position) }) ?? true {
                if previous != nil { result.starts.append(result.rowIDs.count) }
                let path = locations.withKey(at: position) { String(decoding: $0, as: UTF8.self) }
                result.entries.append(Relocator.Entry(path: path, size: sizes[position], durationMs: durations[position], items: 0))
            }
            previous = position
            result.entries[result.entries.count - 1].items += 1
            result.rowIDs.append(rowIDs[position])
            result.pathHashes.append(pathHashes[position])
        }
        result.starts.append(result.rowIDs.count)
        return result
    }

    /// The located rows of one source, gathered while its sync inserts them (`SourceSync`), so
    /// that relocation, which follows, need not read a hundred thousand rows back from the
    /// index (0.15 s of a first index of 100,000 Serato tracks, on one core). They stand for
    /// the source only when every one of its rows went by as an insert (`isWhole`): a row
    /// kept unchanged, or updated in place, has no rowid to gather.
    public final class Gathering {
        private var rows = LocatedRows(expectedCount: 0)
        /// The rows grouped into entries, on a thread of its own from `finish` on: relocation
        /// needs them after the sync, which meanwhile makes the identity index on this one.
        private var grouping: BackgroundTask<RelocationSession.Entries>?
        /// How many rows were inserted, located or not.
        private var inserted = 0
        /// Set once a row went by that this cannot stand for.
        private var incomplete = false
        /// Whether the source's rows at the end of the sync were all gathered (`finish`).
        public private(set) var isWhole = false

        public init() {}

        /// About how many rows are coming (a guess from the file's size), so the arrays are
        /// sized once: grown by doubling, copying them was a third of the gathering's cost.
        public func expect(_ count: Int) {
            guard !incomplete, rows.rowIDs.isEmpty else { return }
            rows = LocatedRows(expectedCount: min(max(count, 0), Self.mostExpected))
        }

        /// More than this is never reserved (room for a large library's rows beyond it is
        /// grown as they come).
        private static let mostExpected = 250_000

        /// A row written for `item`: `rowID` when it was inserted, nil when it replaced a row.
        func add(_ item: MediaItem, rowID: Int64?) {
            guard let rowID else { return missed() }
            inserted += 1
            guard var location = item.location else { return }
            location.withUTF8 {
                rows.append(row: rowID, location: $0, size: item.size, durationMs: item.durationMs,
                            pathHash: RelocationSession.hash(item.path))
            }
        }

        /// A row of the source that was not written (kept as it was).
        func missed() {
            guard !incomplete else { return }
            incomplete = true
            rows = LocatedRows(expectedCount: 0)
        }

        /// The sync is over and the source holds `rows` rows.
        func finish(sourceRows: Int) {
            isWhole = !incomplete && inserted == sourceRows
            guard isWhole else { return missed() }
            let rows = rows
            self.rows = LocatedRows(expectedCount: 0)
            grouping = BackgroundTask { rows.entries() }
        }

        /// Waits until the entries are grouped (at once when they are not being grouped): work
        /// that follows it on the one spare core runs after it, not beside it and the writer.
        var groupingDone: @Sendable () -> Void {
            guard let grouping else { return {} }
            return { _ = grouping.outcome() }
        }

        /// The source's entries once grouped, handed over (this holds them no longer: they
        /// would stay in memory until the end of the run); nil unless `isWhole`, or once taken.
        func takeEntries() throws -> RelocationSession.Entries? {
            guard let grouping else { return nil }
            self.grouping = nil
            return try grouping.value()
        }
    }
}
