/// A text field's value in every row, folded (`QueryTextFolding`) into one buffer: what the
/// filters on that field compare against when they are decided for every row at once
/// (`FilterColumns`). A String per folded value, two allocations each, was most of folding
/// 100,000 artists (16–20 ms of an index's smart playlists).
struct FoldedTexts {
    private var bytes: [UInt8] = []
    /// Where each row's folded value lies in `bytes`; a row with no text has `start` -1.
    private var starts: [Int32] = []
    private var ends: [Int32] = []
    /// Where a short value is folded before it is appended to `bytes` in one piece.
    private var scratch = [UInt8](repeating: 0, count: 1024)
    /// The last row's text and where its folded form lies: rows come in file order, where an
    /// album's tracks follow each other, so an artist or genre is often the one before (one
    /// comparison instead of a fold, and its bytes are kept once).
    private var last: (text: String, start: Int32, end: Int32)?

    /// Adds the next row: its value folded when it is text, else no text.
    mutating func append(_ value: FieldValue?) {
        guard case .text(let text)? = value else {
            starts.append(-1)
            ends.append(-1)
            return
        }
        if let last, last.text == text {
            starts.append(last.start)
            ends.append(last.end)
            return
        }
        let start = Int32(truncatingIfNeeded: bytes.count)
        if let count = scratch.withUnsafeMutableBufferPointer({ QueryTextFolding.fold(text, into: $0) }) {
            scratch.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            QueryTextFolding.append(folding: text, to: &bytes)
        }
        let end = Int32(truncatingIfNeeded: bytes.count)
        starts.append(start)
        ends.append(end)
        last = (text, start, end)
    }

    /// `answer` for every row, in row order: given the row's folded bytes, or nil for a row
    /// with no text. A row holding the same bytes as the one before gets its answer again.
    func decide(_ answer: (UnsafeBufferPointer<UInt8>?) -> Bool) -> [Bool] {
        bytes.withUnsafeBufferPointer { all in
            var previous: (start: Int32, answer: Bool)?
            return starts.indices.map { row in
                let start = starts[row]
                if let previous, previous.start == start { return previous.answer }
                let result = start < 0 ? answer(nil) : answer(UnsafeBufferPointer(rebasing: all[Int(start)..<Int(ends[row])]))
                previous = (start, result)
                return result
            }
        }
    }
}
