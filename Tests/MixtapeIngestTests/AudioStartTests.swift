import Testing
@testable import MixtapeIngest

/// The look at a media file's start that keeps a damaged file from costing TagLib's hunt
/// through all of it.
struct AudioStartTests {
    static let zeros: [UInt8] = Array(repeating: 0, count: AudioStart.window)
    static let frame: [UInt8] = Array(repeating: 0, count: 100) + [0xFF, 0xFB, 0x90, 0x64] + Array(repeating: 0, count: 100)
    static let noise: [UInt8] = Array(repeating: 0x55, count: 4096)
    static let reservedLayer: [UInt8] = [0xFF, 0xE0] + Array(repeating: 0x11, count: 64)
    static let flac: [UInt8] = Array("fLaC".utf8) + Array(repeating: 0, count: 4000)
    static let oneByte: [UInt8] = Array(repeating: 0, count: 4000) + [1]
    /// A full window of filler behind `start`.
    static func filled(_ start: [UInt8], with byte: UInt8 = 0x41) -> [UInt8] {
        start + Array(repeating: byte, count: AudioStart.window - start.count)
    }
    /// MPEG 1 layer III, 128 kbit/s, 44.1 kHz: 417 bytes a frame.
    static let mpeg1Header: [UInt8] = [0xFF, 0xFB, 0x90, 0x64]
    /// One header and then no frame where its length says the next starts: what TagLib hunts
    /// on from through the whole file.
    static let lonelyHeader = filled(mpeg1Header)
    static let twoFrames = filled(mpeg1Header + Array(repeating: 0, count: 413) + mpeg1Header)
    /// MPEG 2 layer III, 64 kbit/s, 22.05 kHz: 208 bytes a frame.
    static let mpeg2Frames = filled([0x55] + [0xFF, 0xF3, 0x80, 0x00] + Array(repeating: 0, count: 204) + [0xFF, 0xF3, 0x80, 0x00])
    /// Layer I, MPEG 1, 32 kbit/s, 32 kHz: (12 × 32000 / 32000) × 4 = 48 bytes a frame.
    static let layerIFrames = filled([0xFF, 0xFF, 0x18, 0x00] + Array(repeating: 0, count: 44) + [0xFF, 0xFF, 0x18, 0x00])
    /// Free format (bitrate 0): no length, so not counted.
    static let freeFormat = filled([0xFF, 0xFB, 0x00, 0x64] + Array(repeating: 0, count: 413) + [0xFF, 0xFB, 0x00, 0x64])
    /// A second header of another sample rate is not the next frame.
    static let otherRate = filled(mpeg1Header + Array(repeating: 0, count: 413) + [0xFF, 0xFB, 0x94, 0x64])

    /// Bytes after the ID3v2 tag, the extension, and whether the file counts as damaged.
    static let verdicts: [([UInt8], String, Bool)] = [
        (zeros, "mp3", true), (zeros, "flac", true), (frame, "mp3", false),
        (noise, "mp3", true),  // no frame sync anywhere
        (noise, "flac", false),  // only MPEG is looked through for frames
        (reservedLayer, "mp3", true), (flac, "flac", false), (oneByte, "m4a", false),
        (lonelyHeader, "mp3", true), (twoFrames, "mp3", false), (mpeg2Frames, "mp3", false),
        (layerIFrames, "mp2", false), (freeFormat, "mp3", true), (otherRate, "mp3", true),
        (lonelyHeader, "m4a", false),  // only MPEG is looked through for frames
    ]

    @Test(arguments: verdicts)
    func verdict(_ bytes: [UInt8], _ ext: String, _ damaged: Bool) {
        #expect((AudioStart.damage(of: bytes[...], ext: ext) != nil) == damaged)
    }

    static let id3: [UInt8] = Array("ID3".utf8)
    static let tags: [([UInt8], Int)] = [
        (id3 + [4, 0, 0, 0, 0, 0x02, 0x01], 10 + 0x101),
        (id3 + [4, 0, 0x10, 0, 0, 0, 0x10], 10 + 0x10 + 10),  // with a footer
        (id3 + [4, 0, 0, 0x80, 0, 0, 0], 0),  // not seven-bit: no tag
        (Array("RIFF".utf8) + [0, 0, 0, 0, 0, 0], 0),
    ]

    @Test(arguments: tags)
    func id3TagLength(_ header: [UInt8], _ length: Int) {
        #expect(AudioStart.tagLength(header) == length)
    }
}
