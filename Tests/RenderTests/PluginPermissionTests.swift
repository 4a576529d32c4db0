import Foundation
import Testing
import TrellisRender

/// The permission rule of `PluginLibrary.load`, checked on real files.
@Suite struct PluginPermissionTests {
    private static let isRoot = geteuid() == 0

    /// The effective user's private group, when it has one: its primary group, named like the
    /// user, with no other members.
    private static var ownPrivateGroup: gid_t? {
        guard let account = getpwuid(geteuid()), let group = getgrgid(account.pointee.pw_gid)
        else { return nil }
        let user = String(cString: account.pointee.pw_name)
        guard String(cString: group.pointee.gr_name) == user else { return nil }
        var index = 0
        while let member = group.pointee.gr_mem[index] {
            if String(cString: member) != user { return nil }
            index += 1
        }
        return account.pointee.pw_gid
    }

    /// A group id no account uses.
    private static let strangerGroup: gid_t = 54_321
    private static let strangerUser: uid_t = 54_321

    /// A private directory with a freshly built plugin, both mode 0755 and 0700. The caller
    /// removes the directory when its test is done; when the plugin cannot be built, the
    /// directory is removed here.
    private func makePlugin(_ name: String) throws -> (directory: String, path: String) {
        let directory = try PluginFixtures.makeDirectory()
        do {
            let path = try PluginFixtures.compile(
                PluginFixtures.pluginSource(name: "\"\(name)\""), named: "lib\(name).so",
                in: directory)
            chmod(path, 0o755)
            return (directory, path)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    @Test func aPrivateFileInAPrivateDirectoryLoads() throws {
        let plugin = try makePlugin("perm-private")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        #expect(PluginFixtures.loadError(plugin.path) == nil)
    }

    @Test func filesWritableByOtherUsersAreRefused() throws {
        let plugin = try makePlugin("perm-other-file")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        chmod(plugin.path, 0o757)
        let error = PluginFixtures.loadError(plugin.path)
        #expect(error?.code == .insecurePermissions)
        #expect(
            error?.message
                == "the file is writable by other users; remove that permission (chmod o-w)")
        #expect(error?.path == plugin.path)
    }

    @Test func directoriesWritableByOtherUsersAreRefused() throws {
        let plugin = try makePlugin("perm-other-dir")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        chmod(plugin.directory, 0o777)
        defer { chmod(plugin.directory, 0o700) }
        let error = PluginFixtures.loadError(plugin.path)
        #expect(error?.code == .insecurePermissions)
        #expect(
            error?.message
                == "its directory \(plugin.directory) is writable by other users; remove that "
                + "permission (chmod o-w)")
    }

    @Test(
        .enabled(if: PluginPermissionTests.isRoot, "changing a file's group to any gid needs root"))
    func filesWritableByASharedGroupAreRefused() throws {
        let plugin = try makePlugin("perm-group-file")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        chown(plugin.path, uid_t.max, PluginPermissionTests.strangerGroup)
        chmod(plugin.path, 0o775)
        let error = PluginFixtures.loadError(plugin.path)
        #expect(error?.code == .insecurePermissions)
        #expect(
            error?.message
                == "the file is writable by its group (gid 54321), which is not the owner's "
                + "private group; remove that permission (chmod g-w)")
        chmod(plugin.path, 0o755)
        #expect(PluginFixtures.loadError(plugin.path) == nil)
    }

    @Test(
        .enabled(
            if: PluginPermissionTests.isRoot, "changing a directory's group to any gid needs root"))
    func directoriesWritableByASharedGroupAreRefused() throws {
        let plugin = try makePlugin("perm-group-dir")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        chown(plugin.directory, uid_t.max, PluginPermissionTests.strangerGroup)
        chmod(plugin.directory, 0o770)
        let error = PluginFixtures.loadError(plugin.path)
        #expect(error?.code == .insecurePermissions)
        #expect(
            error?.message.hasPrefix("its directory \(plugin.directory) is writable by its group")
                == true)
    }

    @Test(
        .enabled(if: PluginPermissionTests.ownPrivateGroup != nil, "the user has no private group"))
    func theOwnersPrivateGroupMayWrite() throws {
        let plugin = try makePlugin("perm-private-group")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        let group = try #require(PluginPermissionTests.ownPrivateGroup)
        #expect(chown(plugin.path, uid_t.max, group) == 0)
        #expect(chown(plugin.directory, uid_t.max, group) == 0)
        chmod(plugin.path, 0o775)
        chmod(plugin.directory, 0o770)
        #expect(PluginFixtures.loadError(plugin.path) == nil)
    }

    @Test(.enabled(if: PluginPermissionTests.isRoot, "giving a file to another user needs root"))
    func filesAndDirectoriesOwnedByAnotherUserAreRefused() throws {
        let plugin = try makePlugin("perm-owner")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        let me = geteuid()
        chown(plugin.path, PluginPermissionTests.strangerUser, gid_t.max)
        let file = PluginFixtures.loadError(plugin.path)
        #expect(file?.code == .insecurePermissions)
        #expect(
            file?.message
                == "the file is owned by uid 54321, neither the user running the host (uid "
                + "\(me)) nor root; that user could replace it")
        chown(plugin.path, me, gid_t.max)
        chown(plugin.directory, PluginPermissionTests.strangerUser, gid_t.max)
        let directory = PluginFixtures.loadError(plugin.path)
        #expect(directory?.code == .insecurePermissions)
        #expect(
            directory?.message.hasPrefix("its directory \(plugin.directory) is owned by uid 54321")
                == true)
        chown(plugin.directory, me, gid_t.max)
        #expect(PluginFixtures.loadError(plugin.path) == nil)
    }

    @Test func aLoadedLibraryIsCheckedAgainBeforeItIsReturned() throws {
        let plugin = try makePlugin("perm-cached")
        defer { try? FileManager.default.removeItem(atPath: plugin.directory) }
        let first = try PluginLibrary.load(path: plugin.path)
        chmod(plugin.path, 0o757)
        #expect(PluginFixtures.loadError(plugin.path)?.code == .insecurePermissions)
        chmod(plugin.path, 0o755)
        chmod(plugin.directory, 0o777)
        #expect(PluginFixtures.loadError(plugin.path)?.code == .insecurePermissions)
        chmod(plugin.directory, 0o700)
        #expect(try PluginLibrary.load(path: plugin.path) === first)
    }

    /// The text backend built beside the tests, which is private to its owner.
    private static var builtPlugin: String {
        PluginFixtures.buildDirectory + "/libTrellisTextBackend.so"
    }

    @Test(arguments: [0o777, 0o1777, 0o757] as [mode_t])
    func aSymbolicLinkInADirectoryOthersCanWriteIsRefused(mode: mode_t) throws {
        let directory = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/libTrellisTextBackend.so"
        #expect(symlink(PluginPermissionTests.builtPlugin, link) == 0)
        chmod(directory, mode)
        defer { chmod(directory, 0o700) }
        let error = PluginFixtures.loadError(link)
        #expect(error?.code == .insecurePermissions)
        #expect(error?.path == link)
        #expect(
            error?.message
                == "the directory \(directory) that holds the symbolic link \(link) is writable by "
                + "other users; remove that permission (chmod o-w)")
        chmod(directory, 0o755)
        #expect(PluginFixtures.loadError(link) == nil)
        #expect(
            try PluginLibrary.load(path: link)
                === PluginLibrary.load(path: PluginPermissionTests.builtPlugin))
    }

    @Test func everyLinkOnTheWayToThePluginIsCheckedRelativeOrNot() throws {
        let first = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: first) }
        let second = try PluginFixtures.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: second) }
        chmod(first, 0o755)
        let outer = first + "/libTrellisOuterBackend.so"
        let inner = second + "/libTrellisInnerBackend.so"
        let relative = "../" + (second as NSString).lastPathComponent + "/libTrellisInnerBackend.so"
        #expect(symlink(relative, outer) == 0)
        #expect(symlink(PluginPermissionTests.builtPlugin, inner) == 0)
        #expect(PluginFixtures.loadError(outer) == nil)
        chmod(second, 0o777)
        defer { chmod(second, 0o700) }
        let error = PluginFixtures.loadError(outer)
        #expect(error?.code == .insecurePermissions)
        #expect(error?.path == outer)
        #expect(
            error?.message
                == "the directory \(second) that holds the symbolic link \(inner) is writable by "
                + "other users; remove that permission (chmod o-w)")
    }
}
