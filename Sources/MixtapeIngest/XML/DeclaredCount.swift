/// A collection's own count of its entries (rekordbox `<COLLECTION Entries="…">`, Traktor
/// `ENTRIES`), used only to size the reader's tables before the first entry: a Set of 100,000
/// ids grown by doubling rehashed every id again at each step, a twentieth of a read. The
/// file is not trusted: the count only sizes, up to a cap, and nothing checks it against the
/// entries that follow.
struct DeclaredCount {
    /// The capacity to reserve: the declared count, at most `cap`.
    let capacity: Int

    /// Tables for more entries than this grow as they fill, as without a count: a file that
    /// claims millions of entries and holds one costs no more than a few megabytes.
    static let cap = 1 << 19

    init?(_ value: XMLAttributeValue?) {
        guard let declared = value?.integer, declared > 0 else { return nil }
        capacity = Int(min(declared, Int64(DeclaredCount.cap)))
    }
}
