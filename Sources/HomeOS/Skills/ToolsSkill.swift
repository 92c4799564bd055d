import Foundation
import LLM
import NaturalTime
import Skills

/// tools (A): reminders with natural-language times (``NaturalTimeParser``) saved to the store,
/// notes, the date and time, the list of open reminders, and the weather through
/// ``HomeOSServices/weather`` — with no provider configured it says so honestly. No model is used.
public struct ToolsSkill: HomeOSSkill {
    /// What the person wants.
    public enum Action: String, SchemaStringEnum {
        case reminder, note, weather, time
        case listReminders = "list-reminders"
    }

    /// The skill's arguments; all optional (read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// What to do.
        public var action: Action?
        /// The reminder's task or the note's text.
        public var text: String?
        /// When, in words ("tomorrow at 8am").
        public var when: String?
        /// Where, for the weather.
        public var location: String?
    }

    public static let catalogEntry = HomeOSSkillCatalog.tools

    /// What the skill says when no weather provider is configured.
    public static let weatherNotConfigured = "Weather is not configured on this HomeOS, so I can't check the forecast. "
        + "HomeOS works offline by default; a weather provider has to be added for forecasts."

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    /// A question about the calendar needs no arguments: the question is read from its words. So
    /// does a reminder that says what and when ("Remind me to call the dentist tomorrow at 9am"):
    /// ``reminder(_:context:)`` takes the time from the words first, and the task the parser reads
    /// stands in for the model's.
    public func argumentsReadFromWords(of message: String) -> Arguments? {
        if CalendarQuestion(message) != nil { return Arguments() }
        guard CoreSkillSupport.mentions(message, ["remind me to", "remind us to"]), Self.action(in: message) == .reminder,
              let parsed = NaturalTimeParser(timeZone: .current).parse(message, relativeTo: Date()),
              !parsed.task.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).isEmpty
        else { return nil }
        return Arguments(action: .reminder)
    }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        // A question about the calendar reads the calendar, whatever action the model picked.
        if let question = CalendarQuestion(context.message) {
            let events: [CalendarEvent]
            do { events = try services.storage.load(.calendarEvents) } catch {
                return .error("I could not read the calendar: \(error)")
            }
            return .response(question.answer(events: events, now: context.now, timeZone: CoreSkillSupport.timeZone(services, context)))
        }
        switch arguments.action ?? Self.action(in: context.message) {
        case .reminder: return reminder(arguments, context: context)
        case .note: return note(arguments, context: context)
        case .weather: return await weather(arguments, context: context)
        case .time: return time(context: context)
        case .listReminders: return listReminders(context: context)
        }
    }

    /// The action a message asks for, read deterministically.
    static func action(in message: String) -> Action {
        if CoreSkillSupport.mentions(message, ["weather", "forecast", "rain", "raining", "snow", "temperature", "umbrella", "sunny",
                                               "cold outside", "hot outside"]) { return .weather }
        if CoreSkillSupport.mentions(message, ["my reminders", "show reminders", "list reminders", "what reminders",
                                               "open reminders", "reminders do i have"]) { return .listReminders }
        if CoreSkillSupport.mentions(message, ["remind", "reminder", "alarm", "timer", "wake me"]) { return .reminder }
        if CoreSkillSupport.mentions(message, ["note", "write down", "jot down", "remember that"]) { return .note }
        if CoreSkillSupport.mentions(message, ["what time", "time is it", "what day", "what's the date", "what is the date",
                                               "today's date", "date today"]) { return .time }
        return NaturalTimeParser(timeZone: .current).parse(message, relativeTo: Date()) != nil ? .reminder : .note
    }

    func reminder(_ arguments: Arguments, context: SkillContext) -> SkillResult {
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let parser = NaturalTimeParser(timeZone: timeZone)
        // The person's own words first: a model's arguments can carry prompt text ("Today is …")
        // that would move the date, so they are used only when the message itself has no time.
        let fromMessage = parser.parse(context.message, relativeTo: context.now)
        guard let parsed = fromMessage ?? arguments.when.flatMap({ parser.parse($0, relativeTo: context.now) }) else {
            return .response("When should I remind you?")
        }
        if parsed.isInPast {
            return .response("\(parsed.time) today has already passed. Should I set it for tomorrow, or another time?")
        }
        let modelTask = arguments.text.flatMap { CoreSkillSupport.grounded($0, in: context.message) }
        var task = (modelTask ?? parsed.task)
            .trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        if task.isEmpty { task = "Reminder" }
        let recurrence: Reminder.Recurrence? = switch parsed.recurrence {
        case .daily?: .daily
        case .weekly(_)?: .weekly
        case .monthly(_)?: .monthly
        case .everyDays(1)?: .daily
        default: nil
        }
        let reminder = Reminder(title: CoreSkillSupport.capitalized(task), due: parsed.fireDate, recurrence: recurrence,
                                createdAt: context.now, source: Self.catalogEntry.id)
        do {
            try services.storage.update(.reminders) { $0.append(reminder) }
        } catch {
            return .error("I could not save the reminder: \(error)")
        }
        var answer = "I'll remind you to \(task) on \(CoreSkillSupport.describe(parsed.fireDate, in: timeZone))"
        if let recurrence { answer += ", repeating \(recurrence.rawValue)" } else if parsed.recurrence != nil { answer += " (it repeats)" }
        return .response(answer + ".")
    }

    func note(_ arguments: Arguments, context: SkillContext) -> SkillResult {
        var text = arguments.text ?? context.message
        if arguments.text == nil {
            let lower = text.lowercased()
            for marker in ["make a note that ", "make a note: ", "make a note ", "take a note that ", "take a note: ", "take a note ",
                           "note that ", "note: ", "note ", "write down that ", "write down ", "jot down ", "remember that "] {
                if let range = lower.range(of: marker) {
                    text = String(text[range.upperBound...])
                    break
                }
            }
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .response("What should the note say?") }
        do {
            try services.storage.update(.notes) { $0.append(Note(text: text, createdAt: context.now)) }
        } catch {
            return .error("I could not save the note: \(error)")
        }
        return .response("Noted: \"\(text)\".")
    }

    func weather(_ arguments: Arguments, context: SkillContext) async -> SkillResult {
        guard let provider = services.weather else { return .response(Self.weatherNotConfigured) }
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let resolved = RelativeDateResolver(timeZone: timeZone).resolve(arguments.when ?? context.message, relativeTo: context.now)
        let date = resolved.date.flatMap { CoreSkillSupport.date(day: $0, time: "12:00", in: timeZone) } ?? context.now
        let location = arguments.location ?? "home"
        do {
            let forecast = try await provider.forecast(for: location, on: date)
            let rain = Int((forecast.precipitationChance * 100).rounded())
            return .response("\(forecast.location), \(forecast.date): \(forecast.summary), high \(Int(forecast.highCelsius.rounded())) °C, "
                + "low \(Int(forecast.lowCelsius.rounded())) °C, \(rain)% chance of rain.")
        } catch {
            return .response("I couldn't get the forecast right now (\(error)). Please try again later.")
        }
    }

    func time(context: SkillContext) -> SkillResult {
        let timeZone = CoreSkillSupport.timeZone(services, context)
        return .response("It is \(HomeOSPrompt.describe(context.now, in: timeZone)) (\(timeZone.identifier)).")
    }

    func listReminders(context: SkillContext) -> SkillResult {
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let open = ((try? services.storage.load(.reminders)) ?? []).filter { !$0.isDone }
            .sorted { ($0.due ?? .distantFuture) < ($1.due ?? .distantFuture) }
        guard !open.isEmpty else { return .response("You have no open reminders.") }
        return .response("Open reminders:\n" + open.prefix(10).map { reminder in
            "- \(reminder.title)" + (reminder.due.map { ", " + CoreSkillSupport.describe($0, in: timeZone) } ?? "")
        }.joined(separator: "\n"))
    }
}
