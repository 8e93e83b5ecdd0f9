import Testing
@testable import MixtapeIngest

/// The memo finds a name again by its address, but never answers for other bytes found there.
@Suite("XMLNameMemo")
struct XMLNameMemoTests {
    @Test func aNameMetAgainIsNotLookedUpAgain() {
        var memo = XMLNameMemo<Int>()
        var lookups = 0
        let name: StaticString = "Title"
        for _ in 0..<3 {
            let value = memo.value(of: XMLName(name.utf8Start)) { _ in
                lookups += 1
                return 7
            }
            #expect(value == 7)
        }
        #expect(lookups == 1)
    }

    /// Should libxml2 ever hand two names over at one address, the second is its own.
    @Test func otherBytesAtTheSameAddressAreLookedUp() {
        var memo = XMLNameMemo<String>()
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        var answers: [String] = []
        for text in ["Bpm", "Key", "Bpm", "Bp", "Bpmx"] {
            buffer.initialize(from: Array(text.utf8) + [0], count: text.utf8.count + 1)
            answers.append(memo.value(of: XMLName(UnsafePointer(buffer))) { $0.string + "!" })
        }
        #expect(answers == ["Bpm!", "Key!", "Bpm!", "Bp!", "Bpmx!"])
    }
}
