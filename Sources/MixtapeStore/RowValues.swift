/// Rows' values copied out of SQLite (`ItemScanRow.appendValues`) for
/// `RowJSONPlan.appendJSON(values:to:)` to write on another thread: a tag, then eight bytes of
/// integer or a 32-bit length and the text (`RowJSONPlan.Tag`), row after row.
///
/// The bytes live on memory of its own, written with one bounds check and stores: appended to
/// an `[UInt8]` three times a field, each append paid a uniqueness check and a call, a fifth
/// of copying `search --json fire`'s 25,684 rows. Noncopyable, so the memory has one owner
/// and goes with it.
public struct RowValues: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes are written.
    public private(set) var count = 0

    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// The bytes written, valid while this is neither changed nor gone.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A field that is left out of the record.
    @inline(__always)
    mutating func appendAbsent() {
        reserve(1)
        base.storeBytes(of: RowJSONPlan.Tag.absent, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// An integer field: its tag and eight bytes.
    @inline(__always)
    mutating func appendInteger(_ value: Int64) {
        reserve(9)
        base.storeBytes(of: RowJSONPlan.Tag.integer, toByteOffset: count, as: UInt8.self)
        base.storeBytes(of: value, toByteOffset: count + 1, as: Int64.self)
        count += 9
    }

    /// A text field: its tag, 32-bit length and bytes.
    @inline(__always)
    mutating func appendText(_ text: UnsafeRawPointer?, count length: Int) {
        reserve(5 + length)
        base.storeBytes(of: RowJSONPlan.Tag.text, toByteOffset: count, as: UInt8.self)
        base.storeBytes(of: UInt32(length), toByteOffset: count + 1, as: UInt32.self)
        if let text, length > 0 { (base + count + 5).copyMemory(from: text, byteCount: length) }
        count += 5 + length
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newBase.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
