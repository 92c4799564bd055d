/// The assistant's answer to a greeting or to "what can you do?": what it can help with, with an
/// example for each, instead of "I'm not sure how to help".
public struct Introduction: Sendable {
    /// The skills to present, in display order.
    public let skills: [SkillDescriptor]

    /// Creates the introduction over `skills` (the enabled ones).
    public init(skills: [SkillDescriptor]) { self.skills = skills }

    /// Greetings and requests for help, as whole normalised messages.
    static let openers: Set<String> = [
        "hi", "hello", "hey", "hiya", "howdy", "yo", "greetings", "hi there", "hello there", "hey there", "hey homeos",
        "hi homeos", "hello homeos", "good morning", "good afternoon", "good evening", "help", "help me", "help please",
        "please help", "what can you do", "what do you do", "what are you for", "what can i ask", "what can i ask you",
        "what can you help with", "what can you help me with", "what do you help with", "how do i use this",
        "how does this work", "how do you work", "who are you", "what are you", "what is homeos", "what can homeos do",
        "what are your skills", "what are your features", "what should i ask", "what can i say", "menu", "options",
        "start", "get started", "i need help", "can you help", "can you help me", "what else can you do", "commands",
    ]

    /// Whether `message` is only a greeting or a request to know what the assistant does.
    public static func isOpener(_ message: String) -> Bool {
        let words = message.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
        return !words.isEmpty && words.count <= 7 && openers.contains(words.joined(separator: " "))
    }

    /// The reply: a sentence, then up to `limit` skills with one example each.
    public func reply(limit: Int = 8) -> String {
        var lines = ["Hi! I'm your family's assistant, running on this computer. I can help with:"]
        for skill in skills.prefix(limit) {
            let example = skill.examples.first.map { " — try \"\($0)\"" } ?? ""
            lines.append("- \(skill.name): \(Self.firstSentence(of: skill.summary))\(example)")
        }
        if skills.count > limit {
            lines.append("…and \(skills.count - limit) more: " + skills.dropFirst(limit).map(\.name).joined(separator: ", ") + ".")
        }
        lines.append("Anything that spends money, books something or contacts someone waits for your approval.")
        return lines.joined(separator: "\n")
    }

    /// The first sentence of `text` (up to and including its first full stop).
    static func firstSentence(of text: String) -> String {
        guard let stop = text.firstIndex(of: ".") else { return text }
        return String(text[...stop])
    }
}
