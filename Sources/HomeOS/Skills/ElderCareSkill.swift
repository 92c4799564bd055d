import Foundation
import LLM
import Skills

/// elder-care (B+C): check-ins with older relatives and triage of concerns about them.
///
/// ``MedicalEmergencyNet`` runs first (fixed emergency instructions, whatever the model does);
/// a concern is then triaged with the ``MedicalTriage`` floor (a fall is urgent) which the
/// model may only raise, with short generated advice and a deterministic fallback. Checking in
/// or calling hands off to telephony, which asks for approval before any call. Health answers
/// carry ``HealthDisclaimer``.
public struct ElderCareSkill: HomeOSSkill {
    /// The skill's arguments; all optional (read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// The relative concerned (name or id).
        public var member: String?
        /// Whether the person wants to check in (call) rather than report a concern.
        public var checkIn: Bool?
    }

    public static let catalogEntry = HomeOSSkillCatalog.elderCare

    /// Fixed steps after a fall.
    public static let fallSteps = [
        "If they are hurt, cannot get up, hit their head, or take blood thinners, do not lift them: keep them warm and call their doctor or 911.",
        "Watch over the next 24 hours for headache, drowsiness, confusion or new pain, and get care the same day if any appear.",
        "Write down when and how it happened for the doctor; repeated falls need a check-up.",
    ]

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let family = CoreSkillSupport.family(services)
        var elders = CoreSkillSupport.members(in: context.message, family: family, explicit: arguments.member)
        if elders.isEmpty { elders = family?.members(withRole: .grandparent) ?? [] }
        let elder = elders.first
        let assessment = MedicalEmergencyNet().assess(context.message, patientAgeInMonths: elder?.age.map { $0 * 12 })
        if assessment.isEmergency { return .response(HealthDisclaimer.appending(to: assessment.text)) }
        // "When does Grandma Rosa take her atorvastatin?" is a question about her medications, not a
        // concern to triage: healthcare reads the schedule, refills and appointments.
        if let topic = HealthcareSkill.statedTopic(in: context.message), [.medication, .refill, .appointment].contains(topic) {
            var facts: [String: String] = [:]
            if let elder { facts["member"] = elder.name }
            return .handoff(HandoffRequest(targetSkillID: HealthcareSkill.catalogEntry.id,
                                           reason: "A question about \(elder?.name ?? "a relative")'s \(topic.rawValue).", context: facts))
        }
        let wantsCheckIn = arguments.checkIn ?? CoreSkillSupport.mentions(context.message, [
            "check in", "check on", "call", "phone", "ring", "talk to", "see how"])
        if wantsCheckIn, assessment.triage < .urgent {
            let name = elder?.name ?? "your relative"
            var facts = ["purpose": "check in"]
            if let elder { facts["member"] = elder.name }
            return .handoff(HandoffRequest(targetSkillID: HomeOSSkillCatalog.telephony.id,
                                           reason: "Check in on \(name) by phone.", context: facts))
        }
        return .response(HealthDisclaimer.appending(to: await concernAnswer(assessment, elder: elder, context: context)))
    }

    func concernAnswer(_ assessment: MedicalEmergencyAssessment, elder: FamilyMember?, context: SkillContext) async -> String {
        var level = assessment.triage
        let fell = CoreSkillSupport.mentions(context.message, ["fell", "fall", "fallen", "falling", "tripped", "slipped"])
        if fell, level < .urgent { level = .urgent }
        if let label = await CoreSkillSupport.classify(context.message, categories: HealthcareSkill.triageCategories, context: context),
           let modelLevel = TriageLevel(label: label), modelLevel > level {
            level = modelLevel
        }
        let name = elder?.name ?? "your relative"
        var lines = ["Triage for \(name): \(level.rawValue). \(level.guidance)"]
        if level == .emergency { lines.insert(MedicalEmergencyNet.callEmergencyServices, at: 0) }
        if fell { lines += Self.fallSteps }
        let medications = ((try? services.storage.load(.medications)) ?? []).filter { $0.memberID == elder?.id }
        let data = elder.map { "Who: \($0.name)" + ($0.age.map { ", \($0) years old" } ?? "")
            + (medications.isEmpty ? "" : ", takes " + medications.map(\.name).joined(separator: ", ")) } ?? ""
        if let advice = await SkillModelCalls.showingOpening(lines.joined(separator: "\n"), {
            await CoreSkillSupport.generateText(
                services, skillID: Self.catalogEntry.id,
                instruction: "Give 2 short, kind, practical suggestions for the family about this concern for an older relative. "
                    + "The triage level is \(level.rawValue). Do not diagnose. No more than 50 words.",
                data: data, context: context, maxTokens: 110)
        }) {
            lines.append(advice)
        } else if !fell {
            lines.append("Check in with \(name) today, note any changes (sleep, eating, memory, mobility), and share them with their doctor.")
        }
        if let phone = elder?.contact?.phone { lines.append("\(name)'s number is \(phone); say \"call \(name)\" to check in.") }
        return lines.joined(separator: "\n")
    }
}
