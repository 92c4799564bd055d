import Foundation
import LLM
import Skills
import Testing

/// Issue 22: an approval showed one record and executed another (an edited backup displayed
/// "Nobu for 6" and booked a party of 60). What runs must be what was shown.
@Suite struct ApprovalFingerprintTests {
    /// An approval store whose parked requests a test can edit, as an imported backup would.
    actor EditableApprovalStore: ApprovalStore {
        private var waiting: [ApprovalRequest] = []
        private var log: [ApprovalDecision] = []
        func savePending(_ request: ApprovalRequest) { waiting.append(request) }
        func takePending(id: UUID) -> ApprovalRequest? {
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return waiting.remove(at: index)
        }
        func pending() -> [ApprovalRequest] { waiting }
        func record(_ decision: ApprovalDecision) { log.append(decision) }
        func decisions() -> [ApprovalDecision] { log }
        func edit(_ change: (inout ApprovalRequest) -> Void) { change(&waiting[0]) }
    }

    func parked(_ store: EditableApprovalStore, booking: BookingSkill) async throws -> (Assistant, ApprovalRequest) {
        var registry = SkillRegistry()
        try registry.register(AnySkill(booking))
        let model = ScriptedModel(defaultReply: #"{"restaurant": "Nobu", "partySize": 6}"#)
        let bridge = LLMBridge(model: model)
        let router = ChatTurnRouter(skills: registry.enabledDescriptors, scorer: FixedScorer(table: ["booking": 0.9]), bridge: bridge)
        let assistant = Assistant(registry: registry, router: router, bridge: bridge, approvals: ApprovalCenter(store: store))
        guard case .needsApproval(let request) = await assistant.handle("book Nobu for 6").result else {
            throw SkillError.unknownApproval("no approval parked")
        }
        return (assistant, request)
    }

    @Test func aParkedRequestCarriesTheFingerprintOfWhatItShows() async throws {
        let store = EditableApprovalStore()
        _ = try await parked(store, booking: BookingSkill())
        let stored = try #require(await store.pending().first)
        #expect(stored.fingerprint == stored.contentFingerprint)
        #expect(stored.fingerprint?.count == 64)
    }

    @Test func aRequestEditedAfterItWasShownIsRefusedAndNothingRuns() async throws {
        let store = EditableApprovalStore()
        let booking = BookingSkill()
        let (assistant, request) = try await parked(store, booking: booking)
        await store.edit { $0.action.payload = ["restaurant": "Nobu", "partySize": 60] }
        await #expect(throws: SkillError.approvalChanged(request.id.uuidString)) { try await assistant.approve(request.id) }
        #expect(await booking.booked.entries.isEmpty)
        #expect(try await assistant.approvals.decisions().map(\.approved) == [false])
        #expect(try await assistant.approvals.pending().isEmpty, "the changed request is withdrawn")
        #expect(SkillError.approvalChanged("x").description.contains("Nothing was done"))
    }

    @Test func aRequestWithoutAFingerprintIsRefusedToo() async throws {
        let store = EditableApprovalStore()
        let booking = BookingSkill()
        let (assistant, request) = try await parked(store, booking: booking)
        await store.edit { $0.fingerprint = nil }
        await #expect(throws: SkillError.approvalChanged(request.id.uuidString)) { try await assistant.approve(request.id) }
        #expect(await booking.booked.entries.isEmpty)
    }

    @Test func anUntouchedRequestRuns() async throws {
        let store = EditableApprovalStore()
        let booking = BookingSkill()
        let (assistant, request) = try await parked(store, booking: booking)
        #expect(try await assistant.approve(request.id) == .response("Booked."))
        #expect(await booking.booked.entries == ["Nobu"])
    }
}
