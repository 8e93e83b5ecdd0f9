#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// The picker's `execute:` and `become:` bindings: the command with the item's placeholders
/// turned into variable references and their values put in its environment
/// (`PickerCommandTemplate`), run by `sh -c` on the picker's terminal.
struct PickCommands {
    let store: LibraryStore

    /// `command` with `{id}`, `{location}` and the item's other JSON keys (spec/json.md) as
    /// references to `MIXTAPE_KEY` variables, and their values from `item` (known keys with no
    /// value, or no item, give empty ones).
    func expand(_ command: String, item id: ItemID?) -> PickerCommandTemplate.Expansion {
        let item = id.flatMap { try? store.item($0) }
        let keys = Set(Field.allCases.map(\.rawValue))
        return PickerCommandTemplate.expand(command) { key -> String?? in
            guard keys.contains(key) else { return nil }
            guard let item, let field = Field(rawValue: key) else { return .some(nil) }
            if field == .id { return .some(item.id.rawValue) }
            return .some(field.value(of: item)?.plainText)
        }
    }

    /// Runs `sh -c COMMAND` (placeholders filled in from `item`) on the terminal and waits for
    /// it; its exit status does not matter to the picker, as in fzf. The child gets the default
    /// signal dispositions, so Ctrl-C reaches it while the picker ignores it.
    func run(_ command: String, item: ItemID?) {
        let expansion = expand(command, item: item)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let arguments = PickCommands.cStrings(["sh", "-c", expansion.command])
        defer { arguments.forEach { free($0) } }
        let environment = PickCommands.cStrings(PickCommands.environment(adding: expansion.environment))
        defer { environment.forEach { free($0) } }
        var child = pid_t()
        guard posix_spawn(&child, "/bin/sh", nil, &attributes, arguments, environment) == 0 else { return }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
    }

    /// This process's environment as `NAME=value` lines, with `variables` set over it.
    static func environment(adding variables: [String: String]) -> [String] {
        var lines: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let line = String(cString: entry)
            let name = line.prefix { $0 != "=" }
            if variables[String(name)] == nil { lines.append(line) }
            pointer += 1
        }
        return lines + variables.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }
    }

    /// `strings` as a NULL-terminated array of C strings for `posix_spawn`/`execve` (freed by
    /// the caller).
    static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { text in text.withCString { strdup($0) } } + [nil]
    }
}
