import ArgumentParser
import Foundation
import HomeOS
import NaturalTime

/// The kinds of record `homeos data add|change|remove|list` works on.
enum DataRecordKind: String, ExpressibleByArgument, CaseIterable {
    case medication, reminder, event, member

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// `homeos data list KIND`: the records with their ids.
struct DataListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List medications, reminders, events or members with their ids.")

    @Argument(help: ArgumentHelp("What to list: \(DataRecordKind.names).", valueName: "kind"))
    var kind: DataRecordKind

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let family = try DataEntry.family(in: storage)
        let zone = family.timeZone ?? .current
        var rows: [[String]]
        switch kind {
        case .medication:
            rows = [["id", "member", "name", "dose", "times", "refill"]] + (try storage.load(.medications)).map {
                [$0.id.uuidString, $0.memberID, $0.name, $0.dosage, $0.times.joined(separator: ","), $0.refillDate ?? ""]
            }
        case .reminder:
            rows = [["id", "title", "due", "member", "done"]] + (try storage.load(.reminders)).map {
                [$0.id.uuidString, $0.title, $0.due.map { HomeOSPrompt.describe($0, in: zone) } ?? "", $0.memberID ?? "", $0.isDone ? "yes" : "no"]
            }
        case .event:
            rows = [["id", "title", "start", "kind", "members"]] + (try storage.load(.calendarEvents)).map {
                [$0.id.uuidString, $0.title, HomeOSPrompt.describe($0.start, in: zone), $0.kind.rawValue, $0.memberIDs.joined(separator: ",")]
            }
        case .member:
            rows = [["id", "name", "role", "age", "allergies"]] + family.members.map {
                [$0.id, $0.name, $0.role.rawValue, $0.age.map(String.init) ?? "", $0.allergies.joined(separator: ",")]
            }
        }
        Terminal.line(rows.count == 1 ? "No \(kind.rawValue)s yet." : Terminal.table(rows))
    }
}

/// `homeos data remove KIND ID`.
struct DataRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a medication, reminder, event or member by its id (see `homeos data list`).",
        discussion: "A member is removed only when no medication, reminder or event names them.")

    @Argument(help: ArgumentHelp("What to remove: \(DataRecordKind.names).", valueName: "kind"))
    var kind: DataRecordKind

    @Argument(help: ArgumentHelp("Its id, as `homeos data list` prints it.", valueName: "id"))
    var id: String

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let removed: String = try storage.transaction { store in
            switch kind {
            case .medication: return try DataEntry.remove(id, from: .medications, kind, named: \.name, in: store)
            case .reminder: return try DataEntry.remove(id, from: .reminders, kind, named: \.title, in: store)
            case .event: return try DataEntry.remove(id, from: .calendarEvents, kind, named: \.title, in: store)
            case .member:
                var family = try DataEntry.family(in: store)
                guard let index = family.members.firstIndex(where: { $0.id == id }) else { throw DataEntry.missing(kind, id) }
                let uses = try DataEntry.recordsNaming(id, in: store)
                guard uses.isEmpty else {
                    throw CommandFailure("\(family.members[index].name) is named by \(uses.joined(separator: ", ")); "
                        + "remove or change those first. Nothing was changed.")
                }
                let name = family.members.remove(at: index).name
                try DataEntry.save(family, in: store)
                return name
            }
        }
        Terminal.line("Removed \(kind.rawValue) \(removed).")
    }
}

/// `homeos data add KIND …`.
struct DataAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a medication, reminder, event or member, checked as an import is.",
        discussion: """
            Examples:
              homeos data add medication --member rosa --name lisinopril --dose "10 mg" --times 08:00 --refill 2026-12-20
              homeos data add reminder --title "Call the plumber" --when "tomorrow at 5pm"
              homeos data add event --title "Dentist" --when "friday 3pm" --kind appointment --member leo
              homeos data add member --name "Aunt May" --role other --age 70 --allergies peanuts
            """,
        subcommands: [AddMedication.self, AddReminder.self, AddEvent.self, AddMember.self])
}

/// `homeos data change KIND ID …`: only the options given change.
struct DataChangeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change", abstract: "Change a medication, reminder, event or member by its id; only the options given change.",
        discussion: """
            Examples:
              homeos data change medication 3F2504E0-… --dose "20 mg" --times 08:00,20:00
              homeos data change reminder 9C1D… --when "monday 9am"
              homeos data change member leo --age 10 --allergies peanuts,sesame
            """,
        subcommands: [ChangeMedication.self, ChangeReminder.self, ChangeEvent.self, ChangeMember.self])
}

/// The options of a medication.
struct MedicationFields: ParsableArguments {
    @Option(help: ArgumentHelp("Who takes it (a member id, see `homeos data list member`).", valueName: "member-id"))
    var member: String?
    @Option(help: "The medication's name.") var name: String?
    @Option(help: ArgumentHelp("The dose as prescribed, e.g. \"20 mg\".", valueName: "dose")) var dose: String?
    @Option(help: ArgumentHelp("Times of day a dose is due, HH:mm, comma-separated.", valueName: "HH:mm,…")) var times: String?
    @Option(help: ArgumentHelp("Next refill date.", valueName: "yyyy-MM-dd")) var refill: String?
    @Option(help: "Instructions from the label, e.g. \"with food\".") var instructions: String?

    func apply(to medication: inout Medication) {
        if let member { medication.memberID = member }
        if let name { medication.name = DataEntry.clean(name) }
        if let dose { medication.dosage = DataEntry.clean(dose) }
        if let times { medication.times = DataEntry.list(times) }
        if let refill { medication.refillDate = refill.isEmpty ? nil : refill }
        if let instructions { medication.instructions = instructions.isEmpty ? nil : DataEntry.clean(instructions) }
    }
}

/// The options of a reminder or an event.
struct TimedFields: ParsableArguments {
    @Option(help: "The title.") var title: String?
    @Option(name: .customLong("when"), help: ArgumentHelp("When, as you would say it: \"tomorrow at 5pm\", \"friday 3pm\", \"2026-12-24 18:00\".",
                                                          valueName: "time"))
    var time: String?
    @Option(help: ArgumentHelp("A member it is for (a member id).", valueName: "member-id")) var member: String?

    func title(required: Bool) throws -> String? {
        guard let title else {
            if required { throw ValidationError("Give a title with --title.") }
            return nil
        }
        let cleaned = DataEntry.clean(title)
        guard !cleaned.isEmpty else { throw ValidationError("The title is empty.") }
        guard cleaned.count <= FamilyLimits.nameCharacters else {
            throw ValidationError("The title is \(cleaned.count) characters; at most \(FamilyLimits.nameCharacters) are kept.")
        }
        return cleaned
    }

    func date(in zone: TimeZone, now: Date) throws -> Date? {
        guard let time else { return nil }
        guard let parsed = NaturalTimeParser(timeZone: zone).parse(time, relativeTo: now) else {
            throw CommandFailure("\"\(time)\" is not a time HomeOS understands; try \"tomorrow at 5pm\" or \"2026-12-24 18:00\". Nothing was saved.")
        }
        return parsed.fireDate
    }
}

/// The options of a member.
struct MemberFields: ParsableArguments {
    @Option(help: "Their name.") var name: String?
    @Option(help: ArgumentHelp("parent, child, grandparent or other.", valueName: "role")) var role: FamilyMember.Role?
    @Option(help: "Their age in years.") var age: Int?
    @Option(help: ArgumentHelp("Allergies, comma-separated (hard constraints for meals).", valueName: "a,b")) var allergies: String?

    func apply(to member: inout FamilyMember) {
        if let name { member.name = DataEntry.clean(name) }
        if let role { member.role = role }
        if let age { member.age = age }
        if let allergies { member.allergies = DataEntry.list(allergies) }
    }
}

extension FamilyMember.Role: ExpressibleByArgument {}

struct AddMedication: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "medication", abstract: "Add a medication (--member, --name and --dose are required).")
    @OptionGroup var fields: MedicationFields
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        guard let member = fields.member, let name = fields.name, let dose = fields.dose else {
            throw ValidationError("A medication needs --member, --name and --dose.")
        }
        var medication = Medication(memberID: member, name: name, dosage: dose)
        fields.apply(to: &medication)
        let saved = medication
        try data.openRequiredStorage().transaction { store in
            try DataEntry.saveMedications(try store.load(.medications) + [saved], in: store)
        }
        Terminal.line("Added \(saved.name) (\(saved.dosage)) for \(saved.memberID): id \(saved.id.uuidString).")
    }
}

struct ChangeMedication: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "medication", abstract: "Change a medication.")
    @Argument(help: "Its id.") var id: String
    @OptionGroup var fields: MedicationFields
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        try data.openRequiredStorage().transaction { store in
            var list = try store.load(.medications)
            let index = try DataEntry.index(of: id, in: list, .medication)
            fields.apply(to: &list[index])
            try DataEntry.saveMedications(list, in: store)
        }
        Terminal.line("Changed medication \(id).")
    }
}

struct AddReminder: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reminder", abstract: "Add a reminder (--title is required).")
    @OptionGroup var fields: TimedFields
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let zone = try DataEntry.family(in: storage).timeZone ?? .current
        let reminder = Reminder(title: try fields.title(required: true) ?? "", due: try fields.date(in: zone, now: Date()),
                                memberID: fields.member, source: "homeos data add")
        try storage.transaction { store in
            try DataEntry.requireMember(reminder.memberID, in: store)
            try store.save(try store.load(.reminders) + [reminder], to: .reminders)
        }
        Terminal.line("Added reminder \"\(reminder.title)\"" + (reminder.due.map { " for " + HomeOSPrompt.describe($0, in: zone) } ?? "")
                      + ": id \(reminder.id.uuidString).")
    }
}

struct ChangeReminder: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reminder", abstract: "Change a reminder.")
    @Argument(help: "Its id.") var id: String
    @OptionGroup var fields: TimedFields
    @Flag(help: "Mark it done.") var done = false
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let zone = try DataEntry.family(in: storage).timeZone ?? .current
        let title = try fields.title(required: false), due = try fields.date(in: zone, now: Date())
        try storage.transaction { store in
            var list = try store.load(.reminders)
            let index = try DataEntry.index(of: id, in: list, .reminder)
            if let title { list[index].title = title }
            if let due { list[index].due = due }
            if let member = fields.member { list[index].memberID = member.isEmpty ? nil : member }
            if done { list[index].isDone = true }
            try DataEntry.requireMember(list[index].memberID, in: store)
            try store.save(list, to: .reminders)
        }
        Terminal.line("Changed reminder \(id).")
    }
}

struct AddEvent: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "event", abstract: "Add a calendar event (--title and --when are required).")
    @OptionGroup var fields: TimedFields
    @Option(help: ArgumentHelp("general, appointment, school, reservation, activity or birthday.", valueName: "kind"))
    var kind: CalendarEvent.Kind = .general
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let zone = try DataEntry.family(in: storage).timeZone ?? .current
        guard let start = try fields.date(in: zone, now: Date()) else { throw ValidationError("An event needs --when.") }
        let event = CalendarEvent(title: try fields.title(required: true) ?? "", kind: kind, start: start,
                                  memberIDs: fields.member.map { [$0] } ?? [])
        try storage.transaction { store in
            for member in event.memberIDs { try DataEntry.requireMember(member, in: store) }
            try store.save(try store.load(.calendarEvents) + [event], to: .calendarEvents)
        }
        Terminal.line("Added \(event.title) on \(HomeOSPrompt.describe(start, in: zone)): id \(event.id.uuidString).")
    }
}

extension CalendarEvent.Kind: ExpressibleByArgument {}

struct ChangeEvent: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "event", abstract: "Change a calendar event.")
    @Argument(help: "Its id.") var id: String
    @OptionGroup var fields: TimedFields
    @Option(help: ArgumentHelp("The event's kind.", valueName: "kind")) var kind: CalendarEvent.Kind?
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        let zone = try DataEntry.family(in: storage).timeZone ?? .current
        let title = try fields.title(required: false), start = try fields.date(in: zone, now: Date())
        try storage.transaction { store in
            var list = try store.load(.calendarEvents)
            let index = try DataEntry.index(of: id, in: list, .event)
            if let title { list[index].title = title }
            if let start { list[index].start = start }
            if let kind { list[index].kind = kind }
            if let member = fields.member { list[index].memberIDs = member.isEmpty ? [] : [member] }
            for member in list[index].memberIDs { try DataEntry.requireMember(member, in: store) }
            try store.save(list, to: .calendarEvents)
        }
        Terminal.line("Changed event \(id).")
    }
}

struct AddMember: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "member", abstract: "Add a family member (--name and --role are required).")
    @OptionGroup var fields: MemberFields
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        guard let name = fields.name, let role = fields.role else { throw ValidationError("A member needs --name and --role.") }
        var member = FamilyMember(name: DataEntry.clean(name), role: role)
        fields.apply(to: &member)
        let added = member
        try data.openRequiredStorage().transaction { store in
            var family = try DataEntry.family(in: store)
            family.members.append(added)
            try DataEntry.save(family, in: store)
        }
        Terminal.line("Added \(added.name) (\(added.role.rawValue)): id \(added.id).")
    }
}

struct ChangeMember: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "member", abstract: "Change a family member (their id stays).")
    @Argument(help: "Their id.") var id: String
    @OptionGroup var fields: MemberFields
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        try data.openRequiredStorage().transaction { store in
            var family = try DataEntry.family(in: store)
            guard let index = family.members.firstIndex(where: { $0.id == id }) else { throw DataEntry.missing(.member, id) }
            fields.apply(to: &family.members[index])
            try DataEntry.save(family, in: store)
        }
        Terminal.line("Changed member \(id).")
    }
}

/// What the data-entry commands share: validation the way an import validates, and the errors.
enum DataEntry {
    static func family(in storage: any StorageProvider) throws -> Family {
        guard let family = try storage.loadIfPresent(.family) else { throw noFamily }
        return family
    }

    static func family(in store: any StorageTransaction) throws -> Family {
        guard let family = try store.readIfPresent(Family.self, at: StoragePaths.family) else { throw noFamily }
        return family
    }

    static let noFamily = CommandFailure("There is no family yet. Run `homeos init` first.")

    /// Saves `family` after the import's checks (names, limits, unique ids).
    static func save(_ family: Family, in store: any StorageTransaction) throws {
        do { try family.validate() } catch { throw CommandFailure("Not saved: \(error)") }
        try store.save(family, to: .family)
    }

    /// Saves `medications` after the import's checks (the member exists, HH:mm times, the refill date).
    static func saveMedications(_ medications: [Medication], in store: any StorageTransaction) throws {
        let seed = FamilySeed(family: try family(in: store), medications: medications)
        do { try seed.validate() } catch { throw CommandFailure("Not saved: \(error)") }
        guard medications.allSatisfy({ $0.name.count <= FamilyLimits.nameCharacters && $0.dosage.count <= FamilyLimits.nameCharacters }) else {
            throw CommandFailure("Not saved: a name or dose is longer than \(FamilyLimits.nameCharacters) characters.")
        }
        try store.save(medications, to: .medications)
    }

    static func requireMember(_ id: String?, in store: any StorageTransaction) throws {
        guard let id else { return }
        let family = try family(in: store)
        guard family.members.contains(where: { $0.id == id }) else {
            throw CommandFailure("There is no member \"\(id)\". Members: \(family.members.map(\.id).joined(separator: ", ")). Nothing was saved.")
        }
    }

    /// The records that name member `id`.
    static func recordsNaming(_ id: String, in store: any StorageTransaction) throws -> [String] {
        var uses = try store.load(.medications).filter { $0.memberID == id }.map { "the medication \($0.name)" }
        uses += try store.load(.reminders).filter { $0.memberID == id }.map { "the reminder \"\($0.title)\"" }
        uses += try store.load(.calendarEvents).filter { $0.memberIDs.contains(id) }.map { "the event \"\($0.title)\"" }
        return uses
    }

    /// The position of the record whose id is `id` in `list`, or the error that says there is none.
    static func index<Record: Identifiable>(of id: String, in list: [Record], _ kind: DataRecordKind) throws -> Int
        where Record.ID == UUID {
        guard let uuid = UUID(uuidString: id), let index = list.firstIndex(where: { $0.id == uuid }) else { throw missing(kind, id) }
        return index
    }

    /// Removes the record `id` from `document`; returns its name for the confirmation.
    static func remove<Record: Identifiable & Codable & Sendable>(_ id: String, from document: StorageDocument<[Record]>,
                                                                    _ kind: DataRecordKind, named name: KeyPath<Record, String>,
                                                                    in store: any StorageTransaction) throws -> String
        where Record.ID == UUID {
        var list = try store.load(document)
        let removed = list.remove(at: try index(of: id, in: list, kind))
        try store.save(list, to: document)
        return removed[keyPath: name]
    }

    static func missing(_ kind: DataRecordKind, _ id: String) -> CommandFailure {
        CommandFailure("There is no \(kind.rawValue) with the id \(id); `homeos data list \(kind.rawValue)` shows them. Nothing was changed.")
    }

    /// `text` without control characters and outer whitespace.
    static func clean(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }).trimmingCharacters(in: .whitespaces)
    }

    /// A comma-separated list, cleaned, empties dropped.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { clean(String($0)) }.filter { !$0.isEmpty }
    }
}
