/// Joins token bytes into text without ever splitting a multi-byte character.
///
/// A token can end in the middle of a UTF-8 sequence (emoji, accented letters, CJK); the
/// incomplete tail is held until the next token completes it.
struct UTF8Accumulator {
    private var pending: [UInt8] = []

    /// Adds a token's bytes and returns the text that is complete.
    mutating func append(_ bytes: some Sequence<UInt8>) -> String {
        pending.append(contentsOf: bytes)
        let complete = pending.count - incompleteTailLength()
        guard complete > 0 else { return "" }
        let text = String(decoding: pending[..<complete], as: UTF8.self)
        pending.removeFirst(complete)
        return text
    }

    /// Returns whatever is left (an unfinished sequence becomes U+FFFD).
    mutating func flush() -> String {
        defer { pending.removeAll() }
        return pending.isEmpty ? "" : String(decoding: pending, as: UTF8.self)
    }

    /// Length of a trailing, not yet complete UTF-8 sequence (0 when the bytes end cleanly).
    private func incompleteTailLength() -> Int {
        // Look back at most 3 bytes for the lead byte of the last sequence.
        for back in 1...min(3, pending.count) {
            let byte = pending[pending.count - back]
            if byte & 0b1100_0000 == 0b1000_0000 { continue }  // continuation byte
            let needed: Int
            switch byte {
            case 0b1100_0000...0b1101_1111: needed = 2
            case 0b1110_0000...0b1110_1111: needed = 3
            case 0b1111_0000...0b1111_0111: needed = 4
            default: needed = 1
            }
            return needed > back ? back : 0
        }
        return 0
    }
}
