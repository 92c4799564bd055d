import Foundation

/// A secret bearer token for a remote server. It is sent only in the `Authorization` header and
/// never appears in descriptions, logs, errors or dumps.
public struct RemoteAPIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token itself; read it only to build the request header.
    let secret: String

    /// Wraps a token. Leading and trailing whitespace (a pasted newline) is removed.
    public init(_ secret: String) {
        self.secret = secret.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The environment variable the command line reads the key from.
    public static let environmentVariable = "HOMEOS_REMOTE_API_KEY"

    /// The key from `environment` (default: the process environment), or nil when unset or empty.
    public static func fromEnvironment(_ environment: [String: String]) -> RemoteAPIKey? {
        guard let value = environment[environmentVariable], !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return nil
        }
        return RemoteAPIKey(value)
    }

    /// The value of the `Authorization` header.
    var authorizationHeader: String { "Bearer \(secret)" }

    public var description: String { "<redacted API key>" }
    public var debugDescription: String { description }
    /// No children, so `dump` and debuggers' mirrors do not show the token either.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
