import Foundation

/// Derives the scheduled jobs from the family's data (see ``ScheduleKind`` for the table).
public struct ScheduleBuilder: Sendable {
    /// The fixed times of the schedules the family's data does not set.
    public struct Times: Sendable, Hashable {
        /// The school check on school days (07:30).
        public var schoolCheck = LocalTime(hour: 7, minute: 30)!
        /// Wellness nudges: first one (08:00).
        public var wellnessFrom = LocalTime(hour: 8)!
        /// Wellness nudges: end of the window, exclusive (20:00, the wind-down's hour).
        public var wellnessUntil = LocalTime(hour: 20)!
        /// Minutes between wellness nudges (120).
        public var wellnessEveryMinutes = 120
        /// The daily elder-care check-in when the member sets no `checkInTime` (10:00).
        public var elderCareCheckIn = LocalTime(hour: 10)!
        /// The time of day of a refill reminder (09:00).
        public var refill = LocalTime(hour: 9)!
        /// A habit check-in when the habit sets no time (19:00).
        public var habitCheckIn = LocalTime(hour: 19)!
        /// How long before a calendar event it is announced (2 hours).
        public var calendarLead: TimeInterval = 2 * 3600
        /// When the day's steps are checked for the low-activity nudge (18:00); steps in the hours
        /// before it count.
        public var lowActivityCheck = LocalTime(hour: 18)!

        /// The defaults.
        public init() {}
    }

    /// The fixed times.
    public var times: Times

    /// Creates a builder.
    public init(times: Times = Times()) { self.times = times }

    /// Every job the data asks for, in a stable order. Jobs of disabled skills are left out, except
    /// medication doses; preferences turn the briefings, medication doses and refills on or off.
    public func jobs(for data: ScheduleData) -> [ScheduledJob] {
        let family = data.family, preferences = family.notificationPreferences
        let calendar = ZonedCalendar(timeZone: family.timeZone ?? TimeZone(identifier: "UTC")!)
        func name(_ memberID: String?) -> String? { memberID.map { family.member(id: $0)?.name ?? $0 } }
        var jobs: [ScheduledJob] = []

        if let text = preferences.morningBriefing, let time = LocalTime(text) {
            jobs.append(ScheduledJob(id: "morning-briefing", kind: .morningBriefing, rule: .daily(time), title: "Good morning",
                                     body: "", reason: "notification preferences: morning briefing at \(time)"))
        }
        if let text = preferences.eveningWindDown, let time = LocalTime(text) {
            jobs.append(ScheduledJob(id: "evening-wind-down", kind: .eveningWindDown, rule: .daily(time), title: "Evening wind-down",
                                     body: "", reason: "notification preferences: evening wind-down at \(time)"))
        }
        jobs.append(ScheduledJob(id: "wellness-nudge", kind: .wellnessNudge,
                                 rule: .interval(minutes: times.wellnessEveryMinutes, from: times.wellnessFrom, until: times.wellnessUntil),
                                 title: "Wellness break", body: "", reason: "wellness nudges through the day"))

        for schedule in data.schoolSchedules.sorted(by: { $0.memberID < $1.memberID }) {
            let child = name(schedule.memberID) ?? schedule.memberID
            var days = Set(schedule.periods.map(\.day))
            if days.isEmpty { days = [.monday, .tuesday, .wednesday, .thursday, .friday] }
            jobs.append(ScheduledJob(
                id: "school-check:\(schedule.memberID)", kind: .schoolCheck,
                rule: .weekly(days: days, at: times.schoolCheck, except: Set(schedule.daysOff)),
                title: "School today — \(child)",
                body: "\(child) has school at \(schedule.school) today. Bag, lunch and homework ready?",
                reason: "\(child)'s school days at \(schedule.school)",
                memberID: schedule.memberID))
        }

        if preferences.medicationReminders {
            for medication in data.medications {
                let who = name(medication.memberID) ?? medication.memberID
                var body = "\(who): \(medication.name) \(medication.dosage)."
                if let instructions = medication.instructions, !instructions.isEmpty { body += " \(instructions)" }
                for time in Set(medication.times.compactMap(LocalTime.init)).sorted() {
                    jobs.append(ScheduledJob(
                        id: "medication:\(medication.id.uuidString)@\(time)", kind: .medication, rule: .daily(time),
                        title: "Medication — \(who)", body: body, reason: "\(medication.name) \(medication.dosage) for \(who) at \(time)",
                        memberID: medication.memberID, sourceID: medication.id.uuidString))
                }
            }
        }

        for habit in data.habits {
            let time = habit.checkInTime.flatMap(LocalTime.init) ?? times.habitCheckIn
            let who = name(habit.memberID)
            jobs.append(ScheduledJob(
                id: "habit:\(habit.id.uuidString)", kind: .habitCheckIn, rule: .daily(time),
                title: "Habit check-in" + (who.map { " — \($0)" } ?? ""),
                body: "Did \(who ?? "you") \(habit.name.lowercased()) today?" + (habit.goal.map { " Goal: \($0)." } ?? ""),
                reason: "habit \"\(habit.name)\", check-in at \(time) unless done", memberID: habit.memberID, sourceID: habit.id.uuidString))
        }

        for memberID in data.stepActivity.memberIDs {
            let who = name(memberID) ?? memberID
            jobs.append(ScheduledJob(
                id: "low-activity:\(memberID)", kind: .lowActivity, rule: .daily(times.lowActivityCheck),
                title: "Time to move — \(who)", body: "",
                reason: "\(who)'s imported steps, checked at \(times.lowActivityCheck) (sent only on a day they are low)",
                memberID: memberID))
        }

        for elder in family.members(withRole: .grandparent) {
            var body = "A good time to check in with \(elder.name)."
            if let phone = elder.contact?.phone { body += " Their number is \(phone)." }
            let time = elder.checkInTime.flatMap(LocalTime.init) ?? times.elderCareCheckIn
            jobs.append(ScheduledJob(
                id: "elder-care:\(elder.id)", kind: .elderCareCheckIn, rule: .daily(time),
                title: "Check in with \(elder.name)", body: body,
                reason: "daily check-in with \(elder.name) at \(time)" + (elder.checkInTime == nil ? " (default)" : ""), memberID: elder.id))
        }

        for medication in data.medications {
            guard let refillDay = medication.refillDate, let day = calendar.dayNumber(refillDay) else { continue }
            let who = name(medication.memberID) ?? medication.memberID
            let ahead = preferences.refillReminderDaysAhead
            let at = calendar.instant(day: day - ahead, time: times.refill)
            jobs.append(ScheduledJob(
                id: "refill:\(medication.id.uuidString)@\(refillDay)", kind: .refill, rule: .once(at),
                title: "Refill soon — \(who)'s \(medication.name)",
                body: "\(who)'s \(medication.name) (\(medication.dosage)) needs a refill by \(refillDay), in \(ahead) day\(ahead == 1 ? "" : "s")."
                    + (medication.prescriber.map { " Prescriber: \($0)." } ?? ""),
                reason: "refill date \(refillDay), \(ahead) days ahead", memberID: medication.memberID,
                sourceID: medication.id.uuidString))
        }

        for reminder in data.reminders where !reminder.isDone {
            guard let due = reminder.due else { continue }
            let who = name(reminder.memberID)
            let rule: ScheduleRule = reminder.recurrence.map { .repeating(start: due, every: $0) } ?? .once(due)
            jobs.append(ScheduledJob(
                id: "reminder:\(reminder.id.uuidString)@\(Int(due.timeIntervalSince1970))", kind: .reminder, rule: rule,
                title: reminder.title, body: "Reminder" + (who.map { " for \($0)" } ?? "") + ": \(reminder.title)",
                reason: "reminder \"\(reminder.title)\"" + (reminder.source.map { " (from \($0))" } ?? ""),
                memberID: reminder.memberID, sourceID: reminder.id.uuidString))
        }

        for event in data.events where !event.isAllDay {
            let at = event.start.addingTimeInterval(-times.calendarLead)
            let hours = times.calendarLead / 3600
            let lead = hours == hours.rounded() ? "\(Int(hours)) h" : "\(Int(times.calendarLead / 60)) min"
            var body = "\(event.title) at \(calendar.localTime(of: event.start))"
            if let location = event.location, !location.isEmpty { body += ", \(location)" }
            let names = event.memberIDs.compactMap(name)
            if !names.isEmpty { body += " (\(names.joined(separator: ", ")))" }
            jobs.append(ScheduledJob(
                id: "event:\(event.id.uuidString)@\(Int(event.start.timeIntervalSince1970))", kind: .calendarEvent, rule: .once(at),
                title: "Coming up in \(lead)", body: body + ".", reason: "calendar event \"\(event.title)\", \(lead) ahead",
                sourceID: event.id.uuidString))
        }

        return jobs.filter { $0.kind == .medication || data.skillSettings.isEnabled($0.kind.skillID) }
    }
}
