import ArgumentParser
import LLM
import Sentinel

/// `sentinel`: the veteran crisis check-in command line. The top level lists what the person uses
/// day to day; a signal looked at on its own (a recording, a wearable export) is under `signals`.
@main
struct SentinelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sentinel",
        abstract: "Sentinel — a private check-in for veteran crisis support. Everything runs on this machine.",
        discussion: """
            If you are in crisis now: dial 988 then press 1 (Veterans Crisis Line), text 838255, or call 911.
            Every command takes --log-level trace|debug|info|notice|warning|error|critical (default warning, or \
            $HOMEOS_LOG_LEVEL): structured logs on standard error, never with what you wrote or any clinical content.
            """,
        subcommands: [CheckInCommand.self, CSSRSCommand.self, PlanCommand.self, ReportCommand.self, IngestCommand.self,
                      SignalsCommand.self, PurgeCommand.self, ServeCommand.self, ProfileCommand.self]
    )
    /// `--log-level LEVEL` is taken off the command line wherever it appears (see
    /// `LogLevelArgument`) and the log handler set up before any command runs.
    static func main() async {
        await main(LogLevelArgument.bootstrapFromCommandLine(Array(CommandLine.arguments.dropFirst())))
    }
}

/// `sentinel signals`: one signal on its own, outside a check-in (for the person or a clinician).
struct SignalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signals",
        abstract: "Look at one signal on its own: a voice recording, or wearable data against your baseline.",
        subcommands: [ProsodyCommand.self, HealthCommand.self]
    )
}
