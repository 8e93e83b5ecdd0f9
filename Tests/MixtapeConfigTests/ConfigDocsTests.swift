@testable import MixtapeConfig
import Foundation
import Testing

/// docs/config.md names every table and key the config file's reader accepts, so a setting
/// added to `ConfigReader.known` without its documentation fails here.
@Suite("docs/config.md agrees with the reader")
struct ConfigDocsTests {
    @Test func everyKeyIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOfFile: root.path + "/docs/config.md", encoding: .utf8)
        #expect(ConfigReader.known.count >= 4)
        for (table, keys) in ConfigReader.known {
            if !table.isEmpty { #expect(text.contains("[\(table)]"), "docs/config.md has no [\(table)]") }
            for key in keys {
                #expect(text.contains("`\(key)`") || text.contains("[\(table.isEmpty ? key : table + "." + key)]"),
                        "docs/config.md does not name \(table.isEmpty ? key : table + "." + key)")
            }
        }
        for key in ConfigReader.syncKeys {
            #expect(text.contains("| `\(key)` |"), "docs/config.md's [sync.NAME] table does not name \(key)")
        }
    }
}
