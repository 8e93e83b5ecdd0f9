import FuzzReplay
import MixtapeCore
import MixtapeIngest

/// Any bytes as a yt-dlp `.info.json`: a stranger's JSON, which the reader promises never to
/// throw or trap on. Text that is not JSON must give exactly one warning, at a position in the
/// file, and no tags; `read` must agree with `inspect`, which it is documented to wrap.
@main
enum FuzzInfoJSON {
    static let name = "fuzz.info.json"

    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        let sidecar = InfoJSONSidecarReader.inspect(bytes: bytes, name: name)
        let reading = sidecar.reading
        for warning in reading.warnings {
            guard let position = warning.position else { continue }
            fuzzCheck(position.file == name, "warning names \(position.file), not \(name): \(warning)")
        }
        if !reading.warnings.isEmpty {
            fuzzCheck(reading.warnings.count == 1, "\(reading.warnings.count) warnings: \(reading.warnings)")
            fuzzCheck(reading.tags == TagSet() && !reading.isMediaSidecar,
                      "unreadable JSON still gave tags or a media sidecar")
        }
        let plain = InfoJSONSidecarReader.read(bytes: bytes, name: name)
        fuzzCheck(plain.tags == reading.tags && plain.isMediaSidecar == reading.isMediaSidecar
                  && plain.warnings == reading.warnings, "read and inspect disagree")
    }
}
