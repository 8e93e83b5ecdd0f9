import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a Kodi `.nfo` sidecar: the reader never throws (Kodi's leniency, plain-text
/// URL files, several roots), so the target checks it never crashes or hangs, and that every
/// warning it gives points into the file it was handed.
@main
enum FuzzNFO {
    static let name = "fuzz.nfo"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        let reading = NFOSidecarReader.read(bytes: bytes, name: name)
        for warning in reading.warnings {
            guard let position = warning.position else { continue }
            fuzzCheck(position.file == name, "warning names \(position.file), not \(name): \(warning)")
        }
    }
}
