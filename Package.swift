// swift-tools-version: 6.0
//
// Trellis: UIKit's control model for Linux.
//
// Every target is declared from the tables below, each with an explicit path. Library modules
// get one product each so that a user can depend on a single module; C modules never do.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A Swift library module with its test suite.
struct Module {
    /// The module and product name.
    let name: String
    /// The source directory.
    let path: String
    /// The modules and C targets it depends on.
    let dependencies: [String]
    /// The test target under `Tests/`, if the module has its own suite.
    var tests: String? = nil
    var testDependencies: [String] = []
    /// Paths inside the test directory that are data, not sources (fixtures, snapshots).
    var testExclude: [String] = []
    /// Whether the module is a library product; the examples' modules are not.
    var isProduct = true
}

/// The library modules, in dependency order: a module only depends on modules above it.
let modules: [Module] = [
    Module(
        name: "TrellisGeometry", path: "Modules/Geometry", dependencies: [],
        tests: "GeometryTests"
    ),
    Module(
        name: "TrellisCore", path: "Modules/Core", dependencies: ["TrellisGeometry"],
        tests: "CoreTests", testDependencies: ["_TrellisTestSupport"]
    ),
    Module(
        name: "TrellisEvents", path: "Modules/Events", dependencies: ["TrellisGeometry"],
        tests: "EventsTests"
    ),
    Module(
        name: "TrellisLayout", path: "Modules/Layout", dependencies: ["TrellisGeometry"],
        tests: "LayoutTests", testDependencies: ["_TrellisTestSupport"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisText", path: "Modules/Text", dependencies: ["TrellisGeometry"],
        tests: "TextTests", testDependencies: ["_TrellisTestSupport"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisRichText", path: "Modules/RichText",
        dependencies: ["TrellisGeometry", "TrellisText"], tests: "RichTextTests",
        testDependencies: ["_TrellisTestSupport"]
    ),
    Module(
        name: "TrellisPNG", path: "Modules/PNG", dependencies: ["CPNG", "CZlib"],
        tests: "PNGTests", testDependencies: ["_TrellisTestSupport"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisSnapshots", path: "Modules/Snapshots",
        dependencies: ["TrellisCore", "TrellisText", "TrellisPNG"],
        tests: "SnapshotsTests", testDependencies: ["_TrellisTestSupport"]
    ),
    Module(
        name: "TrellisPluginKit", path: "Plugins/PluginKit",
        dependencies: ["TrellisGeometry", "TrellisCore", "CTrellisPluginABI"]
    ),
    Module(
        name: "TrellisTextRenderer", path: "Plugins/TextBackend/Renderer",
        dependencies: ["TrellisGeometry", "TrellisText", "TrellisCore", "TrellisPluginKit"]
    ),
    Module(
        name: "TrellisRasterRenderer", path: "Plugins/RasterBackend/Renderer",
        dependencies: [
            "TrellisGeometry", "TrellisCore", "TrellisPluginKit", "TrellisPNG", "CCairo",
            "CHarfBuzz", "CFreeType", "CFontconfig",
        ],
        tests: "RasterTests",
        testDependencies: [
            "TrellisRender", "Trellis", "TrellisGallery", "TrellisPNG", "_TrellisTestSupport",
        ],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisTerminalRenderer", path: "Plugins/TerminalBackend/Renderer",
        dependencies: [
            "TrellisGeometry", "TrellisText", "TrellisCore", "TrellisPluginKit", "TrellisPNG",
        ],
        tests: "TerminalTests",
        testDependencies: [
            "TrellisRender", "TrellisEvents", "TrellisText", "TrellisGeometry", "Trellis",
            "TrellisRasterRenderer", "TrellisTextRenderer", "_TrellisTestSupport",
            "TrellisGallery",
        ],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisRender", path: "Modules/Render",
        dependencies: [
            "TrellisGeometry", "TrellisCore", "TrellisPluginKit", "CFFI", "CTrellisPluginABI",
        ],
        tests: "RenderTests", testDependencies: ["TrellisTextRenderer"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisViews", path: "Modules/Views",
        dependencies: [
            "TrellisGeometry", "TrellisCore", "TrellisEvents", "TrellisLayout", "TrellisText",
            "TrellisRichText", "TrellisRender", "TrellisPNG",
        ],
        tests: "ViewsTests", testDependencies: ["TrellisTextRenderer", "_TrellisTestSupport"],
        testExclude: ["__Fixtures__"]
    ),
    Module(
        name: "TrellisGrid", path: "Modules/Grid",
        dependencies: ["TrellisViews", "TrellisEvents", "TrellisGeometry"],
        tests: "GridTests",
        testDependencies: ["TrellisRender", "_TrellisTestSupport"]
    ),
    Module(
        name: "TrellisAccessibilityBus", path: "Modules/AccessibilityBus",
        dependencies: ["TrellisGeometry", "TrellisEvents", "TrellisViews"],
        tests: "AccessibilityBusTests"
    ),
    Module(
        name: "TrellisTerminal", path: "Modules/Terminal",
        dependencies: [
            "TrellisGeometry", "TrellisCore", "TrellisEvents", "TrellisRender", "TrellisViews",
            "TrellisAccessibilityBus",
        ],
        tests: "TerminalAppTests",
        testDependencies: ["TrellisTerminalRenderer", "_TrellisTestSupport"]
    ),
    Module(
        name: "Trellis", path: "Modules/Trellis",
        dependencies: [
            "TrellisGeometry", "TrellisCore", "TrellisEvents", "TrellisLayout", "TrellisText",
            "TrellisRichText", "TrellisRender", "TrellisViews", "TrellisGrid", "TrellisTerminal",
        ],
        tests: "TrellisTests", testDependencies: ["TrellisTesting", "TrellisGallery"],
        testExclude: ["__Fixtures__", "__Snapshots__"]
    ),
    Module(
        name: "TrellisTesting", path: "Modules/Testing",
        dependencies: ["Trellis", "TrellisTextRenderer", "TrellisPNG", "TrellisSnapshots"],
        tests: "TestingTests", testExclude: ["__Snapshots__"]
    ),
    // The gallery of the seed components, which the demo shows: an example, not a product.
    Module(
        name: "TrellisGallery", path: "Examples/Gallery", dependencies: ["Trellis"],
        isProduct: false
    ),
]

/// C modules: system libraries found with pkg-config and the plugin ABI header; never products.
let cModules: [Target] = [
    .systemLibrary(
        name: "CFFI", path: "Modules/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]
    ),
    .target(name: "CTrellisPluginABI", path: "Modules/CTrellisPluginABI"),
    .systemLibrary(
        name: "CPNG", path: "Modules/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]
    ),
    // ICU, the peer of the text benchmarks (trellis-bench only, through CICUBench).
    .systemLibrary(
        name: "CICU", path: "Modules/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]
    ),
    // ICU's line break iterator behind plain C types, for the text benchmarks.
    .target(name: "CICUBench", dependencies: ["CICU"], path: "Modules/CICUBench"),
    // The raster backend's libraries, one target per pkg-config package: a target only gets
    // the compiler flags of its own package.
    .systemLibrary(
        name: "CCairo", path: "Modules/CCairo", pkgConfig: "cairo",
        providers: [.apt(["libcairo2-dev"])]
    ),
    .systemLibrary(
        name: "CHarfBuzz", path: "Modules/CHarfBuzz", pkgConfig: "harfbuzz",
        providers: [.apt(["libharfbuzz-dev"])]
    ),
    .systemLibrary(
        name: "CFreeType", path: "Modules/CFreeType", pkgConfig: "freetype2",
        providers: [.apt(["libfreetype-dev"])]
    ),
    .systemLibrary(
        name: "CFontconfig", path: "Modules/CFontconfig", pkgConfig: "fontconfig",
        providers: [.apt(["libfontconfig-dev"])]
    ),
    .systemLibrary(
        name: "CZlib", path: "Modules/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]
    ),
    // The C library's allocator controls, for the command's heap prefaulting.
    .systemLibrary(name: "CMalloc", path: "Modules/CMalloc"),
]

/// Rendering backends: dynamic libraries loaded at run time, never linked by the host.
struct Plugin {
    let name: String
    let path: String
    let dependencies: [String]
    var isSwift = true
}

let plugins: [Plugin] = [
    Plugin(
        name: "TrellisTextBackend", path: "Plugins/TextBackend/Plugin",
        dependencies: ["TrellisTextRenderer", "TrellisPluginKit", "CTrellisPluginABI"]
    ),
    Plugin(
        name: "TrellisRasterBackend", path: "Plugins/RasterBackend/Plugin",
        dependencies: ["TrellisRasterRenderer", "TrellisPluginKit", "CTrellisPluginABI"]
    ),
    Plugin(
        name: "TrellisTerminalBackend", path: "Plugins/TerminalBackend/Plugin",
        dependencies: ["TrellisTerminalRenderer", "TrellisPluginKit", "CTrellisPluginABI"]
    ),
    Plugin(
        name: "TrellisExampleBackend", path: "Plugins/Examples/CExample",
        dependencies: ["CTrellisPluginABI"], isSwift: false
    ),
]

/// Executables under `Tools/`.
let tools: [(name: String, path: String, dependencies: [String], exclude: [String])] = [
    (
        name: "trellis", path: "Tools/trellis",
        dependencies: [
            "Trellis", "TrellisGeometry", "TrellisEvents", "TrellisRender", "TrellisText",
            "TrellisCore", "TrellisTerminal", "TrellisGallery", "TrellisPNG", "TrellisSnapshots",
            "CMalloc",
        ],
        exclude: []
    ),
    (
        name: "trellis-bench", path: "Tools/trellis-bench",
        dependencies: [
            "TrellisGeometry", "TrellisLayout", "TrellisText", "TrellisRender",
            "TrellisTextRenderer", "TrellisRichText", "CICUBench", "TrellisRasterRenderer",
            "TrellisPluginKit", "CCairo", "CHarfBuzz", "CFreeType", "TrellisTerminalRenderer",
            "TrellisViews", "TrellisGrid", "Trellis", "TrellisCore", "TrellisGallery",
        ],
        exclude: ["peers", "launcher"]
    ),
    (
        name: "gen-unicode-tables", path: "Tools/gen-unicode-tables", dependencies: [],
        exclude: []
    ),
]

func dependencies(_ names: [String]) -> [Target.Dependency] {
    names.map { .target(name: $0) }
}

var targets: [Target] = cModules
// Helpers shared by test suites; not a product.
targets.append(
    .target(
        name: "_TrellisTestSupport",
        dependencies: dependencies([
            "TrellisGeometry", "TrellisCore", "TrellisEvents", "TrellisRender", "TrellisViews",
            "TrellisTextRenderer",
        ]),
        path: "Tests/_TrellisTestSupport", swiftSettings: swiftSettings
    ))
for module in modules {
    targets.append(
        .target(
            name: module.name,
            dependencies: dependencies(module.dependencies),
            path: module.path,
            swiftSettings: swiftSettings
        )
    )
    if let tests = module.tests {
        targets.append(
            .testTarget(
                name: tests,
                dependencies: dependencies([module.name] + module.testDependencies),
                path: "Tests/\(tests)",
                exclude: module.testExclude,
                swiftSettings: swiftSettings
            )
        )
    }
}
/// The linker flags that copy the Swift runtime's C++ and unwinding libraries into a release
/// binary instead of loading their shared libraries at run time. `Tools/static-link` holds a
/// linker script named `libstdc++.so` that names the archive, found before the compiler's own
/// shared library; libgcc's unwinder comes from its archive by the compiler's own flag.
let staticRuntimeLibraries = [
    "-L\(Context.packageDirectory)/Tools/static-link", "-Xclang-linker", "-static-libgcc",
]
for plugin in plugins {
    if plugin.isSwift {
        // The version script exports the manifest alone (the ABI's one well-known symbol) and
        // keeps every other symbol local; -Bsymbolic binds the plugin's references to its own
        // copies of the modules it links statically, so a host that links the same modules can
        // never interpose on them. A release build links the Swift runtime statically as well,
        // behind the same version script: the plugin then needs no Swift toolchain, and opening
        // it loads no runtime libraries (about 1.8 ms less for each process that renders).
        targets.append(
            .target(
                name: plugin.name,
                dependencies: dependencies(plugin.dependencies),
                path: plugin.path,
                swiftSettings: swiftSettings,
                linkerSettings: [
                    .unsafeFlags([
                        "-Xlinker", "-Bsymbolic", "-Xlinker",
                        "--version-script=\(Context.packageDirectory)/Plugins/plugin-exports.map",
                    ]),
                    .unsafeFlags(
                        ["-static-stdlib"] + staticRuntimeLibraries, .when(configuration: .release)),
                ]
            )
        )
    } else {
        targets.append(
            .target(
                name: plugin.name,
                dependencies: dependencies(plugin.dependencies),
                path: plugin.path,
                linkerSettings: [
                    .unsafeFlags([
                        "-Xlinker",
                        "--version-script=\(Context.packageDirectory)/Plugins/plugin-exports.map",
                    ])
                ]
            )
        )
    }
}
targets.append(
    .testTarget(
        name: "ToolTests",
        dependencies: [
            "trellis", "TrellisPNG", "_TrellisTestSupport", "Trellis", "TrellisGallery",
            "TrellisAccessibilityBus",
        ],
        path: "Tests/ToolTests",
        exclude: ["__Fixtures__"],
        swiftSettings: swiftSettings
    )
)
for tool in tools {
    // The release build of the `trellis` command carries the Swift runtime in itself, as the
    // backends' do (above), and with it the runtime's C++ and unwinding libraries: it runs where
    // no Swift toolchain is installed, and it starts without opening libstdc++ or libgcc_s. Only
    // the release configuration: the test targets that link the command's module link the
    // toolchain's runtime. The release command also exports no dynamic symbols (an executable
    // exports all ten thousand of its own by default), so that the runtime's start-up `dladdr`
    // and the loader have far less to read; and it is linked at a fixed address (`-no-pie`), so
    // that the loader has none of the 38,000 pointers of a position-independent executable's
    // Swift metadata to relocate, nor its 116 pages of data to copy for them. Together these take
    // an empty scene's `trellis layout` from 4.2 ms to 2.8 ms of processor time.
    let linkerSettings: [LinkerSetting] =
        tool.name == "trellis"
        ? [
            .unsafeFlags(
                [
                    "-static-stdlib", "-Xlinker",
                    "--version-script=\(Context.packageDirectory)/Tools/command-exports.map",
                    "-Xclang-linker", "-no-pie",
                ] + staticRuntimeLibraries, .when(configuration: .release))
        ] : []
    targets.append(
        .executableTarget(
            name: tool.name,
            dependencies: dependencies(tool.dependencies),
            path: tool.path,
            exclude: tool.exclude,
            swiftSettings: swiftSettings,
            linkerSettings: linkerSettings
        )
    )
}

let package = Package(
    name: "Trellis",
    platforms: [.macOS(.v15)],
    products: modules.filter(\.isProduct).map { .library(name: $0.name, targets: [$0.name]) }
        + plugins.map { .library(name: $0.name, type: .dynamic, targets: [$0.name]) }
        + tools.map { .executable(name: $0.name, targets: [$0.name]) },
    targets: targets
)
