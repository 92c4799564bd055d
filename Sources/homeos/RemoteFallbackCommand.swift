import ArgumentParser
import Foundation
import HomeOS
import LLM
import RemoteEngine

/// `homeos remote-fallback`: the family's one-time answer about sending a message to a remote
/// model when the on-device model cannot answer it.
struct RemoteFallbackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote-fallback",
        abstract: "Allow (once) or revoke a remote model that answers only when the on-device model cannot.",
        discussion: """
            Off unless you allow it. When allowed, and only after the on-device model's attempts have failed \
            (an error, a timeout, an answer that is not valid), `ask`, `chat` and the web app send that one \
            request to the server you named, and the answer ends with "(Answered by the remote model you \
            allowed, at HOST …)". Crisis messages are answered on the device before any model is asked. The \
            question is asked once and the answer kept in the family's store (data/settings/remote-fallback.json); \
            the API key is not stored: set HOMEOS_REMOTE_API_KEY in the environment of the commands that use it.

            Examples:
              homeos remote-fallback allow --base-url https://api.example.com/v1 --model llama-3.1-8b-instruct
              homeos remote-fallback            # what was decided
              homeos remote-fallback revoke
            """,
        subcommands: [RemoteFallbackShowCommand.self, RemoteFallbackAllowCommand.self, RemoteFallbackRevokeCommand.self],
        defaultSubcommand: RemoteFallbackShowCommand.self
    )

    /// One line describing `setting` (or that nothing was decided).
    static func describe(_ setting: RemoteFallbackSetting?) -> String {
        guard let setting else { return "Remote fallback: off (never allowed). Nothing leaves this machine." }
        let host = (try? RemoteConfiguration.parseBaseURL(setting.baseURL)).map { RemoteConfiguration(baseURL: $0, model: "").host }
            ?? setting.baseURL
        let when = ISO8601DateFormatter.string(from: setting.decidedAt, timeZone: .current, formatOptions: [.withInternetDateTime])
        return setting.allowed
            ? "Remote fallback: allowed since \(when): \(setting.model) at \(host), only when the on-device model cannot answer."
            : "Remote fallback: declined on \(when) (\(setting.model) at \(host)). Nothing leaves this machine."
    }
}

/// `homeos remote-fallback show`.
struct RemoteFallbackShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Say whether a remote fallback is allowed, and which.")

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        Terminal.line(RemoteFallbackCommand.describe(try data.openExistingStorage()?.loadIfPresent(.remoteFallback)))
    }
}

/// `homeos remote-fallback allow`: asks the consent question once and keeps the answer.
struct RemoteFallbackAllowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "allow",
        abstract: "Name the remote model and answer, once, whether messages may be sent to it when the on-device model fails.")

    @Option(name: .customLong("base-url"), help: "The server's API root, for example https://api.example.com/v1.")
    var baseURL: String

    @Option(help: "The model name the server knows.")
    var model: String

    @Flag(help: "Agree without being asked (for scripts); the question is printed all the same.")
    var yes = false

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let url: URL
        do { url = try RemoteConfiguration.parseBaseURL(baseURL) } catch { throw CommandFailure("\(error)") }
        guard !model.trimmingCharacters(in: .whitespaces).isEmpty else { throw CommandFailure("--model needs the served model's name.") }
        let storage = try data.openRequiredStorage()
        let configuration = RemoteConfiguration(baseURL: url, model: model)
        let scope = configuration.isLoopback ? "this machine" : "\(configuration.host), outside this machine"
        Terminal.line("""
            When the on-device model cannot answer a request (an error, a timeout, an answer that is not valid), \
            HomeOS can send that request to \(model) at \(scope). What is sent is the request's prompt: your \
            message and the family details that skill uses (names, ages, allergies, diets, the relevant \
            medications or events). Crisis messages are never sent. Each answer from there says so.
            """)
        let agreed: Bool
        if yes {
            agreed = true
        } else {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("Answer the question in a terminal, or pass --yes to agree. Nothing was changed.")
            }
            Terminal.write("Allow this? [y/N] ")
            fflush(nil)
            agreed = ["y", "yes"].contains((readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased())
        }
        let setting = RemoteFallbackSetting(baseURL: url.absoluteString, model: model, allowed: agreed, decidedAt: Date())
        try storage.save(setting, to: .remoteFallback)
        Terminal.line(RemoteFallbackCommand.describe(setting))
    }
}

/// `homeos remote-fallback revoke`.
struct RemoteFallbackRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Stop using the remote fallback; nothing leaves this machine.")

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let storage = try data.openRequiredStorage()
        guard var setting = try storage.loadIfPresent(.remoteFallback) else {
            Terminal.line(RemoteFallbackCommand.describe(nil))
            return
        }
        setting.allowed = false
        setting.decidedAt = Date()
        try storage.save(setting, to: .remoteFallback)
        Terminal.line(RemoteFallbackCommand.describe(setting))
    }
}
