import GRDBSQLite
import MixtapeCore

/// How the rows of one statement are written as JSON (`MediaItem.appendJSON`'s bytes), worked
/// out once for all of them: which column each printed field is in, how its value is written,
/// and its `,"key":` bytes, all keys in one buffer, rather than walking `Field.allCases` and
/// looking each of these up again for every row.
///
/// A row is written in two steps: its values are copied out of SQLite
/// (`ItemScanRow.appendValues`), then written as JSON from the copy (`appendJSON(values:to:)`).
/// The copy is what lets a second thread write the JSON while the statement steps on.
public struct RowJSONPlan: Sendable {
    /// How one field's value becomes JSON.
    enum Writer: Sendable {
        /// `true` or `false`, from an integer column (never null).
        case bool
        /// A string literal: text, the source path, the kind's name.
        case text
        /// Digits.
        case integer
        /// A quoted RFC 3339 time.
        case timestamp
    }

    /// One printed field: where it is read from, how it is written, and where its `,"key":`
    /// lies in `keys` (the object's first field skips the comma).
    struct Step: Sendable {
        let field: Field
        let column: Int32
        let writer: Writer
        let key: Range<Int>
    }

    let steps: [Step]
    let keys: [UInt8]

    /// What a copied value starts with: absent (left out), eight bytes of integer, or a
    /// 32-bit length and that many bytes of text.
    enum Tag {
        static let absent: UInt8 = 0, integer: UInt8 = 1, text: UInt8 = 2
    }

    /// The name each kind is stored and printed as.
    private static let kindNames = Kind.allCases.map { Array($0.rawValue.utf8) }
    private static let otherKindName = Array(Kind.other.rawValue.utf8)

    /// The kind a row's `kind` text names, as printed: itself when it names one, else `other`
    /// (what `Kind(rawValue:) ?? .other` gives), without a `String` for every row.
    static func kindName(_ text: UnsafeRawBufferPointer?) -> [UInt8] {
        guard let text else { return otherKindName }
        return kindNames.first { $0.elementsEqual(text) } ?? otherKindName
    }

    /// The plan for a row whose id is in column 0, source id in column 1, and field number `i`
    /// of `Field.allCases` in `columnOfField[i]` (-1: not read, left out).
    init(columnOfField: [Int32]) {
        var steps: [Step] = [], keys: [UInt8] = []
        for (index, field) in Field.allCases.enumerated() {
            let column: Int32 = switch field {
            case .id: 0
            case .source: 1
            default: columnOfField[index]
            }
            guard column >= 0 else { continue }
            let writer: Writer = switch field.type {
            case .bool: .bool
            case .text: .text
            case .integer: .integer
            case .timestamp: .timestamp
            }
            let start = keys.count
            keys.append(0x2c)
            MediaItem.appendJSONKey(ofField: index, first: true, to: &keys)
            steps.append(Step(field: field, column: column, writer: writer, key: start..<keys.count))
        }
        self.steps = steps
        self.keys = keys
    }

    /// Appends the JSON object of one row's `values`, as `ItemScanRow.appendValues` copied them.
    public func appendJSON(values: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        out.append(0x7b)
        var offset = 0, first = true
        keys.withUnsafeBufferPointer { keys in
            for step in steps {
                let tag = values[offset]
                offset += 1
                guard tag != Tag.absent else { continue }
                let keyStart = first ? step.key.lowerBound + 1 : step.key.lowerBound
                out.append(contentsOf: UnsafeBufferPointer(rebasing: keys[keyStart..<step.key.upperBound]))
                first = false
                if tag == Tag.text {
                    let length = Int(values.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                    let text = UnsafeRawBufferPointer(rebasing: values[(offset + 4)..<(offset + 4 + length)])
                    JSONObjectWriter.appendQuoted(utf8: text.assumingMemoryBound(to: UInt8.self), to: &out)
                    offset += 4 + length
                    continue
                }
                let value = values.loadUnaligned(fromByteOffset: offset, as: Int64.self)
                offset += 8
                switch step.writer {
                case .bool: MediaItem.appendJSON(value != 0, to: &out)
                case .integer, .text: MediaItem.appendDigits(value, to: &out)
                case .timestamp: MediaItem.appendJSON(Timestamp(rawValue: value), to: &out)
                }
            }
        }
        out.append(0x7d)
    }
}

extension ItemScanRow {
    /// Copies the values `jsonPlan` prints out of the row, in its order (see `RowJSONPlan.Tag`):
    /// a null column and an unknown source are absent; a bool is never absent.
    ///
    /// Each column is asked for once, as a value (`sqlite3_column_value`), and that value for
    /// its type and contents: each `sqlite3_column_*` call looks the column up again. Such a
    /// value is "unprotected", safe to read only on the thread that owns the connection, which
    /// is the only one that reads a row.
    public func appendValues(to out: inout RowValues) {
        for step in jsonPlan.steps {
            switch step.field {
            case .source:
                guard var source = sources[sqlite3_column_int64(handle, 1)] else { out.appendAbsent(); continue }
                source.withUTF8 { out.appendText($0.baseAddress, count: $0.count) }
            case .kind:
                let value = sqlite3_column_value(handle, step.column)
                let text = sqlite3_value_type(value) == SQLITE_TEXT
                    ? UnsafeRawBufferPointer(start: sqlite3_value_text(value), count: Int(sqlite3_value_bytes(value))) : nil
                RowJSONPlan.kindName(text).withUnsafeBytes { out.appendText($0.baseAddress, count: $0.count) }
            default:
                let value = sqlite3_column_value(handle, step.column)
                if step.writer != .bool, sqlite3_value_type(value) == SQLITE_NULL {
                    out.appendAbsent()
                } else if step.writer == .text {
                    // The text first, then its length (sqlite3_value_bytes' rule).
                    let text = sqlite3_value_text(value)
                    out.appendText(text, count: Int(sqlite3_value_bytes(value)))
                } else {
                    out.appendInteger(sqlite3_value_int64(value))
                }
            }
        }
    }
}
