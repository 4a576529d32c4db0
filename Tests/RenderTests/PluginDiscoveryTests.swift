import Foundation
import Testing
import TrellisRender

@Suite struct PluginDiscoveryOrderTests {
    /// Four locations, one of each kind, each with a plugin of its own and one named "shared".
    private struct Layout {
        let explicit: String
        let variable: String
        let executable: String
        let prefix: String
        var installed: String { prefix + "/lib/trellis/plugins" }

        var discovery: PluginDiscovery {
            PluginDiscovery(
                paths: [explicit], environment: [PluginDiscovery.environmentVariable: variable],
                executableDirectory: executable, installPrefix: prefix)
        }

        /// Removes the four locations with everything in them.
        func remove() {
            for directory in [explicit, variable, executable, prefix] {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
    }

    /// The four locations with their plugins built. The caller removes them when its test is
    /// done; when a plugin cannot be built, they are removed here.
    private func makeLayout() throws -> Layout {
        let layout = Layout(
            explicit: try PluginFixtures.makeDirectory(),
            variable: try PluginFixtures.makeDirectory(),
            executable: try PluginFixtures.makeDirectory(),
            prefix: try PluginFixtures.makeDirectory())
        do {
            try FileManager.default.createDirectory(
                atPath: layout.installed, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let own = [
                (layout.explicit, "first"), (layout.variable, "second"),
                (layout.executable, "third"), (layout.installed, "fourth"),
            ]
            for (directory, name) in own {
                _ = try PluginFixtures.compile(
                    PluginFixtures.pluginSource(name: "\"order-\(name)\""),
                    named: "libTrellis\(name.capitalized)Backend.so", in: directory)
                _ = try PluginFixtures.compile(
                    PluginFixtures.pluginSource(name: "\"order-shared\""),
                    named: "libTrellisSharedBackend.so", in: directory)
            }
        } catch {
            layout.remove()
            throw error
        }
        return layout
    }

    @Test func searchPathsFollowTheDesignOrder() throws {
        let layout = try makeLayout()
        defer { layout.remove() }
        #expect(
            layout.discovery.searchPaths == [
                layout.explicit, layout.variable, layout.executable, layout.installed,
            ])
    }

    @Test func pluginsComeInSearchOrderAndTheFirstOfANameWins() throws {
        let layout = try makeLayout()
        defer { layout.remove() }
        let result = layout.discovery.discover()
        #expect(
            result.plugins.map(\.name) == [
                "order-first", "order-shared", "order-second", "order-third", "order-fourth",
            ])
        let shared = result.plugins.first { $0.name == "order-shared" }
        #expect(shared?.path == layout.explicit + "/libTrellisSharedBackend.so")
        #expect(result.failures.map(\.code) == [.duplicateName, .duplicateName, .duplicateName])
        #expect(
            result.failures.map(\.path) == [
                layout.variable + "/libTrellisSharedBackend.so",
                layout.executable + "/libTrellisSharedBackend.so",
                layout.installed + "/libTrellisSharedBackend.so",
            ])
        #expect(
            result.failures.first?.description
                == "plugin \(layout.variable)/libTrellisSharedBackend.so: duplicate backend "
                + "name: backend \"order-shared\" is already provided by "
                + "\(layout.explicit)/libTrellisSharedBackend.so, found earlier in the search "
                + "order; this file is not used")
    }

    @Test func eachKindOfLocationIsSearched() throws {
        let layout = try makeLayout()
        defer { layout.remove() }
        var discovery = layout.discovery
        discovery.paths = []
        #expect(discovery.discover().plugins.first?.name == "order-second")
        discovery.usesEnvironment = false
        let installed = discovery.discover().plugins
        #expect(installed.map(\.name) == ["order-shared", "order-third", "order-fourth"])
        #expect(installed.first?.path == layout.executable + "/libTrellisSharedBackend.so")
        discovery.executableDirectory = layout.prefix + "/bin"
        #expect(discovery.discover().plugins.map(\.name) == ["order-fourth", "order-shared"])
        discovery.usesInstallLocations = false
        #expect(discovery.searchPaths.isEmpty)
        #expect(discovery.discover().plugins.isEmpty)
    }

    @Test func theSameFileReachedTwiceIsNotADuplicate() throws {
        let layout = try makeLayout()
        defer { layout.remove() }
        let file = layout.explicit + "/libTrellisFirstBackend.so"
        let result = PluginDiscovery(
            paths: [layout.explicit, file, layout.explicit + "/."], usesEnvironment: false,
            usesInstallLocations: false
        ).discover()
        #expect(result.plugins.map(\.name) == ["order-first", "order-shared"])
        #expect(result.failures.isEmpty)
    }

    @Test func thePrefixDefaultsToTheParentOfTheExecutableDirectory() {
        let discovery = PluginDiscovery(
            usesEnvironment: false, executableDirectory: "/opt/trellis/bin")
        #expect(discovery.searchPaths == ["/opt/trellis/bin", "/opt/trellis/lib/trellis/plugins"])
        let root = PluginDiscovery(usesEnvironment: false, executableDirectory: "/bin")
        #expect(root.searchPaths == ["/bin", "/lib/trellis/plugins"])
    }

    @Test func theGivenEnvironmentReplacesTheProcesses() {
        let discovery = PluginDiscovery(
            paths: ["/explicit"], usesInstallLocations: false,
            environment: [PluginDiscovery.environmentVariable: "/a::/b:/explicit"])
        #expect(discovery.searchPaths == ["/explicit", "/a", "/b"])
        let empty = PluginDiscovery(usesInstallLocations: false, environment: [:])
        #expect(empty.searchPaths.isEmpty)
    }

    @Test func aMissingExplicitPathIsReported() {
        let result = PluginDiscovery(
            paths: ["/nonexistent/plugins"], usesEnvironment: false, usesInstallLocations: false
        ).discover()
        #expect(result.failures.map(\.code) == [.notFound])
        #expect(result.failures.first?.path == "/nonexistent/plugins")
    }
}
