import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as an XMP sidecar: the reader never throws (a broken sidecar only costs its own
/// tags), so the target checks it never crashes or hangs, and that every warning it gives
/// points into the file it was handed.
@main
enum FuzzXMP {
    static let name = "fuzz.mp3.xmp"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        let reading = XMPSidecarReader.read(bytes: bytes, name: name)
        for warning in reading.warnings {
            guard let position = warning.position else { continue }
            fuzzCheck(position.file == name, "warning names \(position.file), not \(name): \(warning)")
        }
    }
}
