/// A growable run of bytes on manually managed memory, reused for every scalar's text.
///
/// `[UInt8]` pays a uniqueness check and generic dispatch per `append`/`removeAll`, which shows
/// in a profile at millions of SAX text events; this does a bounds check and a `memcpy`. It is a
/// struct holding a pointer, so it must have exactly one owner (`PlistStructure`, which lives
/// behind a pointer itself) and be freed with `free()`.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// The bytes, valid until the next mutation.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
        (base + count).update(from: source, count: extra)
        count += extra
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    func free() { base.deallocate() }
}
