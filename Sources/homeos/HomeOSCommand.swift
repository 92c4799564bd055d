import ArgumentParser

/// `homeos`: the HomeOS command line.
@main
struct HomeOSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeos",
        abstract: "HomeOS — a private, on-device AI assistant. Everything runs on this machine.",
        subcommands: [InitCommand.self, AskCommand.self, ApproveCommand.self, DenyCommand.self, ChatCommand.self, FeedbackCommand.self, GenesCommand.self, SkillsCommand.self, DataCommand.self, GenerateCommand.self, BenchCommand.self,
                      ModelsCommand.self, RouteCommand.self, EvalCommand.self, TrainCommand.self, ScheduleCommand.self, DaemonCommand.self]
    )
}
