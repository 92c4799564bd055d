import Foundation
@testable import HomeOS
import Skills
import Testing

/// Issue 26, item 3: skills' declared permissions are checked against what the family allows.
@Suite struct SkillPermissionTests {
    static let booking = "Book a table at an Italian place for Saturday at 7pm for 4"

    static func assistant(_ scenario: CoreScenario) throws -> HomeOSAssistant {
        try HomeOSAssistant(storage: scenario.storage, bridge: nil, now: { CoreScenario.now })
    }

    @Test func aSkillNeedingADeniedPermissionIsRefusedAndDoesNothing() async throws {
        let scenario = try CoreScenario()
        try scenario.storage.update(.skillSettings) { $0.setAllowed(false, .calendar) }
        let home = try Self.assistant(scenario)
        let reply = await home.assistant.handle(Self.booking)
        #expect(reply.skillID == "restaurant-reservation")
        guard case .error(let text) = reply.result else { Issue.record("expected a refusal, got \(reply.result)"); return }
        #expect(text.contains("needs permission to write to the calendar"), "\(text)")
        #expect(text.contains("homeos skills allow calendar"), "\(text)")
        #expect(try await home.pendingApprovals().isEmpty, "nothing was parked")

        // Allowed again: the same message parks the booking for approval.
        try scenario.storage.update(.skillSettings) { $0.setAllowed(true, .calendar) }
        let allowed = await (try Self.assistant(scenario)).assistant.handle(Self.booking)
        guard case .needsApproval = allowed.result else { Issue.record("\(allowed.result)"); return }
    }

    @Test func anApprovalWhosePermissionWasWithdrawnIsNotCarriedOut() async throws {
        let scenario = try CoreScenario()
        let reply = await (try Self.assistant(scenario)).assistant.handle(Self.booking)
        guard case .needsApproval(let request) = reply.result else { Issue.record("\(reply.result)"); return }
        try scenario.storage.update(.skillSettings) { $0.setAllowed(false, .spendMoney) }
        let home = try Self.assistant(scenario)
        await #expect(throws: SkillError.permissionDenied(skillName: "Restaurant reservation", missing: [.spendMoney])) {
            _ = try await home.assistant.approve(request.id)
        }
        #expect(try await home.pendingApprovals().map(\.id) == [request.id], "still pending, for when it is allowed again")
    }

    @Test func settingsWithoutPermissionsStillDecodeAndAllowEverything() throws {
        let old = try JSONDecoder().decode(SkillSettings.self, from: Data(#"{"disabled": ["psy-rich"]}"#.utf8))
        #expect(old.grantedPermissions == Set(SkillPermission.allCases))
        #expect(!old.isEnabled("psy-rich"))
    }
}
