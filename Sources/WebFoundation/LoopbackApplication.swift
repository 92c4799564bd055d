import Foundation
import Hummingbird
import Logging

/// The Hummingbird application of a local server: it listens on the policy's host and port,
/// records the port really bound (port 0 asks for any free one), and reports the address to
/// open — 127.0.0.1 for loopback and every-address servers, the host otherwise.
public enum LoopbackApplication {
    /// The application for `router`.
    public static func make(router: Router<WebRequestContext>, policy: AccessPolicy, port: Int, serverName: String,
                            logger: Logger, onReady: @escaping @Sendable (URL) async -> Void) -> some ApplicationProtocol {
        let host = policy.host
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: serverName),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                policy.setPort(port)
                let shown = AccessPolicy.isLoopback(host) || host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
                await onReady(URL(string: "http://\(shown):\(port)/")!)
            },
            logger: logger)
    }
}
