#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// The picker's `execute:` and `become:` bindings: the command with the item's placeholders
/// filled in (`PickerCommandTemplate`), run by `sh -c` on the picker's terminal.
struct PickCommands {
    let store: LibraryStore

    /// `command` with `{id}`, `{location}` and the item's other JSON keys (spec/json.md)
    /// filled in, shell-quoted, from `item` (known keys with no value, or no item, give '').
    func expand(_ command: String, item id: ItemID?) -> String {
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
        let line = expand(command, item: item)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", line].map { text in text.withCString { strdup($0) } }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        var child = pid_t()
        guard posix_spawn(&child, "/bin/sh", nil, &attributes, arguments, environ) == 0 else { return }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
    }
}
