import Foundation
import MixtapeCore
import MixtapeIngest

/// Short ways to read an inline info.json, so each test states only its JSON.
enum InfoJSON {
    static let name = "/videos/clip.info.json"

    static func read(_ json: String) -> SidecarReading {
        InfoJSONSidecarReader.read(bytes: Array(json.utf8), name: name)
    }

    static func read(bytes: [UInt8]) -> SidecarReading {
        InfoJSONSidecarReader.read(bytes: bytes, name: name)
    }

    /// The tags of a document with exactly these members (`members` is JSON object text
    /// without the braces).
    static func tags(_ members: String) -> TagSet {
        read("{" + members + "}").tags
    }

    /// `line:column` of a reading's only warning, or a note saying why there is none.
    static func position(_ reading: SidecarReading) -> String {
        guard reading.warnings.count == 1 else { return "\(reading.warnings.count) warnings" }
        guard let position = reading.warnings[0].position else { return "no position" }
        return "\(position.line):\(position.column)"
    }
}

extension RealData {
    static let infoJSONDirectory = real.appendingPathComponent("ytdlp_info_json")

    static var infoJSONAvailable: Bool {
        FileManager.default.fileExists(atPath: infoJSONDirectory.path)
    }

    /// Absolute paths of the `.json` files in `ytdlp_info_json/` (or its `malformed/`, which
    /// may not exist).
    static func infoJSONFiles(malformed: Bool) -> [String] {
        let directory = malformed ? infoJSONDirectory.appendingPathComponent("malformed") : infoJSONDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
