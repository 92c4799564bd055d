import Foundation
import HomeOS

/// Asks for a family on the terminal, one question at a time. Answers stay in memory until the
/// command saves them; nothing is logged.
struct FamilyPrompter {
    /// Reads one line (nil at end of input).
    var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }
    /// Writes prompt text.
    var write: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }

    /// Input ended before the family was complete.
    struct InputEnded: Error, CustomStringConvertible {
        var description: String { "Input ended before the family was complete; nothing was saved." }
    }

    func askForFamily() throws -> Family {
        write("Let's set up your family. Press Enter to skip optional questions.\n")
        let name = try ask("Family name: ", required: true)
        let timeZone = try askTimeZone()
        var members: [FamilyMember] = []
        while true {
            let memberName = try ask("Member \(members.count + 1) name (Enter when everyone is added): ")
            if memberName.isEmpty {
                if members.isEmpty { write("Add at least one member.\n"); continue }
                break
            }
            members.append(try askMember(named: memberName, taken: Set(members.map(\.id))))
        }
        return Family(name: name, timeZoneIdentifier: timeZone, members: members, quietHours: try askQuietHours())
    }

    private func askMember(named name: String, taken: Set<String>) throws -> FamilyMember {
        let roles = FamilyMember.Role.allCases.map(\.rawValue)
        var role: FamilyMember.Role?
        while role == nil {
            let answer = try ask("  Role (\(roles.joined(separator: "/"))) [parent]: ").lowercased()
            role = answer.isEmpty ? .parent : FamilyMember.Role(rawValue: answer)
            if role == nil { write("  Please answer one of: \(roles.joined(separator: ", ")).\n") }
        }
        var age: Int?
        while true {
            let answer = try ask("  Age (optional): ")
            if answer.isEmpty { break }
            if let value = Int(answer), (0...130).contains(value) { age = value; break }
            write("  Please give the age as a whole number of years.\n")
        }
        let allergies = list(try ask("  Allergies, separated by commas (optional): "))
        let diets = list(try ask("  Dietary preferences, separated by commas (optional): "))
        let phone = try ask("  Phone (optional): ")
        let email = try ask("  E-mail (optional): ")
        var id = FamilyMember.makeID(from: name)
        if taken.contains(id) {
            var suffix = 2
            while taken.contains("\(id)-\(suffix)") { suffix += 1 }
            id = "\(id)-\(suffix)"
        }
        let contact = phone.isEmpty && email.isEmpty
            ? nil : FamilyMember.Contact(phone: phone.isEmpty ? nil : phone, email: email.isEmpty ? nil : email)
        return FamilyMember(id: id, name: name, role: role ?? .parent, age: age, allergies: allergies,
                            dietaryPreferences: diets, contact: contact)
    }

    private func askTimeZone() throws -> String {
        let suggested = TimeZone.current.identifier
        while true {
            let answer = try ask("Time zone [\(suggested)]: ")
            let identifier = answer.isEmpty ? suggested : answer
            if TimeZone(identifier: identifier) != nil { return identifier }
            write("  \"\(identifier)\" is not a known time zone; use a name such as America/Chicago or Europe/Paris.\n")
        }
    }

    private func askQuietHours() throws -> QuietHours? {
        while true {
            let answer = try ask("Quiet hours, for example 21:30-07:00 (optional): ")
            if answer.isEmpty { return nil }
            let parts = answer.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 {
                let hours = QuietHours(start: parts[0], end: parts[1])
                if hours.problems.isEmpty { return hours }
            }
            write("  Please write two 24-hour times as HH:mm-HH:mm, for example 21:30-07:00.\n")
        }
    }

    private func ask(_ prompt: String, required: Bool = false) throws -> String {
        while true {
            write(prompt)
            guard let line = readLine() else { throw InputEnded() }
            let answer = line.trimmingCharacters(in: .whitespaces)
            if !answer.isEmpty || !required { return answer }
            write("  This one is needed.\n")
        }
    }

    private func list(_ answer: String) -> [String] {
        answer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
