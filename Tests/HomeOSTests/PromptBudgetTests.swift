import Foundation
import LLM
import Skills
import Testing
@testable import HomeOS

/// Prompt parts are fitted to token budgets with the counter the services were given.
@Suite struct PromptBudgetTests {
    /// One token a word: easy to reason about in assertions.
    struct WordCounter: PromptTokenCounting {
        func tokenCount(_ text: String) -> Int { text.split { $0 == " " || $0 == "\n" }.count }
    }

    static func prompt(message: String, history: [ConversationTurn] = [], data: String = "") -> HomeOSPrompt {
        HomeOSPrompt(skillID: "tools", instruction: "Answer.", data: data, family: nil, now: Date(timeIntervalSince1970: 0),
                     timeZone: TimeZone(identifier: "UTC")!, history: history, message: message, tokens: WordCounter())
    }

    @Test func eachPartIsClippedToItsTokenBudget() throws {
        let data = Array(repeating: "word", count: 400).joined(separator: " ")
        let message = Array(repeating: "please", count: 500).joined(separator: " ")
        let messages = Self.prompt(message: message, data: data).messages()
        let system = try #require(messages.first?.content)
        let user = try #require(messages.last?.content)
        let dataLine = try #require(system.split(separator: "\n").map(String.init).first { $0.hasPrefix("word") })
        let lines = user.split(separator: "\n").map(String.init)
        #expect(WordCounter().tokenCount(dataLine) <= PromptBudget().data)
        let request = try #require(lines.last)
        #expect(request.hasPrefix("Message: ") && WordCounter().tokenCount(request) <= PromptBudget().message + 1)
    }

    /// The skill of the prompts above on assistant turns, nil on the person's.
    static func answerer(_ index: Int) -> String? { index.isMultiple(of: 2) ? nil : "tools" }

    @Test func onlyThisSkillsExchangesAreShownAndTheStablePartIsTheSystemMessage() throws {
        let turns = [
            ConversationTurn(speaker: .person, text: "What's for dinner?"),
            ConversationTurn(speaker: .assistant, text: "Tacos, maybe.", skillID: "meal-planning"),
            ConversationTurn(speaker: .person, text: "Remind me to buy milk"),
            ConversationTurn(speaker: .assistant, text: "Reminder set for milk.", skillID: "tools"),
        ]
        let messages = Self.prompt(message: "And eggs?", history: turns, data: "Reminders: milk").messages()
        let user = try #require(messages.last?.content)
        #expect(user.contains("Person: Remind me to buy milk\nHomeOS: Reminder set for milk."))
        #expect(!user.contains("Tacos"), "another skill's exchange is left out")
        let system = try #require(messages.first?.content)
        #expect(system.hasSuffix("Reminders: milk"), "the skill's data is part of the stable system message")
        #expect(user.hasPrefix("Now: "))
    }

    @Test func historyIsDroppedFirstWhenThePromptIsOverItsTotal() throws {
        let turns = (0..<6).map { index in
            ConversationTurn(speaker: index.isMultiple(of: 2) ? .person : .assistant,
                             text: Array(repeating: "chatter", count: 60).joined(separator: " "), skillID: Self.answerer(index))
        }
        let short = try #require(Self.prompt(message: "What is for dinner?", history: turns).messages().last?.content)
        #expect(short.contains("Recent conversation:"))
        var budget = PromptBudget()
        budget.total = 300
        var tight = Self.prompt(message: "What is for dinner?", history: turns)
        tight.budget = budget
        let user = try #require(tight.messages().last?.content)
        #expect(!user.contains("Recent conversation:"))
        #expect(user.hasSuffix("Message: What is for dinner?"))
    }

    /// Issue 22, limits: 10,000 turns of history (a restored log, a long-lived web session) keep
    /// the assistant's history at its capacity and the prompt within its token budget.
    /// Issue 26, item 6: the seed's five turns (exchanges), three when the prompt is long.
    @Test func theLastFiveExchangesAreShownAndThreeWhenThePromptIsLong() throws {
        let turns = (0..<14).map { index in
            ConversationTurn(speaker: index.isMultiple(of: 2) ? .person : .assistant, text: "turn\(index) short words here",
                             skillID: Self.answerer(index))
        }
        let user = try #require(Self.prompt(message: "And on Sunday?", history: turns).messages().last?.content)
        for index in 4..<14 { #expect(user.contains("turn\(index) "), "turn \(index) of the last five exchanges") }
        for index in 0..<4 { #expect(!user.contains("turn\(index) "), "turn \(index) is older than five exchanges") }

        // Five exchanges would pass the total; three fit.
        var budget = PromptBudget()
        let fixed = WordCounter().tokenCount(try #require(Self.prompt(message: "And on Sunday?").messages().first?.content))
            + WordCounter().tokenCount(try #require(Self.prompt(message: "And on Sunday?").messages().last?.content))
        budget.total = fixed + 6 * 5 + 2
        var tight = Self.prompt(message: "And on Sunday?", history: turns)
        tight.budget = budget
        let shorter = try #require(tight.messages().last?.content)
        #expect(shorter.contains("Recent conversation:"))
        for index in 8..<14 { #expect(shorter.contains("turn\(index) ")) }
        #expect(!shorter.contains("turn7 "))
    }

    @Test func tenThousandTurnsOfHistoryKeepThePromptWithinItsBudget() throws {
        let turns = (0..<10_000).map { index in
            ConversationTurn(speaker: index.isMultiple(of: 2) ? .person : .assistant, text: "turn \(index) about dinner and the school run",
                             skillID: Self.answerer(index))
        }
        let history = ConversationHistory(turns: turns)
        #expect(history.turns.count == history.capacity)
        #expect(history.turns.last?.text.hasPrefix("turn 9999") == true)
        let log = (0..<10_000).map { ConversationLogEntry(role: $0.isMultiple(of: 2) ? .person : .assistant, text: "entry \($0)", date: Date()) }
        #expect(ConversationHistory(turns: ConversationLogEntry.history(of: log)).turns.count == history.capacity)

        let prompt = Self.prompt(message: "What is for dinner?", history: turns)
        let words = prompt.messages().reduce(0) { $0 + WordCounter().tokenCount($1.content) }
        #expect(words <= PromptBudget().total, "\(words) words in the prompt")
        let user = try #require(prompt.messages().last?.content)
        #expect(user.contains("turn 9999"), "the most recent turns are the ones kept")
        #expect(!user.contains("turn 0 "))
    }

    @Test func theEstimateSaysItIsOne() {
        #expect(CharacterTokenEstimate().isEstimate)
        #expect(CharacterTokenEstimate().tokenCount("abcdefgh") == 2)
    }
}
