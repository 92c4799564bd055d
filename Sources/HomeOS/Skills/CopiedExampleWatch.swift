import Foundation
import LLM
import Synchronization

extension SkillModelCalls {
    /// Runs `body`, a structured (JSON) model call whose prompt shows a worked example, and stops
    /// it as soon as the answer's first string value turns out to be the example's
    /// (`exampleValue`, compared without case): a small model that copies the example would
    /// otherwise write the whole copy (about 800 ms for a dinner) only for the skill to reject it.
    /// The preview of that value is held back while it could still be the copy, so a streaming
    /// page never shows the example's dish; once it differs, the held pieces and the rest stream
    /// as usual. A stopped call returns nil, as a failed one does, after calling `onCopy`.
    static func stoppingIfCopying<Value: Sendable>(firstValue exampleValue: String, onCopy: @escaping @Sendable () -> Void = {},
                                                   _ body: @escaping @Sendable () async -> Value?) async -> Value? {
        let outer = TokenTap.current
        let watch = Mutex(CopiedExampleWatch(example: exampleValue))
        let running = Mutex<Task<Value?, Never>?>(nil)
        let tap = TokenTap(
            attemptStarted: {
                watch.withLock { $0 = CopiedExampleWatch(example: exampleValue) }
                outer?.attemptStarted()
            },
            token: { outer?.token($0) },
            structuredToken: { piece in
                let verdict = watch.withLock { $0.feed(piece) }
                if let report = outer?.structuredToken { verdict.released.forEach(report) }
                if verdict.copied {
                    onCopy()
                    running.withLock { $0?.cancel() }
                }
            })
        let task = Task { await TokenTap.$current.withValue(tap) { await body() } }
        running.withLock { $0 = task }
        if watch.withLock({ $0.copied }) { task.cancel() }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }
}

/// Follows a JSON answer's pieces until its first string value is known to be, or not to be, a
/// worked example's: holds the pieces back meanwhile (see ``SkillModelCalls/stoppingIfCopying(firstValue:_:)``).
struct CopiedExampleWatch: Sendable {
    /// The example's value, lowercased.
    let example: String
    private var preview = JSONTextPreview()
    private var firstValue = ""
    private var held: [String] = []
    private var decided = false
    /// Whether the first value is the example's.
    private(set) var copied = false

    init(example: String) { self.example = example.lowercased() }

    /// Takes the next raw piece; returns the pieces to show now and whether the copy was just found.
    mutating func feed(_ piece: String) -> (released: [String], copied: Bool) {
        if decided { return (copied ? [] : [piece], false) }
        held.append(piece)
        firstValue += preview.feed(piece)
        let complete = firstValue.firstIndex(of: "\n").map { String(firstValue[..<$0]) }
        let soFar = (complete ?? firstValue).lowercased()
        if let complete, complete.trimmingCharacters(in: .whitespaces).lowercased() == example {
            (decided, copied, held) = (true, true, [])
            return ([], true)
        }
        guard complete != nil || !example.starts(with: soFar.drop { $0 == " " }) else { return ([], false) }
        decided = true
        defer { held = [] }
        return (held, false)
    }
}
