import Foundation
import LLM
import Skills

/// education (patterns B+C): explanations and homework help pitched at the child's age, guiding
/// rather than giving answers away. A message for a teacher or another parent is handed off to
/// family-comms. The kind of request is read from its words, and classified by the model only
/// when the words do not say.
struct EducationSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.education

    /// Arguments: the topic and the child, when the router extracted them.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var topic: String?
        var child: String?
    }

    let services: HomeOSServices

    /// What the person wants.
    enum Request: String, CaseIterable {
        case explain, homework, message
    }

    /// A request shaped like "Can you help Leo understand fractions?" or "Explain photosynthesis to
    /// a 9-year-old" states its topic (and the child, when it names one), so the extraction call
    /// is skipped; a message for a teacher, or one whose topic the words do not set apart, goes to
    /// the model.
    func argumentsReadFromWords(of message: String) -> Arguments? {
        guard Self.request(for: message) != .message else { return nil }
        let topic = Self.topic(of: message)
        let whole = message.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "?.!")))
        guard topic != message, topic != whole, !topic.isEmpty, topic.split(separator: " ").count <= 6 else { return nil }
        let child = DailySkillSupport.member(namedIn: message, family: CoreSkillSupport.family(services), role: .child)
        return Arguments(topic: topic, child: child?.name)
    }

    /// What the model chooses between when the words do not say what kind of request it is.
    static let requestCategories = [
        ClassificationCategory(name: Request.explain.rawValue, description: "explain a topic or answer a curious question",
                               examples: ["How do volcanoes work?"]),
        ClassificationCategory(name: Request.homework.rawValue, description: "help a child work through homework",
                               examples: ["Help Leo with his fractions homework"]),
        ClassificationCategory(name: Request.message.rawValue, description: "write or send a message to a teacher or parent",
                               examples: ["Email Ms. Okafor that Leo was sick"]),
    ]

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let message = context.message
        let family = CoreSkillSupport.family(services)
        let child = arguments.child.flatMap { family?.member(named: $0) }
            ?? DailySkillSupport.member(namedIn: message, family: family, role: .child)
            ?? (family?.members(withRole: .child).count == 1 ? family?.members(withRole: .child).first : nil)
        let age = child?.age ?? Self.age(in: message)
        let topic = arguments.topic?.dailyNonBlank ?? Self.topic(of: message)

        var request = Self.request(for: message)
        if request == nil {
            request = await DailySkillSupport.classify(message, categories: Self.requestCategories, context: context)
                .flatMap(Request.init(rawValue:))
            // A message needs someone to send it to: the model's "message" without a teacher or parent named is an
            // explanation request it misread.
            if request == .message, Self.teacher(in: message, services: services, child: child) == nil,
               !Self.recipientWords.contains(where: message.lowercased().contains) {
                request = .explain
            }
        }
        let kind = request ?? .explain

        if kind == .message {
            var facts = ["request": message, "topic": topic]
            if let child { facts["child"] = child.name }
            if let teacher = Self.teacher(in: message, services: services, child: child) { facts["recipient"] = teacher }
            return .handoff(HandoffRequest(targetSkillID: "family-comms",
                                           reason: "The person wants to send a message to a teacher or parent about schoolwork.",
                                           context: facts))
        }

        let level = age.map { "a \($0)-year-old" } ?? "a school-age child"
        let messages: [ChatMessage]
        if kind == .homework {
            let instruction = "Help \(level) with homework: explain the idea simply, give one worked example that is different from their problem, then one hint and one question to try. Never give the final answer to their exact problem. At most 6 short sentences."
            var data = "Topic: \(topic)"
            if let child { data += "\nChild: \(child.name)" + (child.age.map { ", \($0)" } ?? "") }
            messages = services.promptMessages(skillID: id, instruction: instruction, data: data, context: context)
        } else {
            messages = Self.explanationPrompt(topic: topic, level: level)
        }
        if let text = await DailySkillSupport.generate(messages, context: context, maxTokens: 220) {
            return .response(text)
        }
        return .response(Self.fallback(kind: kind, topic: topic, childName: child?.name, age: age))
    }

    /// An explanation request as one plain task, without the family's system prompt: the family
    /// has nothing to add to what fractions are, and under the shared prompt's rules the 135M
    /// default model lost the task (five topics: "I'm so sorry for your family's situation" and
    /// other loops, against on-topic answers to the task alone).
    static func explanationPrompt(topic: String, level: String) -> [ChatMessage] {
        [.user("Explain \(topic) to \(level) in a few short sentences with one everyday example.")]
    }

    /// Words that name someone a message about schoolwork could go to.
    static let recipientWords = ["teacher", "ms.", "mr.", "mrs.", "coach", "parent", "school"]

    /// The kind of request its words show, or nil when they do not say.
    static func request(for message: String) -> Request? {
        let lowered = message.lowercased()
        let contactWords = ["email", "e-mail", "message", "write to", "tell the teacher", "note to", "text ", "let the teacher know", "contact"]
        if contactWords.contains(where: lowered.contains), recipientWords.contains(where: lowered.contains) { return .message }
        if ["homework", "worksheet", "assignment", "problem", "exercise", "study for", "quiz", "test"].contains(where: lowered.contains) {
            return .homework
        }
        if ["explain", "what is", "what are", "how do", "how does", "why do", "why does", "why is", "what's", "understand", "learn",
            "teach", "get the hang of", "makes sense of"].contains(where: lowered.contains) {
            return .explain
        }
        return nil
    }

    /// "a 10 year old" → 10.
    static func age(in message: String) -> Int? {
        DailySkillSupport.number(in: message, pattern: #"([0-9]{1,2})[ -]year[ -]old"#).map { Int($0) }
    }

    /// The topic: the message without request words.
    static func topic(of message: String) -> String {
        var text = message
        for pattern in [#"^\s*(please\s+)?(can you\s+)?(help\s+\w+\s+(with|understand)\s+(his|her|their|my)?\s*|explain\s+|tell me about\s+|what\s+(is|are)\s+|what's\s+)"#,
                        #"\s+to\s+an?\s+[0-9]{1,2}[ -]year[ -]old.*$"#, #"\s*(homework|please)\s*[?.!]*$"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: [.regularExpression, .caseInsensitive])
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "?.!")))
        return trimmed.isEmpty ? message : trimmed
    }

    /// The teacher of the child the message names ("Ms. Okafor"), from the school schedule.
    static func teacher(in message: String, services: HomeOSServices, child: FamilyMember?) -> String? {
        let schedules = (try? services.storage.load(.schoolSchedules)) ?? []
        let teachers = Set(schedules.filter { child == nil || $0.memberID == child?.id }.flatMap(\.periods).compactMap(\.teacher))
        let lowered = message.lowercased()
        return teachers.sorted().first { teacher in
            teacher.lowercased().split(separator: " ").contains { $0.count > 3 && lowered.contains($0) }
        }
    }

    /// Guidance without a model.
    static func fallback(kind: Request, topic: String, childName: String?, age: Int?) -> String {
        let who = childName ?? "your child"
        if kind == .homework {
            return """
                Here's a way to work through "\(topic)" with \(who):
                1. Read the question aloud together and underline what it asks.
                2. Ask \(who) what they already know about it, and try a smaller, easier example first.
                3. Let \(who) try the real problem, then check each step together — praise the effort, not just the answer.
                """
        }
        return "I don't have a clear explanation of \"\(topic)\" for \(who) this time. A good start: look it up together in a "
            + "children's encyclopedia or library book, and ask \(who) to explain it back in their own words."
    }
}
