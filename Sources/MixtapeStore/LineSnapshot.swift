import Foundation
import GRDB
import GRDBSQLite
import MixtapeCore

/// Every item's rendered line for one `--format` template, with its id, in library order: what
/// `fzf` reads from its input, kept ready in the index.
///
/// A search of 100,000 items spent most of its time scanning the wide items table and sorting
/// it into library order; this is one BLOB read instead. It is only ever a copy: every sync that
/// changes an item and every source removal deletes all snapshots in its own transaction, so a
/// reader sees a snapshot that matches the items or none at all (and then takes the general
/// path).
enum LineSnapshot {
    /// Whether pairs are kept for `template` (then they are current: every change drops them).
    static func exists(template: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM line_snapshots WHERE template = ? LIMIT 1", arguments: [template]) ?? false
    }

    static func invalidate(in db: Database) throws {
        try db.execute(sql: "DELETE FROM line_snapshots")
    }

    /// Pairs per stored chunk: writing and reading stay a few hundred kilobytes at a time
    /// whatever the library size.
    static let pairsPerChunk = 4096

    /// Renders and stores the pairs in one streaming pass over the items.
    static func write(template: String, fields: Set<Field>, render: (MediaItem) -> String, in db: Database) throws {
        // The rows come with their rowids: none is looked up by id.
        var chunks = try ChunkWriter(template: template, rowIDs: .givenWithPairs, in: db)
        try ItemReader.forEachWithRowID(fields: fields, in: db) { item, rowID in
            try chunks.append(item.id, render(item), rowID: rowID)
        }
        try chunks.finish()
    }

    /// Stores pairs the caller already has, in library order.
    static func write(template: String, pairs: some Sequence<(ItemID, String)>, in db: Database) throws {
        var chunks = try ChunkWriter(template: template, in: db)
        for (id, line) in pairs { try chunks.append(id, line) }
        try chunks.finish()
    }

    /// Stores the pairs a collector gathered while its source was written (the caller checked
    /// that they are the whole index).
    static func write(_ collected: LineSnapshotCollector, in db: Database) throws {
        var chunks = try ChunkWriter(template: collected.template, rowIDs: collected.hasRowIDs ? .givenWithPairs : .lookedUp, in: db)
        if let assembled = collected.takeAssembledChunks() {
            for chunk in assembled { try chunks.insert(chunk) }
            return
        }
        try collected.forEachPairInOrder { try chunks.append(encodedPair: $0, rowID: $1) }
        try chunks.finish()
    }

    /// One stored chunk: up to `pairsPerChunk` encoded pairs, and their items' rowids
    /// (`SnapshotRowIDs`) when every one of them has one.
    struct Chunk: Sendable {
        var pairs: [UInt8] = []
        var rowIDs: [UInt8]? = []
    }

    /// Packs pairs handed over in library order into chunks, with no database: the
    /// `ChunkWriter` stores each as it is full, and a collector packs its pairs on another
    /// thread while the sync's last step runs (`LineSnapshotCollector.orderInBackground`).
    struct ChunkBuilder {
        private var chunk = Chunk()
        private var pairs = 0

        init() {}

        /// Adds one encoded pair and its item's rowid (nil: from this chunk on, none keeps
        /// rowids); returns the chunk it filled, if it did.
        mutating func append(encodedPair: UnsafeBufferPointer<UInt8>, rowID: Int64?) -> Chunk? {
            chunk.pairs.append(contentsOf: encodedPair)
            note(rowID)
            return counted()
        }

        /// Adds one pair from its parts.
        mutating func append(_ id: ItemID, _ line: String, rowID: Int64?) -> Chunk? {
            StringListCodec.append(id.rawValue, to: &chunk.pairs)
            StringListCodec.append(line, to: &chunk.pairs)
            note(rowID)
            return counted()
        }

        /// The last chunk, even empty (a snapshot of no items is one empty chunk).
        mutating func finish() -> Chunk {
            defer { chunk = Chunk(rowIDs: chunk.rowIDs == nil ? nil : []) }
            return chunk
        }

        /// Whether every pair so far came with a rowid.
        var keepsRowIDs: Bool { chunk.rowIDs != nil }

        private mutating func note(_ rowID: Int64?) {
            guard chunk.rowIDs != nil else { return }
            guard let rowID else { return chunk.rowIDs = nil }
            withUnsafeBytes(of: rowID.littleEndian) { chunk.rowIDs!.append(contentsOf: $0) }
        }

        private mutating func counted() -> Chunk? {
            pairs += 1
            guard pairs % LineSnapshot.pairsPerChunk == 0 else { return nil }
            return finish()
        }
    }

    /// Replaces the template's chunks with pairs handed over one at a time (or chunks packed
    /// already), each chunk with the rowids of its pairs' items when every one of them has one.
    private struct ChunkWriter {
        let template: String
        let insert: Statement
        var builder = ChunkBuilder()
        var chunk = 0
        /// Where the pairs' rowids come from.
        enum RowIDSource {
            /// Looked up by each pair's id.
            case lookedUp
            /// Handed over with each pair (`append(_:_:rowID:)`).
            case givenWithPairs
        }
        /// Nil when rowids are looked up by id but cannot be (an id in two sources).
        var rowIDsByID: RowIDsByID?
        /// Whether rowids are looked up, and can be.
        let looksUp: Bool

        init(template: String, rowIDs: RowIDSource = .lookedUp, in db: Database) throws {
            try db.execute(sql: "DELETE FROM line_snapshots WHERE template = ?", arguments: [template])
            self.template = template
            insert = try db.makeStatement(sql: "INSERT INTO line_snapshots (template, chunk, data, rowids) VALUES (?, ?, ?, ?)")
            rowIDsByID = rowIDs == .lookedUp ? try RowIDsByID(in: db) : nil
            looksUp = rowIDs == .lookedUp
        }

        /// One pair, its rowid looked up by its id.
        mutating func append(_ id: ItemID, _ line: String) throws {
            var raw = id.rawValue
            let rowID = raw.withUTF8 { lookUp($0) }
            try store(builder.append(id, line, rowID: rowID))
        }

        /// One pair with its item's rowid (nil when the item stands for several rows).
        mutating func append(_ id: ItemID, _ line: String, rowID: Int64?) throws {
            try store(builder.append(id, line, rowID: rowID))
        }

        /// One pair already in the stored encoding (`StringListCodec`), with its item's rowid
        /// when rowids are given with pairs.
        mutating func append(encodedPair: UnsafeBufferPointer<UInt8>, rowID: Int64?) throws {
            var found = rowID
            if looksUp { StringListCodec.forEachPair(in: encodedPair) { id, _ in found = lookUp(id) } }
            try store(builder.append(encodedPair: encodedPair, rowID: found))
        }

        mutating func finish() throws { try insert(builder.finish()) }

        /// A pair's rowid by its id; nil once one is not found, after which none is looked up.
        private mutating func lookUp(_ id: UnsafeBufferPointer<UInt8>) -> Int64? {
            guard builder.keepsRowIDs, let rowID = rowIDsByID?.rowID(of: id) else {
                rowIDsByID = nil
                return nil
            }
            return rowID
        }

        private mutating func store(_ full: Chunk?) throws {
            if let full { try insert(full) }
        }

        /// Stores the next chunk.
        mutating func insert(_ full: Chunk) throws {
            try insert.execute(arguments: [template, chunk, Data(full.pairs), full.rowIDs.map { Data($0) }])
            chunk += 1
        }
    }

    /// The snapshot's ids alone, in library order (the lines are passed over): what a search
    /// without text needs before it knows which lines it prints. Nil when none are kept.
    static func readIDs(template: String, in db: Database) throws -> PackedStrings? {
        let statement = try db.makeStatement(sql: "SELECT data FROM line_snapshots WHERE template = ? ORDER BY chunk")
        try statement.setArguments([template])
        let handle = statement.sqliteStatement
        var ids = PackedStrings()
        var any = false
        try StatementRows.forEach(handle) {
            any = true
            StringListCodec.forEachPair(in: StatementRows.blob(handle, 0)) { id, _ in ids.append(id) }
        }
        return any ? ids : nil
    }

    /// The lines at `positions` (library order), in the order given, reading only the chunks
    /// that hold them: a filter search of a million items printed its matches' lines, and
    /// held every line to do it. Each picked line's pair must hold the id `ids` has at its
    /// position, or this gives up (nil): the chunks are read by number, and a snapshot written
    /// with chunks of another size would otherwise hand out other items' lines.
    static func lines(template: String, at positions: [Int], ids: PackedStrings, in db: Database) throws -> PackedStrings? {
        let statement = try db.makeStatement(sql: "SELECT data FROM line_snapshots WHERE template = ? AND chunk = ?")
        let handle = statement.sqliteStatement
        // The wanted lines in library order first (`gathered[k]` is the line of the k-th smallest
        // position), then in `positions`' order, unless that is library order already (a search
        // without --sort).
        let ascending = zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }
        let order = ascending ? Array(positions.indices) : positions.indices.sorted { positions[$0] < positions[$1] }
        var gathered = PackedStrings()
        gathered.reserve(bytes: 0, count: positions.count)
        var next = 0
        var consistent = true
        while next < order.count {
            let chunk = positions[order[next]] / pairsPerChunk
            try statement.setArguments([template, chunk])
            try StatementRows.forEach(handle) {
                var position = chunk * pairsPerChunk
                StringListCodec.forEachPair(in: StatementRows.blob(handle, 0)) { id, line in
                    defer { position += 1 }
                    // A position asked twice gets the line twice.
                    while next < order.count, positions[order[next]] == position {
                        if position >= ids.count || !ids.hasBytes(position, id) { consistent = false }
                        gathered.append(line)
                        next += 1
                    }
                }
            }
            // A chunk shorter than its positions ask (only if damaged): those lines stay empty.
            while next < order.count, positions[order[next]] / pairsPerChunk == chunk {
                gathered.append(UnsafeBufferPointer(start: nil, count: 0))
                next += 1
            }
        }
        guard consistent else { return nil }
        guard !ascending else { return gathered }
        var slot = [Int](repeating: 0, count: positions.count)
        for (rank, index) in order.enumerated() { slot[index] = rank }
        var ordered = PackedStrings()
        ordered.reserve(bytes: gathered.bytes.count, count: positions.count)
        for index in positions.indices { gathered.withUTF8(slot[index]) { ordered.append($0) } }
        return ordered
    }

    /// Decodes each chunk from SQLite's own buffer (no `Data`, no array copy per chunk), into
    /// lists sized up front from the chunks' total length.
    static func read(template: String, in db: Database) throws -> (ids: PackedStrings, lines: PackedStrings)? {
        let sizes = try Row.fetchOne(db, sql: "SELECT count(*), sum(length(data)) FROM line_snapshots WHERE template = ?",
                                     arguments: [template])
        let chunkCount: Int = sizes?[0] ?? 0
        guard chunkCount > 0 else { return nil }
        let totalBytes: Int = sizes?[1] ?? 0
        var ids = PackedStrings(), lines = PackedStrings()
        let pairs = chunkCount * pairsPerChunk
        // Ids are about a quarter of the bytes; both lists hold one end per pair.
        ids.reserve(bytes: totalBytes / 3, count: pairs, largeMemory: LargeBuffer.preferHugePages)
        lines.reserve(bytes: totalBytes, count: pairs, largeMemory: LargeBuffer.preferHugePages)
        let statement = try db.makeStatement(sql: "SELECT data FROM line_snapshots WHERE template = ? ORDER BY chunk")
        try statement.setArguments([template])
        let handle = statement.sqliteStatement
        try StatementRows.forEach(handle) { StringListCodec.decodePairs(StatementRows.blob(handle, 0), into: &ids, &lines) }
        return (ids, lines)
    }
}
