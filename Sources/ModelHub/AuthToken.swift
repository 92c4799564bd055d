import Foundation

/// An access token for gated downloads (Hugging Face), sent as `Authorization: Bearer …` only to
/// the hosts it is meant for, only over HTTPS (or to this machine), and never printed: its
/// `description` is redacted, and errors name where it came from, not what it is.
public struct AuthToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Environment variables read, in order.
    public static let environmentVariables = ["HOMEOS_HF_TOKEN", "HF_TOKEN"]
    /// The hosts a Hugging Face token is sent to (and their subdomains).
    public static let huggingFaceHosts = ["huggingface.co", "hf.co"]

    let secret: String
    /// The hosts (and their subdomains) the token may be sent to.
    public let hosts: [String]
    /// Where the token came from (an environment variable name or a file path), for messages.
    public let origin: String

    /// Creates a token; `nil` when `secret` is empty after trimming.
    public init?(_ secret: String, hosts: [String] = AuthToken.huggingFaceHosts, origin: String) {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.secret = trimmed
        self.hosts = hosts.map { $0.lowercased() }
        self.origin = origin
    }

    /// The token from `HOMEOS_HF_TOKEN`, else `HF_TOKEN`, else the first line of `tokenFile`.
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment,
                               tokenFile: URL?) -> AuthToken? {
        for name in environmentVariables {
            if let value = environment[name], let token = AuthToken(value, origin: name) { return token }
        }
        guard let tokenFile, let data = try? Data(contentsOf: tokenFile), let text = String(data: data, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first else { return nil }
        return AuthToken(String(line), origin: tokenFile.path)
    }

    /// Whether the token may be sent with a request to `url`.
    public func applies(to url: String) -> Bool {
        guard let parsed = URL(string: url), let host = parsed.host?.lowercased(), let scheme = parsed.scheme?.lowercased() else {
            return false
        }
        let local = host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
        guard scheme == "https" || (scheme == "http" && local) else { return false }
        return hosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The header value; only the downloader reads it.
    var authorizationHeader: String { "Bearer \(secret)" }

    public var description: String { "access token from \(origin) (redacted)" }
    public var debugDescription: String { description }
}
