@testable import MixtapeTerminal
import Testing

@Suite("Picker commands: placeholders")
struct PickerCommandTemplateTests {
    static let values: [String: String?] = ["id": "t:1", "location": "/m/it's a \"song\".mp3", "title": nil]

    func expand(_ template: String) -> String {
        PickerCommandTemplate.expand(template) { Self.values[$0] }
    }

    @Test func placeholdersAreShellQuoted() {
        #expect(expand("echo {id} >> /tmp/f") == "echo 't:1' >> /tmp/f")
        #expect(expand("mpv {location}") == "mpv '/m/it'\\''s a \"song\".mp3'")
        #expect(expand("echo {title}") == "echo ''")
        #expect(expand("{id}{id}") == "'t:1''t:1'")
    }

    @Test func unknownBracesStay() {
        #expect(expand("echo ${HOME} {nope} {} {ID} { id }") == "echo ${HOME} {nope} {} {ID} { id }")
        #expect(expand("awk '{print $1}' {") == "awk '{print $1}' {")
    }
}
