import Foundation
import LLM
import Skills

/// Who is next for each chore, stored at ``FamilyCommsSkill/rotationPath``.
public struct ChoreRotation: Codable, Sendable, Hashable {
    /// One chore's round-robin.
    public struct Entry: Codable, Sendable, Hashable {
        /// The chore ("dishes").
        public var chore: String
        /// The members taking turns, in order.
        public var memberIDs: [String]
        /// Index in ``memberIDs`` of whoever has the current turn.
        public var current: Int
        /// The local day (`yyyy-MM-dd`) the current turn was assigned.
        public var assignedOn: String

        /// Creates an entry.
        public init(chore: String, memberIDs: [String], current: Int, assignedOn: String) {
            self.chore = chore
            self.memberIDs = memberIDs
            self.current = current
            self.assignedOn = assignedOn
        }
    }

    /// Every chore's rotation.
    public var entries: [Entry]

    /// Creates rotations.
    public init(entries: [Entry] = []) { self.entries = entries }
}

/// family-comms (A): messages to family members and a fair chore rotation.
///
/// Sending a message contacts a person, so it returns `.needsApproval`; on approval the message
/// is recorded as a note and handed to the family to send (HomeOS has no messaging service
/// connected). Chores rotate deterministically round-robin over the members old enough (6+),
/// one turn per day, stored so every device agrees. No model is used.
public struct FamilyCommsSkill: HomeOSSkill {
    /// The skill's arguments; all optional (read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// Who the message is for (a member's name).
        public var recipient: String?
        /// The message to send.
        public var message: String?
        /// A chore to look up in the rotation ("dishes").
        public var chore: String?
    }

    public static let catalogEntry = HomeOSSkillCatalog.familyComms

    /// The logical path of the chore rotation.
    public static let rotationPath = "data/chores/rotation.json"

    /// The name of the approved action.
    public static let sendAction = "send-message"

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        if let chore = Self.chore(in: context.message) {
            return choreTurn(Self.grounded(arguments.chore, in: context.message) ?? chore, context: context)
        }
        return message(arguments, context: context)
    }

    static let chores = ["dishes", "laundry", "trash", "garbage", "recycling", "vacuuming", "vacuum", "cooking", "dog", "cat",
                         "litter", "table", "bathroom", "lawn", "groceries"]

    /// The chore a message asks about ("Whose turn is it to do the dishes?" → "dishes"), "chores" when it names
    /// none, nil when it is not about chores.
    public static func chore(in message: String) -> String? {
        guard CoreSkillSupport.mentions(message, ["chore", "chores", "whose turn", "who's turn", "turn to", "who should do", "rotation"])
        else { return nil }
        let words = Set(CoreSkillSupport.words(message))
        return chores.first { words.contains($0) } ?? "chores"
    }

    /// The chore the model extracted, when the message says it in a few words; nil otherwise (a
    /// handed-off request such as "Can you help Leo understand fractions?" is not a chore).
    public static func grounded(_ chore: String?, in message: String) -> String? {
        guard let chore = chore?.trimmingCharacters(in: .whitespacesAndNewlines), !chore.isEmpty,
              chore.split(separator: " ").count <= 3, message.lowercased().contains(chore.lowercased()) else { return nil }
        return chore
    }

    /// Today's turn: the same person all day; the next day the turn moves on.
    func choreTurn(_ chore: String, context: SkillContext) -> SkillResult {
        guard let family = CoreSkillSupport.family(services) else { return .response("Set up the family first (homeos init).") }
        let eligible = family.members.filter { $0.role != .grandparent && ($0.age ?? 18) >= 6 }.map(\.id)
        guard !eligible.isEmpty else { return .response("No one in the family is old enough for a chore rotation.") }
        let today = CoreSkillSupport.day(context.now, in: CoreSkillSupport.timeZone(services, context))
        let document = StorageDocument<ChoreRotation>(path: Self.rotationPath, emptyValue: ChoreRotation())
        do {
            let memberID = try services.storage.update(document) { rotation -> String in
                guard let index = rotation.entries.firstIndex(where: { $0.chore == chore }) else {
                    rotation.entries.append(.init(chore: chore, memberIDs: eligible, current: 0, assignedOn: today))
                    return eligible[0]
                }
                var entry = rotation.entries[index]
                if entry.memberIDs != eligible {
                    // Members changed: keep whoever had the turn when still eligible.
                    let holder = entry.memberIDs.indices.contains(entry.current) ? entry.memberIDs[entry.current] : nil
                    entry.memberIDs = eligible
                    entry.current = holder.flatMap { eligible.firstIndex(of: $0) } ?? 0
                }
                if entry.assignedOn < today {
                    let days = max(1, (DayString.dayNumber(today) ?? 0) - (DayString.dayNumber(entry.assignedOn) ?? 0))
                    entry.current = (entry.current + days) % entry.memberIDs.count
                    entry.assignedOn = today
                }
                rotation.entries[index] = entry
                return entry.memberIDs[entry.current]
            }
            let name = family.member(id: memberID)?.name ?? memberID
            let others = eligible.filter { $0 != memberID }.compactMap { family.member(id: $0)?.name }
            return .response("It's \(name)'s turn for the \(chore) today." + (others.isEmpty ? "" : " Then: " + others.joined(separator: ", ") + "."))
        } catch {
            return .error("I could not read or save the chore rotation: \(error)")
        }
    }

    func message(_ arguments: Arguments, context: SkillContext) -> SkillResult {
        let family = CoreSkillSupport.family(services)
        let text = context.message
        let recipient = CoreSkillSupport.members(in: text, family: family, explicit: arguments.recipient).first
        guard let recipient else { return .response("Who should I send it to?") }
        var body = arguments.message ?? Self.body(of: text, recipient: recipient)
        body = body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { return .response("What should the message to \(recipient.name) say?") }
        let channel = recipient.contact?.phone.map { "text to \($0)" } ?? recipient.contact?.email.map { "e-mail to \($0)" }
        var details: [ApprovalRequest.Detail] = [.init("To", recipient.name), .init("Message", body)]
        if let channel { details.append(.init("How", channel)) }
        return .needsApproval(ApprovalRequest(
            summary: "Send \(recipient.name) a message: \"\(body)\"", details: details, risk: .medium,
            onApprove: "The message is prepared for \(recipient.name).", onDeny: "Nothing is sent.",
            action: PendingAction(skillID: Self.catalogEntry.id, name: Self.sendAction, payload: [
                "recipient": .string(recipient.name), "message": .string(body), "channel": .string(channel ?? "in person"),
            ])))
    }

    /// The message in "Tell Daniel dinner is at 7" or "Text Maria that we're late".
    static func body(of text: String, recipient: FamilyMember) -> String {
        let lower = text.lowercased()
        let first = recipient.name.lowercased().split(separator: " ").last.map(String.init) ?? recipient.name.lowercased()
        for name in [recipient.name.lowercased(), first] {
            guard let range = lower.range(of: name) else { continue }
            var rest = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            for prefix in ["that ", "to say ", "saying ", ": ", ", "] where rest.lowercased().hasPrefix(prefix) {
                rest = String(rest.dropFirst(prefix.count))
            }
            return rest
        }
        return ""
    }

    public func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        guard action.name == Self.sendAction, let body = action.payload["message"]?.stringValue else {
            return .error("Family messages has no approved action '\(action.name)'.")
        }
        let recipient = action.payload["recipient"]?.stringValue ?? "them"
        let channel = action.payload["channel"]?.stringValue ?? "in person"
        do {
            try services.storage.update(.notes) {
                $0.append(Note(text: "Message to \(recipient): \(body)", createdAt: context.now, tags: ["message", Self.catalogEntry.id]))
            }
        } catch {
            return .error("I could not record the message: \(error)")
        }
        return .response("Approved. HomeOS has no messaging service connected, so please send it yourself (\(channel)): \"\(body)\"")
    }
}
