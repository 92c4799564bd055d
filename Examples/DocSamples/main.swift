// The Swift samples of README.md and docs/*.md, kept here so that they compile (the tests build this
// target; they do not run it). Running it needs a model file and a family; the guard below keeps an
// accidental `swift run doc-samples` from loading anything.
import Foundation

if ProcessInfo.processInfo.arguments.count > 99 {
    do {
        try await runDocSamples(modelPath: ProcessInfo.processInfo.arguments[1])
    } catch {
        print("doc-samples: \(error)")
    }
}
