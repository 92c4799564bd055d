/// Whether a model can be used right now, with a reason a person can act on when it cannot.
///
/// Apps check this before offering AI features, the way they would check Apple's
/// `SystemLanguageModel.availability`.
public enum ModelAvailability: Sendable, Hashable, CustomStringConvertible {
    /// Loaded and ready to generate.
    case ready
    /// The model's files are not on this machine; `remedy` says how to install them.
    case notInstalled(remedy: String)
    /// The model is loading; `progress` runs from 0 to 1.
    case loading(progress: Double)
    /// The model cannot be used here; `reason` says why and what to do.
    case unavailable(reason: String)

    /// Whether generation can start now.
    public var isReady: Bool { self == .ready }

    public var description: String {
        switch self {
        case .ready: return "ready"
        case .notInstalled(let remedy): return "not installed (\(remedy))"
        case .loading(let progress): return "loading (\(Int((progress * 100).rounded()))%)"
        case .unavailable(let reason): return "unavailable (\(reason))"
        }
    }
}
