import ArgumentParser
import Foundation
import Sentinel

/// `sentinel profile`: who you are to Sentinel and your hope box, kept in the encrypted store
/// (the same ones `sentinel serve` shows and edits).
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Your profile (name, battle buddy, preferred crisis line, message to yourself) and hope box, kept encrypted.",
        discussion: """
            The crisis view of every check-in reads them from the store: your battle buddy to call, your \
            message to yourself first, and your hope-box words. 'sentinel checkin --profile FILE' still \
            overrides them for one check-in.

            Examples:
              sentinel profile show
              sentinel profile set --name Sam --buddy-name Alex --buddy-phone 555-123-4567 --line veterans_crisis_line
              sentinel profile set --self-command "You have made it through hard days before."
              sentinel profile hope add "My daughter's graduation in June"
              sentinel profile hope remove 1
              sentinel profile import crisis-profile.json
            """,
        subcommands: [Show.self, Set.self, Import.self, Hope.self],
        defaultSubcommand: Show.self
    )

    /// `sentinel profile show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the profile and the hope box's words.")
        @OptionGroup var store: SafetyPlanStoreOptions
        @Flag(name: .long, help: "Print them as JSON.")
        var json = false

        struct Output: Encodable {
            var profile: VeteranProfile?
            var hopeBox: [String]
            var hopePictures: [String]
        }

        func run() async throws {
            let store = try store.open()
            let profile = try store.loadProfile()
            let box = try store.loadHopeBox()
            if json {
                Console.out(try Console.json(Output(profile: profile, hopeBox: box.texts, hopePictures: box.images.map(\.caption))) + "\n")
                return
            }
            Console.out(ProfileCommand.describe(profile, box) + "\n")
        }
    }

    static func describe(_ profile: VeteranProfile?, _ box: HopeBox) -> String {
        var lines: [String] = []
        if let profile {
            lines.append("Name: \(profile.name)")
            lines.append("Battle buddy: " + (profile.battleBuddy.map { "\($0.name), \($0.phone)" } ?? "none"))
            lines.append("Preferred crisis line: \(profile.preferredLine.label)")
            lines.append("Message to yourself: " + (profile.selfCommand ?? "none"))
        } else {
            lines.append("No profile yet: set one with 'sentinel profile set --name NAME'.")
        }
        lines.append("Hope box:" + (box.texts.isEmpty ? " nothing yet" : ""))
        lines += box.texts.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        if !box.images.isEmpty { lines.append("  (\(box.images.count) picture\(box.images.count == 1 ? "" : "s"), shown in 'sentinel serve')") }
        return lines.joined(separator: "\n")
    }

    /// `sentinel profile set`.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change the profile; only the options given change.")
        @OptionGroup var store: SafetyPlanStoreOptions
        @Option(name: .long, help: "The name Sentinel greets you by.")
        var name: String?
        @Option(name: .long, help: "Your battle buddy's name (with --buddy-phone).")
        var buddyName: String?
        @Option(name: .long, help: "Your battle buddy's phone number.")
        var buddyPhone: String?
        @Flag(name: .long, help: "Remove the battle buddy.")
        var noBuddy = false
        @Option(name: .long, help: ArgumentHelp("The crisis line you prefer: \(VeteranProfile.PreferredLine.allCases.map(\.rawValue).joined(separator: ", ")).",
                                                valueName: "line"))
        var line: String?
        @Option(name: .long, help: "A message to yourself for hard moments (empty to remove).")
        var selfCommand: String?

        func validate() throws {
            if let line, VeteranProfile.PreferredLine(rawValue: line) == nil {
                throw ValidationError("--line must be one of \(VeteranProfile.PreferredLine.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            if noBuddy && (buddyName != nil || buddyPhone != nil) { throw ValidationError("--no-buddy cannot be used with --buddy-name or --buddy-phone.") }
            if let buddyPhone, PhoneNumberExtractor.matches(in: buddyPhone).isEmpty {
                throw ValidationError("--buddy-phone must be a phone number, such as 555-123-4567.")
            }
            if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name cannot be empty.") }
            if [name, buddyName, buddyPhone, selfCommand].contains(where: { ($0?.count ?? 0) > 500 }) {
                throw ValidationError("Each value is limited to 500 characters.")
            }
        }

        func run() async throws {
            let store = try store.open()
            var profile = try store.loadProfile() ?? VeteranProfile(name: name ?? "")
            if profile.name.isEmpty && name == nil { throw ValidationError("No profile yet: give --name to create it.") }
            if let name { profile.name = name.trimmingCharacters(in: .whitespaces) }
            if noBuddy { profile.battleBuddy = nil }
            if buddyName != nil || buddyPhone != nil {
                guard let buddyName = buddyName ?? profile.battleBuddy?.name, let buddyPhone = buddyPhone ?? profile.battleBuddy?.phone else {
                    throw ValidationError("A new battle buddy needs both --buddy-name and --buddy-phone.")
                }
                profile.battleBuddy = CrisisProfile.Contact(name: buddyName, phone: buddyPhone)
            }
            if let line { profile.preferredLine = VeteranProfile.PreferredLine(rawValue: line) ?? profile.preferredLine }
            if let selfCommand { profile.selfCommand = selfCommand.isEmpty ? nil : selfCommand }
            try store.saveProfile(profile)
            Console.out("Saved.\n" + ProfileCommand.describe(profile, try store.loadHopeBox()) + "\n")
        }
    }

    /// `sentinel profile import FILE.json`: a crisis-profile file (as `checkin --profile` reads) into the store.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep a crisis-profile JSON file (selfCommand, hopeItems, battleBuddy) in the store.",
            discussion: "Its safetyPlan steps are not imported: use 'sentinel plan' for the safety plan.")
        @Argument(help: ArgumentHelp("The JSON file.", valueName: "file.json"))
        var file: String
        @OptionGroup var store: SafetyPlanStoreOptions
        @Option(name: .long, help: "Your name, when no profile is stored yet.")
        var name: String?

        func run() async throws {
            let crisis = try CrisisProfile.load(path: file)
            let store = try store.open()
            var profile = try store.loadProfile() ?? VeteranProfile(name: name ?? "")
            if let name { profile.name = name }
            if let buddy = crisis.battleBuddy { profile.battleBuddy = buddy }
            if let selfCommand = crisis.selfCommand { profile.selfCommand = selfCommand }
            try store.saveProfile(profile)
            var box = try store.loadHopeBox()
            for item in crisis.hopeItems where !box.texts.contains(item) { box.texts.append(item) }
            try store.saveHopeBox(box)
            Console.out("Imported \(file).\n" + ProfileCommand.describe(profile, box) + "\n")
        }
    }

    /// `sentinel profile hope add|remove`.
    struct Hope: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add or remove words in your hope box (pictures: in 'sentinel serve').",
            subcommands: [Add.self, Remove.self])

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Add words: a reason, a quote, a memory.")
            @Argument(help: "The words.")
            var text: [String]
            @OptionGroup var store: SafetyPlanStoreOptions

            func run() async throws {
                let words = text.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !words.isEmpty, words.count <= 500 else { throw ValidationError("Give the words to add (at most 500 characters).") }
                let store = try store.open()
                var box = try store.loadHopeBox()
                box.texts.append(words)
                try store.saveHopeBox(box)
                Console.out("Added.\n" + ProfileCommand.describe(try store.loadProfile(), box) + "\n")
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove words by their number in 'sentinel profile show'.")
            @Argument(help: "The number, from 1.")
            var index: Int
            @OptionGroup var store: SafetyPlanStoreOptions

            func run() async throws {
                let store = try store.open()
                var box = try store.loadHopeBox()
                guard box.texts.indices.contains(index - 1) else {
                    throw ValidationError("There is no hope-box entry \(index); 'sentinel profile show' lists \(box.texts.count).")
                }
                box.texts.remove(at: index - 1)
                try store.saveHopeBox(box)
                Console.out("Removed.\n" + ProfileCommand.describe(try store.loadProfile(), box) + "\n")
            }
        }
    }
}
