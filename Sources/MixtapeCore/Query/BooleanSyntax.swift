/// The value syntax of yes/no fields (`loved:`, `compilation:`, `selected:`, ...):
/// `yes`, `no`, `true`, `false`, `1`, `0`, in any case. No operators: `!loved:yes` negates.
public enum BooleanSyntax {
    /// What an error message says the field expects.
    public static let expectation = "yes or no (or true/false, 1/0)"

    /// The truth value written, or malformed.
    public static func value(_ text: Substring) throws(FilterValueError) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: throw .malformed
        }
    }
}
