import Foundation
import LLM
import Skills

/// healthcare (B+C): symptom triage (emergency / urgent / monitor / informational), medication
/// lookup per member, refill reminders, appointment lookup, and a handoff to telephony to call
/// the doctor.
///
/// ``MedicalEmergencyNet`` runs first, before any model: an emergency is answered with fixed
/// instructions even when the model is absent, slow or throwing. Below the emergency line the
/// ``MedicalTriage`` floor sets the lowest level and the model's classification may only raise
/// it. Every answer ends with ``HealthDisclaimer``; the skill never diagnoses.
public struct HealthcareSkill: HomeOSSkill {
    /// What the person asks about.
    public enum Topic: String, SchemaStringEnum {
        case symptom, medication, refill, appointment
        case callDoctor = "call-doctor"
    }

    /// The skill's arguments; all optional (read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// The family member concerned (name or id).
        public var member: String?
        /// What the message is about.
        public var topic: Topic?
    }

    public static let catalogEntry = HomeOSSkillCatalog.healthcare

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    /// The topic and the member, when the message names both ("Leo has a fever", "How much
    /// atorvastatin does Grandma Rosa take?"): the stated topic beats the model's anyway.
    public func argumentsReadFromWords(of message: String) -> Arguments? {
        guard let topic = Self.statedTopic(in: message),
              let member = CoreSkillSupport.members(in: message, family: CoreSkillSupport.family(services)).first else { return nil }
        return Arguments(member: member.name, topic: topic)
    }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let family = CoreSkillSupport.family(services)
        let members = CoreSkillSupport.members(in: context.message, family: family, explicit: arguments.member)
        let ageInMonths = members.count == 1 ? members[0].age.map { $0 * 12 } : nil
        // 1. The deterministic emergency net, before anything else.
        let assessment = MedicalEmergencyNet().assess(context.message, patientAgeInMonths: ageInMonths)
        if assessment.isEmergency {
            return .response(HealthDisclaimer.appending(to: assessment.text))
        }
        // 2. A handoff from meal planning about a drug–food interaction.
        if let handoff = context.handoff, let interaction = handoff.context["interaction"] {
            let member = handoff.context["member"] ?? "A family member"
            let medication = handoff.context["medication"] ?? "a medication"
            let meal = handoff.context["meal"].map { " I did not suggest \($0)." } ?? ""
            let text = "\(member) takes \(medication). \(interaction)\(meal) Ask me for another dinner idea, "
                + "or check with \(member)'s pharmacist."
            return .response(HealthDisclaimer.appending(to: text))
        }
        // What the message says outright beats the model's reading of it (a small model calls
        // "Leo has a fever" a medication question); the model's topic decides only the rest.
        switch Self.statedTopic(in: context.message) ?? arguments.topic ?? .symptom {
        case .callDoctor: return callDoctor(members: members, family: family)
        case .medication: return .response(HealthDisclaimer.appending(to: medicationAnswer(members: members, family: family)))
        case .refill: return .response(HealthDisclaimer.appending(to: refillAnswer(members: members, family: family, context: context)))
        case .appointment: return .response(HealthDisclaimer.appending(to: appointmentAnswer(members: members, context: context)))
        case .symptom: return .response(HealthDisclaimer.appending(to: await triageAnswer(assessment, members: members, context: context)))
        }
    }

    /// The topic the message names in so many words, or nil when it names none.
    static func statedTopic(in message: String) -> Topic? {
        let symptoms = ["fever", "pain", "hurts", "cough", "rash", "vomit", "vomiting", "sick", "headache", "sore", "bleeding",
                        "dizzy", "temperature", "fell", "injured", "swollen", "diarrhea", "nausea"]
        if CoreSkillSupport.mentions(message, ["call the doctor", "call doctor", "phone the doctor", "call dr", "ring the doctor",
                                               "call the pediatrician", "call her doctor", "call his doctor", "call my doctor"]) {
            return .callDoctor
        }
        if CoreSkillSupport.mentions(message, ["refill", "refills", "run out", "running out", "renew"]) { return .refill }
        if CoreSkillSupport.mentions(message, ["appointment", "appointments", "checkup", "check up", "check-up", "doctor visit"]) {
            return .appointment
        }
        if CoreSkillSupport.mentions(message, ["medication", "medications", "medicine", "medicines", "pills", "dose", "dosage",
                                               "prescription", "prescriptions", "what does", "what is", "taking", "take", "takes"]),
           !CoreSkillSupport.mentions(message, symptoms) {
            return .medication
        }
        return CoreSkillSupport.mentions(message, symptoms) ? .symptom : nil
    }

    // MARK: Triage

    static let triageCategories = [
        ClassificationCategory(name: "emergency", description: "Life-threatening: call 911 now.",
                               examples: ["She is not breathing", "He has crushing chest pain"]),
        ClassificationCategory(name: "urgent", description: "Needs a doctor or urgent care today.",
                               examples: ["He fell and his wrist is swollen", "Fever of 104"]),
        ClassificationCategory(name: "monitor", description: "Can be watched at home; call the doctor if it gets worse.",
                               examples: ["She has a runny nose", "Mild headache since this morning"]),
        ClassificationCategory(name: "informational", description: "A general health question, no symptom to act on.",
                               examples: ["Is it ok to take ibuprofen with food?", "How much sleep does a 9 year old need?"]),
    ]

    func triageAnswer(_ assessment: MedicalEmergencyAssessment, members: [FamilyMember], context: SkillContext) async -> String {
        var level = assessment.triage
        if let label = await CoreSkillSupport.classify(context.message, categories: Self.triageCategories, context: context),
           let modelLevel = TriageLevel(label: label), modelLevel > level {
            level = modelLevel
        }
        var lines = ["Triage: \(level.rawValue). \(level.guidance)"]
        if level == .emergency { lines.insert(MedicalEmergencyNet.callEmergencyServices, at: 0) }
        let data = members.map { member in
            "\(member.name), \(member.age.map { "\($0) years" } ?? "age unknown")"
                + (member.allergies.isEmpty ? "" : ", allergic to " + member.allergies.joined(separator: ", "))
        }.joined(separator: "; ")
        let instruction = "Give 2 or 3 short, practical home-care tips for the concern, and say when to call a doctor. "
            + "The triage level is \(level.rawValue). Do not diagnose. No more than 60 words."
        if level != .emergency,
           let advice = await SkillModelCalls.showingOpening(lines.joined(separator: "\n"), {
               await CoreSkillSupport.generateText(services, skillID: Self.catalogEntry.id, instruction: instruction,
                                                   data: data.isEmpty ? "" : "Who: " + data, context: context, maxTokens: 120)
           }) {
            lines.append(advice)
        }
        if level >= .urgent { lines.append("Say \"call the doctor\" and I'll prepare the call.") }
        return lines.joined(separator: "\n")
    }

    // MARK: Medications, refills, appointments

    func medications(for members: [FamilyMember]) -> [Medication] {
        let all = (try? services.storage.load(.medications)) ?? []
        guard !members.isEmpty else { return all }
        let ids = Set(members.map(\.id))
        return all.filter { ids.contains($0.memberID) }
    }

    func medicationAnswer(members: [FamilyMember], family: Family?) -> String {
        let medications = medications(for: members)
        guard !medications.isEmpty else {
            let who = members.isEmpty ? "anyone" : CoreSkillSupport.list(members.map(\.name))
            return "I have no medications on record for \(who)."
        }
        let lines = medications.map { medication -> String in
            let who = family?.member(id: medication.memberID)?.name ?? medication.memberID
            var line = "- \(who): \(medication.name) \(medication.dosage)"
            if !medication.times.isEmpty { line += " at " + medication.times.joined(separator: ", ") }
            if let instructions = medication.instructions { line += ". " + instructions }
            if let prescriber = medication.prescriber { line += " (prescribed by \(prescriber))" }
            return line
        }
        return "Medications on record:\n" + lines.joined(separator: "\n")
    }

    /// Refill dates, and reminders saved for refills due within the family's notice period.
    func refillAnswer(members: [FamilyMember], family: Family?, context: SkillContext) -> String {
        let medications = medications(for: members).filter { $0.refillDate != nil }
        guard !medications.isEmpty else { return "I have no refill dates on record." }
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        let ahead = family?.notificationPreferences.refillReminderDaysAhead ?? NotificationPreferences.defaultRefillReminderDaysAhead
        var lines: [String] = []
        var reminders: [Reminder] = []
        for medication in medications.sorted(by: { ($0.refillDate ?? "") < ($1.refillDate ?? "") }) {
            let who = family?.member(id: medication.memberID)?.name ?? medication.memberID
            guard let refill = medication.refillDate, let days = medication.daysUntilRefill(from: today) else { continue }
            let when = days < 0 ? "overdue since \(refill)" : days == 0 ? "due today" : "due \(refill) (in \(days) day\(days == 1 ? "" : "s"))"
            lines.append("- \(who)'s \(medication.name): refill \(when)")
            if days <= ahead {
                let due = CoreSkillSupport.date(day: max(refill, today), time: "09:00", in: timeZone)
                reminders.append(Reminder(title: "Refill \(who)'s \(medication.name)", due: due, memberID: medication.memberID,
                                          createdAt: context.now, source: Self.catalogEntry.id))
            }
        }
        var text = "Refills:\n" + lines.joined(separator: "\n")
        if !reminders.isEmpty {
            do {
                let added = try services.storage.update(.reminders) { existing -> Int in
                    let open = Set(existing.filter { !$0.isDone }.map(\.title))
                    let new = reminders.filter { !open.contains($0.title) }
                    existing += new
                    return new.count
                }
                text += added > 0 ? "\nI added \(added) refill reminder\(added == 1 ? "" : "s")." : "\nRefill reminders are already set."
            } catch {
                text += "\nI could not save refill reminders: \(error)"
            }
        }
        return text
    }

    func appointmentAnswer(members: [FamilyMember], context: SkillContext) -> String {
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let events = ((try? services.storage.load(.calendarEvents)) ?? [])
            .filter { $0.kind == .appointment && $0.start >= context.now }
            .filter { event in members.isEmpty || members.contains { event.involves($0.id) } }
            .sorted { $0.start < $1.start }
        guard !events.isEmpty else { return "I don't see any upcoming appointments on the calendar." }
        return "Upcoming appointments:\n" + events.prefix(5).map { event in
            "- \(event.title), \(CoreSkillSupport.describe(event.start, in: timeZone))" + (event.location.map { " at \($0)" } ?? "")
        }.joined(separator: "\n")
    }

    func callDoctor(members: [FamilyMember], family: Family?) -> SkillResult {
        let prescribers = medications(for: members).compactMap(\.prescriber)
        var facts: [String: String] = ["purpose": "call the doctor"]
        if let doctor = prescribers.first { facts["contact"] = doctor }
        if !members.isEmpty { facts["member"] = members.map(\.name).joined(separator: ", ") }
        return .handoff(HandoffRequest(targetSkillID: HomeOSSkillCatalog.telephony.id,
                                       reason: "The family wants to call the doctor" + (prescribers.first.map { " (\($0))" } ?? "") + ".",
                                       context: facts))
    }
}
