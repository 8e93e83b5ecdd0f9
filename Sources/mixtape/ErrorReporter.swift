import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore
import MixtapeStore
import MixtapeWatch

/// The exit codes of spec/cli.md, by meaning.
enum ExitStatus: Int32 {
    case success = 0
    case noMatch = 1
    case usage = 2
    case malformedData = 65
    case missingInput = 66
    /// `play`: the player cannot be reached or started (sysexits' EX_UNAVAILABLE).
    case playerUnavailable = 69
    /// Not in the spec's table: the index itself failed (damaged file, disk full). sysexits'
    /// EX_IOERR, distinct from the codes scripts act on.
    case indexFailure = 74
    /// Not in the spec's table: an operating-system limit stops `watch` (inotify watches).
    /// sysexits' EX_OSERR.
    case systemLimit = 71
    case cannotWrite = 73
    case locked = 75
    case interrupted = 130

    /// `doctor` found a problem: 1, the code a command's own "no" answer takes (as `search`'s
    /// nothing matched).
    static let problemsFound = ExitStatus.noMatch
}

/// A command's own failure: what to say and which exit code. Commands throw this after they
/// have reported per-source problems themselves.
struct CommandFailure: Error {
    var message: String?
    var status: ExitStatus
    /// Lines under the message (the query with a caret under the bad term, missing paths): a
    /// message is one line whatever its values hold (`Messages.write`), so a message of
    /// several lines says where they break.
    var more: [String] = []
}

/// The one place where errors become a message on stderr and an exit code (design habit 6).
enum ErrorReporter {
    /// The index the command was given (`Mixtape.main` sets it once parsed), so a failure of
    /// the index itself can name it.
    nonisolated(unsafe) static var libraryPath: String?

    static func exit(with error: any Error, command: Mixtape.Type) -> Never {
        let (message, status) = describe(error, command: command)
        if let message {
            if status == .success {
                print(message.joined(separator: "\n"))
            } else {
                Messages.error(message.first ?? "", more: Array(message.dropFirst()))
            }
        }
        Foundation.exit(status.rawValue)
    }

    /// What to say, as lines (the first goes after `mixtape: `), and the exit code. A message
    /// of ours is one line, whatever its values hold, plus a `CommandFailure`'s `more`;
    /// ArgumentParser's (usage, help) are several lines of its own.
    static func describe(_ error: any Error, command: Mixtape.Type) -> ([String]?, ExitStatus) {
        if let failure = error as? CommandFailure {
            return (failure.message.map { [$0] + failure.more }, failure.status)
        }
        if let own = ownMessage(error) { return ([own.message], own.status) }
        let code = command.exitCode(for: error)
        let lines = command.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if code == .success { return (lines, .success) }
        return (lines == [""] ? nil : lines, .usage)
    }

    /// The message and exit code of an error this program knows, or nil for ArgumentParser's.
    private static func ownMessage(_ error: any Error) -> (message: String, status: ExitStatus)? {
        switch error {
        case let error as PlayerError:
            if case .unsupported = error { return (error.description, .usage) }
            return (error.description, .playerUnavailable)
        case let WriterLockError.held(path, pid, waited):
            let holder = pid.map { "pid \($0)" } ?? "another process"
            return ("the index is locked by another index/watch run (\(holder), lock \(path)); "
                    + "waited \(formatSeconds(waited)) s, try again or raise --wait", .locked)
        case let WriterLockError.cannotOpen(path, code):
            // The lock is the index's own file: a disk that cannot take it cannot take the index.
            return ("the index cannot be written: its lock file \(path) cannot be opened: "
                    + "\(String(cString: strerror(code)))", .indexFailure)
        case let StoreError.cannotCreateFolder(path, reason):
            return ("cannot create the index folder \(path): \(reason)", .cannotWrite)
        case let StoreError.cannotMoveIntoPlace(path, reason):
            return ("cannot move the new index into place at \(path): \(reason)", .cannotWrite)
        case let error as SyncError:
            let status: ExitStatus = switch error {
            case .noDevice: .missingInput
            case .notAFolder, .cannotWrite, .full, .refusedName: .cannotWrite
            case .busy: .locked
            case .noFFmpeg, .cannotStart: .playerUnavailable
            case .undecodable, .damagedManifest: .malformedData
            case .nothingChosen: .noMatch
            }
            return (error.description, status)
        case let failure as SourceFailure:
            if case .malformed = failure.reason { return (failure.message, .malformedData) }
            return (failure.message, .missingInput)
        case WatchSetupError.nothingToWatch:
            return ("nothing to watch: no source is recorded in the index; name one (mixtape watch ~/Music)", .usage)
        case let error as WatchError:
            if case .unsupported = error { return (error.description, .usage) }
            return (error.description, .systemLimit)
        case let StoreError.firstIndexStopped(path, leftover):
            return ("there is no index at \(path): the first index was stopped before it finished (it left \(leftover)); "
                    + "index your sources again, naming them (mixtape index ~/Music ...)", .indexFailure)
        case let StoreError.isAFolder(path):
            return ("the index \(path) is a folder, not an index file: give --library (or $MIXTAPE_LIBRARY, "
                    + "or the config file's library) a file path such as \(path.hasSuffix("/") ? path : path + "/")library.sqlite",
                    .usage)
        case let StoreError.cannotWrite(path, reason, free):
            return (StoreError.cannotWriteMessage(path: path, reason: reason, freeBytes: free) + ". Nothing was changed; search, pick "
                    + "and exports still read it. `mixtape doctor` checks the disk", .indexFailure)
        case let StoreError.database(_, code) where code & 0xff == 26:  // SQLITE_NOTADB
            return ("the index \(libraryPath ?? "file") is not a Mixtape index (not an SQLite database): give --library "
                    + "the index's path, or move this file away to start a new one; `mixtape doctor` checks the setup",
                    .indexFailure)
        case let StoreError.database(message, code):
            return ("the index \(libraryPath.map { $0 + " " } ?? "")could not be used: \(message) (SQLite code \(code)); "
                    + "`mixtape doctor` checks it", .indexFailure)
        default:
            return nil
        }
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
