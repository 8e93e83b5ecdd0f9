import Foundation
import MixtapeConfig

/// The config file, read once per process, on first use. Commands ask `Settings.current`;
/// `Mixtape.main` calls `check()` before a command runs, so a broken file stops every
/// command with its file:line (exit 2) instead of being half applied. `doctor` reads
/// `loaded` itself, to report the problem rather than stop at it.
enum Settings {
    static let loaded: Result<Config, ConfigError> = {
        do throws(ConfigError) {
            return .success(try ConfigFile.load(environment: ProcessInfo.processInfo.environment))
        } catch {
            return .failure(error)
        }
    }()

    /// The settings in effect (all defaults when the file is broken; `check` has stopped the
    /// command by then).
    static var current: Config { (try? loaded.get()) ?? Config() }

    /// Stops with exit 2 and the file's line when the config file cannot be used.
    static func check() throws {
        if case .failure(let error) = loaded {
            throw CommandFailure(message: "config file: \(error)", status: .usage)
        }
    }
}
