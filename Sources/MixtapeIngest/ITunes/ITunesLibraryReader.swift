import CLibXML2
import MixtapeCore

/// Reads one iTunes / Music.app library (or single-playlist) XML export as a stream: a libxml2
/// SAX2 push parser is fed the file in fixed-size chunks and items are handed to the caller in
/// batches while parsing, so a 200 MB library never sits in memory whole.
///
/// Anything that is not a valid property list of the iTunes shape throws a
/// `MalformedSourceError` carrying `file:line:column`. Nothing is ever loaded from the network
/// or the file system besides `path`, and no entity is expanded.
public struct ITunesLibraryReader: Sendable {
    /// Items per `onItems` call (a batch may run a little over: it is cut between chunks).
    static let batchSize = 1024
    /// Bytes handed to libxml2 per `xmlParseChunk`.
    static let chunkSize = 256 * 1024

    /// Absolute path; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the export at `path` (nothing is opened until `read`).
    public init(path: String) { self.path = path }

    /// Streams the file. Items are delivered in file order in batches to `onItems` (so the
    /// caller can write them to SQLite while parsing); the summary holds the playlists, in file
    /// order, their entries packed. Throws `MalformedSourceError` with file:line:column for any
    /// malformed input, `SourceReadError` when the file cannot be read; errors thrown by
    /// `onItems` and `onPlaylists` propagate unchanged.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> ITunesLibrarySummary {
        var streamed: [Playlist] = []
        var summary = try read(onItems: onItems, onPlaylists: { streamed += $0 })
        summary.playlists = streamed + summary.playlists
        return summary
    }

    /// `read(onItems:)` that also streams playlists: each goes to `onPlaylists` as it closes
    /// once every track is known (all of them, in a usual export, where `Tracks` comes first),
    /// so they never all sit in memory. The summary then holds only those that waited for the
    /// end of the file; they follow the streamed ones in file order.
    public func read(onItems: ([MediaItem]) throws -> Void,
                     onPlaylists: ([Playlist]) throws -> Void) throws -> ITunesLibrarySummary {
        let file = try SourceFile(path: path)
        defer { file.closeFile() }
        var content = StableHash()
        var summary = try Self.parse(name: path, readChunk: { buffer in
            let count = try file.readChunk(into: buffer)
            content.combine(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            return count
        }, onItems: onItems, onPlaylists: onPlaylists)
        summary.contentFingerprint = content.hexDigest
        return summary
    }

    /// Reads an export held in memory through exactly the same push-parser path, for tests and
    /// fuzzing. `name` stands in for the path in messages and `source`. Playlists come back
    /// all in the summary, with their entries in `items` (unpacked).
    public static func read(bytes: [UInt8], name: String) throws -> (items: [MediaItem], summary: ITunesLibrarySummary) {
        var items: [MediaItem] = []
        var streamed: [Playlist] = []
        var summary = try bytes.withUnsafeBytes { all in
            var offset = 0
            return try parse(name: name, readChunk: { buffer in
                let count = min(buffer.count, all.count - offset)
                if count > 0 {
                    buffer.baseAddress!.copyMemory(from: all.baseAddress! + offset, byteCount: count)
                }
                offset += count
                return count
            }, onItems: { items.append(contentsOf: $0) }, onPlaylists: { streamed += $0 })
        }
        summary.playlists = (streamed + summary.playlists).map { $0.unpacked() }
        return (items, summary)
    }

    /// Runs one libxml2 push parse. Every libxml2 handle lives and dies inside this function;
    /// `readChunk` fills a buffer and returns the byte count (0 at the end).
    static func parse(name: String, readChunk: (UnsafeMutableRawBufferPointer) throws -> Int,
                      onItems: ([MediaItem]) throws -> Void,
                      onPlaylists: ([Playlist]) throws -> Void) throws -> ITunesLibrarySummary {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let sink = PlistSAXSink(path: name)
        return try withExtendedLifetime(sink) {
            var count = try readChunk(buffer)
            if count == 0 {
                throw MalformedSourceError(position: SourcePosition(file: name, line: 1, column: 1),
                                           reason: "empty file: expected an XML property list")
            }
            var handler = PlistSAXSink.handler()
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            return try XMLPushParser.run(handler: &handler, context: Unmanaged.passUnretained(sink).toOpaque(),
                                         bytes: base, count: count, name: name) { parser in
                sink.state.pointee.parser = parser
                var offset = min(count, XMLPushParser.headCount)
                while true {
                    let end = count == 0
                    let status = xmlParseChunk(parser, base + offset, Int32(count - offset), end ? 1 : 0)
                    if sink.state.pointee.failure != nil || status != 0 { break }
                    if sink.state.pointee.library.pending.count >= batchSize {
                        try onItems(sink.state.pointee.library.takePending())
                    }
                    if !sink.state.pointee.library.pendingPlaylists.isEmpty {
                        // Items first: every item a playlist names reaches the caller before it.
                        if !sink.state.pointee.library.pending.isEmpty {
                            try onItems(sink.state.pointee.library.takePending())
                        }
                        try onPlaylists(sink.state.pointee.library.takePendingPlaylists())
                    }
                    if end { break }
                    count = try readChunk(buffer)
                    offset = 0
                }
                try checkComplete(sink.state.pointee, parser: parser)
                if !sink.state.pointee.library.pending.isEmpty { try onItems(sink.state.pointee.library.takePending()) }
                if !sink.state.pointee.library.pendingPlaylists.isEmpty {
                    try onPlaylists(sink.state.pointee.library.takePendingPlaylists())
                }
                return summary(of: &sink.state.pointee.library)
            }
        }
    }

    /// Throws the first problem found, or one libxml2 recorded without reporting it, or a
    /// document that ended before `</plist>`.
    private static func checkComplete(_ structure: PlistStructure, parser: xmlParserCtxtPtr) throws {
        if let failure = structure.failure { throw failure }
        let position = SourcePosition(file: structure.path, line: Int(xmlSAX2GetLineNumber(parser)),
                                      column: Int(xmlSAX2GetColumnNumber(parser)))
        if parser.pointee.wellFormed == 0 {
            let last = parser.pointee.lastError
            let reason = last.message.map { String(cString: $0) } ?? "XML error \(last.code)"
            throw MalformedSourceError(position: position, reason: "malformed XML: " + reason)
        }
        if !structure.finished {
            throw MalformedSourceError(position: position, reason: "the document ends before "
                                       + (structure.bareRoot ? "its root </dict>" : "</plist>"))
        }
    }

    private static func summary(of library: inout LibraryAssembler) -> ITunesLibrarySummary {
        let playlists = library.resolveDeferredPlaylists()
        return ITunesLibrarySummary(
            playlists: playlists, warnings: library.warnings, trackCount: library.delivered,
            applicationVersion: library.applicationVersion,
            libraryPersistentID: library.libraryPersistentID, musicFolder: library.musicFolder)
    }
}
