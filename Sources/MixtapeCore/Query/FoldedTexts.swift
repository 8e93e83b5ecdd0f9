/// A text field's value in every row, folded (`QueryTextFolding`) into one buffer, one after
/// another: what the filters on that field compare against when they are decided for every
/// row at once (`FilterColumns`). A String per folded value, two allocations each, was most of
/// folding 100,000 artists (16–20 ms of an index's smart playlists).
struct FoldedTexts {
    private var bytes: [UInt8] = []
    /// Where each row's folded value ends in `bytes`, or -1 for a row with no text.
    private var ends: [Int] = []
    /// Where a short value is folded before it is appended to `bytes` in one piece.
    private var scratch = [UInt8](repeating: 0, count: 1024)

    /// Adds the next row: its value folded when it is text, else no text.
    mutating func append(_ value: FieldValue?) {
        guard case .text(let text)? = value else { return ends.append(-1) }
        if let count = scratch.withUnsafeMutableBufferPointer({ QueryTextFolding.fold(text, into: $0) }) {
            scratch.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            QueryTextFolding.append(folding: text, to: &bytes)
        }
        ends.append(bytes.count)
    }

    /// `answer` for every row, in row order: given the row's folded bytes, or nil for a row
    /// with no text.
    func decide(_ answer: (UnsafeBufferPointer<UInt8>?) -> Bool) -> [Bool] {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            return ends.map { end in
                guard end >= 0 else { return answer(nil) }
                defer { start = end }
                return answer(UnsafeBufferPointer(rebasing: all[start..<end]))
            }
        }
    }
}
