import Foundation

/// The one entry of every fuzz target, in two builds:
/// - with `-sanitize=fuzzer -DFUZZING` (`make fuzz`), it hands `body` to libFuzzer's driver,
///   which mutates inputs for as long as it is told and saves any that crash;
/// - in a plain `swift build`, it replays the files it is given through the same `body`, so a
///   saved crash is a one-line regression test (`fuzz-plist fuzz/regressions/plist`).
public enum FuzzReplay {
    public static func main(_ body: @escaping ([UInt8]) -> Void) -> Never {
        #if FUZZING
        fuzzBody = body
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
        #else
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            for path in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                    exit(66)
                }
                body([UInt8](data))
                count += 1
            }
        }
        print("replayed \(count) inputs")
        exit(0)
        #endif
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }
}

#if FUZZING
/// The target's function, for the C callback (which can capture nothing).
nonisolated(unsafe) private var fuzzBody: (([UInt8]) -> Void)?

/// libFuzzer's callback; also named as libFuzzer's own objects expect to find it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzBody?(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// libFuzzer's driver, for programs that have their own `main` (SwiftPM gives every
/// executable one).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif
