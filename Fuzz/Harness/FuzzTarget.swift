import Foundation

/// One libFuzzer target: a parser that takes input from outside, and the properties every input
/// must keep. A broken property stops the run through `violated(_:)`, which libFuzzer reports
/// as a crash and saves the input that caused it.
struct FuzzTarget: Sendable {
    /// The name `HOMEOS_FUZZ_TARGET` selects it by, also its corpus folder's name.
    let name: String
    /// What it feeds and what it checks, for `homeos-fuzz --list`-style listings and the docs.
    let summary: String
    /// Work done once before the first input (loading a vocabulary, say).
    let prepare: @Sendable () -> Void
    /// Runs one input.
    let run: @Sendable (Data) -> Void

    init(name: String, summary: String, prepare: @escaping @Sendable () -> Void = {}, run: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.summary = summary
        self.prepare = prepare
        self.run = run
    }
}

/// Stops the run: the input broke a property the parser promises.
func violated(_ property: String, _ detail: @autoclosure () -> String = "") -> Never {
    let text = detail()
    fatalError("property broken: \(property)\(text.isEmpty ? "" : " — \(text.prefix(400))")")
}

/// Splits fuzz input into a selector byte and the rest, so one target can cover several modes.
func splitSelector(_ data: Data) -> (selector: UInt8, rest: Data) {
    guard let first = data.first else { return (0, Data()) }
    return (first, data.dropFirst())
}
