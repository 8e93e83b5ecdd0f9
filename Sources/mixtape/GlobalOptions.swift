/// `mixtape -v search …`: the options every command takes (`--library`, `--quiet`,
/// `--verbose`, `--color`) written before the command name, as people type global options.
/// ArgumentParser reads options per command, so those leading ones are moved to the end of the
/// command's own arguments (before a `--`, after which everything is an operand).
enum GlobalOptions {
    /// Flags that take no value.
    static let flags: Set<String> = ["-v", "--verbose", "-q", "--quiet"]
    /// Options that take one, as the next argument or after `=`.
    static let valued: Set<String> = ["--library", "--color"]

    /// `arguments` (without the program name) with leading common options moved after the
    /// command; unchanged when there are none, or when no command follows them.
    static func reordered(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) {
                leading.append(argument)
                index += 1
            } else if valued.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if let name = argument.split(separator: "=", maxSplits: 1).first, argument.contains("="),
                      valued.contains(String(name)) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        var rest = Array(arguments[index...])
        rest.insert(contentsOf: leading, at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return rest
    }
}
