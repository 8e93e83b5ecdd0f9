@testable import MixtapeTerminal
import Testing

@Suite("Picker commands: placeholders")
struct PickerCommandTemplateTests {
    static let values: [String: String?] = ["id": "t:1", "location": "/m/it's a \"song\".mp3", "title": nil]

    func expand(_ template: String) -> PickerCommandTemplate.Expansion {
        PickerCommandTemplate.expand(template) { Self.values[$0] }
    }

    /// Issue 30: no value is ever written into the shell text, so no quoting can break it; the
    /// reference is one word bare, part of the quoted word inside double quotes, and left for
    /// the shell a command starts inside single quotes.
    @Test("placeholders become variable references, written for where they stand", arguments: [
        ("echo {id} >> /tmp/f", #"echo "${MIXTAPE_ID}" >> /tmp/f"#),
        ("mpv {location}", #"mpv "${MIXTAPE_LOCATION}""#),
        ("echo {title}", #"echo "${MIXTAPE_TITLE}""#),
        ("{id}{id}", #""${MIXTAPE_ID}""${MIXTAPE_ID}""#),
        (#"notify-send "Now: {title}""#, #"notify-send "Now: ${MIXTAPE_TITLE}""#),
        (#"notify-send "Now: "{title}"#, #"notify-send "Now: ""${MIXTAPE_TITLE}""#),
        ("sh -c 'echo {id}'", #"sh -c 'echo "${MIXTAPE_ID}"'"#),
        (#"echo "it's" {id} 'say "hi"' {id}"#, #"echo "it's" "${MIXTAPE_ID}" 'say "hi"' "${MIXTAPE_ID}""#),
        (#"echo \" {id} \' {id}"#, #"echo \" "${MIXTAPE_ID}" \' "${MIXTAPE_ID}""#),
        (#"echo "a\"b {id}""#, #"echo "a\"b ${MIXTAPE_ID}""#),
        (#"echo \{id}"#, #"echo \{id}"#),
    ])
    func commands(template: String, command: String) {
        #expect(expand(template).command == command)
    }

    @Test func theValuesGoInTheEnvironmentAsTheyAre() {
        #expect(expand("mpv {location} {title} {id}").environment == [
            "MIXTAPE_LOCATION": "/m/it's a \"song\".mp3", "MIXTAPE_TITLE": "", "MIXTAPE_ID": "t:1",
        ])
        #expect(expand("echo {nope}").environment.isEmpty)
        #expect(PickerCommandTemplate.variable("album_artist") == "MIXTAPE_ALBUM_ARTIST")
    }

    @Test func unknownBracesStay() {
        #expect(expand("echo ${HOME} {nope} {} {ID} { id }").command == "echo ${HOME} {nope} {} {ID} { id }")
        #expect(expand("awk '{print $1}' {").command == "awk '{print $1}' {")
    }

    @Test("doctor's quoted placeholders", arguments: [
        ("mpv {location}", [] as [String]),
        (#"notify-send "Now: {title}" {id}"#, [#"title""#]),
        ("sh -c 'echo {id}' '{nope}'", ["id'"]),
        (#"echo "{id}" '{title}' {id}"#, [#"id""#, "title'"]),
    ])
    func quotedPlaceholders(template: String, found: [String]) {
        let quoted = PickerCommandTemplate.quotedPlaceholders(template) { Self.values[$0] != nil }
        #expect(quoted.map { $0.key + String($0.quote) } == found)
    }
}
