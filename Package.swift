// swift-tools-version: 6.0
//
// Trellis: UIKit's control model for Linux.
//
// Every target is declared from the tables below, each with an explicit path. Library modules
// get one product each so that a user can depend on a single module; C modules never do.

import PackageDescription

/// A Swift library module under `Modules/`, with its test suite under `Tests/`.
struct Module {
    let name: String
    let path: String
    let dependencies: [String]
    var testDependencies: [String] = []
    /// Paths inside the test directory that are data, not sources (fixtures, snapshots).
    var testExclude: [String] = []
}

/// The library modules, in dependency order: a module only depends on modules above it.
let modules: [Module] = [
    Module(name: "TrellisGeometry", path: "Geometry", dependencies: []),
    Module(name: "TrellisEvents", path: "Events", dependencies: ["TrellisGeometry"]),
    Module(
        name: "TrellisLayout", path: "Layout", dependencies: ["TrellisGeometry"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisText", path: "Text", dependencies: ["TrellisGeometry"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisRichText", path: "RichText", dependencies: ["TrellisGeometry", "TrellisText"]),
]

/// C system libraries found with pkg-config; never products.
let systemLibraries: [Target] = [
    // ICU, the peer of the text benchmarks (trellis-bench only, through CICUBench).
    .systemLibrary(
        name: "CICU", path: "Modules/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]
    )
]

/// Small C targets; never products.
let cTargets: [Target] = [
    // ICU's line break iterator behind plain C types, for the text benchmarks.
    .target(name: "CICUBench", dependencies: ["CICU"], path: "Modules/CICUBench")
]

/// Executables under `Tools/`.
let tools: [(name: String, path: String, dependencies: [String], exclude: [String])] = [
    (
        name: "trellis", path: "trellis", dependencies: ["TrellisGeometry", "TrellisEvents"],
        exclude: []
    ),
    (
        name: "trellis-bench", path: "trellis-bench",
        dependencies: [
            "TrellisGeometry", "TrellisLayout", "TrellisText", "TrellisRichText", "CICUBench",
        ],
        exclude: ["peers"]
    ),
    (name: "gen-unicode-tables", path: "gen-unicode-tables", dependencies: [], exclude: []),
]

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

func dependencies(_ names: [String]) -> [Target.Dependency] {
    names.map { .target(name: $0) }
}

var targets: [Target] = systemLibraries + cTargets
for module in modules {
    targets.append(
        .target(
            name: module.name,
            dependencies: dependencies(module.dependencies),
            path: "Modules/\(module.path)",
            swiftSettings: swiftSettings
        )
    )
    targets.append(
        .testTarget(
            name: "\(module.path)Tests",
            dependencies: dependencies([module.name] + module.testDependencies),
            path: "Tests/\(module.path)Tests",
            exclude: module.testExclude,
            swiftSettings: swiftSettings
        )
    )
}
for tool in tools {
    targets.append(
        .executableTarget(
            name: tool.name,
            dependencies: dependencies(tool.dependencies),
            path: "Tools/\(tool.path)",
            exclude: tool.exclude,
            swiftSettings: swiftSettings
        )
    )
}

let package = Package(
    name: "Trellis",
    platforms: [.macOS(.v14)],
    products: modules.map { .library(name: $0.name, targets: [$0.name]) }
        + tools.map { .executable(name: $0.name, targets: [$0.name]) },
    targets: targets
)
