/// A cue sheet as `CueSheetParser` read it: the audio files it names, each with its audio
/// tracks in order, and the album-level values that describe them. Only what splitting a file
/// into items needs is kept; a value the sheet does not have is nil, never invented.
public struct CueSheet: Hashable, Sendable {
    /// One `FILE` line and the audio tracks under it.
    public struct File: Hashable, Sendable {
        /// The name as written (a path relative to the sheet's folder, or absolute).
        public var name: String
        /// Album-level values in force where this file's tracks are (a sheet that names
        /// several files may give each its own `TITLE` and `PERFORMER`).
        public var album: Album
        /// Audio tracks with a usable `INDEX 01`, in sheet order, starts increasing.
        public var tracks: [Track]
        /// 1-based line of the `FILE` command.
        public var line: Int
        /// Where tracks skipped for their number (`TRACK 1000`, a repeated one) start: the
        /// track before one ends there rather than running on over its audio to the end.
        public var cuts: [Int64] = []

        public init(name: String, album: Album = Album(), tracks: [Track] = [], line: Int = 0, cuts: [Int64] = []) {
            self.name = name
            self.album = album
            self.tracks = tracks
            self.line = line
            self.cuts = cuts
        }
    }

    /// The sheet-level values: album title, album artist, songwriter, year and genre.
    public struct Album: Hashable, Sendable {
        public var title: String?
        public var performer: String?
        public var songwriter: String?
        /// From `REM DATE` (`1999` or `1999/05/01`): the year.
        public var year: Int64?
        /// From `REM GENRE`.
        public var genre: String?

        public init(title: String? = nil, performer: String? = nil, songwriter: String? = nil,
                    year: Int64? = nil, genre: String? = nil) {
            self.title = title
            self.performer = performer
            self.songwriter = songwriter
            self.year = year
            self.genre = genre
        }
    }

    /// One `TRACK nn AUDIO`.
    public struct Track: Hashable, Sendable {
        public var number: Int64
        public var title: String?
        public var performer: String?
        public var songwriter: String?
        /// Where it starts in its file: `INDEX 01` in milliseconds (75 frames a second).
        public var startMs: Int64
        /// 1-based line of the `TRACK` command.
        public var line: Int

        public init(number: Int64, title: String? = nil, performer: String? = nil, songwriter: String? = nil,
                    startMs: Int64, line: Int = 0) {
            self.number = number
            self.title = title
            self.performer = performer
            self.songwriter = songwriter
            self.startMs = startMs
            self.line = line
        }
    }

    /// The files in sheet order (a file with no usable track is left out).
    public var files: [File]

    public init(files: [File]) { self.files = files }
}

/// What reading a cue sheet gave: a sheet with at least one audio track, or nil when the text
/// is not a usable cue sheet (`malformed` then says where and why); and warnings about lines
/// that were skipped, each with its 1-based line.
public struct CueSheetReading: Hashable, Sendable {
    /// One problem at one line (1-based; the whole file when 0).
    public struct Problem: Hashable, Sendable {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public var sheet: CueSheet?
    /// Why there is no sheet; nil when there is one.
    public var malformed: Problem?
    /// Lines skipped (a track with no `INDEX 01`, an unknown command, a bad time) and the
    /// Windows-1252 fallback.
    public var warnings: [Problem]

    public init(sheet: CueSheet?, malformed: Problem? = nil, warnings: [Problem] = []) {
        self.sheet = sheet
        self.malformed = malformed
        self.warnings = warnings
    }
}
