import Foundation
import LLM
import NaturalTime
import Skills

/// restaurant-reservation (D): reads {cuisine, date, time, partySize, location, specialRequests}
/// from the arguments and, deterministically, from the message (relative dates such as
/// "Saturday" or "tomorrow at 7" resolved with ``RelativeDateResolver`` against the current
/// time in the family's time zone), asks only for what is missing, and returns
/// `.needsApproval` (medium risk) for a complete request. The approved action records the
/// reservation in the family calendar.
///
/// The model is only asked for the free-text parts (cuisine, place, requests) when they are
/// missing; dates, times and the party size never come from it, so a request without a time is
/// never booked at a time the model made up.
public struct RestaurantReservationSkill: HomeOSSkill {
    /// The skill's arguments; every field optional (what is missing is asked for).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// The cuisine or restaurant kind ("Italian").
        public var cuisine: String?
        /// The day: `yyyy-MM-dd` or relative text ("Saturday", "tomorrow").
        public var date: String?
        /// The time: `HH:mm` or text ("7pm", "at 7").
        public var time: String?
        /// How many people.
        @Minimum(1) @Maximum(30)
        public var partySize: Int?
        /// A restaurant name or area.
        public var location: String?
        /// Anything to tell the restaurant (high chair, window seat, allergies).
        public var specialRequests: String?
    }

    public static let catalogEntry = HomeOSSkillCatalog.restaurantReservation

    /// The name of the approved action.
    public static let bookAction = "book-table"

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    /// The free-text parts the model may fill.
    struct FreeText: Codable, Sendable {
        var cuisine: String?
        var location: String?
        var specialRequests: String?
    }

    static let freeTextSchema = try! JSONSchema([
        "type": "object",
        "properties": [
            "cuisine": ["type": ["string", "null"]],
            "location": ["type": ["string", "null"]],
            "specialRequests": ["type": ["string", "null"]],
        ],
        "additionalProperties": false,
    ])

    /// A booking whose cuisine, day, time and party size the message states ("Book a table at an
    /// Italian place for Saturday at 7pm for 4"): ``resolve(_:context:timeZone:)`` reads all four
    /// from the words and keeps a model's only where they are silent, so the extraction call could
    /// add nothing but a place or a request the words already carry. A message that leaves any of
    /// the four out goes to the model.
    public func argumentsReadFromWords(of message: String) -> Arguments? {
        guard let cuisine = Self.cuisine(in: message), Self.partySize(in: message) != nil,
              !CoreSkillSupport.mentions(message, ["cancel"]) else { return nil }
        // Only whether a day and a time are stated matters here; execution reads them again in
        // the family's time zone.
        let reading = RelativeDateResolver(timeZone: .current, hourAssumption: .dining).resolve(message, relativeTo: Date())
        guard reading.date != nil, reading.time != nil else { return nil }
        return Arguments(cuisine: cuisine, location: Self.place(in: message), specialRequests: Self.specialRequests(in: message))
    }

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let timeZone = CoreSkillSupport.timeZone(services, context)
        if CoreSkillSupport.mentions(context.message, ["cancel", "cancel my reservation"]) {
            return cancellationAnswer(context: context, timeZone: timeZone)
        }
        var request = resolve(arguments, context: context, timeZone: timeZone)
        if request.cuisine == nil && request.location == nil, context.bridge != nil,
           let extra = await CoreSkillSupport.generateJSON(
               FreeText.self, services, skillID: Self.catalogEntry.id,
               instruction: "Extract the cuisine, the restaurant name or area, and special requests from the message as JSON. Use null for anything not said.",
               schema: Self.freeTextSchema, context: context, maxTokens: 80) {
            let said = Self.conversation(context)
            request.cuisine = Self.said(extra.cuisine, in: said).map(CoreSkillSupport.clean)
            request.location = Self.said(extra.location, in: said).map(CoreSkillSupport.clean)
            if request.specialRequests == nil { request.specialRequests = Self.said(extra.specialRequests, in: said).map(CoreSkillSupport.clean) }
        }
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        if let date = request.date, date < today {
            return .response("That date (\(date)) has already passed. Which day would you like the table?")
        }
        if let date = request.date, let time = request.time, date == today, time <= CoreSkillSupport.clock(context.now, in: timeZone) {
            return .response("\(time) today has already passed. What time would you like the table?")
        }
        if let question = Self.question(for: request) { return .response(question) }
        return .needsApproval(approval(for: request, timeZone: timeZone))
    }

    /// What is known about a reservation so far.
    struct Request: Sendable, Hashable {
        var cuisine: String?
        var date: String?
        var time: String?
        var partySize: Int?
        var location: String?
        var specialRequests: String?
    }

    /// The arguments merged with what the message (and the person's recent turns) say;
    /// deterministic readings of the message win over the arguments for dates, times and size.
    func resolve(_ arguments: Arguments, context: SkillContext, timeZone: TimeZone) -> Request {
        let resolver = RelativeDateResolver(timeZone: timeZone, hourAssumption: .dining)
        // A place or a request the person never mentioned is the model's invention (SmolLM2 named a
        // restaurant "Cannellino" and asked for "Cannellino, 4000…"): only what was said is kept.
        let said = Self.conversation(context)
        // The same for a cuisine: "Thai" came back from the model as "Cambodia".
        var request = Request(cuisine: Self.said(arguments.cuisine, in: said), location: Self.said(arguments.location, in: said),
                              specialRequests: Self.said(arguments.specialRequests, in: said))
        // A cuisine the message names beats one the model took from an earlier turn: after an
        // Italian booking, "a table at a Thai place" came back as "Italian".
        if let named = Self.cuisine(in: context.message), request.cuisine.flatMap(Self.cuisine(in:)) != named {
            request.cuisine = named
        }
        // The arguments (possibly relative text).
        if let date = Self.nonEmpty(arguments.date) {
            request.date = Self.isISODate(date) ? date : resolver.resolve(date, relativeTo: context.now).date
        }
        if let time = Self.nonEmpty(arguments.time) {
            if let minute = QuietHours.minuteOfDay(time) {
                request.time = String(format: "%02d:%02d", minute / 60, minute % 60)
            } else {
                let resolved = resolver.resolve(time.lowercased().hasPrefix("at") ? time : "at " + time, relativeTo: context.now)
                request.time = resolved.time
                if request.date == nil, resolved.date != nil, Self.hasDateWords(time) { request.date = resolved.date }
            }
        }
        if let size = arguments.partySize, size > 0 { request.partySize = size }
        // A date, time or party size that only the model supplied, with nothing the person said
        // behind it, is invented ("Book us a table for 2" came back dated 2022-01-01): it is dropped
        // so that the skill asks for it. Arguments handed over by another skill are kept.
        let texts = Self.personTexts(context)
        let readings = texts.map { resolver.resolve($0, relativeTo: context.now) }
        let sizes = texts.map(Self.partySize(in:))
        if context.handoff == nil {
            if !readings.contains(where: { $0.time != nil }) { request.time = nil }
            if !readings.contains(where: { $0.date != nil }) { request.date = nil }
            if !sizes.contains(where: { $0 != nil }) { request.partySize = nil }
        }
        // The message itself, then the person's recent turns for what is still missing.
        for (index, text) in texts.enumerated() {
            let resolved = readings[index]
            let isMessage = index == 0
            if let date = resolved.date, isMessage || request.date == nil { request.date = date }
            if let time = resolved.time, isMessage || request.time == nil { request.time = time }
            if let size = sizes[index], isMessage || request.partySize == nil { request.partySize = size }
            if request.cuisine == nil { request.cuisine = Self.cuisine(in: text) }
            if request.location == nil { request.location = Self.place(in: text) }
            if request.specialRequests == nil { request.specialRequests = Self.specialRequests(in: text) }
        }
        return request
    }

    /// "an" before a vowel sound written with a vowel ("an Italian table"), else "a".
    static func article(before phrase: String) -> String {
        guard let first = phrase.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    /// The message, then the person's two previous turns, most recent first: where a reservation's
    /// details come from.
    static func personTexts(_ context: SkillContext) -> [String] {
        [context.message] + context.history.filter { $0.speaker == .person }.suffix(2).reversed().map(\.text)
    }

    /// ``personTexts(_:)`` as one text, for checking that a detail was said.
    static func conversation(_ context: SkillContext) -> String {
        personTexts(context).joined(separator: "\n")
    }

    /// `value` when it is not blank and nearly all of its words were said in `conversation`.
    static func said(_ value: String?, in conversation: String) -> String? {
        nonEmpty(value).flatMap { CoreSkillSupport.grounded($0, in: conversation) }
    }

    /// One question for exactly what is missing, or nil when the request is complete.
    static func question(for request: Request) -> String? {
        var missing: [String] = []
        if request.date == nil { missing.append("date") }
        if request.time == nil { missing.append("time") }
        if request.partySize == nil { missing.append("party size") }
        switch missing {
        case []: return nil
        case ["time"]: return "What time would you like the table?"
        case ["date"]: return "Which day would you like the table?"
        case ["party size"]: return "How many people should I book for?"
        case ["date", "time"]: return "What day and time would you like the table?"
        case ["time", "party size"]: return "What time, and how many people?"
        case ["date", "party size"]: return "Which day, and how many people?"
        default: return "What day and time, and how many people?"
        }
    }

    func approval(for request: Request, timeZone: TimeZone) -> ApprovalRequest {
        let date = request.date ?? ""
        let time = request.time ?? ""
        let size = request.partySize ?? 0
        let place = request.location.map { " at \($0)" } ?? ""
        let kind = request.cuisine.map { CoreSkillSupport.capitalized($0) + " " } ?? ""
        var details: [ApprovalRequest.Detail] = []
        if let cuisine = request.cuisine { details.append(.init("Cuisine", CoreSkillSupport.capitalized(cuisine))) }
        if let location = request.location { details.append(.init("Where", location)) }
        details.append(.init("Date", date))
        details.append(.init("Time", time))
        details.append(.init("Party size", String(size)))
        let allergies = CoreSkillSupport.family(services)?.allAllergies ?? []
        var requests = request.specialRequests.map { [$0] } ?? []
        if !allergies.isEmpty { requests.append("allergies: " + allergies.joined(separator: ", ")) }
        if !requests.isEmpty { details.append(.init("Special requests", requests.joined(separator: "; "))) }
        var payload: JSONObject = ["date": .string(date), "time": .string(time), "partySize": .number(Double(size))]
        if let cuisine = request.cuisine { payload["cuisine"] = .string(cuisine) }
        if let location = request.location { payload["location"] = .string(location) }
        if !requests.isEmpty { payload["specialRequests"] = .string(requests.joined(separator: "; ")) }
        return ApprovalRequest(
            summary: "Book \(Self.article(before: kind + "table")) \(kind)table\(place) for \(size) on \(CoreSkillSupport.describeDay(date, in: timeZone)) (\(date)) at \(time)",
            details: details, risk: .medium,
            onApprove: "The reservation is added to the family calendar.",
            onDeny: "Nothing is booked.",
            action: PendingAction(skillID: Self.catalogEntry.id, name: Self.bookAction, payload: .object(payload)))
    }

    public func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        guard action.name == Self.bookAction else {
            return .error("Restaurant reservation has no approved action '\(action.name)'.")
        }
        let timeZone = CoreSkillSupport.timeZone(services, context)
        guard let day = action.payload["date"]?.stringValue, let time = action.payload["time"]?.stringValue,
              let start = CoreSkillSupport.date(day: day, time: time, in: timeZone) else {
            return .error("The approved reservation has no valid date and time, so nothing was recorded.")
        }
        let size = Int(action.payload["partySize"]?.numberValue ?? 0)
        let cuisine = action.payload["cuisine"]?.stringValue
        let location = action.payload["location"]?.stringValue
        let title = "Dinner reservation" + (cuisine.map { " — " + CoreSkillSupport.capitalized($0) } ?? "") + " (\(size))"
        let event = CalendarEvent(title: title, kind: .reservation, start: start, end: start.addingTimeInterval(2 * 3600),
                                  location: location, notes: action.payload["specialRequests"]?.stringValue)
        do {
            try services.storage.update(.calendarEvents) { $0.append(event) }
        } catch {
            return .error("I could not add the reservation to the calendar: \(error)")
        }
        return .response("Done: \(title) is on the calendar for \(CoreSkillSupport.describeDay(day, in: timeZone)) at \(time). "
            + "HomeOS cannot contact restaurants from this device, so please confirm the table with the restaurant.")
    }

    func cancellationAnswer(context: SkillContext, timeZone: TimeZone) -> SkillResult {
        let events = ((try? services.storage.load(.calendarEvents)) ?? []).filter { $0.kind == .reservation && $0.start >= context.now }
        guard !events.isEmpty else { return .response("I don't see any upcoming reservations on the calendar.") }
        let lines = events.sorted { $0.start < $1.start }.map { "- \($0.title), \(CoreSkillSupport.describe($0.start, in: timeZone))" }
        return .response("Upcoming reservations:\n" + lines.joined(separator: "\n")
            + "\nHomeOS cannot contact the restaurant; please cancel with them directly, then remove it from the calendar.")
    }

    // MARK: Deterministic reading

    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty,
              trimmed.lowercased() != "null" else { return nil }
        return trimmed
    }

    static func isISODate(_ text: String) -> Bool { DayString.dayNumber(text) != nil }

    static func hasDateWords(_ text: String) -> Bool {
        CoreSkillSupport.mentions(text, ["today", "tonight", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday",
                                         "saturday", "sunday", "weekend"])
    }

    static let numberWords = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                              "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple": 2, "couple": 2]

    /// The party size in a message: "for 4", "for four", "party of 6", "4 people", "table for two".
    static func partySize(in text: String) -> Int? {
        let words = CoreSkillSupport.words(text)
        func number(_ word: String) -> Int? { Int(word) ?? numberWords[word] }
        let notAfter: Set<String> = ["pm", "am", "p", "a", "o'clock", "oclock", "minutes", "minute", "hours", "hour", "days",
                                     "day", "weeks", "th", "st", "nd", "rd", "ish"]
        for (index, word) in words.enumerated() {
            guard let value = number(word), (1...30).contains(value) else { continue }
            let next = index + 1 < words.count ? words[index + 1] : ""
            let previous = index > 0 ? words[index - 1] : ""
            if ["people", "persons", "guests", "adults", "of"].contains(next), next != "of" || words.dropFirst(index + 2).first == "us" {
                return value
            }
            if ["for", "of"].contains(previous), !notAfter.contains(next), next != ":" {
                return value
            }
        }
        if CoreSkillSupport.mentions(text, ["for two", "for 2", "date night", "just the two of us"]) { return 2 }
        return nil
    }

    static let cuisines = ["italian", "chinese", "japanese", "sushi", "thai", "indian", "mexican", "french", "greek", "korean",
                           "vietnamese", "spanish", "tapas", "steakhouse", "steak", "pizza", "seafood", "burger", "burgers",
                           "bbq", "barbecue", "mediterranean", "ramen", "lebanese", "turkish", "ethiopian", "brunch", "vegan",
                           "vegetarian"]

    static func cuisine(in text: String) -> String? {
        let words = Set(CoreSkillSupport.words(text))
        return cuisines.first { words.contains($0) }.map(CoreSkillSupport.capitalized)
    }

    /// A capitalised place after "at", "near" or "in" ("at Luigi's", "in Wicker Park").
    static func place(in text: String) -> String? {
        let tokens = text.split(separator: " ").map(String.init)
        let skip = Set(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Noon", "Midnight",
                        "The", "A", "An", "I", "We"] + cuisines.map(CoreSkillSupport.capitalized))
        for (index, token) in tokens.enumerated() where ["at", "near", "in"].contains(token.lowercased()) {
            var name: [String] = []
            for candidate in tokens.dropFirst(index + 1) {
                let trimmed = candidate.trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "'")))
                guard let first = trimmed.first, first.isUppercase, !skip.contains(trimmed) else { break }
                name.append(trimmed)
                if candidate.last.map({ ",.!?".contains($0) }) == true { break }
            }
            if !name.isEmpty { return name.joined(separator: " ") }
        }
        return nil
    }

    static let requestPhrases = ["window seat", "window table", "high chair", "highchair", "booster seat", "outdoor seating",
                                 "outside table", "patio", "quiet table", "booth", "wheelchair access", "wheelchair",
                                 "birthday", "anniversary", "gluten free", "stroller"]

    static func specialRequests(in text: String) -> String? {
        let found = requestPhrases.filter { CoreSkillSupport.mentions(text, [$0]) }
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }
}
