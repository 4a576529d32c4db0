/// The rule that keeps other users from putting code into the host process: a plugin file, its
/// directory, and the directory of any symbolic link that leads to it must be changeable only
/// by the user running the host (or root).
///
/// The rule follows OpenSSH's for `authorized_keys`. A file or directory is refused when
///
/// - it is owned by anyone other than the effective user or root (its owner could replace it),
/// - it is writable by other users (`o+w`), or
/// - it is writable by its group (`g+w`), unless that group is the owner's private group: the
///   owner's primary group, named like the owner, with no other members. That exception lets
///   plugins built under the user-private-group convention (`umask 002`) load.
///
/// Only the file and the directory that holds it are checked, not every ancestor; when the
/// plugin is reached through symbolic links, so is the directory that holds each link.
enum PluginPermissions {
    /// Why another user could change a file or directory, or `nil` when none can.
    ///
    /// - Parameters:
    ///   - status: The file's or directory's status.
    ///   - subject: How the message names it: "the file", "its directory /x" or "the
    ///     directory /x that holds the symbolic link /x/y".
    static func problem(with status: SystemCalls.FileStatus, subject: String) -> String? {
        let user = SystemCalls.effectiveUser()
        if status.owner != user && status.owner != 0 {
            return "\(subject) is owned by uid \(status.owner), neither the user running the "
                + "host (uid \(user)) nor root; that user could replace it"
        }
        if status.isWritableByOthers {
            return "\(subject) is writable by other users; remove that permission (chmod o-w)"
        }
        if status.isWritableByGroup
            && !SystemCalls.isPrivateGroup(status.group, of: status.owner)
        {
            return "\(subject) is writable by its group (gid \(status.group)), which is not "
                + "the owner's private group; remove that permission (chmod g-w)"
        }
        return nil
    }
}
