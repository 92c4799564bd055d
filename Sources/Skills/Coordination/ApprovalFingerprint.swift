import Crypto
import Foundation
import LLM

extension ApprovalRequest {
    /// SHA-256 (hex) of everything the family is shown and everything that would run: the summary,
    /// the details, the risk, what approving and denying do, and the action with its payload, in a
    /// canonical JSON form (sorted keys). Not the id and not the stored ``fingerprint`` itself.
    public var contentFingerprint: String {
        struct Shown: Encodable {
            let summary: String
            let details: [Detail]
            let risk: RiskLevel
            let onApprove: String
            let onDeny: String
            let action: PendingAction
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let shown = Shown(summary: summary, details: details, risk: risk, onApprove: onApprove, onDeny: onDeny, action: action)
        // Encoding plain strings, enums and JSON values cannot fail; an empty digest input would
        // still never equal a stored fingerprint of real content.
        let data = (try? encoder.encode(shown)) ?? Data()
        return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
