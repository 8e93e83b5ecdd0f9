import FuzzReplay
import MixtapeTerminal

/// What any decoded key must satisfy, whatever the bytes: the picker's query never receives
/// bytes it did not mean (`KeyDecoder`'s "Decisions").
enum KeyRules {
    static func check(_ key: Key) {
        switch key {
        case .character(let character):
            fuzzCheck(!hasControl(character.unicodeScalars), "a control character in \(key)")
        case .alt(let character):
            fuzzCheck(!hasControl(character.unicodeScalars), "a control character in \(key)")
        case .paste(let text):
            fuzzCheck(!text.isEmpty, "an empty paste")
            fuzzCheck(!hasControl(text.unicodeScalars), "a control character in \(key)")
        case .modified(let base, let modifiers):
            fuzzCheck(!modifiers.isEmpty, "\(key) has no modifiers")
            check(base)
        case .function(let number):
            fuzzCheck((1...12).contains(number), "F\(number)")
        default:
            break
        }
    }

    private static func hasControl(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.contains { $0.properties.generalCategory == .control }
    }
}
