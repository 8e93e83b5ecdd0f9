import Foundation
import MixtapeCore
import TOMLKit

/// Where `config.toml` is and what it says.
///
/// The file is `$MIXTAPE_CONFIG` when set (tests, or a second setup), else
/// `$XDG_CONFIG_HOME/mixtape/config.toml`, else `~/.config/mixtape/config.toml`; empty
/// variables count as unset, as the XDG spec asks. No file means every default. Settings are
/// checked strictly: an unknown key, a wrong type or an unknown value stops with the file's
/// line, because a typo that is silently ignored is a setting that silently does not apply.
public enum ConfigFile {
    /// The config file's path under `environment`.
    public static func path(environment: [String: String]) -> String {
        func nonEmpty(_ key: String) -> String? {
            guard let value = environment[key], !value.isEmpty else { return nil }
            return value
        }
        if let explicit = nonEmpty("MIXTAPE_CONFIG") { return explicit }
        if let config = nonEmpty("XDG_CONFIG_HOME") { return config + "/mixtape/config.toml" }
        return (nonEmpty("HOME") ?? "~") + "/.config/mixtape/config.toml"
    }

    /// The settings in effect: the file's, or all defaults when there is no file.
    public static func load(environment: [String: String]) throws(ConfigError) -> Config {
        let path = path(environment: environment)
        guard let bytes = try read(path) else { return Config() }
        var config = try parse(bytes, path: path, home: environment["HOME"])
        config.file = path
        return config
    }

    /// The file's bytes, nil when there is no file; a file that exists and cannot be read (a
    /// folder, no permission) is an error, not "no settings".
    static func read(_ path: String) throws(ConfigError) -> [UInt8]? {
        var facts = stat()
        guard stat(path, &facts) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT || code == ENOTDIR {
                // A dotfiles symlink whose target is gone: the user meant to have settings.
                guard lstat(path, &link) == 0 else { return nil }
                throw ConfigError(path: path, message: "cannot be read: a symbolic link to nothing")
            }
            throw ConfigError(path: path, message: "cannot be read: \(String(cString: strerror(code)))")
        }
        switch facts.st_mode & S_IFMT {
        case S_IFDIR: throw ConfigError(path: path, message: "cannot be read: it is a folder, not a file")
        case S_IFIFO, S_IFSOCK: throw ConfigError(path: path, message: "cannot be read: it is not a file")
        default: break  // a file, or a device such as /dev/null (`MIXTAPE_CONFIG=/dev/null`: no settings)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ConfigError(path: path, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ConfigError(path: path, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            // A settings file is a few hundred bytes; a device that never ends is not one.
            guard bytes.count <= largest else {
                throw ConfigError(path: path, message: "cannot be read: larger than \(largest / 1024 / 1024) MB, so not a config file")
            }
        }
    }

    /// The most a config file is read of.
    static let largest = 4 * 1024 * 1024

    /// The system's `read(2)` (the name `read` is taken here by `read(_:)`).
    private static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Parses the text of a config file (`path` for messages, `home` for `~/`).
    public static func parse(_ bytes: [UInt8], path: String, home: String?) throws(ConfigError) -> Config {
        let text = try checkedText(bytes, path: path)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, column: error.source.begin.column,
                              message: error.description)
        } catch {
            throw ConfigError(path: path, line: 1, message: "\(error)")
        }
        var reader = ConfigReader(path: path, home: home, lines: ConfigKeyLines(text: text))
        return try reader.config(from: table)
    }

    /// The text as UTF-8 with no NUL, else an error at the first bad byte (the TOML library
    /// takes a C string, which would end at a NUL without a word).
    private static func checkedText(_ bytes: [UInt8], path: String) throws(ConfigError) -> String {
        let nul = bytes.firstIndex(of: 0)
        let invalid = String(validating: bytes, as: UTF8.self) == nil ? firstInvalidUTF8(bytes) : nil
        if let offset = [nul, invalid].compactMap({ $0 }).min() {
            let before = bytes[..<offset]
            let line = before.count { $0 == 0x0a } + 1
            let column = offset - (before.lastIndex(of: 0x0a).map { $0 + 1 } ?? 0) + 1
            throw ConfigError(path: path, line: line, column: column,
                              message: bytes[offset] == 0 ? "a NUL byte" : "not UTF-8 text")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
