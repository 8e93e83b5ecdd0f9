/// Many strings held as one UTF-8 byte array and their end offsets.
///
/// A search reads 100,000 ids and lines from the index and then needs only the few it prints
/// as `String`s; making all of them `String`s first cost a fifth of the whole search. The
/// matcher folds lines straight from these bytes (`MatchCorpus(lines:)`).
public struct PackedStrings: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []

    public init() {}

    public init(_ strings: [String]) {
        for string in strings { append(string) }
    }

    public var count: Int { ends.count }

    /// Room for `count` strings of `bytes` bytes in all, so filling the list does not grow it
    /// step by step (each step a copy and fresh pages).
    public mutating func reserve(bytes: Int, count: Int, largeMemory: MatchCorpus.LargeMemoryAdvice? = nil) {
        self.bytes.reserveCapacity(bytes)
        ends.reserveCapacity(count)
        guard let largeMemory else { return }
        // The room reserved starts where the (still empty) storage does.
        self.bytes.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { largeMemory(base, bytes) } }
        ends.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { largeMemory(base, count * MemoryLayout<Int>.stride) } }
    }

    /// Appends one string given as UTF-8 bytes (not checked; invalid bytes read as U+FFFD).
    public mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: utf8)
        ends.append(bytes.count)
    }

    /// Appends one string.
    public mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Appends every string of `other`, in its order.
    mutating func append(contentsOf other: PackedStrings) {
        let shift = bytes.count
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
    }

    /// The strings at `positions`, in that order, copied as bytes: the printed lines and ids
    /// of a search, without a `String` made for each.
    public func picking(_ positions: [Int]) -> PackedStrings {
        var picked = PackedStrings()
        // Sized exactly first: grown step by step, the copy of 100,000 lines was mostly
        // reallocation and fresh pages.
        var total = 0
        for position in positions { total += ends[position] - (position == 0 ? 0 : ends[position - 1]) }
        picked.bytes.reserveCapacity(total)
        picked.ends.reserveCapacity(positions.count)
        for position in positions { withUTF8(position) { picked.append($0) } }
        return picked
    }

    /// Whether string `index` is exactly `utf8`.
    public func hasBytes(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        withUTF8(index) { PackedStringIndex.equal($0, utf8) }
    }

    public subscript(index: Int) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` with the bytes of string `index`.
    public func withUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}

/// Where `MatchCorpus` reads its lines from: anything that lends line `index` as UTF-8.
protocol LineSource: Sendable {
    var count: Int { get }
    func withUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
}

/// `String` lines: native strings lend their storage without copying.
struct StringLines: LineSource {
    let strings: [String]
    var count: Int { strings.count }

    func withUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var string = strings[index]
        return try string.withUTF8(body)
    }
}

/// Packed lines: slices of one byte array.
struct PackedLines: LineSource {
    let strings: PackedStrings
    var count: Int { strings.count }

    func withUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try strings.withUTF8(index, body)
    }
}

/// Some of a list's packed lines, in the order of `indices`: a corpus of the lines a
/// prefilter kept, folded where they lie rather than copied out first.
struct PickedLines: LineSource {
    let strings: PackedStrings
    let indices: [Int]
    var count: Int { indices.count }

    func withUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try strings.withUTF8(indices[index], body)
    }
}

