import Foundation
import LLM
import Skills

/// habits (patterns A+C): logs a habit as done today, starts new habits and reports streaks.
/// Streaks are always computed from the stored days (``Habit/currentStreak(asOf:)``); the model
/// only writes one encouraging sentence, with a fixed line when it cannot.
struct HabitsSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.habits

    /// What to do with the habit.
    enum Action: String, SchemaStringEnum {
        case log, start, status
    }

    /// Arguments: the action and the habit's name, when the router extracted them.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var action: Action?
        var habit: String?
    }

    let services: HomeOSServices

    /// The encouraging line used when the model cannot write one.
    static let fallbackMotivation = "Small steps every day add up — keep going!"

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let message = context.message
        let today = CoreSkillSupport.day(context.now, in: context.timeZone)
        let action = arguments.action ?? context.handoff?.context["action"].flatMap(Action.init(rawValue:)) ?? Self.action(for: message)
        let requested = arguments.habit ?? context.handoff?.context["habit"]
        let member = DailySkillSupport.member(namedIn: message, family: CoreSkillSupport.family(services))
        switch action {
        case .start:
            guard let name = requested ?? Self.newHabitName(from: message) else {
                return .response("Which habit would you like to start? For example: \"read 20 minutes every day\".")
            }
            let (habit, created) = try services.storage.update(.habits) { habits -> (Habit, Bool) in
                if let existing = habits.first(where: { Self.matches($0, name) }) { return (existing, false) }
                let habit = Habit(memberID: member?.id, name: Self.capitalized(name), goal: context.handoff?.context["goal"])
                habits.append(habit)
                return (habit, true)
            }
            let opening = created ? "Started tracking \"\(habit.name)\". Tell me each day you do it and I'll count your streak."
                : "You're already tracking \"\(habit.name)\" — current streak \(habit.currentStreak(asOf: today)) day\(habit.currentStreak(asOf: today) == 1 ? "" : "s")."
            return .response(opening + " " + (await motivation(for: [habit], today: today, context: context)))
        case .log:
            let habits = try services.storage.load(.habits)
            guard let target = Self.find(requested ?? message, in: habits) ?? (habits.count == 1 ? habits.first : nil) else {
                if let name = requested ?? Self.newHabitName(from: message) {
                    let habit = try services.storage.update(.habits) { habits -> Habit in
                        var habit = Habit(memberID: member?.id, name: Self.capitalized(name))
                        habit.markDone(on: today)
                        habits.append(habit)
                        return habit
                    }
                    return .response("Started tracking \"\(habit.name)\" and logged today — day 1 of your streak! "
                        + (await motivation(for: [habit], today: today, context: context)))
                }
                return .response(habits.isEmpty ? "You're not tracking any habits yet. Which one would you like to start?"
                    : "Which habit did you do? You track: " + habits.map(\.name).joined(separator: ", ") + ".")
            }
            let (updated, isNew) = try services.storage.update(.habits) { habits -> (Habit, Bool) in
                guard let index = habits.firstIndex(where: { $0.id == target.id }) else { return (target, false) }
                let isNew = habits[index].markDone(on: today)
                return (habits[index], isNew)
            }
            let streak = updated.currentStreak(asOf: today)
            let line = (isNew ? "Logged \"\(updated.name)\" for today." : "\"\(updated.name)\" was already logged today.")
                + " Current streak: \(streak) day\(streak == 1 ? "" : "s") (longest: \(updated.longestStreak))."
            return .response(line + " " + (await motivation(for: [updated], today: today, context: context)))
        case .status:
            let habits = try services.storage.load(.habits)
            guard !habits.isEmpty else {
                return .response("You're not tracking any habits yet. Say \"I want to start journaling daily\" to begin.")
            }
            let chosen = Self.find(requested ?? message, in: habits).map { [$0] } ?? habits
            return .response(Self.streakReport(chosen, today: today) + "\n" + (await motivation(for: chosen, today: today, context: context)))
        }
    }

    /// One line per habit with its current and longest streak (no model involved).
    static func streakReport(_ habits: [Habit], today: String) -> String {
        habits.map { habit in
            let streak = habit.currentStreak(asOf: today)
            let done = habit.isDone(on: today) ? "done today" : "not yet today"
            return "• \(habit.name): \(streak)-day streak (longest \(habit.longestStreak)), \(done)"
        }.joined(separator: "\n")
    }

    /// One generated sentence of encouragement, or ``fallbackMotivation``.
    private func motivation(for habits: [Habit], today: String, context: SkillContext) async -> String {
        let data = habits.map { "\($0.name): \($0.currentStreak(asOf: today))-day streak, longest \($0.longestStreak)" }
            .joined(separator: "\n")
        let messages = services.promptMessages(
            skillID: id, instruction: "Write one short, warm sentence encouraging the person to keep their habit going. Do not repeat the numbers.",
            data: data, context: context)
        guard let text = await DailySkillSupport.generate(messages, context: context, maxTokens: 60) else { return Self.fallbackMotivation }
        return text.split(separator: "\n").first.map(String.init) ?? Self.fallbackMotivation
    }

    static func action(for message: String) -> Action {
        if DailySkillSupport.mentions(message, any: ["start", "begin", "want to", "new habit", "track my", "every day", "daily"])
            && !DailySkillSupport.mentions(message, any: ["streak", "how long", "how many"]) {
            return DailySkillSupport.mentions(message, any: ["log", "i did", "done", "finished", "completed"]) ? .log : .start
        }
        if DailySkillSupport.mentions(message, any: ["log", "i did", "did my", "done", "finished", "completed", "i read", "i meditated", "i ran", "i walked"]) {
            return .log
        }
        return .status
    }

    /// The habit a text names: the one sharing the most significant words.
    static func find(_ text: String, in habits: [Habit]) -> Habit? {
        let words = significantWords(text)
        let scored = habits.map { habit in (habit, significantWords(habit.name).filter { word in
            words.contains { $0.hasPrefix(word.prefix(5)) || word.hasPrefix($0.prefix(5)) }
        }.count) }
        return scored.filter { $0.1 > 0 }.max { $0.1 < $1.1 }?.0
    }

    static func matches(_ habit: Habit, _ name: String) -> Bool {
        find(name, in: [habit]) != nil
    }

    private static let stopWords: Set<String> = [
        "i", "my", "me", "a", "an", "the", "to", "want", "start", "starting", "begin", "log", "track", "habit", "habits",
        "daily", "every", "day", "each", "streak", "how", "long", "is", "of", "for", "and", "today", "did", "done", "please",
        "new", "minutes", "min", "it", "make", "would", "like", "do", "in", "on", "at", "with", "this", "that", "our", "we",
        "more", "was", "be", "just", "about", "what", "s",
    ]

    static func significantWords(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init).filter { !stopWords.contains($0) && $0.count > 2 }
    }

    /// "I want to start journaling daily" → "journaling".
    static func newHabitName(from message: String) -> String? {
        var text = message.lowercased()
        for phrase in ["i want to start", "i'd like to start", "help me start", "start tracking", "track my", "start a habit of",
                       "start", "begin", "log my", "log", "habit", "every day", "each day", "daily", "please", "i want to", "my", "?", "!", "."] {
            text = text.replacingOccurrences(of: phrase, with: " ")
        }
        let cleaned = text.split(separator: " ").joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return cleaned.count >= 3 ? cleaned : nil
    }

    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
