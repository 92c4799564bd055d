import Foundation
import WebFoundation
import HomeOS

/// A record as the Family page lists it, with the values that pre-fill its edit form.
struct FamilyRecord: Encodable, Sendable {
    var id: String
    var title: String
    var subtitle: String
    var values: [String: FormValue]
}

/// Reads and changes the family's records from form values. Every change is validated in full
/// first, then written in one transaction; a rejected form writes nothing.
struct FamilyEditor {
    let storage: any StorageProvider
    let family: Family

    private var calendar: ZonedCalendar { ZonedCalendar(timeZone: family.timeZone ?? .current) }
    private var names: [String: String] { Dictionary(family.members.map { ($0.id, $0.name) }) { first, _ in first } }

    // MARK: Listing

    /// The records of `kind`.
    func records(_ kind: FamilyKind) throws -> [FamilyRecord] {
        switch kind {
        case .members:
            return family.members.map(record)
        case .medications:
            return try storage.load(.medications).map(record)
        case .events:
            return try storage.load(.calendarEvents).sorted { $0.start < $1.start }.map(record)
        case .reminders:
            return try storage.load(.reminders).sorted { ($0.due ?? .distantFuture) < ($1.due ?? .distantFuture) }.map(record)
        case .appliances:
            return try storage.load(.appliances).map(record)
        case .schools:
            return try storage.load(.schoolSchedules).map(record)
        }
    }

    private func record(_ member: FamilyMember) -> FamilyRecord {
        var facts = [member.role.rawValue.capitalized]
        if let age = member.age { facts.append("\(age)") }
        if !member.allergies.isEmpty { facts.append("allergic to " + member.allergies.joined(separator: ", ")) }
        return FamilyRecord(id: member.id, title: member.name, subtitle: facts.joined(separator: " · "), values: [
            "name": .text(member.name), "role": .text(member.role.rawValue), "age": .text(member.age.map(String.init) ?? ""),
            "allergies": .text(member.allergies.joined(separator: ", ")),
            "diets": .text(member.dietaryPreferences.joined(separator: ", ")),
            "phone": .text(member.contact?.phone ?? ""), "email": .text(member.contact?.email ?? ""),
            "checkInTime": .text(member.checkInTime ?? ""),
        ])
    }

    private func record(_ medication: Medication) -> FamilyRecord {
        let who = names[medication.memberID] ?? medication.memberID
        var subtitle = "\(who) · \(medication.dosage)"
        if !medication.times.isEmpty { subtitle += " at " + medication.times.joined(separator: ", ") }
        if let refill = medication.refillDate { subtitle += " · refill \(refill)" }
        return FamilyRecord(id: medication.id.uuidString, title: medication.name, subtitle: subtitle, values: [
            "member": .text(medication.memberID), "name": .text(medication.name), "dosage": .text(medication.dosage),
            "times": .text(medication.times.joined(separator: ", ")), "refillDate": .text(medication.refillDate ?? ""),
            "instructions": .text(medication.instructions ?? ""), "prescriber": .text(medication.prescriber ?? ""),
        ])
    }

    private func record(_ event: CalendarEvent) -> FamilyRecord {
        var subtitle = event.isAllDay ? "\(calendar.dayString(of: event.start)), all day" : calendar.describe(event.start)
        if let location = event.location { subtitle += " · \(location)" }
        return FamilyRecord(id: event.id.uuidString, title: event.title, subtitle: subtitle, values: [
            "title": .text(event.title), "kind": .text(event.kind.rawValue), "start": .text(calendar.inputValue(event.start)),
            "end": .text(event.end.map(calendar.inputValue) ?? ""), "allDay": .flag(event.isAllDay),
            "location": .text(event.location ?? ""), "members": .text(event.memberIDs.compactMap { names[$0] }.joined(separator: ", ")),
            "notes": .text(event.notes ?? ""),
        ])
    }

    private func record(_ reminder: Reminder) -> FamilyRecord {
        var facts: [String] = []
        if let due = reminder.due { facts.append(calendar.describe(due)) }
        if let member = reminder.memberID.flatMap({ names[$0] }) { facts.append("for \(member)") }
        if let recurrence = reminder.recurrence { facts.append(recurrence.rawValue) }
        if reminder.isDone { facts.append("done") }
        return FamilyRecord(id: reminder.id.uuidString, title: reminder.title, subtitle: facts.joined(separator: " · "), values: [
            "title": .text(reminder.title), "due": .text(reminder.due.map(calendar.inputValue) ?? ""),
            "member": .text(reminder.memberID ?? ""), "recurrence": .text(reminder.recurrence?.rawValue ?? ""),
            "done": .flag(reminder.isDone),
        ])
    }

    private func record(_ appliance: Appliance) -> FamilyRecord {
        FamilyRecord(id: appliance.id, title: appliance.name,
                     subtitle: [appliance.kind, appliance.location, appliance.model].compactMap { $0 }.joined(separator: " · "), values: [
            "name": .text(appliance.name), "kind": .text(appliance.kind ?? ""), "location": .text(appliance.location ?? ""),
            "model": .text(appliance.model ?? ""), "installedOn": .text(appliance.installedOn ?? ""),
        ])
    }

    private func record(_ schedule: SchoolSchedule) -> FamilyRecord {
        FamilyRecord(id: schedule.memberID, title: "\(names[schedule.memberID] ?? schedule.memberID): \(schedule.school)",
                     subtitle: "\(schedule.periods.count) classes a week" + (schedule.gradeLevel.map { " · grade \($0)" } ?? ""), values: [
            "member": .text(schedule.memberID), "school": .text(schedule.school), "gradeLevel": .text(schedule.gradeLevel ?? ""),
            "periods": .text(schedule.periods.map(Self.periodLine).joined(separator: "\n")),
            "daysOff": .text(schedule.daysOff.joined(separator: ", ")),
        ])
    }

    static func periodLine(_ period: SchoolSchedule.Period) -> String {
        "\(period.day.rawValue.capitalized) \(period.start)-\(period.end) \(period.subject)"
    }

    // MARK: Changes

    /// Creates (`id` nil) or replaces the record `id` of `kind` from `values`.
    /// - Returns: the saved record.
    /// - Throws: ``APIError``: 400 with field messages, 404 for an unknown id, 409 for a conflict.
    func save(_ kind: FamilyKind, id: String?, values: [String: FormValue]) throws -> FamilyRecord {
        var form = FormReader(values, timeZone: family.timeZone ?? .current)
        switch kind {
        case .members:
            let member = try readMember(&form, id: id)
            var updated = family
            if let id {
                guard let index = updated.members.firstIndex(where: { $0.id == id }) else { throw APIError.notFound("That member") }
                updated.members[index] = member
            } else {
                updated.members.append(member)
            }
            let problems = updated.problems
            guard problems.isEmpty else { throw APIError(.badRequest, "The family would not be valid: \(problems.joined(separator: "; ")). Nothing was saved.") }
            try storage.save(updated, to: .family)
            return record(member)
        case .medications:
            let memberID = form.choice("member", from: family.members.map(\.id), required: true, label: "Who takes it")
            let name = form.text("name", required: true, label: "The medication's name")
            let dosage = form.text("dosage", required: true, label: "The dose")
            let times = form.times("times")
            let refill = form.day("refillDate")
            let instructions = form.text("instructions", limit: 500)
            let prescriber = form.text("prescriber")
            try form.check()
            let medicationID = try id.map { try Self.uuid($0, what: "That medication") } ?? UUID()
            let medication = Medication(id: medicationID, memberID: memberID!, name: name!, dosage: dosage!, times: times,
                                        refillDate: refill, instructions: instructions, prescriber: prescriber)
            try replace(.medications, isNew: id == nil, with: medication, what: "That medication") { $0.id == medicationID }
            return record(medication)
        case .events:
            let title = form.text("title", required: true, label: "A title")
            let eventKind = form.choice("kind", from: CalendarEvent.Kind.allCases.map(\.rawValue)).flatMap(CalendarEvent.Kind.init) ?? .general
            let start = form.dateTime("start", required: true)
            let end = form.dateTime("end")
            let memberIDs = try memberIDs(&form, field: "members")
            let location = form.text("location"), notes = form.text("notes", limit: 1000)
            if let start, let end, end < start { form.fail("end", "The end is before the start.") }
            try form.check()
            let eventID = try id.map { try Self.uuid($0, what: "That event") } ?? UUID()
            let event = CalendarEvent(id: eventID, title: title!, kind: eventKind, start: start!, end: end, isAllDay: form.flag("allDay"),
                                      location: location, memberIDs: memberIDs, notes: notes)
            try replace(.calendarEvents, isNew: id == nil, with: event, what: "That event") { $0.id == eventID }
            return record(event)
        case .reminders:
            let title = form.text("title", required: true, label: "The reminder")
            let due = form.dateTime("due")
            let memberID = form.choice("member", from: family.members.map(\.id))
            let recurrence = form.choice("recurrence", from: Reminder.Recurrence.allCases.map(\.rawValue)).flatMap(Reminder.Recurrence.init)
            try form.check()
            let reminderID = try id.map { try Self.uuid($0, what: "That reminder") } ?? UUID()
            let existing = try storage.load(.reminders).first { $0.id == reminderID }
            let reminder = Reminder(id: reminderID, title: title!, due: due, memberID: memberID, recurrence: recurrence,
                                    isDone: form.flag("done"), createdAt: existing?.createdAt ?? Date(), source: existing?.source ?? "web")
            try replace(.reminders, isNew: id == nil, with: reminder, what: "That reminder") { $0.id == reminderID }
            return record(reminder)
        case .appliances:
            let name = form.text("name", required: true, label: "A name")
            let applianceKind = form.text("kind"), location = form.text("location"), model = form.text("model")
            let installed = form.day("installedOn")
            try form.check()
            let appliances = try storage.load(.appliances)
            let applianceID = id ?? Self.uniqueID(FamilyMember.makeID(from: name!), taken: Set(appliances.map(\.id)))
            let tasks = appliances.first { $0.id == applianceID }?.tasks ?? []
            let appliance = Appliance(id: applianceID, name: name!, kind: applianceKind, location: location, model: model,
                                      installedOn: installed, tasks: tasks)
            try replace(.appliances, isNew: id == nil, with: appliance, what: "That appliance") { $0.id == applianceID }
            return record(appliance)
        case .schools:
            let memberID = form.choice("member", from: family.members.map(\.id), required: true, label: "The student")
            let school = form.text("school", required: true, label: "The school")
            let grade = form.text("gradeLevel")
            let periods = Self.periods(&form, field: "periods")
            let daysOff = form.list("daysOff")
            if let bad = daysOff.first(where: { FormReader.dayNumber($0) == nil }) { form.fail("daysOff", "\"\(bad.prefix(20))\" is not a date (YYYY-MM-DD).") }
            try form.check()
            let schedules = try storage.load(.schoolSchedules)
            if id == nil, schedules.contains(where: { $0.memberID == memberID }) {
                throw APIError(.conflict, "\(names[memberID!] ?? memberID!) already has a school schedule; edit that one.",
                               fields: ["member": "Already has a schedule."])
            }
            if let id, id != memberID { throw APIError(.badRequest, "A schedule's student cannot change; add a new schedule instead.", fields: ["member": "Cannot change."]) }
            let schedule = SchoolSchedule(memberID: memberID!, school: school!, gradeLevel: grade, periods: periods, daysOff: daysOff)
            try replace(.schoolSchedules, isNew: id == nil, with: schedule, what: "That school schedule") { $0.memberID == memberID }
            return record(schedule)
        }
    }

    /// Deletes the record `id` of `kind`.
    /// - Throws: 404 for an unknown id, 409 when other records still refer to it (a member's medications).
    func delete(_ kind: FamilyKind, id: String) throws {
        switch kind {
        case .members:
            guard family.members.contains(where: { $0.id == id }) else { throw APIError.notFound("That member") }
            let medications = try storage.load(.medications).filter { $0.memberID == id }.count
            if medications > 0 {
                throw APIError(.conflict, "\(names[id] ?? id) still has \(medications) medication\(medications == 1 ? "" : "s"); remove "
                    + (medications == 1 ? "it" : "them") + " first.")
            }
            var updated = family
            updated.members.removeAll { $0.id == id }
            try storage.save(updated, to: .family)
        case .medications:
            let uuid = try Self.uuid(id, what: "That medication")
            try remove(.medications, what: "That medication") { $0.id == uuid }
        case .events:
            let uuid = try Self.uuid(id, what: "That event")
            try remove(.calendarEvents, what: "That event") { $0.id == uuid }
        case .reminders:
            let uuid = try Self.uuid(id, what: "That reminder")
            try remove(.reminders, what: "That reminder") { $0.id == uuid }
        case .appliances:
            try remove(.appliances, what: "That appliance") { $0.id == id }
        case .schools:
            try remove(.schoolSchedules, what: "That school schedule") { $0.memberID == id }
        }
    }

    // MARK: Helpers

    private func readMember(_ form: inout FormReader, id: String?) throws -> FamilyMember {
        let name = form.text("name", required: true, label: "A name")
        let role = form.choice("role", from: FamilyMember.Role.allCases.map(\.rawValue), required: true, label: "A role")
        let age = form.integer("age", in: 0...130)
        let allergies = form.list("allergies"), diets = form.list("diets")
        let phone = form.text("phone", limit: FamilyLimits.contactCharacters)
        let email = form.text("email", limit: FamilyLimits.contactCharacters)
        if let email, !email.contains("@") { form.fail("email", "An email address has an @.") }
        let checkIn = form.time("checkInTime")
        try form.check()
        let memberID = id ?? Self.uniqueID(FamilyMember.makeID(from: name!), taken: Set(family.members.map(\.id)))
        let contact = phone == nil && email == nil ? nil : FamilyMember.Contact(phone: phone, email: email)
        return FamilyMember(id: memberID, name: name!, role: FamilyMember.Role(rawValue: role!)!, age: age, allergies: allergies,
                            dietaryPreferences: diets, contact: contact, checkInTime: checkIn)
    }

    private func memberIDs(_ form: inout FormReader, field: String) throws -> [String] {
        var ids: [String] = []
        for name in form.list(field) {
            guard let member = family.member(named: name) ?? family.member(id: name) else {
                form.fail(field, "\"\(name.prefix(40))\" is not a family member.")
                continue
            }
            ids.append(member.id)
        }
        return ids
    }

    /// Class lines: `Monday 08:30-09:15 Math`.
    static func periods(_ form: inout FormReader, field: String) -> [SchoolSchedule.Period] {
        guard let text = form.text(field, limit: 8000) else { return [] }
        var periods: [SchoolSchedule.Period] = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            let hours = parts.count > 1 ? parts[1].split(separator: "-").map(String.init) : []
            guard parts.count == 3, let day = SchoolSchedule.Day(rawValue: parts[0].lowercased()), hours.count == 2,
                  let start = LocalTime(hours[0]), let end = LocalTime(hours[1]), start < end else {
                form.fail(field, "\"\(line.prefix(40))\" should read like: Monday 08:30-09:15 Math")
                return []
            }
            periods.append(SchoolSchedule.Period(day: day, start: start.description, end: end.description, subject: parts[2]))
        }
        return periods
    }

    /// Inserts (`isNew`) or replaces the element `matches` finds in a list document.
    private func replace<Element>(_ document: StorageDocument<[Element]>, isNew: Bool, with element: Element, what: String,
                                  matches: @escaping (Element) -> Bool) throws {
        let found = try storage.update(document) { list -> Bool in
            if isNew {
                list.append(element)
                return true
            }
            guard let index = list.firstIndex(where: matches) else { return false }
            list[index] = element
            return true
        }
        if !found { throw APIError.notFound(what) }
    }

    private func remove<Element>(_ document: StorageDocument<[Element]>, what: String, matches: @escaping (Element) -> Bool) throws {
        let removed = try storage.update(document) { list -> Bool in
            let before = list.count
            list.removeAll(where: matches)
            return list.count < before
        }
        if !removed { throw APIError.notFound(what) }
    }

    static func uuid(_ text: String, what: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw APIError.notFound(what) }
        return id
    }

    static func uniqueID(_ base: String, taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }
}
