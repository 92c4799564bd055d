/// Finds stop sequences in streamed text, even when one spans several tokens.
///
/// Feed each new piece of text; the matcher returns only text that can no longer turn out to
/// be the start of a stop sequence, and holds the rest back. Text at and after a stop sequence
/// is never returned.
public struct StopSequenceMatcher: Sendable {
    private let stops: [String]
    private var pending = ""

    /// Creates a matcher for the given stop sequences (empty strings are ignored).
    public init(stopSequences: [String]) {
        self.stops = stopSequences.filter { !$0.isEmpty }
    }

    /// The outcome of feeding text.
    public struct Output: Sendable, Hashable {
        /// Text that is safe to emit.
        public var text: String
        /// The stop sequence that was reached, if any; generation must end.
        public var stop: String?
    }

    /// Adds generated text and returns what may be emitted now.
    public mutating func feed(_ piece: String) -> Output {
        pending += piece
        guard !stops.isEmpty else {
            defer { pending = "" }
            return Output(text: pending, stop: nil)
        }
        // Earliest occurrence of any stop sequence wins.
        var earliest: (range: Range<String.Index>, stop: String)?
        for stop in stops {
            if let range = pending.range(of: stop), earliest.map({ range.lowerBound < $0.range.lowerBound }) ?? true {
                earliest = (range, stop)
            }
        }
        if let earliest {
            let text = String(pending[..<earliest.range.lowerBound])
            pending = ""
            return Output(text: text, stop: earliest.stop)
        }
        // Hold back the longest suffix that is a prefix of some stop sequence.
        let held = longestSuffixThatStartsAStop()
        let cut = pending.index(pending.endIndex, offsetBy: -held)
        let text = String(pending[..<cut])
        pending = String(pending[cut...])
        return Output(text: text, stop: nil)
    }

    /// Returns the held-back text once generation ends without a stop sequence.
    public mutating func flush() -> String {
        defer { pending = "" }
        return pending
    }

    private func longestSuffixThatStartsAStop() -> Int {
        let maxLength = min(pending.count, (stops.map(\.count).max() ?? 1) - 1)
        guard maxLength > 0 else { return 0 }
        for length in stride(from: maxLength, through: 1, by: -1) {
            let suffix = pending.suffix(length)
            if stops.contains(where: { $0.hasPrefix(suffix) }) { return length }
        }
        return 0
    }
}
