import Logging

/// The evaluations' log: where the data was found and what each run measured, as counts and
/// times (never a message's words). Label `homeos.evaluation`.
enum EvaluationLog {
    static let logger = Logger(label: "homeos.evaluation")
}
