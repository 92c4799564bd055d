import Foundation
import Synchronization

/// Lets long-running responses (a streamed answer, an event stream) end when the server stops:
/// each registers what to cancel, and ``trigger()`` runs them all once.
public final class ShutdownSignal: Sendable {
    private struct State {
        var handlers: [UUID: @Sendable () -> Void] = [:]
        var triggered = false
    }

    private let state = Mutex(State())

    /// Creates a signal nobody has triggered.
    public init() {}

    /// Registers `handler`; it runs at once when the server is already stopping.
    /// - Returns: the registration, for ``remove(_:)``.
    public func onShutdown(_ handler: @escaping @Sendable () -> Void) -> UUID {
        let id = UUID()
        let runNow = state.withLock { state -> Bool in
            if state.triggered { return true }
            state.handlers[id] = handler
            return false
        }
        if runNow { handler() }
        return id
    }

    /// Forgets a registration (its response ended on its own).
    public func remove(_ id: UUID) { _ = state.withLock { $0.handlers.removeValue(forKey: id) } }

    /// Whether the server is stopping.
    public var isTriggered: Bool { state.withLock { $0.triggered } }

    /// Runs every handler (once).
    public func trigger() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.triggered else { return [] }
            state.triggered = true
            defer { state.handlers.removeAll() }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }
}
