/// The version of Trellis: of the library, the `trellis` command, and the backends built with
/// it, which state it in their manifests. `trellis --version` prints it with the plugin ABI
/// version the command speaks.
public enum TrellisVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.9.0"
}
