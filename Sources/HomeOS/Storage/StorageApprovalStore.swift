import Foundation
import Skills

/// An ``ApprovalStore`` kept in a ``StorageProvider`` (``StoragePaths/pendingApprovals`` and
/// ``StoragePaths/approvalDecisions``), so an approval parked by one `homeos` command can be
/// answered by another.
public struct StorageApprovalStore: ApprovalStore {
    private let storage: any StorageProvider

    /// Creates a store over `storage`.
    public init(storage: any StorageProvider) { self.storage = storage }

    public func savePending(_ request: ApprovalRequest) async throws {
        try storage.update(.pendingApprovals) { pending in
            pending.removeAll { $0.id == request.id }
            pending.append(request)
        }
    }

    public func takePending(id: UUID) async throws -> ApprovalRequest? {
        try storage.update(.pendingApprovals) { pending in
            guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
            return pending.remove(at: index)
        }
    }

    public func pending() async throws -> [ApprovalRequest] { try storage.load(.pendingApprovals) }

    public func record(_ decision: ApprovalDecision) async throws {
        try storage.update(.approvalDecisions) { $0.append(decision) }
    }

    public func decisions() async throws -> [ApprovalDecision] { try storage.load(.approvalDecisions) }
}
