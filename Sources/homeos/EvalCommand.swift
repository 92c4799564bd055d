import ArgumentParser

/// `homeos dev eval`: measurements on the public evaluation data (see ``EvaluationData`` for where it is found).
struct EvalCommand: AsyncParsableCommand {
    /// Every `homeos dev eval` subcommand. To add one, write its command in its own file and list it here.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        RoutingEvalCommand.self,
        ArgumentsEvalCommand.self,
        JSONSchemaSuiteEvalCommand.self,
        SchemaCoverageEvalCommand.self,
        ConstrainedEvalCommand.self,
        RedTeamEvalCommand.self,
        CrisisEvalCommand.self,
        PromptsEvalCommand.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate HomeOS on public data (tune on development splits, report on test splits).",
        subcommands: subcommandTypes
    )
}
