/// Checks that bytes arriving in chunks are valid UTF-8 (no overlong forms, surrogates or code
/// points past U+10FFFF), with a sequence allowed to continue into the next chunk.
///
/// swift-corelibs-foundation's `XMLParser` crashes when libxml2 hands it a name that is not
/// UTF-8 (an attribute named `locale\u{CC}` was enough), so Health exports are checked on the way in.
struct UTF8StreamValidator {
    /// Bytes seen so far.
    private(set) var offset = 0
    private var needed = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    private var sequenceStart = 0

    /// Checks the next chunk; returns the offset (from the first byte ever fed) of the sequence that
    /// is not UTF-8, or nil when all is well so far.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for byte in bytes {
            defer { offset += 1 }
            if needed == 0 {
                sequenceStart = offset
                switch byte {
                case 0x00...0x7F: continue
                case 0xC2...0xDF: needed = 1
                case 0xE0: needed = 2; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: needed = 2
                case 0xED: needed = 2; upper = 0x9F
                case 0xF0: needed = 3; lower = 0x90
                case 0xF1...0xF3: needed = 3
                case 0xF4: needed = 3; upper = 0x8F
                default: return offset
                }
            } else {
                guard (lower...upper).contains(byte) else { return sequenceStart }
                lower = 0x80
                upper = 0xBF
                needed -= 1
            }
        }
        return nil
    }

    /// At the end of the input: the offset of a sequence left unfinished, or nil.
    func finish() -> Int? { needed == 0 ? nil : sequenceStart }
}
