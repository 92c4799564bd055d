import Foundation

/// The family's answer about the opt-in remote fallback: which OpenAI-compatible server may answer
/// when the on-device model cannot, and whether they agreed to it.
///
/// Asked once (`homeos remote-fallback allow`) and kept at ``StoragePaths/remoteFallback``; absent
/// means never asked, which is the same as "no". The API key is never stored: it comes from
/// `HOMEOS_REMOTE_API_KEY` when the remote model is used.
public struct RemoteFallbackSetting: Codable, Sendable, Hashable {
    /// The server's API root (for example `https://api.example.com/v1`).
    public var baseURL: String
    /// The model name sent with each request.
    public var model: String
    /// Whether the family agreed to send messages there when the on-device model fails.
    public var allowed: Bool
    /// When they answered.
    public var decidedAt: Date

    /// Creates a setting.
    public init(baseURL: String, model: String, allowed: Bool, decidedAt: Date) {
        self.baseURL = baseURL
        self.model = model
        self.allowed = allowed
        self.decidedAt = decidedAt
    }

    private enum CodingKeys: String, CodingKey {
        case baseURL = "base_url", model, allowed, decidedAt = "decided_at"
    }
}
