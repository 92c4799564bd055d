import ArgumentParser
import Foundation
import LlamaEngine
import ModelHub

/// `homeos models use ID`: load-test a model and make it the one commands use by default.
struct ModelsUseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Select the model that commands use when --model is not given.",
        discussion: """
            The model is checked (installed, SHA-256 verified, runtime available, enough memory for the \
            context) and loaded once to prove it works before the selection is saved; if it fails, \
            the previous selection stays.
            """)

    @OptionGroup var location: ModelsLocationOptions

    @Argument(help: ArgumentHelp("A catalog id or alias (see `homeos models list`).", valueName: "id"))
    var model: String?

    @Option(name: .long, help: "Context window (tokens) to check memory for (default: the balanced preset's).")
    var context: Int?

    @Flag(name: .long, help: "Forget the selection; commands use the default model again.")
    var clear = false

    func validate() throws {
        if clear == (model != nil) { throw ValidationError("Give a model id, or --clear.") }
        if let context, context < 16 { throw ValidationError("--context must be at least 16 tokens, got \(context).") }
    }

    func run() async throws {
        let library = location.library()
        if clear {
            try library.clearSelection()
            print("Selection cleared: commands use the default model, \(library.catalog.defaultEntry.id).")
            return
        }
        var configuration = LlamaConfiguration.preset(.balanced)
        if let context { configuration.contextSize = context }
        let runtime = ModelRuntime(library: library, factory: ModelsEngineFactory(configuration: configuration),
                                   contextSize: configuration.contextSize)
        let clock = ContinuousClock()
        let start = clock.now
        let active = try await runtime.activate(model!)
        let elapsed = clock.now - start
        await runtime.unload()
        print("Selected \(active.entry.id) (loaded in \(String(format: "%.2f", elapsed.seconds)) s; needs about "
              + "\(ByteCount.format(active.estimate.totalBytes)) at \(active.estimate.contextSize) tokens).")
        print("Commands without --model now use it; `homeos models use --clear` returns to \(library.catalog.defaultEntry.id).")
    }
}
