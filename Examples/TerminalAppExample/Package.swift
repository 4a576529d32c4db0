// swift-tools-version: 6.0
//
// A terminal application built with Trellis: a settings screen with a switch, a slider, a
// segmented control, a stepper and a button, run live in the terminal (`swift run`; q quits).
// It depends on Trellis by path, as a project inside the Trellis repository; an app elsewhere
// points the path at its copy of Trellis.

import PackageDescription

let package = Package(
    name: "TerminalAppExample",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Trellis", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Settings",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                // The backend it draws with, built beside the executable, where Trellis finds it.
                .product(name: "TrellisTerminalBackend", package: "Trellis"),
            ]
        )
    ]
)
