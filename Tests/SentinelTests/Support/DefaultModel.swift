import ModelHub
import Testing

/// The default model (SmolLM2-135M-Instruct) for the real-model tests.
enum DefaultModel {
    /// Its installed file; nil after recording an issue (so the test fails, never skips) when it is
    /// not installed.
    static func path() -> String? {
        do {
            return try ModelDirectory.standard().resolve("smollm2-135m-instruct").path
        } catch {
            Issue.record("\(error) The integration test needs the default model: run `make setup` (or `make test`).")
            return nil
        }
    }
}
