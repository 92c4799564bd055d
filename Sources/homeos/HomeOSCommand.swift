import ArgumentParser
import LLM

/// `homeos`: the HomeOS command line. The top level lists what a family uses; the developer tools
/// (evaluations, benchmarks, training, raw generation) live under `homeos dev`.
@main
struct HomeOSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeos",
        abstract: "HomeOS — a private, on-device AI assistant. Everything runs on this machine.",
        discussion: """
            Start with `homeos init` (or `make demo`), then `homeos ask "what's for dinner?"` or `homeos chat`. \
            Developer tools (evaluations, benchmarks, router training): `homeos dev --help`.
            Every command takes --log-level trace|debug|info|notice|warning|error|critical (default warning, or \
            $HOMEOS_LOG_LEVEL): structured logs on standard error, never with what anyone wrote or any clinical content.
            """,
        subcommands: [InitCommand.self, ServeCommand.self, AskCommand.self, ChatCommand.self, ConversationCommand.self, ApproveCommand.self, DenyCommand.self,
                      ScheduleCommand.self, DaemonCommand.self, DataCommand.self, ModelsCommand.self, SkillsCommand.self,
                      FeedbackCommand.self, RemoteFallbackCommand.self, MCPCommand.self, DevCommand.self]
    )
    /// `--log-level LEVEL` is taken off the command line wherever it appears (see
    /// `LogLevelArgument`) and the log handler set up before any command runs.
    static func main() async {
        await main(LogLevelArgument.bootstrapFromCommandLine(Array(CommandLine.arguments.dropFirst())))
    }
}

/// `homeos dev`: the tools for people who build and measure HomeOS, kept out of the family's `--help`.
struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Developer tools: evaluations, benchmarks, router training, routing and raw generation.",
        discussion: "See docs/contributing.md for how each is used.",
        shouldDisplay: false,
        subcommands: [GenerateCommand.self, RouteCommand.self, EvalCommand.self, TrainCommand.self, BenchCommand.self,
                      GenesCommand.self]
    )
}
