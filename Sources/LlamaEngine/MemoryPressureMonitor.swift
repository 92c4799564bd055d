import Dispatch
import Foundation
import Synchronization

/// Frees a model under memory pressure: when the process receives a signal (default `SIGUSR2`,
/// e.g. `kill -USR2 <pid>` from a supervisor) or when its resident memory passes a threshold,
/// it calls ``LlamaEngine/unload()`` on every engine it watches. The next request reloads the
/// model, so callers only see a slower first answer.
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
    /// The signal that requests an unload (nil: no signal handling).
    public let signal: Int32?
    private let state = Mutex(State())

    private struct State: @unchecked Sendable {
        var signalSource: (any DispatchSourceSignal)?
        var poller: Task<Void, Never>?
        var unloads = 0
    }

    /// Creates a monitor; call ``start()`` to begin.
    public init(engines: [LlamaEngine], residentLimitBytes: Int? = nil, pollInterval: Duration = .seconds(5),
                signal: Int32? = SIGUSR2) {
        self.engines = engines
        self.residentLimitBytes = residentLimitBytes
        self.pollInterval = pollInterval
        self.signal = signal
    }

    deinit { stop() }

    /// How many times the monitor has unloaded the engines.
    public var unloadCount: Int { state.withLock { $0.unloads } }

    /// Starts listening for the signal and polling resident memory.
    public func start() {
        state.withLock { state in
            if let signal, state.signalSource == nil {
                Foundation.signal(signal, SIG_IGN)  // the dispatch source receives it instead of the default action
                let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
                source.setEventHandler { [weak self] in
                    guard let self else { return }
                    Task { await self.unloadAll() }
                }
                source.resume()
                state.signalSource = source
            }
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

    /// Stops listening and polling.
    public func stop() {
        state.withLock { state in
            state.signalSource?.cancel()
            state.signalSource = nil
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
