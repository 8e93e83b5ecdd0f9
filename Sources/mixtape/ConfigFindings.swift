import Foundation
import MixtapeConfig
import MixtapeCore

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
            return [.ok(check, "\(file) is valid" + summary(config))]
        case .failure(let error):
            let fix = error.line.map { "correct line \($0) of \(error.path), or remove the file to use the defaults" }
                ?? "make \(error.path) a readable file (chmod u+r), or remove it to use the defaults"
            return [.problem(check, error.description, fix: fix)]
        }
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
