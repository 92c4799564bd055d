import Foundation
import LLM
import NaturalTime
import Skills

/// note-to-actions (pattern D): turns a pasted note into action items (the model's JSON, or a
/// line-by-line reading without it) and saves them as reminders, with due times read from the
/// items ("call the plumber Friday") and owners matched to family members.
struct NoteToActionsSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.noteToActions

    /// Arguments: the note itself, when the router separated it from the request.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var note: String?
    }

    /// The schema the model fills: up to 12 items.
    static let extractionSchema = try! JSONSchema([
        "type": "object",
        "properties": [
            "items": [
                "type": "array", "maxItems": 12,
                "items": [
                    "type": "object",
                    "properties": [
                        "title": ["type": "string", "minLength": 2],
                        "due": ["type": ["string", "null"]],
                        "owner": ["type": ["string", "null"]],
                    ],
                    "required": ["title"],
                    "additionalProperties": false,
                ],
            ],
        ],
        "required": ["items"],
        "additionalProperties": false,
    ])

    let services: HomeOSServices

    /// One action item before it is saved.
    struct Item: Sendable, Hashable {
        var title: String
        var due: String?
        var owner: String?
    }

    /// Worked examples for the extraction; the prompt shows the most relevant few.
    static let examples: [JSONExample] = [
        JSONExample(input: "Turn this into tasks: buy milk, Dad picks up Leo at 3, call the dentist by Friday", output: ["items": [
            ["title": "Buy milk", "due": nil, "owner": nil],
            ["title": "Pick up Leo", "due": "3:00 PM", "owner": "Dad"],
            ["title": "Call the dentist", "due": "Friday", "owner": nil],
        ]]),
        JSONExample(input: "Meeting notes: Sam will send the invoice tomorrow. We liked the blue paint.", output: ["items": [
            ["title": "Send the invoice", "due": "tomorrow", "owner": "Sam"],
        ]]),
        JSONExample(input: "Make reminders from my note: renew passports, book flights before May", output: ["items": [
            ["title": "Renew passports", "due": nil, "owner": nil],
            ["title": "Book flights", "due": "before May", "owner": nil],
        ]]),
        JSONExample(input: "School note: permission slip due Monday, bring a packed lunch Wednesday", output: ["items": [
            ["title": "Return the permission slip", "due": "Monday", "owner": nil],
            ["title": "Pack a lunch", "due": "Wednesday", "owner": nil],
        ]]),
    ]

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let note = arguments.note?.dailyNonBlank ?? Self.noteBody(of: context.message)
        guard !note.isEmpty else {
            return .response("Paste the note and I'll turn it into reminders.")
        }
        var items: [Item] = []
        let messages = services.promptMessages(
            skillID: id,
            instruction: "List the action items in the note. Each item: title (an imperative, at most 8 words), due (when it is due as written, or null), owner (the person's name, or null). Skip anything that is not a task.",
            data: "Note:\n" + note, context: context)
        if let value = await DailySkillSupport.extractJSON(messages, schema: Self.extractionSchema, services, context: context,
                                                           examples: Self.examples, maxTokens: 400) {
            items = (value["items"]?.arrayValue ?? []).compactMap { entry in
                guard let title = entry["title"]?.stringValue?.dailyNonBlank else { return nil }
                return Item(title: title, due: entry["due"]?.stringValue?.dailyNonBlank, owner: entry["owner"]?.stringValue?.dailyNonBlank)
            }
        }
        if items.isEmpty { items = Self.lineItems(note) }
        guard !items.isEmpty else {
            return .response("I couldn't find any tasks in that note. Try one task per line.")
        }
        let family = CoreSkillSupport.family(services)
        let parser = NaturalTimeParser(timeZone: context.timeZone)
        let reminders: [Reminder] = items.map { item in
            var title = item.title
            var due: Date?
            if let dueText = item.due, let parsed = parser.parse(dueText, relativeTo: context.now) {
                due = parsed.fireDate
            } else if let parsed = parser.parse(item.title, relativeTo: context.now), !parsed.task.isEmpty {
                due = parsed.fireDate
                title = parsed.task
            }
            let owner = item.owner.flatMap { family?.member(named: $0) } ?? DailySkillSupport.member(namedIn: item.title, family: family)
            return Reminder(title: Self.tidy(title), due: due, memberID: owner?.id, createdAt: context.now, source: id)
        }
        try services.storage.update(.reminders) { $0.append(contentsOf: reminders) }
        let lines = reminders.map { reminder -> String in
            var line = "• " + reminder.title
            if let due = reminder.due {
                line += " — " + CoreSkillSupport.day(due, in: context.timeZone) + " " + CoreSkillSupport.clock(due, in: context.timeZone)
            }
            if let id = reminder.memberID, let name = family?.member(id: id)?.name { line += " (\(name))" }
            return line
        }
        return .response("Saved \(reminders.count) reminder\(reminders.count == 1 ? "" : "s"):\n" + lines.joined(separator: "\n"))
    }

    /// The note without the request around it: what follows "…tasks:" on the first line, and the
    /// lines below it.
    static func noteBody(of message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let first = lines.first else { return "" }
        let lowered = first.lowercased()
        let isRequest = ["turn", "make", "into", "action items", "tasks", "reminders", "notes", "convert"].contains { lowered.contains($0) }
        if isRequest {
            if let colon = first.firstIndex(of: ":") {
                let rest = first[first.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                lines[0] = rest
            } else if lines.count > 1 {
                lines.removeFirst()
            }
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Action items without a model: one per line or bullet, and comma/semicolon lists split.
    static func lineItems(_ note: String) -> [Item] {
        var pieces: [String] = []
        for line in note.split(whereSeparator: \.isNewline) {
            let separators: Set<Character> = line.contains(";") ? [";"] : (line.split(separator: ",").count > 1 && line.count < 200 ? [","] : [])
            let parts = separators.isEmpty ? [Substring(line)] : line.split { separators.contains($0) }
            pieces += parts.map(String.init)
        }
        return pieces.compactMap { piece in
            var text = piece.trimmingCharacters(in: .whitespaces)
            while let first = text.first, "-•*[]xX0123456789.) ".contains(first), text.count > 1 {
                if first.isLetter, text.dropFirst().first?.isLetter == true { break }
                text.removeFirst()
            }
            text = text.trimmingCharacters(in: .whitespaces)
            if text.lowercased().hasPrefix("and ") { text = String(text.dropFirst(4)) }
            let lowered = text.lowercased()
            guard text.count >= 3, !lowered.hasSuffix(":"),
                  !["notes", "meeting notes", "attendees", "agenda"].contains(where: { lowered.hasPrefix($0) }) else { return nil }
            return Item(title: text, due: nil, owner: nil)
        }
    }

    /// Capitalised, without a trailing full stop.
    static func tidy(_ title: String) -> String {
        var text = title.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
