import Foundation
import MixtapeCore
import MixtapeIngest

/// Builders for small inline XMP and `.nfo` sidecars, so each test states only the part it is
/// about.
enum SidecarXML {
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let basic = "http://ns.adobe.com/xap/1.0/"
    static let dynamicMedia = "http://ns.adobe.com/xmp/1.0/DynamicMedia/"

    /// `xmlns` declarations for the usual `dc:`, `xmp:` and `xmpDM:` prefixes.
    static let namespaces = "xmlns:dc=\"\(dublinCore)\" xmlns:xmp=\"\(basic)\" xmlns:xmpDM=\"\(dynamicMedia)\""

    /// A whole packet, xpacket wrapper included, with one `rdf:Description` carrying
    /// `attributes` and `body`.
    static func packet(attributes: String = "", body: String = "", namespaces: String = namespaces) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="test">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" \(namespaces) \(attributes)>
        \(body)
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    static func xmp(_ text: String, name: String = "/music/song.mp3.xmp") -> SidecarReading {
        XMPSidecarReader.read(bytes: Array(text.utf8), name: name)
    }

    static func nfo(_ text: String, name: String = "/videos/clip.nfo") -> SidecarReading {
        NFOSidecarReader.read(bytes: Array(text.utf8), name: name)
    }

    /// `text` as UTF-16 with a byte-order mark, little- or big-endian.
    static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return bytes
    }
}

/// The shared real-world sidecar corpus (`../shared/data/real` next to the package root), which
/// is not part of the repository and may be absent.
enum SidecarRealData {
    static let directory = RealData.real

    static var available: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("xmp").path)
            && FileManager.default.fileExists(atPath: directory.appendingPathComponent("nfo").path)
    }

    /// Absolute paths of the files in `kind/` (or `kind/malformed/`), sorted.
    static func files(_ kind: String, malformed: Bool) -> [String] {
        var folder = directory.appendingPathComponent(kind)
        if malformed { folder = folder.appendingPathComponent("malformed") }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// Reads `kind/name` with the reader for `kind` ("xmp" or "nfo").
    static func read(_ kind: String, _ name: String) throws -> SidecarReading {
        try read(path: directory.appendingPathComponent(kind).appendingPathComponent(name).path)
    }

    /// Reads the file at `path` with the reader its folder calls for.
    static func read(path: String) throws -> SidecarReading {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return path.contains("/xmp/") ? XMPSidecarReader.read(bytes: bytes, name: path)
            : NFOSidecarReader.read(bytes: bytes, name: path)
    }
}
