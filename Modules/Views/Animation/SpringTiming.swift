import Glibc

/// A spring's progress: a damped harmonic oscillator released from the start value towards the
/// end value, as `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`
/// describes it.
///
/// The damping ratio is UIKit's: 1 reaches the end without overshoot, smaller values oscillate
/// about it. The oscillator's natural frequency is chosen so that its envelope has decayed to
/// 1/1000 of the distance at the duration (`ω₀ = ln(1000) / (ζ · duration)`), so the spring
/// has settled when the animation ends, as UIKit's do. The initial velocity is in distances per
/// second: 1 covers the whole distance in one second.
public struct SpringTiming: Sendable, Hashable {
    /// The damping ratio ζ, in `0.01...` (values below are raised to 0.01).
    public let dampingRatio: Double
    /// The velocity at the start, in distances per second.
    public let initialVelocity: Double
    /// The duration in seconds, over which the spring settles.
    public let duration: Double

    /// Creates a spring.
    public init(dampingRatio: Double, initialVelocity: Double = 0, duration: Double) {
        self.dampingRatio = dampingRatio.isFinite ? max(dampingRatio, 0.01) : 1
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.duration = duration.isFinite && duration > 0 ? duration : 0
    }

    /// The natural frequency ω₀, in radians per second.
    public var naturalFrequency: Double {
        duration > 0 ? log(1000) / (dampingRatio * duration) : 0
    }

    /// The progress at a time: 0 at the start, 1 at rest.
    ///
    /// - Parameter seconds: The time since the start; at the duration and after, 1.
    /// - Returns: `1 − x(t)`, where `x` solves `x'' + 2ζω₀x' + ω₀²x = 0` with `x(0) = 1` and
    ///   `x'(0) = −initialVelocity`.
    public func progress(atSeconds seconds: Double) -> Double {
        guard duration > 0, seconds.isFinite else { return 1 }
        if seconds <= 0 { return 0 }
        if seconds >= duration { return 1 }
        let zeta = dampingRatio
        let omega = naturalFrequency
        let v0 = -initialVelocity
        let t = seconds
        let displacement: Double
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * omega) / damped
            displacement = exp(-zeta * omega * t) * (cos(damped * t) + b * sin(damped * t))
        } else if zeta == 1 {
            displacement = exp(-omega * t) * (1 + (v0 + omega) * t)
        } else {
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root
            let r2 = -zeta * omega - root
            let c2 = (v0 - r1) / (r2 - r1)
            let c1 = 1 - c2
            displacement = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 - displacement
    }
}
