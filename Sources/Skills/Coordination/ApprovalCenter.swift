import Foundation

/// A recorded approve/deny decision.
public struct ApprovalDecision: Sendable, Hashable, Codable {
    /// The request decided on.
    public var request: ApprovalRequest
    /// Whether it was approved.
    public var approved: Bool
    /// When.
    public var decidedAt: Date
}

/// Where pending approvals and decisions are kept (the app provides a durable store).
public protocol ApprovalStore: Sendable {
    /// Saves a pending request.
    func savePending(_ request: ApprovalRequest) async throws
    /// Removes and returns a pending request.
    func takePending(id: UUID) async throws -> ApprovalRequest?
    /// All pending requests, oldest first.
    func pending() async throws -> [ApprovalRequest]
    /// Records a decision.
    func record(_ decision: ApprovalDecision) async throws
    /// All decisions, oldest first.
    func decisions() async throws -> [ApprovalDecision]
}

/// An ``ApprovalStore`` in memory (tests, and apps without persistence).
public actor InMemoryApprovalStore: ApprovalStore {
    private var waiting: [ApprovalRequest] = []
    private var log: [ApprovalDecision] = []

    /// Creates an empty store.
    public init() {}

    public func savePending(_ request: ApprovalRequest) { waiting.append(request) }
    public func takePending(id: UUID) -> ApprovalRequest? {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
        return waiting.remove(at: index)
    }
    public func pending() -> [ApprovalRequest] { waiting }
    public func record(_ decision: ApprovalDecision) { log.append(decision) }
    public func decisions() -> [ApprovalDecision] { log }
}

/// Holds actions that need the family's approval. Nothing happens until `approve(_:context:)`
/// or ``deny(_:)`` is called, and every decision is recorded.
public struct ApprovalCenter: Sendable {
    private let store: any ApprovalStore
    private let now: @Sendable () -> Date

    /// Creates a center over a store.
    public init(store: any ApprovalStore = InMemoryApprovalStore(), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    /// Parks a request until someone decides, fingerprinting what it shows and what it would run.
    public func submit(_ request: ApprovalRequest) async throws {
        var request = request
        request.fingerprint = request.contentFingerprint
        try await store.savePending(request)
    }

    /// Requests waiting for a decision.
    public func pending() async throws -> [ApprovalRequest] { try await store.pending() }

    /// Decisions made so far.
    public func decisions() async throws -> [ApprovalDecision] { try await store.decisions() }

    /// Approves a request: records the decision, then has the owning skill carry out the action.
    ///
    /// A request whose summary, details or action no longer match the fingerprint taken when it was
    /// parked (an edited backup imported in between, say) is refused: it is recorded as denied and
    /// nothing runs, so the family never approves one thing and gets another.
    /// - Throws: ``SkillError/unknownApproval(_:)``, ``SkillError/approvalChanged(_:)``, or the skill's error.
    public func approve(_ id: UUID, registry: SkillRegistry, context: SkillContext) async throws -> SkillResult {
        guard let request = try await store.takePending(id: id) else { throw SkillError.unknownApproval(id.uuidString) }
        guard let fingerprint = request.fingerprint, fingerprint == request.contentFingerprint else {
            try await store.record(ApprovalDecision(request: request, approved: false, decidedAt: now()))
            throw SkillError.approvalChanged(id.uuidString)
        }
        try await store.record(ApprovalDecision(request: request, approved: true, decidedAt: now()))
        return try await registry.skill(request.action.skillID).performApproved(request.action, context: context)
    }

    /// Denies a request: records the decision; the action never runs.
    public func deny(_ id: UUID) async throws -> ApprovalRequest {
        guard let request = try await store.takePending(id: id) else { throw SkillError.unknownApproval(id.uuidString) }
        try await store.record(ApprovalDecision(request: request, approved: false, decidedAt: now()))
        return request
    }
}
