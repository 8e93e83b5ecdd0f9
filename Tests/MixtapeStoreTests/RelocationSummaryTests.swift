import Foundation
import MixtapeCore
import Testing
@testable import MixtapeStore

/// The stored form of a relocation is compared as text to say whether it changed, so the
/// hand-written encoder must write what `JSONSerialization` wrote into every index before it.
@Suite("RelocationSummary: the stored form")
struct RelocationSummaryTests {
    /// What the index held before: `JSONSerialization` with sorted keys.
    func foundationForm(_ relocation: Relocation) throws -> String {
        let rules: [[String: Any]] = zip(relocation.rules, relocation.foundByRule).compactMap { rule, entries in
            guard entries > 0 || rule.setBy == .user else { return nil }
            return ["from": rule.from, "to": rule.to, "entries": entries, "set_by": rule.setBy.rawValue]
        }
        var object: [String: Any] = ["as_written": relocation.foundAsWritten, "by_name": relocation.foundByName, "rules": rules]
        if relocation.foundByTags > 0 { object["by_tags"] = relocation.foundByTags }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("written as JSONSerialization wrote it", arguments: [
        "C:/Users/sam/Music", "/home/sam/Música", "\\\\nas\\share", "a \"quoted\" name", "tab\there",
        "line\nbreak\r", "\u{1}\u{8}\u{c}\u{f}\u{10}\u{1f}\u{7f}", "emoji 🎧 and 日本", "", "\u{2028}",
    ])
    func asJSONSerializationWroteIt(text: String) throws {
        var relocation = Relocation()
        relocation.foundAsWritten = 3
        relocation.foundByName = 2
        relocation.rules = [RelocationRule(from: text, to: "/music/" + text, setBy: .learned),
                            RelocationRule(from: "E:/" + text, to: "/x", setBy: .user),
                            RelocationRule(from: "/unused", to: "/y", setBy: .learned)]
        relocation.foundByRule = [7, 0, 0]
        #expect(RelocationSummary.encode(relocation) == (try foundationForm(relocation)))
        relocation.foundByTags = 4
        relocation.rules = []
        relocation.foundByRule = []
        #expect(RelocationSummary.encode(relocation) == (try foundationForm(relocation)))
    }
}
