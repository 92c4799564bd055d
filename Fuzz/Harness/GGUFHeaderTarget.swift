import Foundation
@testable import LlamaEngine

extension FuzzTarget {
    /// `GGUFFile`'s header reader: any bytes. What it accepts describes a file at least as large
    /// as its tensors need, with counts in the reader's bounds.
    static let ggufHeader = FuzzTarget(name: "gguf-header", summary: "GGUFFile header reader on any bytes; an accepted header has bounded counts and fits its file") { data in
        guard let file = try? GGUFFile.parse(data, path: "fuzz.gguf") else { return }
        guard (2...3).contains(file.version) else { violated("only GGUF versions 2 and 3 are accepted", "\(file.version)") }
        guard file.tensorCount < 1_000_000 else { violated("tensor count is bounded", "\(file.tensorCount)") }
        guard file.fileSize == data.count else { violated("fileSize is the input's size", "\(file.fileSize) vs \(data.count)") }
        guard file.requiredSize <= file.fileSize else {
            violated("an accepted header fits its file", "needs \(file.requiredSize), has \(file.fileSize)")
        }
    }
}
