import Foundation
import PackagePlugin

/// Bakes the git revision of the checkout into `mixtape --version` at build time, for every
/// build (`swift build`, `swift test`, `make install`), so a bug report names the exact source.
///
/// A prebuild command, not a build command: SwiftPM runs it before every build, which is what
/// a revision needs (a build command reruns only when declared input files change, and HEAD
/// moving is not one). It costs one `git rev-parse` and one `git status`, and it rewrites the
/// generated file only when the text changes, so an unchanged revision recompiles nothing.
/// Outside a git checkout (a source tarball, a dependency) the revision is unknown.
@main
struct BuildRevisionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        return [
            .prebuildCommand(
                displayName: "Reading the git revision of \(context.package.displayName)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "revision",
                            context.package.directoryURL.path, output.path],
                outputFilesDirectory: output),
        ]
    }

    /// `$1` is the package folder, `$2` the output folder. `-dirty` marks uncommitted changes
    /// to tracked files; untracked files do not count (build folders, scratch files).
    static let script = #"""
        set -u
        mkdir -p "$2"
        file="$2/BuildRevision.swift"
        revision=$(git -C "$1" rev-parse --short HEAD 2>/dev/null) || revision=""
        if [ -n "$revision" ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
          revision="$revision-dirty"
        fi
        if [ -n "$revision" ]; then value="\"$revision\""; else value="nil"; fi
        text="/// Written by the BuildRevision plugin: the git revision this binary was built from.
        enum BuildRevision { static let revision: String? = $value }"
        if [ "$(cat "$file" 2>/dev/null)" != "$text" ]; then printf '%s\n' "$text" > "$file"; fi
        """#
}
