import Synchronization

/// Remembers, per skill, that the model copied the worked example of its last structured call,
/// so that the next few turns skip a call whose answer is known: under greedy decoding the same
/// model given the same prompt copies it again (SmolLM2 copies the dinner example every time).
/// Every ``probeInterval``-th turn asks again, so a different family prompt or a better model is
/// noticed. Lives as long as the assistant (a new model or an edited family builds a new one).
///
/// ```swift
/// if memory.shouldAsk("meal-planning") { … memory.noteCopied("meal-planning") … }
/// ```
public final class CopiedExampleMemory: Sendable {
    /// After a copy, the model is asked again on every this-many-th turn.
    public static let probeInterval = 5

    private let skipped = Mutex<[String: Int]>([:])

    /// Creates an empty memory: every skill's model call is made.
    public init() {}

    /// Whether `skillID`'s model call should be made this turn (false: its last answer was a copy,
    /// and this is not a turn that asks again).
    public func shouldAsk(_ skillID: String) -> Bool {
        skipped.withLock { counts in
            guard let count = counts[skillID] else { return true }
            if count + 1 >= Self.probeInterval {
                counts[skillID] = nil
                return true
            }
            counts[skillID] = count + 1
            return false
        }
    }

    /// The model copied the example in `skillID`'s call.
    public func noteCopied(_ skillID: String) {
        skipped.withLock { $0[skillID] = 0 }
    }

    /// The model answered `skillID`'s call with something of its own.
    public func noteAnswered(_ skillID: String) {
        skipped.withLock { $0[skillID] = nil }
    }
}
