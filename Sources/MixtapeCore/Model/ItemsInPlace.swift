extension Array where Element == MediaItem {
    /// `read`'s answer for each of `indices`, each item handed to it in place (in-out, never
    /// written). Passing an item by value, even from a buffer pointer to a borrowing closure,
    /// had the compiler copy its forty fields and retain its strings, once per item per
    /// filter or sort key: most of evaluating a couple of dozen smart playlists over 100,000
    /// items. `SnapshotSearch` reads its scanned item in-out for the same reason.
    func mapInPlace<T>(_ indices: Range<Int>? = nil, _ read: (inout MediaItem) -> T) -> [T] {
        mapInPlace(Array<Int>(indices ?? self.indices), read)
    }

    /// `mapInPlace` over chosen indices, in their order.
    func mapInPlace<T>(_ indices: [Int], _ read: (inout MediaItem) -> T) -> [T] {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            let items = UnsafeMutablePointer(mutating: base)
            return indices.map { read(&items[$0]) }
        }
    }
}
