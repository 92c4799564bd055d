import Foundation
import LLM
import NaturalTime
import Skills

/// transportation (B): rides, directions, traffic and travel times, and who drives whom.
///
/// Rides cost money, so a ride request returns `.needsApproval` (medium risk); on approval the
/// ride is put on the family calendar (HomeOS has no ride service connected, and says so).
/// Traffic, directions and distances are answered honestly: there is no live map data on the
/// device. The request kind is classified deterministically, with the model as a second opinion
/// for messages the keywords do not settle.
public struct TransportationSkill: HomeOSSkill {
    /// What the person wants.
    public enum Request: String, SchemaStringEnum {
        case ride, traffic, directions
        case whoDrives = "who-drives"
    }

    /// The skill's arguments; all optional (read from the message when absent).
    @SkillArguments
    public struct Arguments: Codable, Sendable, Hashable {
        /// What the person wants.
        public var request: Request?
        /// Where to.
        public var destination: String?
        /// When, in words ("at 5", "tomorrow at 8am").
        public var when: String?
        /// Who rides (a member's name).
        public var rider: String?
    }

    public static let catalogEntry = HomeOSSkillCatalog.transportation

    /// The name of the approved action.
    public static let rideAction = "book-ride"

    /// The skill's services.
    public let services: HomeOSServices

    /// Creates the skill.
    public init(services: HomeOSServices) { self.services = services }

    static let categories = [
        ClassificationCategory(name: "ride", description: "Book or arrange a ride, taxi or car service (costs money).",
                               examples: ["Get Ava a ride to soccer at 5", "Book a taxi to the station"]),
        ClassificationCategory(name: "traffic", description: "Traffic, travel time or distance.",
                               examples: ["How is traffic to downtown?", "How far is the airport?"]),
        ClassificationCategory(name: "directions", description: "How to get somewhere.",
                               examples: ["How do I get to the zoo?", "Directions to the museum"]),
        ClassificationCategory(name: "who-drives", description: "Who in the family drives or picks someone up.",
                               examples: ["Who drives Leo to swimming?", "Who is picking up the kids?"]),
    ]

    public func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        var request = arguments.request ?? Self.request(in: context.message)
        if request == nil, let label = await CoreSkillSupport.classify(context.message, categories: Self.categories, context: context) {
            request = Request(rawValue: label)
        }
        switch request ?? .directions {
        case .ride: return ride(arguments, context: context)
        case .traffic:
            return .response("I don't have live traffic or map data on this device, so I can't tell you current traffic or travel times"
                + destinationPhrase(arguments, context) + ". A maps app will have live conditions; at rush hour, allow extra time.")
        case .directions:
            return .response("I can't look up directions on this device"
                + destinationPhrase(arguments, context) + " — there is no map data here. Please use a maps app for the route.")
        case .whoDrives: return whoDrives(context: context)
        }
    }

    static func request(in message: String) -> Request? {
        if CoreSkillSupport.mentions(message, ["who drives", "who's driving", "who is driving", "who picks", "who's picking",
                                               "who is picking", "who takes", "carpool", "car pool"]) { return .whoDrives }
        if CoreSkillSupport.mentions(message, ["traffic", "how far", "how long", "travel time", "commute", "eta"]) { return .traffic }
        if CoreSkillSupport.mentions(message, ["directions", "how do i get", "how do we get", "route", "way to"]) { return .directions }
        if CoreSkillSupport.mentions(message, ["ride", "uber", "lyft", "taxi", "cab", "car service", "pick up", "drop off", "book a car"]) {
            return .ride
        }
        return nil
    }

    func destinationPhrase(_ arguments: Arguments, _ context: SkillContext) -> String {
        (arguments.destination ?? Self.destination(in: context.message)).map { " to \($0)" } ?? ""
    }

    /// The words after "to" up to a time word ("to soccer at 5" → "soccer").
    static func destination(in message: String) -> String? {
        let words = message.split(separator: " ").map(String.init)
        guard let index = words.lastIndex(where: { $0.lowercased() == "to" }), index + 1 < words.count else { return nil }
        let stops: Set<String> = ["at", "by", "tomorrow", "today", "tonight", "on", "in", "for", "this", "next", "around"]
        let place = words[(index + 1)...].prefix { !stops.contains($0.lowercased()) }
            .joined(separator: " ").trimmingCharacters(in: .punctuationCharacters)
        return place.isEmpty ? nil : place
    }

    func ride(_ arguments: Arguments, context: SkillContext) -> SkillResult {
        let family = CoreSkillSupport.family(services)
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let rider = CoreSkillSupport.members(in: context.message, family: family, explicit: arguments.rider).first
        guard let destination = arguments.destination ?? Self.destination(in: context.message) else {
            return .response("Where should the ride go?")
        }
        let parser = NaturalTimeParser(timeZone: timeZone)
        // A time the message states wins over the model's reading of it ("on Saturday at 9am" once came back as a
        // "when" the parser could not read, and the ride asked for the time it had been told).
        let stated = parser.parse(context.message, relativeTo: context.now).flatMap { $0.timeWasDefaulted ? nil : $0 }
        guard let when = stated ?? arguments.when.flatMap({ parser.parse($0, relativeTo: context.now) }) else {
            return .response("What time should the ride be?")
        }
        if when.isInPast { return .response("That time has already passed today. What time should the ride be?") }
        let who = rider?.name ?? "you"
        var details: [ApprovalRequest.Detail] = [.init("Rider", who), .init("To", destination),
                                                 .init("When", CoreSkillSupport.describe(when.fireDate, in: timeZone))]
        if let age = rider?.age, age < 16 { details.append(.init("Note", "\(who) is \(age); an adult may need to ride along.")) }
        return .needsApproval(ApprovalRequest(
            summary: "Arrange a paid ride for \(who) to \(destination) at \(when.time) on \(when.date)", details: details, risk: .medium,
            onApprove: "The ride is added to the family calendar.", onDeny: "No ride is arranged.",
            action: PendingAction(skillID: Self.catalogEntry.id, name: Self.rideAction, payload: [
                "rider": .string(who), "riderID": .string(rider?.id ?? ""), "destination": .string(destination),
                "date": .string(when.date), "time": .string(when.time),
            ])))
    }

    public func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        guard action.name == Self.rideAction, let day = action.payload["date"]?.stringValue, let time = action.payload["time"]?.stringValue else {
            return .error("Transportation has no approved action '\(action.name)'.")
        }
        let timeZone = CoreSkillSupport.timeZone(services, context)
        guard let start = CoreSkillSupport.date(day: day, time: time, in: timeZone) else {
            return .error("The approved ride has no valid time, so nothing was recorded.")
        }
        let rider = action.payload["rider"]?.stringValue ?? "you"
        let destination = action.payload["destination"]?.stringValue ?? "the destination"
        let riderID = action.payload["riderID"]?.stringValue ?? ""
        let event = CalendarEvent(title: "Ride for \(rider) to \(destination)", kind: .activity, start: start,
                                  memberIDs: riderID.isEmpty ? [] : [riderID])
        do {
            try services.storage.update(.calendarEvents) { $0.append(event) }
        } catch {
            return .error("I could not add the ride to the calendar: \(error)")
        }
        return .response("The ride for \(rider) to \(destination) at \(time) is on the calendar. No ride service is connected to HomeOS, "
            + "so please book it in your ride app.")
    }

    func whoDrives(context: SkillContext) -> SkillResult {
        let timeZone = CoreSkillSupport.timeZone(services, context)
        let today = CoreSkillSupport.day(context.now, in: timeZone)
        let events = ((try? services.storage.load(.calendarEvents)) ?? []).filter {
            CoreSkillSupport.day($0.start, in: timeZone) >= today
                && CoreSkillSupport.mentions($0.title + " " + ($0.notes ?? ""), ["drive", "drives", "driving", "pick up", "pickup", "ride", "carpool"])
        }.sorted { $0.start < $1.start }
        guard !events.isEmpty else {
            return .response("I don't see who is driving on the calendar. Add it as an event (for example \"Daniel drives Leo to swimming\").")
        }
        return .response("On the calendar:\n" + events.prefix(5).map { "- \($0.title), \(CoreSkillSupport.describe($0.start, in: timeZone))" }
            .joined(separator: "\n"))
    }
}
