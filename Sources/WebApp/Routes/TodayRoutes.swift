import Foundation
import HomeOS
import Hummingbird
import WebFoundation

/// `/api/today`: the day's calendar, medications due (marked taken here), reminders, the morning
/// briefing and the notifications the scheduler delivered today.
struct TodayRoutes {
    let session: FamilySession

    /// How many days after today the calendar on Today reaches.
    static let daysAhead = 7

    func register(on router: Router<WebRequestContext>) {
        router.get("/api/today") { _, _ in JSONResponse.make(try await today()) }
        router.post("/api/today/briefing") { _, _ in
            JSONResponse.make(["briefing": try await session.writeBriefing()])
        }
        router.post("/api/medications/:id/taken") { request, context in
            struct Body: Decodable { var time: String }
            let id = try RouteParameters.uuid("id", in: context, what: "That medication")
            let body = try await JSONResponse.decode(Body.self, from: request, context: context)
            try await markTaken(id, time: body.time)
            return JSONResponse.make(["ok": true])
        }
        router.post("/api/reminders/:id/done") { _, context in
            let id = try RouteParameters.uuid("id", in: context, what: "That reminder")
            let found = try session.storage.update(.reminders) { reminders -> Bool in
                guard let index = reminders.firstIndex(where: { $0.id == id }) else { return false }
                reminders[index].isDone = true
                return true
            }
            guard found else { throw APIError.notFound("That reminder") }
            await session.familyChanged()
            return JSONResponse.make(["ok": true])
        }
    }

    private func markTaken(_ id: UUID, time: String) async throws {
        let family = try await session.family()
        let calendar = ZonedCalendar(timeZone: family.timeZone ?? .current)
        let now = session.date
        let today = calendar.dayString(of: now)
        guard let medication = try session.storage.load(.medications).first(where: { $0.id == id }) else {
            throw APIError.notFound("That medication")
        }
        guard medication.times.contains(time) else {
            throw APIError(.badRequest, "\(medication.name) is not scheduled at \(time.prefix(10)); its times are "
                + "\(medication.times.joined(separator: ", ")).", fields: ["time": "Not one of the medication's times."])
        }
        let oldest = (calendar.dayNumber(today) ?? 0) - MedicationDose.keptDays
        try session.storage.update(.medicationDoses) { doses in
            doses.removeAll { (FormReader.dayNumber($0.day) ?? 0) < oldest }
            if !doses.contains(where: { $0.medicationID == id && $0.day == today && $0.time == time }) {
                doses.append(MedicationDose(medicationID: id, day: today, time: time, markedAt: now))
            }
        }
        await session.familyChanged()
    }

    /// Today as the page shows it.
    func today() async throws -> TodayPayload {
        let family = try await session.family()
        let timeZone = family.timeZone ?? .current
        let calendar = ZonedCalendar(timeZone: timeZone)
        let now = session.date
        let dayNumber = calendar.dayNumber(of: now)
        let today = calendar.dayString(dayNumber)
        let storage = session.storage
        let names = Dictionary(family.members.map { ($0.id, $0.name) }) { first, _ in first }

        let dayLabel = DateFormatter()
        dayLabel.locale = Locale(identifier: "en_US_POSIX")
        dayLabel.timeZone = timeZone
        dayLabel.dateFormat = "EEE d MMM"
        // Today's events and the week ahead (a booking for Saturday shows as soon as it is approved).
        let events = try storage.load(.calendarEvents)
            .filter { (dayNumber...(dayNumber + Self.daysAhead)).contains(calendar.dayNumber(of: $0.start)) }
            .sorted { $0.start < $1.start }
            .map { event in
                let day = calendar.dayNumber(of: event.start) == dayNumber ? "Today" : dayLabel.string(from: event.start)
                return TodayPayload.Event(id: event.id, title: event.title,
                                          time: day + " " + (event.isAllDay ? "all day" : calendar.localTime(of: event.start).description),
                                          location: event.location, members: event.memberIDs.compactMap { names[$0] })
            }
        let doses = Set(try storage.load(.medicationDoses).filter { $0.day == today }.map { "\($0.medicationID)|\($0.time)" })
        let medications = try storage.load(.medications).flatMap { medication in
            medication.times.sorted().map { time in
                TodayPayload.Dose(medicationID: medication.id, member: names[medication.memberID] ?? medication.memberID,
                                  name: medication.name, dosage: medication.dosage, time: time,
                                  taken: doses.contains("\(medication.id)|\(time)"))
            }
        }.sorted { ($0.time, $0.member) < ($1.time, $1.member) }
        let reminders = try storage.load(.reminders)
            .filter { reminder in
                guard let due = reminder.due else { return !reminder.isDone }
                return calendar.dayNumber(of: due) == dayNumber || (!reminder.isDone && due < now)
            }
            .sorted { ($0.due ?? .distantPast) < ($1.due ?? .distantPast) }
            .map { reminder in
                TodayPayload.ReminderItem(id: reminder.id, title: reminder.title,
                                          due: reminder.due.map { calendar.describe($0) },
                                          member: reminder.memberID.flatMap { names[$0] }, done: reminder.isDone)
            }
        let notifications = try storage.load(.deliveredNotifications)
            .filter { calendar.dayNumber(of: $0.entry.deliveredAt) == dayNumber }
            .reversed().map(NotificationPayload.init)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE, MMMM d"
        let briefing = await session.briefing.flatMap { calendar.dayNumber(of: $0.at) == dayNumber ? $0 : nil }
        return TodayPayload(date: today, dateText: formatter.string(from: now), events: events, medications: medications,
                            reminders: reminders, briefing: briefing, notifications: Array(notifications),
                            quietHours: family.quietHours.map { "\($0.start)–\($0.end)" })
    }
}

/// The Today page's data.
struct TodayPayload: Encodable, Sendable {
    struct Event: Encodable, Sendable {
        var id: UUID
        var title: String
        var time: String
        var location: String?
        var members: [String]
    }

    struct Dose: Encodable, Sendable {
        var medicationID: UUID
        var member: String
        var name: String
        var dosage: String
        var time: String
        var taken: Bool
    }

    struct ReminderItem: Encodable, Sendable {
        var id: UUID
        var title: String
        var due: String?
        var member: String?
        var done: Bool
    }

    var date: String
    var dateText: String
    var events: [Event]
    var medications: [Dose]
    var reminders: [ReminderItem]
    var briefing: BriefingPayload?
    var notifications: [NotificationPayload]
    var quietHours: String?
}
