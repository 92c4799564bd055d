import Foundation
import LLM
import Skills

/// telephony (A): looks up phone numbers in the family members' contacts and prepares calls.
/// It never "dials" without a high-risk approval; after approval it hands the number to the
/// family (HomeOS has no phone line of its own) and says so honestly. No model is used.
public struct TelephonySkill: HomeOSSkill {
    /// The skill's arguments; all optional (read from the message or a handoff when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// Who to call or look up (a member's name, "grandma", "the doctor").
        public var contact: String?
        /// Whether only the number is wanted (no call).
        public var lookupOnly: Bool?
    }

    public static let catalogEntry = HomeOSSkillCatalog.telephony

    /// The name of the approved action.
    public static let callAction = "place-call"

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        if CoreSkillSupport.mentions(context.message, ["911", "emergency services", "ambulance", "police", "fire department"]) {
            return .response("Call 911 yourself now from any phone. HomeOS cannot place calls, and emergency calls should never wait for an app.")
        }
        let family = CoreSkillSupport.family(services)
        let handoffContact = context.handoff?.context["member"] ?? context.handoff?.context["contact"]
        let explicit = arguments.contact ?? handoffContact
        let candidates = CoreSkillSupport.members(in: context.message, family: family, explicit: explicit)
        let asksForNumber = CoreSkillSupport.mentions(context.message, ["number", "phone number", "what's", "what is", "email"])
            && !CoreSkillSupport.mentions(context.message, ["call", "dial", "ring"])
        let lookupOnly = arguments.lookupOnly ?? asksForNumber
        let purpose = context.handoff?.context["purpose"]
        // A doctor or other contact that is not a family member (from a healthcare handoff).
        if purpose == "call the doctor" || CoreSkillSupport.mentions(context.message, ["doctor", "dentist", "pediatrician", "dr"]) {
            let doctor = context.handoff?.context["contact"]
            return .response("I don't have a phone number for \(doctor ?? "the doctor") in the family's contacts. "
                + "HomeOS can only call people whose numbers are saved; add the number and ask again, or call from your phone.")
        }
        guard let member = candidates.first(where: { $0.contact?.phone != nil }) ?? candidates.first else {
            let name = explicit ?? "that person"
            return .response("I couldn't find \(name) in the family's contacts. Who would you like to call?")
        }
        guard let phone = member.contact?.phone else {
            return .response("I don't have a phone number for \(member.name). Add one to the family file and ask again.")
        }
        if lookupOnly {
            var text = "\(member.name)'s phone number is \(phone)."
            if let email = member.contact?.email { text += " E-mail: \(email)." }
            return .response(text)
        }
        var details: [ApprovalRequest.Detail] = [.init("Who", member.name), .init("Number", phone)]
        if let reason = context.handoff?.reason { details.append(.init("Why", reason)) }
        return .needsApproval(ApprovalRequest(
            summary: "Call \(member.name) at \(phone)", details: details, risk: .high,
            onApprove: "The call to \(member.name) is started.", onDeny: "No call is made.",
            action: PendingAction(skillID: Self.catalogEntry.id, name: Self.callAction,
                                  payload: ["name": .string(member.name), "phone": .string(phone)])))
    }

    public func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        guard action.name == Self.callAction, let phone = action.payload["phone"]?.stringValue else {
            return .error("Calls has no approved action '\(action.name)'.")
        }
        let name = action.payload["name"]?.stringValue ?? "them"
        return .response("Approved. HomeOS has no phone line on this device, so please dial \(name) at \(phone) from your phone.")
    }
}
