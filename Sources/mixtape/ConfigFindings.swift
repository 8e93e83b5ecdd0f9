import Foundation
import MixtapeConfig
import MixtapeCore
import MixtapeTerminal

/// The `config` check of `mixtape doctor`, from the same reading every command makes: no
/// file is fine (defaults in use); a file that cannot be read or is malformed is a problem,
/// since every other command stops at it.
enum ConfigFindings {
    static let check = "config"

    static func findings(_ loaded: Result<Config, ConfigError>, environment: [String: String]) -> [Finding] {
        switch loaded {
        case .success(let config):
            guard let file = config.file else {
                return [.ok(check, "no config file at \(ConfigFile.path(environment: environment)) (defaults in use)")]
            }
            return [.ok(check, "\(file) is valid" + summary(config))] + quotedPlaceholders(config.pick.keys)
        case .failure(let error):
            let fix = error.line.map { "correct line \($0) of \(error.path), or remove the file to use the defaults" }
                ?? "make \(error.path) a readable file (chmod u+r), or remove it to use the defaults"
            return [.problem(check, error.description, fix: fix)]
        }
    }

    /// A note for each placeholder an `execute:` or `become:` binding writes inside quotes.
    ///
    /// Its value cannot run as a command (it reaches the shell as a variable, see
    /// `PickerCommandTemplate`), but inside quotes it is not the one word it is bare: inside
    /// single quotes the command gets the variable's name, and inside double quotes a shell
    /// the command starts itself (`sh -c "… {title}"`) would read the value as commands.
    static func quotedPlaceholders(_ bindings: [PickerKeyMap.Binding]) -> [Finding] {
        let keys = Set(Field.allCases.map(\.rawValue))
        var findings: [Finding] = []
        for binding in bindings {
            for action in binding.actions {
                let command: String
                switch action {
                case .execute(let text), .become(let text): command = text
                default: continue
                }
                for placeholder in PickerCommandTemplate.quotedPlaceholders(command, isKey: keys.contains) {
                    let name = PickerCommandTemplate.variable(placeholder.key)
                    let inside = placeholder.quote == "'" ? "single quotes, where the command gets the text \"${\(name)}\", not the value"
                        : "double quotes, where a shell the command starts itself (sh -c \"…\") would read the value as commands"
                    findings.append(.note(check, "[pick.keys] \"\(binding.key.name)\": {\(placeholder.key)} is written inside \(inside)",
                                          fix: "write {\(placeholder.key)} outside quotes (\"Now: \"{\(placeholder.key)} is one argument); "
                                              + "mixtape passes it to the shell as one word, whatever it holds (docs/picker.md)"))
                }
            }
        }
        return findings
    }

    /// `: library, 2 sources, [export], [watch]`: what the file sets.
    private static func summary(_ config: Config) -> String {
        var parts: [String] = []
        if config.library != nil { parts.append("library") }
        if !config.sources.isEmpty { parts.append(config.sources.count.counted("source")) }
        if config.export != Config.Export() { parts.append("[export]") }
        if config.watch != Config.Watch() { parts.append("[watch]") }
        if config.pick != Config.Pick() { parts.append("[pick]") }
        return parts.isEmpty ? " (sets nothing)" : ": sets " + parts.joined(separator: ", ")
    }
}
