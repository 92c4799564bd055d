import Foundation
import Hummingbird
import Logging
import Sentinel
import ServiceLifecycle
import WebFoundation

/// `sentinel serve`: the check-in, crisis view, dashboard, safety plan, reports and settings as
/// web pages on 127.0.0.1, on the same foundation as `homeos serve` (``RequestGuard``: Host,
/// Origin and CSRF checks, pairing beyond loopback, a strict CSP) with Sentinel's own data
/// directory, port and cookies.
///
/// Pages are rendered on the server; every response is `Cache-Control: no-store`, and nothing
/// clinical goes into browser storage. The store opens only with the passphrase and locks again
/// after ``Configuration/idleLock`` without use.
///
/// ```swift
/// let server = try SentinelWebServer(configuration: .init(dataDirectory: directory), models: .none(reason: "no model"))
/// try await server.run { url in print("Sentinel is ready at \(url)") }
/// ```
public final class SentinelWebServer: Sendable {
    /// Where and how the server listens, and how it locks.
    public struct Configuration: Sendable {
        /// The address to bind (default 127.0.0.1; any other needs pairing).
        public var host: String
        /// The port (0: any free one).
        public var port: Int
        /// The pairing code for a non-loopback address (nil: a random one).
        public var pairingCode: String?
        /// The data directory (the encrypted store and crisis history).
        public var dataDirectory: URL
        /// How long the app stays unlocked without a request.
        public var idleLock: Duration
        /// The crisis recheck interval (10 minutes).
        public var recheckAfter: TimeInterval

        /// Creates a configuration.
        public init(host: String = "127.0.0.1", port: Int = 8766, pairingCode: String? = nil, dataDirectory: URL,
                    idleLock: Duration = .seconds(300), recheckAfter: TimeInterval = CrisisSession.recheckInterval) {
            self.host = host
            self.port = port
            self.pairingCode = pairingCode
            self.dataDirectory = dataDirectory
            self.idleLock = idleLock
            self.recheckAfter = recheckAfter
        }
    }

    /// The guard's names for Sentinel: its own cookies (cookies are shared by every port of a host).
    static let guardSettings = GuardSettings(product: "Sentinel", command: "sentinel serve",
                                             publicPaths: ["/pair", "/sentinel.css"])

    /// The configuration.
    public let configuration: Configuration
    /// Who may connect, and the tokens handed out.
    public let policy: AccessPolicy
    /// The store, locked or unlocked.
    public let vault: SentinelVault
    let models: SentinelModels
    let shutdown = ShutdownSignal()
    let logger: Logger
    private let assets: Assets

    /// Creates the server.
    /// - Parameters:
    ///   - models: the model-backed steps (``SentinelModels/none(reason:crisisScreen:)`` for none).
    ///   - logger: requests by method, path and status at `info`, never a passphrase, a body or a
    ///     clinical value; the default logs warnings and errors only.
    /// - Throws: when a page resource is missing from the build.
    public init(configuration: Configuration, models: SentinelModels, logger: Logger = SentinelWebServer.quietLogger()) throws {
        self.configuration = configuration
        policy = AccessPolicy(host: configuration.host, port: configuration.port,
                              pairingCode: configuration.pairingCode ?? AccessPolicy.newPairingCode())
        vault = SentinelVault(directory: configuration.dataDirectory, idleLimit: configuration.idleLock)
        self.models = models
        self.logger = logger
        assets = try Assets()
    }

    /// A logger that records warnings and errors only.
    public static func quietLogger() -> Logger {
        var logger = Logger(label: "sentinel.serve")
        logger.logLevel = .warning
        return logger
    }

    /// Every route behind the request guard and the lock.
    public func router() -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: RequestLog(logger: logger))
        router.add(middleware: RequestGuard(policy: policy, settings: Self.guardSettings))
        router.add(middleware: VaultGate(vault: vault))
        assets.register(on: router)
        PairingRoutes(policy: policy, settings: Self.guardSettings, styleSheet: "/sentinel.css").register(on: router)
        let context = RouteContext(vault: vault, models: models, configuration: configuration, shutdown: shutdown)
        UnlockRoutes(context: context).register(on: router)
        CheckInRoutes(context: context).register(on: router)
        CrisisRoutes(context: context).register(on: router)
        DashboardRoutes(context: context).register(on: router)
        PlanRoutes(context: context).register(on: router)
        ReportRoutes(context: context).register(on: router)
        SettingsRoutes(context: context).register(on: router)
        router.get("/api/health") { _, _ in JSONResponse.make(["status": "ok"]) }
        // The page reports typing and taps so the idle lock follows the person, not only requests.
        router.post("/api/activity") { _, _ in
            _ = try Unlocked.require()
            return Response(status: .noContent)
        }
        return router
    }

    /// The HTTP application alone, for tests and embedding.
    /// - Parameter onReady: called with the address once the socket is bound.
    public func application(onReady: @escaping @Sendable (URL) async -> Void = { _ in }) -> some ApplicationProtocol {
        LoopbackApplication.make(router: router(), policy: policy, port: configuration.port, serverName: "Sentinel",
                                 logger: logger, onReady: onReady)
    }

    /// Serves until SIGINT or SIGTERM; the store is locked (closed) on the way out.
    public func run(onReady: @escaping @Sendable (URL) async -> Void) async throws {
        let services: [any Service] = [application(onReady: onReady), IdleLockService(vault: vault),
                                       SentinelShutdownService(shutdown: shutdown, vault: vault)]
        let group = ServiceGroup(configuration: .init(services: services.map { .init(service: $0) },
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}

/// What every route needs.
struct RouteContext: Sendable {
    let vault: SentinelVault
    let models: SentinelModels
    let configuration: SentinelWebServer.Configuration
    let shutdown: ShutdownSignal

    /// The idle lock in whole seconds, for the pages' timer.
    var idleSeconds: Int { Int(configuration.idleLock.components.seconds) }

    /// A page in the unlocked layout.
    func page(_ title: String, _ body: String, status: HTTPResponse.Status = .ok) -> Response {
        Page(title: title, body: body, idleSeconds: idleSeconds, status: status).response
    }
}

/// Locks the store when the idle limit passes, even if no request comes to notice.
struct IdleLockService: Service {
    let vault: SentinelVault

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(1))
                    await vault.lockIfIdle()
                }
            }
        } catch is CancellationError {
            // The server is stopping.
        }
    }
}

/// Ends streamed reports and locks the store when the server stops.
struct SentinelShutdownService: Service {
    let shutdown: ShutdownSignal
    let vault: SentinelVault

    func run() async throws {
        try? await gracefulShutdown()
        shutdown.trigger()
        await vault.lock()
    }
}
