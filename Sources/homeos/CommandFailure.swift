/// A failure a command reports in one sentence (no usage text, exit status 1).
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    let description: String

    init(_ description: String) { self.description = description }
}
