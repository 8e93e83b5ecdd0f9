/// The first rows of a sort, picked without sorting every row: what a limited order needs
/// when the limit keeps a few of many rows (`ItemSort.orderedPrefix`).
enum SortedPrefix {
    /// The `count` smallest of the positions `0..<total` under `precedes` (a strict total
    /// order), sorted. A heap of the `count` smallest seen so far, its largest on top: a row
    /// that does not precede the top is passed over with one comparison, so picking a few
    /// dozen of 100,000 rows costs about one comparison a row instead of a sort's seventeen.
    static func smallest(_ count: Int, of total: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        guard count > 0 else { return [] }
        var heap: [Int] = []
        heap.reserveCapacity(min(count, total))
        for position in 0..<total {
            if heap.count < count {
                heap.append(position)
                siftUp(&heap, from: heap.count - 1, by: precedes)
            } else if precedes(position, heap[0]) {
                heap[0] = position
                siftDown(&heap, from: 0, by: precedes)
            }
        }
        heap.sort(by: precedes)
        return heap
    }

    /// Moves the element at `index` up while it follows its parent (a max-heap).
    private static func siftUp(_ heap: inout [Int], from index: Int, by precedes: (Int, Int) -> Bool) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Moves the element at `index` down while a child follows it (a max-heap).
    private static func siftDown(_ heap: inout [Int], from index: Int, by precedes: (Int, Int) -> Bool) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < heap.count, precedes(heap[largest], heap[left]) { largest = left }
            if right < heap.count, precedes(heap[largest], heap[right]) { largest = right }
            guard largest != parent else { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
