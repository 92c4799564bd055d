import ArgumentParser
import Foundation
import HomeOS
import LLM
import Skills

/// `homeos skills`: list the skills and turn them on or off.
struct SkillsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skills",
        abstract: "List HomeOS's 19 skills and whether each is enabled; enable or disable one.",
        discussion: """
            The setting is kept in the family's store (data/settings/skills.json); a disabled skill is never routed to.

            Examples:
              homeos skills
              homeos skills --json
              homeos skills disable marketplace-sell
              homeos skills enable marketplace-sell
              homeos skills permissions
              homeos skills deny contactPeople spendMoney
              homeos skills allow contactPeople

            Permissions (readFamilyData, writeFamilyData, healthData, calendar, contactPeople, spendMoney, homeDevices, \
            network, location) are all allowed at first. A skill that needs a denied one is still recognised, and \
            answers that it is not allowed and how to allow it; nothing it would do is done.
            """,
        subcommands: [SkillsListCommand.self, SkillsEnableCommand.self, SkillsDisableCommand.self,
                      SkillsPermissionsCommand.self, SkillsAllowCommand.self, SkillsDenyCommand.self],
        defaultSubcommand: SkillsListCommand.self
    )

    /// Fails with the list of ids when `id` is not a skill.
    static func requireKnown(_ id: String) throws {
        guard HomeOSSkillCatalog.all.contains(where: { $0.id == id }) else {
            throw CommandFailure("There is no skill \"\(id)\". Skills: "
                + HomeOSSkillCatalog.all.map(\.id).joined(separator: ", ") + ".")
        }
    }
}

/// `homeos skills list`.
struct SkillsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the skills and whether each is enabled.")

    @Flag(name: .long, help: "Print a JSON array of {id, name, summary, enabled}.")
    var json = false

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let settings = try data.openExistingStorage()?.load(.skillSettings) ?? SkillSettings()
        let skills = HomeOSSkillCatalog.all
        if json {
            let items: [JSONValue] = skills.map { skill in
                ["id": .string(skill.id), "name": .string(skill.name), "summary": .string(skill.summary),
                 "enabled": .bool(settings.isEnabled(skill.id))]
            }
            print(JSONValue.array(items).prettyText)
            return
        }
        let rows = [["skill", "name", "enabled"]]
            + skills.map { [$0.id, $0.name, settings.isEnabled($0.id) ? "yes" : "no"] }
        print(Terminal.table(rows))
        let disabled = skills.filter { !settings.isEnabled($0.id) }.count
        print("\(skills.count - disabled) of \(skills.count) enabled.")
    }
}

/// `homeos skills enable ID`.
struct SkillsEnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Turn a skill on.")

    @Argument(help: ArgumentHelp("The skill's id (see `homeos skills`).", valueName: "id"))
    var id: String

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        try SkillsCommand.requireKnown(id)
        try data.openStorage().update(.skillSettings) { $0.setEnabled(true, skillID: id) }
        print("Enabled \(id).")
    }
}

/// `homeos skills disable ID`.
struct SkillsDisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Turn a skill off.")

    @Argument(help: ArgumentHelp("The skill's id (see `homeos skills`).", valueName: "id"))
    var id: String

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        try SkillsCommand.requireKnown(id)
        try data.openStorage().update(.skillSettings) { $0.setEnabled(false, skillID: id) }
        print("Disabled \(id).")
    }
}

/// `homeos skills permissions`.
struct SkillsPermissionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "permissions",
                                                    abstract: "List what skills may do, whether the family allows it, and which skills need it.")

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let settings = try data.openExistingStorage()?.load(.skillSettings) ?? SkillSettings()
        let rows = [["permission", "allowed", "needed by"]] + SkillPermission.allCases.map { permission in
            [permission.rawValue, settings.grantedPermissions.contains(permission) ? "yes" : "no",
             HomeOSSkillCatalog.all.filter { $0.permissions.contains(permission) }.map(\.id).joined(separator: ", ")]
        }
        print(Terminal.table(rows))
    }
}

/// `homeos skills allow|deny PERMISSION…`.
struct PermissionArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("Permissions (see `homeos skills permissions`).", valueName: "permission"))
    var names: [String]

    func permissions() throws -> [SkillPermission] {
        try names.map { name in
            guard let permission = SkillPermission(rawValue: name) else {
                throw ValidationError("There is no permission \"\(name)\". Permissions: "
                    + SkillPermission.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            return permission
        }
    }
}

/// `homeos skills allow PERMISSION…`.
struct SkillsAllowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "allow", abstract: "Allow skills to do something again.")

    @OptionGroup var arguments: PermissionArguments
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let permissions = try arguments.permissions()
        try data.openStorage().update(.skillSettings) { settings in permissions.forEach { settings.setAllowed(true, $0) } }
        print("Allowed: " + permissions.map(\.phrase).joined(separator: ", ") + ".")
    }
}

/// `homeos skills deny PERMISSION…`.
struct SkillsDenyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deny", abstract: "Stop skills from doing something.")

    @OptionGroup var arguments: PermissionArguments
    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let permissions = try arguments.permissions()
        try data.openStorage().update(.skillSettings) { settings in permissions.forEach { settings.setAllowed(false, $0) } }
        let affected = HomeOSSkillCatalog.all.filter { !$0.permissions.isDisjoint(with: permissions) }.map(\.id)
        print("Denied: " + permissions.map(\.phrase).joined(separator: ", ") + ". "
              + (affected.isEmpty ? "No skill needs it." : "Skills that will refuse: " + affected.joined(separator: ", ") + "."))
    }
}
