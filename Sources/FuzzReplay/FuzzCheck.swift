/// A fuzz target's assertion. Unlike `precondition`, whose message a release build (`make fuzz`
/// builds with `-c release`) drops, it always prints what was violated before trapping, so a
/// libFuzzer log says which promise an input broke, not only where.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    fatalError(message(), file: file, line: line)
}
