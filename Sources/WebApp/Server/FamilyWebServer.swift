import Foundation
import HomeOS
import Hummingbird
import WebFoundation
import LLM
import Logging
import ModelHub
import ServiceLifecycle

/// `homeos serve`: one warm process that keeps the model loaded, owns the family store, runs the
/// proactive scheduler (its notifications reach open pages as they fire), and serves the family
/// web app and its JSON API on 127.0.0.1.
///
/// ```swift
/// let server = try FamilyWebServer(storage: storage, loader: loader, sentenceEncoder: encoder,
///                                  library: ModelLibrary.standard())
/// try await server.run { url in print("HomeOS is ready at \(url)") }
/// ```
public final class FamilyWebServer: Sendable {
    /// Where and how the server listens.
    public struct Configuration: Sendable {
        /// The address to bind (default 127.0.0.1; any other needs pairing).
        public var host: String
        /// The port (0: any free one).
        public var port: Int
        /// The pairing code for a non-loopback address (nil: a random one is made and printed).
        public var pairingCode: String?
        /// Where the cookie-signing key is kept (nil: a new key each start, so pages re-pair).
        public var keyFile: URL?
        /// The model to load first (nil: the selected or default model; ignored without a loader).
        public var modelID: String?
        /// Whether the proactive scheduler runs in the process.
        public var runsScheduler: Bool
        /// The context size the Models page estimates memory for.
        public var contextSize: Int
        /// KV caches of that size the loaded model keeps (one per concurrent generation with
        /// `--kv-cache per-sequence`).
        public var kvCacheCount = 1
        /// Makes the remote model the family allowed (`homeos remote-fallback allow`) into the
        /// fallback the skills try after the on-device model fails; nil never leaves the machine.
        /// Read again whenever the stored setting changes.
        public var remoteFallback: (@Sendable (RemoteFallbackSetting) -> RemoteFallback?)?

        /// Creates a configuration.
        public init(host: String = "127.0.0.1", port: Int = 8765, pairingCode: String? = nil, keyFile: URL? = nil,
                    modelID: String? = nil, runsScheduler: Bool = true, contextSize: Int = 2048,
                    remoteFallback: (@Sendable (RemoteFallbackSetting) -> RemoteFallback?)? = nil) {
            self.remoteFallback = remoteFallback
            self.host = host
            self.port = port
            self.pairingCode = pairingCode
            self.keyFile = keyFile
            self.modelID = modelID
            self.runsScheduler = runsScheduler
            self.contextSize = contextSize
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// Who may connect, and the tokens handed out.
    public let policy: AccessPolicy
    let session: FamilySession
    let library: ModelLibrary
    let shutdown = ShutdownSignal()
    let logger: Logger
    private let assets: StaticRoutes

    /// Creates the server.
    /// - Parameters:
    ///   - storage: the family store (the server owns it while it runs).
    ///   - loader: loads models by id; nil runs without a model (deterministic steps only).
    ///   - sentenceEncoder: the encoder routing and the crisis layer read vectors from.
    ///   - library: the installed and downloadable models.
    ///   - now: the clock.
    ///   - logger: structured logs (requests by method, path and status at `info`; never message
    ///     text). The default logs warnings and errors only.
    /// - Throws: when the key file cannot be read or made, or a page resource is missing.
    public init(configuration: Configuration = Configuration(), storage: any StorageProvider, loader: (any ModelLoading)?,
                sentenceEncoder: (any TextEmbedding)?, library: ModelLibrary, now: @escaping @Sendable () -> Date = Date.init,
                logger: Logger = FamilyWebServer.quietLogger()) throws {
        self.configuration = configuration
        let key = try configuration.keyFile.map(AccessPolicy.key(storedAt:))
        let code = configuration.pairingCode ?? AccessPolicy.newPairingCode()
        policy = key.map { AccessPolicy(host: configuration.host, port: configuration.port, key: $0, pairingCode: code) }
            ?? AccessPolicy(host: configuration.host, port: configuration.port, pairingCode: code)
        session = FamilySession(storage: storage, models: ModelManager(loader: loader), events: EventHub(),
                                sentenceEncoder: sentenceEncoder, remoteFallback: configuration.remoteFallback, now: now)
        self.library = library
        self.logger = logger
        assets = try StaticRoutes()
    }

    /// A logger that records warnings and errors only.
    public static func quietLogger() -> Logger {
        var logger = Logger(label: "homeos.serve")
        logger.logLevel = .warning
        return logger
    }

    /// Loads the first model (when there is a loader), and builds the assistant over it and the
    /// family, so the first message does not wait for that (about 200 ms on 2 cores), and has the
    /// engine prefill the skills' classification prompts (``HomeOSAssistant/warmUp()``, about a
    /// second), before the server listens: no request can wait behind them.
    /// - Returns: its id.
    /// - Throws: the loader's error, which says what to do.
    @discardableResult
    public func loadInitialModel() async throws -> String? {
        let id = try await session.models.load(configuration.modelID).id
        _ = try? await session.assistant()  // before `homeos init` there is no family yet: built on demand later
        await session.warmUp()
        return id
    }

    /// The id of the model in use, if any.
    public var activeModelID: String? { get async { await session.models.current?.id } }

    /// The family server's cookie names, its OpenAI-compatible API (errors in OpenAI's shape, no
    /// CSRF token) and the pages an unpaired browser may load.
    static let guardSettings = GuardSettings(
        product: "HomeOS", command: "homeos serve",
        isAPI: { path in path.hasPrefix("/v1/") || path == "/openapi.json" },
        renderAPIError: { error, _ in OpenAIError(error).jsonResponse },
        publicPaths: ["/pair", "/app.css"])

    /// Every route behind the request guard.
    public func router() -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.info, includeHeaders: .none))
        router.add(middleware: RequestGuard(policy: policy, settings: Self.guardSettings))
        assets.register(on: router)
        PairingRoutes(policy: policy, settings: Self.guardSettings, styleSheet: "/app.css").register(on: router)
        ChatRoutes(session: session, shutdown: shutdown).register(on: router)
        ApprovalRoutes(session: session).register(on: router)
        TodayRoutes(session: session).register(on: router)
        FamilyRoutes(session: session).register(on: router)
        ModelRoutes(session: session, library: library, shutdown: shutdown, contextSize: configuration.contextSize,
                    kvCacheCount: configuration.kvCacheCount).register(on: router)
        EventRoutes(events: session.events, shutdown: shutdown).register(on: router)
        OpenAIRoutes(session: session, library: library, shutdown: shutdown, openAPIDocument: assets.openAPIDocument).register(on: router)
        router.get("/api/health") { _, _ in
            JSONResponse.make(HealthPayload(status: "ok", model: await self.session.models.displayID))
        }
        return router
    }

    /// The HTTP application alone (no scheduler), for tests and embedding.
    /// - Parameter onReady: called with the address once the socket is bound.
    public func application(onReady: @escaping @Sendable (URL) async -> Void = { _ in }) -> some ApplicationProtocol {
        LoopbackApplication.make(router: router(), policy: policy, port: configuration.port, serverName: "HomeOS",
                                 logger: logger, onReady: onReady)
    }

    /// Serves until SIGINT or SIGTERM: then in-flight answers and downloads are cancelled, event
    /// streams end, the scheduler stops, and the call returns (the store closes with the process).
    /// - Parameter onReady: called with the address once the server listens.
    public func run(onReady: @escaping @Sendable (URL) async -> Void) async throws {
        var services: [any Service] = [application(onReady: onReady)]
        if configuration.runsScheduler { services.append(SchedulerService(session: session, logger: logger)) }
        services.append(ShutdownService(shutdown: shutdown, events: session.events))
        let group = ServiceGroup(configuration: .init(services: services.map { .init(service: $0) },
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}

/// `/api/health`.
struct HealthPayload: Encodable, Sendable {
    var status: String
    var model: String?
}

/// Runs the proactive scheduler inside the server; its notifications go to the pages.
struct SchedulerService: Service {
    let session: FamilySession
    let logger: Logger

    func run() async throws {
        let storage = session.storage
        let bridge = LLMBridge(model: session.models.live)
        let hasModel = await session.models.current != nil
        let daemon = SchedulerDaemon(
            storage: storage, clock: SystemSchedulerClock(), notifier: WebNotifier(storage: storage, events: session.events),
            content: NotificationContentProducer(storage: storage, briefings: BriefingWriter(storage: storage, bridge: hasModel ? bridge : nil)),
            log: { [logger] message in logger.info("scheduler: \(message)") })
        do {
            try await cancelWhenGracefulShutdown { try await daemon.run() }
        } catch is CancellationError {
        } catch {
            // A family with nothing to schedule, or a store problem: the web app still works.
            logger.warning("scheduler stopped: \(error)")
            try? await gracefulShutdown()
        }
    }
}

/// The first service told to stop: cancels streamed answers and downloads and ends event streams,
/// so the HTTP server's wait for in-flight requests is short.
struct ShutdownService: Service {
    let shutdown: ShutdownSignal
    let events: EventHub

    func run() async throws {
        try? await gracefulShutdown()
        shutdown.trigger()
        events.finishAll()
    }
}
