import Foundation
import PackagePlugin

/// Bakes the git revision of the checkout into `mixtape --version` at build time, for every
/// kind of build (`swift build`, `swift test`, `make install`), so a report names its source.
///
/// A build command whose inputs are git's own files (HEAD, the index, the branch's ref) and
/// the package's sources: llbuild reruns it when a commit, checkout, `git add` or source edit
/// changes one of them, and at no other time. Not a prebuild command: SwiftPM runs those only
/// when it replans the build (a manifest change), not "before every build" as documented
/// (swiftlang/swift-package-manager#5476), so the revision went stale after a commit.
///
/// The script rewrites the generated file only when its text changes, so a rerun with the same
/// revision recompiles nothing. `-dirty` marks uncommitted changes to tracked files; untracked
/// files do not count. Outside a git checkout (a source tarball, a dependency) the revision
/// is nil and `--version` says "unknown revision".
@main
struct BuildRevisionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildRevision.swift")
        let sources = context.package.targets.flatMap { target -> [URL] in
            (target as? SourceModuleTarget)?.sourceFiles.map(\.url) ?? []
        }
        return [
            .buildCommand(
                displayName: "Reading the git revision of \(context.package.displayName)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "revision", package.path, output.path],
                inputFiles: GitFiles(package: package).watched + [package.appendingPathComponent("Package.swift")] + sources,
                outputFiles: [output]),
        ]
    }

    /// `$1` is the package folder, `$2` the Swift file to write.
    static let script = #"""
        set -u
        revision=$(git -C "$1" rev-parse --short HEAD 2>/dev/null) || revision=""
        if [ -n "$revision" ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
          revision="$revision-dirty"
        fi
        if [ -n "$revision" ]; then value="\"$revision\""; else value="nil"; fi
        text="/// Written by the BuildRevision plugin: the git revision this binary was built from.
        enum BuildRevision { static let revision: String? = $value }"
        if [ "$(cat "$2" 2>/dev/null)" != "$text" ]; then printf '%s\n' "$text" > "$2"; fi
        """#
}

/// The files git changes when the checked-out revision or the staged state changes. `.git` is
/// a folder in a clone and a `gitdir:` file in a worktree, whose refs live in the common dir.
struct GitFiles {
    var package: URL

    var watched: [URL] {
        guard let gitDir else { return [] }
        let common = commonDir(of: gitDir)
        var files = [gitDir.appendingPathComponent("HEAD"), gitDir.appendingPathComponent("index"),
                     common.appendingPathComponent("packed-refs")]
        if let head = try? String(contentsOf: gitDir.appendingPathComponent("HEAD"), encoding: .utf8),
           head.hasPrefix("ref: ") {
            let ref = head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
            files.append(common.appendingPathComponent(ref))
        }
        // A missing input would fail the build; a file git creates later is caught on replanning.
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    private var gitDir: URL? {
        let dotGit = package.appendingPathComponent(".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
        let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appendingPathComponent(path)
    }

    private func commonDir(of gitDir: URL) -> URL {
        guard let text = try? String(contentsOf: gitDir.appendingPathComponent("commondir"), encoding: .utf8) else {
            return gitDir
        }
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appendingPathComponent(path).standardized
    }
}
