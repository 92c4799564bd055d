import Foundation
import WebFoundation
import HomeOS

/// The kinds of family record the Family page edits, with their forms.
enum FamilyKind: String, CaseIterable, Sendable {
    case members, medications, events, reminders, appliances, schools

    /// The section heading.
    var title: String {
        switch self {
        case .members: return "Members"
        case .medications: return "Medications"
        case .events: return "Events"
        case .reminders: return "Reminders"
        case .appliances: return "Appliances"
        case .schools: return "School schedules"
        }
    }

    /// One record, in a sentence ("Add a medication").
    var singular: String {
        switch self {
        case .members: return "member"
        case .medications: return "medication"
        case .events: return "event"
        case .reminders: return "reminder"
        case .appliances: return "appliance"
        case .schools: return "school schedule"
        }
    }

    /// The form's fields; member choices come from `family`.
    func fields(for family: Family) -> [FormField] {
        let members = family.members.map { FormField.Option(value: $0.id, label: $0.name) }
        func options(_ values: [String]) -> [FormField.Option] { values.map { FormField.Option(value: $0, label: $0.capitalized) } }
        switch self {
        case .members:
            return [
                FormField(name: "name", label: "Name", type: "text", required: true),
                FormField(name: "role", label: "Role", type: "select", required: true,
                          options: options(FamilyMember.Role.allCases.map(\.rawValue))),
                FormField(name: "age", label: "Age", type: "number"),
                FormField(name: "allergies", label: "Allergies", type: "text", help: "Separate with commas: peanuts, shellfish"),
                FormField(name: "diets", label: "Diets and preferences", type: "text", help: "Separate with commas: vegetarian, low sodium"),
                FormField(name: "phone", label: "Phone", type: "text"),
                FormField(name: "email", label: "Email", type: "text"),
                FormField(name: "checkInTime", label: "Daily check-in time", type: "time", help: "For older relatives: when to check in"),
            ]
        case .medications:
            return [
                FormField(name: "member", label: "For", type: "select", required: true, options: members),
                FormField(name: "name", label: "Medication", type: "text", required: true),
                FormField(name: "dosage", label: "Dose", type: "text", required: true, help: "For example 10 mg"),
                FormField(name: "times", label: "Times", type: "text", help: "HH:mm, separated by commas: 08:00, 20:00"),
                FormField(name: "refillDate", label: "Refill date", type: "date"),
                FormField(name: "instructions", label: "Instructions", type: "textarea"),
                FormField(name: "prescriber", label: "Prescriber", type: "text"),
            ]
        case .events:
            return [
                FormField(name: "title", label: "Title", type: "text", required: true),
                FormField(name: "kind", label: "Kind", type: "select", options: options(CalendarEvent.Kind.allCases.map(\.rawValue))),
                FormField(name: "start", label: "Starts", type: "datetime-local", required: true),
                FormField(name: "end", label: "Ends", type: "datetime-local"),
                FormField(name: "allDay", label: "All day", type: "checkbox"),
                FormField(name: "location", label: "Where", type: "text"),
                FormField(name: "members", label: "Who", type: "text", help: "Names separated by commas; empty means everyone"),
                FormField(name: "notes", label: "Notes", type: "textarea"),
            ]
        case .reminders:
            return [
                FormField(name: "title", label: "Reminder", type: "text", required: true),
                FormField(name: "due", label: "Due", type: "datetime-local"),
                FormField(name: "member", label: "For", type: "select", options: [FormField.Option(value: "", label: "Everyone")] + members),
                FormField(name: "recurrence", label: "Repeats", type: "select",
                          options: [FormField.Option(value: "", label: "Never")] + options(Reminder.Recurrence.allCases.map(\.rawValue))),
                FormField(name: "done", label: "Done", type: "checkbox"),
            ]
        case .appliances:
            return [
                FormField(name: "name", label: "Name", type: "text", required: true),
                FormField(name: "kind", label: "Kind", type: "text", help: "For example furnace, dishwasher"),
                FormField(name: "location", label: "Where", type: "text"),
                FormField(name: "model", label: "Model", type: "text"),
                FormField(name: "installedOn", label: "Installed on", type: "date"),
            ]
        case .schools:
            return [
                FormField(name: "member", label: "Student", type: "select", required: true, options: members),
                FormField(name: "school", label: "School", type: "text", required: true),
                FormField(name: "gradeLevel", label: "Grade", type: "text"),
                FormField(name: "periods", label: "Classes", type: "textarea",
                          help: "One per line: Monday 08:30-09:15 Math"),
                FormField(name: "daysOff", label: "Days off", type: "text", help: "Dates separated by commas: 2026-12-24, 2026-12-25"),
            ]
        }
    }
}
