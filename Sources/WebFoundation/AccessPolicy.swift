import Crypto
import Foundation
import Synchronization

/// Who may talk to the server: the Host names it answers to, the Origin a state-changing request
/// must come from, whether a paired session is required, and the signed tokens (CSRF and session
/// cookies) it hands out.
///
/// Tokens are `random.signature`, the signature an HMAC-SHA256 under a key that lives only in this
/// process (or in the key file the server keeps next to the family data), so a cookie the server
/// did not issue is refused.
public final class AccessPolicy: Sendable {
    /// The address the server listens on.
    public let host: String
    private let port: Mutex<Int>
    private let keyBytes: Data
    /// The code that pairs a browser when the server listens beyond this machine; nil on loopback.
    public let pairingCode: String?

    /// Creates a policy.
    /// - Parameters:
    ///   - host: the listening address (`127.0.0.1` by default).
    ///   - port: the listening port (0 until bound; see ``setPort(_:)``).
    ///   - key: the signing key (default: a new random key).
    ///   - pairingCode: required on any address but loopback; ignored on loopback.
    public init(host: String, port: Int, key: SymmetricKey = SymmetricKey(size: .bits256), pairingCode: String?) {
        self.host = host
        self.port = Mutex(port)
        self.keyBytes = key.withUnsafeBytes { Data($0) }
        self.pairingCode = Self.isLoopback(host) ? nil : pairingCode
    }

    /// Whether `host` is a loopback address (the default, which needs no pairing).
    public static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// The port the server really listens on (set once bound, when port 0 asked for any free one).
    public func setPort(_ value: Int) { port.withLock { $0 = value } }

    /// The listening port.
    public var boundPort: Int { port.withLock { $0 } }

    /// Whether browsers must pair first.
    public var requiresPairing: Bool { pairingCode != nil }

    /// The `host:port` authorities the server answers to: the loopback names, and the listening
    /// address when it is another one. Anything else (a DNS-rebinding attacker's name) is refused.
    public var allowedAuthorities: Set<String> {
        let port = boundPort
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if !Self.isLoopback(host) && host != "0.0.0.0" && host != "::" { names.append(host.contains(":") ? "[\(host)]" : host) }
        return Set(names.map { "\($0):\(port)" })
    }

    /// Whether a Host header value names this server. A server on every address (0.0.0.0)
    /// answers to any IP-literal host on its port, never to a DNS name other than localhost.
    public func allows(authority: String) -> Bool {
        let value = authority.lowercased()
        if allowedAuthorities.contains(value) { return true }
        guard host == "0.0.0.0" || host == "::" else { return false }
        let port = ":\(boundPort)"
        guard value.hasSuffix(port) else { return false }
        let name = value.dropLast(port.count)
        return name.allSatisfy { $0.isNumber || $0 == "." } || (name.hasPrefix("[") && name.hasSuffix("]"))
    }

    /// Whether an Origin header value is this server (`http://` plus an allowed authority).
    public func allows(origin: String) -> Bool {
        guard origin.lowercased().hasPrefix("http://") else { return false }
        return allows(authority: String(origin.dropFirst("http://".count)))
    }

    /// A new signed token for `purpose` (`csrf` or `session`).
    public func issueToken(_ purpose: String) -> String {
        let random = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        return random + "." + signature(purpose: purpose, random: random)
    }

    /// Whether `token` was issued by this policy for `purpose`.
    public func isValid(_ token: String?, purpose: String) -> Bool {
        guard let token, let dot = token.firstIndex(of: "."), token.count < 200 else { return false }
        let random = String(token[..<dot])
        let given = Array(token[token.index(after: dot)...].utf8)
        let expected = Array(signature(purpose: purpose, random: random).utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0  // constant time
    }

    /// Whether `code` is the pairing code (compared in constant time).
    public func matchesPairingCode(_ code: String) -> Bool {
        guard let pairingCode else { return false }
        let given = Array(code.trimmingCharacters(in: .whitespaces).utf8), expected = Array(pairingCode.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func signature(purpose: String, random: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data((purpose + ":" + random).utf8), using: SymmetricKey(data: keyBytes))
        return mac.map { String(format: "%02x", $0) }.joined()
    }

    /// A random pairing code of eight digits.
    public static func newPairingCode() -> String {
        (0..<8).map { _ in String(Int.random(in: 0...9)) }.joined()
    }

    /// The signing key kept in `file` (created, owner-only, when absent), so pages stay signed in
    /// across restarts.
    public static func key(storedAt file: URL) throws -> SymmetricKey {
        if let data = try? Data(contentsOf: file), data.count == 32 { return SymmetricKey(data: data) }
        let key = SymmetricKey(size: .bits256)
        let data = key.withUnsafeBytes { Data($0) }
        try data.write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return key
    }
}
