import Foundation
import Testing

/// Every Swift sample in README.md and docs/ compiles: each ```swift block must stand, line for
/// line (indentation aside), in a file of the `doc-samples` target, which every build compiles.
@Suite struct DocSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The lines of each ```swift block in `text`, trimmed, blank lines dropped.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" { current = [] } else if current != nil, trimmed == "```" {
                blocks.append(current!.filter { !$0.isEmpty })
                current = nil
            } else if current != nil {
                current!.append(trimmed)
            }
        }
        return blocks
    }

    @Test func everySwiftSampleInTheDocsIsCompiledByTheSampleTarget() throws {
        let fileManager = FileManager.default
        let docs = ["README.md"] + (try fileManager.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path))
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let sampleFolder = Self.root.appendingPathComponent("Examples/DocSamples")
        let sources = try fileManager.contentsOfDirectory(atPath: sampleFolder.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: sampleFolder.appendingPathComponent($0), encoding: .utf8) }
            .map { $0.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        var checked = 0
        for doc in docs {
            let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
            for block in Self.swiftBlocks(in: text) where !block.isEmpty {
                checked += 1
                let found = sources.contains { lines in
                    lines.indices.contains { start in Array(lines[start...].prefix(block.count)) == block }
                }
                #expect(found, "a Swift sample in \(doc) is not in Examples/DocSamples (first line: \(block[0]))")
            }
        }
        #expect(checked >= 5, "only \(checked) Swift samples found in the docs")
    }
}
