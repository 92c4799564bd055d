import ArgumentParser
import Foundation
import HomeOS

/// `homeos data stress-writer` (hidden): writes documents in a loop and prints each path after its
/// commit, so a test can kill it at any moment and check that every printed document survived.
struct DataStressWriterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stress-writer",
        abstract: "Test helper: write documents in a loop, printing each path once committed.",
        shouldDisplay: false)

    @Option(name: .long, help: "Name for this run's documents (data/stress/<label>/…); letters, digits, '-' and '_'.")
    var label = "run"

    @Option(name: .long, help: "How many rounds to write.")
    var count = 1_000_000

    @OptionGroup var data: DataDirectoryOptions

    /// The document the writer stores; the test decodes the same shape.
    struct StressDocument: Codable {
        var label: String
        var index: Int
        var part: String
        var padding: String
    }

    func run() throws {
        let storage = try data.openStorage()
        for index in 0..<count {
            // Every fourth round writes three documents in one transaction; the others write one.
            let parts = index % 4 == 3 ? ["a", "b", "c"] : ["a"]
            let documents = parts.map { part in
                (path: "data/stress/\(label)/\(index)-\(part).json",
                 value: StressDocument(label: label, index: index, part: part,
                                       padding: String(repeating: "x", count: (index * 7919 + part.count * 31) % 3000)))
            }
            if documents.count == 1 {
                try storage.write(documents[0].value, at: documents[0].path)
            } else {
                try storage.transaction { transaction in
                    for document in documents { try transaction.write(document.value, at: document.path) }
                }
            }
            // Unbuffered: a path is printed only after its commit returned.
            FileHandle.standardOutput.write(Data(documents.map { $0.path + "\n" }.joined().utf8))
        }
    }
}
