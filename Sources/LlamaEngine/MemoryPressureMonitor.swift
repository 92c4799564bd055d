import Foundation

/// Frees a model under memory pressure: when the process's resident memory passes a threshold
/// (polled), or when the app calls ``unloadAll()`` itself (for example from its own
/// memory-warning or signal handling), it calls ``LlamaEngine/unload()`` on every engine it
/// watches. The next request reloads the model, so callers only see a slower first answer.
///
/// Signal handling is left to the app: it is process-wide, and a dispatch signal source installed
/// by a library proved unreliable on Linux in a busy multi-threaded process (tests missed signals).
///
/// ```swift
/// let monitor = MemoryPressureMonitor(engines: [engine], residentLimitBytes: 1 << 30)
/// monitor.start()
/// ```
public final class MemoryPressureMonitor: Sendable {
    /// The engines to unload.
    public let engines: [LlamaEngine]
    /// Unload when resident memory exceeds this many bytes (nil: no polling).
    public let residentLimitBytes: Int?
    /// How often resident memory is checked.
    public let pollInterval: Duration
    private let state = LockedState(State())

    private struct State: Sendable {
        var poller: Task<Void, Never>?
        var unloads = 0
    }

    /// Creates a monitor; call ``start()`` to begin.
    public init(engines: [LlamaEngine], residentLimitBytes: Int?, pollInterval: Duration = .seconds(5)) {
        self.engines = engines
        self.residentLimitBytes = residentLimitBytes
        self.pollInterval = pollInterval
    }

    deinit { stop() }

    /// How many times the monitor has unloaded the engines.
    public var unloadCount: Int { state.withLock { $0.unloads } }

    /// Starts polling resident memory.
    public func start() {
        state.withLock { state in
            if let limit = residentLimitBytes, state.poller == nil {
                let interval = pollInterval
                state.poller = Task { [weak self] in
                    while !Task.isCancelled {
                        if residentMemoryBytes() > limit { await self?.unloadAll() }
                        try? await Task.sleep(for: interval)
                    }
                }
            }
        }
    }

    /// Stops polling.
    public func stop() {
        state.withLock { state in
            state.poller?.cancel()
            state.poller = nil
        }
    }

    /// Unloads every watched engine that has a model loaded.
    public func unloadAll() async {
        var unloaded = false
        for engine in engines where await engine.isLoaded {
            await engine.unload()
            unloaded = true
        }
        if unloaded { state.withLock { $0.unloads += 1 } }
    }
}
