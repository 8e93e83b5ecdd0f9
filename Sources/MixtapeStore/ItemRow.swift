import GRDB
import MixtapeCore

/// The one place where a `MediaItem` becomes SQLite values and back, driven by the field
/// registry so a new field needs no code here.
enum ItemRow {
    /// `INSERT OR REPLACE` of one item of one source: the later of two tracks that share an id
    /// within a file wins, as spec/json.md asks.
    static let upsertSQL: String = {
        let names = ["source_id", "id", "fingerprint"] + Schema.itemColumns.map(\.key)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ",")
        return "INSERT OR REPLACE INTO items (\(names.joined(separator: ","))) VALUES (\(marks))"
    }()

    /// The columns `decode` expects, after `source_id` and `id`.
    static let selectColumns: String = Schema.itemColumns.map { "items.\($0.key)" }.joined(separator: ",")

    static func arguments(for item: MediaItem, sourceID: Int64) -> StatementArguments {
        var values: [DatabaseValue] = [sourceID.databaseValue, item.id.rawValue.databaseValue,
                                       item.fingerprint.databaseValue]
        values.reserveCapacity(Schema.itemColumns.count + 3)
        for field in Schema.itemColumns {
            values.append(databaseValue(field.value(of: item)))
        }
        return StatementArguments(values)
    }

    private static func databaseValue(_ value: FieldValue?) -> DatabaseValue {
        switch value {
        case .text(let text): text.databaseValue
        case .integer(let int): int.databaseValue
        case .bool(let bool): (bool ? 1 : 0 as Int64).databaseValue
        case .timestamp(let time): time.rawValue.databaseValue
        case nil: .null
        }
    }

    /// Reads an item from a row laid out as `id, source path, selectColumns...`.
    static func decode(_ row: Row) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: row[0]))
        item.source = row[1]
        for (offset, field) in Schema.itemColumns.enumerated() {
            let index = offset + 2
            let value: FieldValue?
            switch field.type {
            case .text: value = (row[index] as String?).map(FieldValue.text)
            case .integer: value = (row[index] as Int64?).map(FieldValue.integer)
            case .bool: value = .bool((row[index] as Int64?) ?? 0 != 0)
            case .timestamp: value = (row[index] as Int64?).map { .timestamp(Timestamp(rawValue: $0)) }
            }
            field.set(value, on: &item)
        }
        return item
    }
}
