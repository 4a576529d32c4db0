// swift-tools-version: 6.0
//
// An app's package that tests its views with Trellis snapshots. It depends on Trellis by path,
// as a project inside the Trellis repository; an app elsewhere points the path at its copy of
// Trellis.

import PackageDescription

let package = Package(
    name: "SnapshotExample",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Trellis", path: "../..")
    ],
    targets: [
        .target(
            name: "SaveButton",
            dependencies: [.product(name: "Trellis", package: "Trellis")]
        ),
        .testTarget(
            name: "SaveButtonTests",
            dependencies: [
                "SaveButton",
                .product(name: "TrellisTesting", package: "Trellis"),
                // The backends PNG and terminal snapshots draw with, built beside the tests,
                // where Trellis finds them (text snapshots need none).
                .product(name: "TrellisRasterBackend", package: "Trellis"),
                .product(name: "TrellisTerminalBackend", package: "Trellis"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
