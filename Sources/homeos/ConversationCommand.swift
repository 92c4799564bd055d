import ArgumentParser
import Foundation
import HomeOS

/// `homeos conversation show|clear`: the family's kept conversation (`homeos ask`, `chat`, the web app).
struct ConversationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conversation",
        abstract: "Show or forget the conversation HomeOS keeps for follow-up questions.",
        discussion: """
            HomeOS keeps the family's recent messages and answers in the store (at most 400 entries, none \
            older than 30 days) so that `homeos ask "and on Sunday?"` follows on from the last question. \
            The model sees only the last five exchanges that fit its prompt.
            """,
        subcommands: [ConversationShowCommand.self, ConversationClearCommand.self],
        defaultSubcommand: ConversationShowCommand.self)
}

/// `homeos conversation show`.
struct ConversationShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the kept conversation, oldest first.")

    @Option(name: .long, help: "Show only the last N messages.")
    var last: Int?

    @OptionGroup var data: DataDirectoryOptions

    func validate() throws {
        if let last, last < 1 { throw ValidationError("--last must be at least 1.") }
    }

    func run() throws {
        let entries = try ConversationLog(storage: data.openRequiredStorage()).entries()
        let shown = last.map { Array(entries.suffix($0)) } ?? entries
        if shown.isEmpty {
            Terminal.line("No conversation is kept.")
            return
        }
        let formatter = ISO8601DateFormatter()
        for entry in shown {
            let who = entry.role == .person ? "you" : "homeos" + (entry.skillID.map { " (\($0))" } ?? "")
            Terminal.line("[\(formatter.string(from: entry.date))] \(who): \(entry.text)")
        }
    }
}

/// `homeos conversation clear`.
struct ConversationClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Forget the kept conversation.")

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let log = ConversationLog(storage: try data.openRequiredStorage())
        let count = try log.entries().count
        try log.clear()
        print("Forgot \(count) message\(count == 1 ? "" : "s").")
    }
}
