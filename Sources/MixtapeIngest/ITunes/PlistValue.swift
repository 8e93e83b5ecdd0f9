import MixtapeCore

/// One finished scalar value of a plist, as handed from the structural parser to the library
/// assembler. A `<real>` arrives as `.integer` (truncated), since every numeric field is an
/// integer; string text stays in the parser's buffer and is read only when a field keeps it.
enum PlistValue {
    case string
    /// Nil when the number is valid but does not fit Int64.
    case integer(Int64?)
    case date(Timestamp)
    case bool(Bool)
    case data
}
