// swift-tools-version: 6.1
import PackageDescription

/// The target graph is the architecture (see README "Design"): MixtapeCore is pure Swift and
/// knows no files, SQLite or libxml2; adapters (Ingest, Store) wrap one system library each;
/// MixtapeApp wires them into use cases; `mixtape` only declares commands.
let package = Package(
    name: "Mixtape",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mixtape", targets: ["mixtape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CTagLib",
            pkgConfig: "taglib_c",
            providers: [.apt(["libtagc0-dev"]), .brew(["taglib"])]
        ),
        .target(name: "MixtapeCore"),
        // TagLib 1.x's C++ property map, for the fields its C API lacks (see the header).
        .target(name: "TagLibPropertyMap", dependencies: ["CTagLib"]),
        // SQLite's C API reads other applications' databases (Engine DJ, Strawberry, Clementine).
        .target(name: "MixtapeIngest", dependencies: [
            "MixtapeCore", "CLibXML2", "CTagLib", "TagLibPropertyMap",
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // SQLite's multi-thread mode, set through its variadic sqlite3_config (see the header).
        .target(name: "SQLiteThreading", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "MixtapeStore", dependencies: [
            "MixtapeCore", "SQLiteThreading",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        .target(name: "MixtapeWatch", dependencies: ["MixtapeCore"]),
        // The config file (config.toml) over TOMLKit (toml++), read into plain values.
        // It reads `[pick.keys]` into the picker's own key and action values (MixtapeTerminal).
        .target(name: "MixtapeConfig", dependencies: [
            "MixtapeCore", "MixtapeTerminal", .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        .target(name: "MixtapeApp", dependencies: [
            "MixtapeCore", "MixtapeIngest", "MixtapeStore", "MixtapeTerminal", "MixtapeWatch",
        ]),
        .target(name: "MixtapeTerminal", dependencies: ["MixtapeCore"]),
        .executableTarget(name: "matchbench", dependencies: ["MixtapeCore"]),
        // Fuzz targets (see fuzz/README.md): libFuzzer entry points that, built without
        // -sanitize=fuzzer, replay files instead.
        .target(name: "FuzzReplay"),
        .executableTarget(name: "fuzz-query", dependencies: ["FuzzReplay", "MixtapeCore"]),
        .executableTarget(name: "fuzz-plist", dependencies: ["FuzzReplay", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-rekordbox", dependencies: ["FuzzReplay", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-xmp", dependencies: ["FuzzReplay", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-nfo", dependencies: ["FuzzReplay", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-infojson", dependencies: ["FuzzReplay", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-cue", dependencies: ["FuzzReplay", "MixtapeCore"]),
        .executableTarget(name: "fuzz-keys", dependencies: ["FuzzReplay", "MixtapeTerminal"]),
        .executableTarget(name: "fuzz-traktor", dependencies: ["FuzzReplay", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-playlists", dependencies: ["FuzzReplay", "MixtapeCore", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-rhythmbox", dependencies: ["FuzzReplay", "MixtapeCore", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-virtualdj", dependencies: ["FuzzReplay", "MixtapeCore", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-serato", dependencies: ["FuzzReplay", "MixtapeCore", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-foobar2000", dependencies: ["FuzzReplay", "MixtapeCore", "MixtapeIngest"]),
        .executableTarget(name: "fuzz-mpd", dependencies: ["FuzzReplay", "MixtapeCore"]),
        .executableTarget(name: "fuzz-termtext", dependencies: ["FuzzReplay", "MixtapeCore"]),
        .executableTarget(name: "fuzz-relocation", dependencies: ["FuzzReplay", "MixtapeCore"]),
        .executableTarget(name: "pickbench", dependencies: ["MixtapeApp", "MixtapeCore", "MixtapeTerminal"]),
        .executableTarget(name: "mixtape", dependencies: [
            "MixtapeApp", "MixtapeConfig", "MixtapeCore", "MixtapeTerminal", "MixtapeWatch",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], plugins: ["BuildRevision"]),
        // Writes the git revision into `mixtape --version` when git's HEAD, index or a source changes.
        .plugin(name: "BuildRevision", capability: .buildTool()),
        .testTarget(name: "MixtapeCoreTests", dependencies: ["MixtapeCore"]),
        .testTarget(name: "MixtapeIngestTests", dependencies: ["MixtapeIngest", "MixtapeCore"]),
        .testTarget(name: "MixtapeStoreTests", dependencies: [
            "MixtapeStore", "MixtapeCore", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "MixtapeTerminalTests", dependencies: ["MixtapeTerminal"]),
        .testTarget(name: "MixtapeWatchTests", dependencies: ["MixtapeWatch", "MixtapeCore"]),
        .testTarget(name: "MixtapeConfigTests", dependencies: ["MixtapeConfig", "MixtapeCore", "MixtapeTerminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MixtapeCore"]),
    ],
    swiftLanguageModes: [.v6]
)

/// Release builds leave out the run-time checks for overlapping access to a variable (Swift's
/// exclusivity enforcement) in Mixtape's own code. Each access to a class's stored property, a
/// global or a captured variable called into the runtime to record and then release it: in an
/// index run, where a reader's callbacks and the writer touch their state for every attribute of
/// every track, that was about a tenth of the CPU time (100,000 VirtualDJ songs: 1.58 s of user
/// time against 1.43 s). Debug builds, and so every test run, keep the checks: an overlap a
/// change brings still stops the test suite.
for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    ]
}
