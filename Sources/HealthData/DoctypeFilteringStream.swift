import Foundation

/// An input stream that drops the `<!DOCTYPE …>` declaration (with its internal subset) from the
/// front of an XML document and passes everything else through unchanged, chunk by chunk.
///
/// Why: Apple Health's `export.xml` starts with an internal DTD full of `<!ATTLIST …>`
/// declarations, and swift-corelibs-foundation's `XMLParser` (Linux) crashes on any attribute
/// declaration (it reads the absent default value of a `#REQUIRED`/`#IMPLIED` attribute as a C
/// string). The DTD only describes the structure; nothing in the export depends on it, so
/// removing it is lossless. Only the prolog (before the root element, a few kilobytes) is held in
/// memory; the rest streams. Everything passed on is checked to be UTF-8 (see ``UTF8StreamValidator``).
final class DoctypeFilteringStream: InputStream {
    private let base: InputStream
    private var prolog: [UInt8] = []
    private var offset = 0
    private var prologDone = false
    private var failure: NSError?
    /// A prolog larger than this is refused rather than buffered.
    static let prologLimit = 4 << 20

    init(base: InputStream) {
        self.base = base
        super.init(data: Data())
    }

    override func open() { base.open() }
    override func close() { base.close() }
    override var hasBytesAvailable: Bool { offset < prolog.count || base.hasBytesAvailable }
    override var streamError: Error? { failure ?? base.streamError }
    override var streamStatus: Stream.Status {
        if failure != nil { return .error }
        return offset < prolog.count ? .open : base.streamStatus
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                            length len: UnsafeMutablePointer<Int>) -> Bool { false }

    /// Where the input stopped being UTF-8 (a byte offset), when it did; the stream then fails.
    private(set) var invalidUTF8Offset: Int?
    private var validator = UTF8StreamValidator()

    /// Where a processing instruction other than the XML declaration was found (a byte offset in
    /// what is handed on), when one was; the stream then fails.
    private(set) var processingInstructionOffset: Int?
    /// Bytes handed to the parser so far.
    private var passed = 0
    private var previousByte: UInt8 = 0

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        let count = readFiltered(buffer, maxLength: len)
        guard count >= 0 else { return count }
        let chunk = UnsafeBufferPointer(start: buffer, count: count)
        let bad = count > 0 ? validator.feed(chunk) : validator.finish()
        if let bad {
            invalidUTF8Offset = bad
            failure = NSError(domain: "Sentinel", code: 3, userInfo: [NSLocalizedDescriptionKey: "byte \(bad) is not UTF-8"])
            return -1
        }
        // XMLParser (Linux) also crashes on a processing instruction without data ("<?x?>"). An
        // export holds none but its XML declaration, so any other "<?" fails the stream: the
        // declaration is "<?xml" and a space at the very start (after a byte-order mark).
        for (index, byte) in chunk.enumerated() {
            defer { previousByte = byte }
            guard byte == UInt8(ascii: "?"), previousByte == UInt8(ascii: "<") else { continue }
            let start = passed + index - 1
            if start == declarationOffset { continue }
            processingInstructionOffset = start
            failure = NSError(domain: "Sentinel", code: 4, userInfo: [NSLocalizedDescriptionKey: "a processing instruction in the document"])
            return -1
        }
        passed += count
        return count
    }

    /// Where the XML declaration ("<?xml" and a space) starts, when the document opens with one
    /// (at its first byte, or after a byte-order mark): the one "<?" let through.
    private var declarationOffset: Int?

    static func declarationOffset(in prolog: [UInt8]) -> Int? {
        let start = prolog.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = Array("<?xml".utf8)
        guard prolog.count > start + opening.count, prolog[start...].starts(with: opening),
              [0x20, 0x09, 0x0A, 0x0D].contains(prolog[start + opening.count]) else { return nil }
        return start
    }

    private func readFiltered(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        if !prologDone {
            prologDone = true
            loadProlog()
            if failure != nil { return -1 }
        }
        if offset < prolog.count {
            let count = min(len, prolog.count - offset)
            prolog.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + offset, count: count)
            }
            offset += count
            if offset == prolog.count { prolog = []; offset = 0 }
            return count
        }
        return base.read(buffer, maxLength: len)
    }

    /// Reads until the root element starts and keeps the prolog without its DOCTYPE.
    private func loadProlog() {
        var raw: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            switch Self.filterProlog(raw) {
            case .done(let filtered):
                prolog = filtered
                declarationOffset = Self.declarationOffset(in: filtered)
                return
            case .needMore:
                break
            }
            if raw.count > Self.prologLimit {
                failure = NSError(domain: "Sentinel", code: 1, userInfo: [
                    NSLocalizedDescriptionKey: "the document prolog (before the root element) is larger than 4 MB"])
                return
            }
            let count = chunk.withUnsafeMutableBufferPointer { base.read($0.baseAddress!, maxLength: $0.count) }
            if count < 0 {
                failure = (base.streamError as NSError?) ?? NSError(domain: "Sentinel", code: 2)
                return
            }
            if count == 0 {
                // End of input before any root element: there is no document to parse, and nothing
                // of the prolog (a DTD, an instruction) is worth the parser's risk. It gets nothing
                // and reports an empty document.
                prolog = []
                return
            }
            raw.append(contentsOf: chunk[0..<count])
        }
    }

    /// The outcome of scanning a prolog.
    enum PrologScan: Equatable {
        /// The root element was reached: the filtered bytes (the root element and after included).
        case done([UInt8])
        /// The bytes end inside the prolog.
        case needMore
    }

    /// Copies the prolog without its DOCTYPE declaration and without processing instructions
    /// other than the XML declaration, up to and including the rest of `bytes` from the root
    /// element on.
    static func filterProlog(_ bytes: [UInt8]) -> PrologScan {
        let lt = UInt8(ascii: "<")
        var out: [UInt8] = []
        var i = 0
        func starts(_ text: String, at index: Int) -> Bool? {
            let pattern = Array(text.utf8)
            if index + pattern.count > bytes.count {
                // Not enough bytes to tell; a mismatch in what is there is still a mismatch.
                return bytes[index...].elementsEqual(pattern.prefix(bytes.count - index)) ? nil : false
            }
            return bytes[index..<index + pattern.count].elementsEqual(pattern)
        }
        func find(_ text: String, from index: Int) -> Int? {
            let pattern = Array(text.utf8)
            var position = index
            while position + pattern.count <= bytes.count {
                if bytes[position..<position + pattern.count].elementsEqual(pattern) { return position }
                position += 1
            }
            return nil
        }
        while i < bytes.count {
            guard bytes[i] == lt else { out.append(bytes[i]); i += 1; continue }
            guard let pi = starts("<?", at: i), let comment = starts("<!--", at: i), let doctype = starts("<!DOCTYPE", at: i)
            else { return .needMore }
            if pi || comment {
                guard let end = find(pi ? "?>" : "-->", from: i + 2) else { return .needMore }
                let stop = end + (pi ? 2 : 3)
                // Only the XML declaration is kept ("<?xml " at the very start); other instructions
                // mean nothing to an export, and one without data crashes XMLParser. A declaration
                // holds no "<" or ">" before its "?>": a broken one ("<?xml ver>") would otherwise
                // reach to a later "?>" and hand the parser the DOCTYPE it swallowed.
                let isDeclaration = pi && declarationOffset(in: out + bytes[i..<stop]) == out.count
                    && !bytes[(i + 2)..<end].contains { $0 == lt || $0 == UInt8(ascii: ">") }
                if !pi || isDeclaration { out += bytes[i..<stop] }
                i = stop
            } else if doctype {
                guard let end = doctypeEnd(bytes, from: i + 9) else { return .needMore }
                i = end
            } else {
                out += bytes[i...]
                return .done(out)
            }
        }
        return .needMore
    }

    /// The index just after the `>` that closes a DOCTYPE whose body starts at `index`, skipping
    /// quoted strings, comments and the `[…]` internal subset; nil when the bytes end first.
    static func doctypeEnd(_ bytes: [UInt8], from index: Int) -> Int? {
        var i = index
        var inSubset = false
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard let close = bytes[(i + 1)...].firstIndex(of: byte) else { return nil }
                i = close + 1
            case UInt8(ascii: "<") where inSubset && i + 3 < bytes.count && bytes[i + 1] == UInt8(ascii: "!")
                && bytes[i + 2] == UInt8(ascii: "-") && bytes[i + 3] == UInt8(ascii: "-"):
                var j = i + 4
                while j + 2 < bytes.count, !(bytes[j] == UInt8(ascii: "-") && bytes[j + 1] == UInt8(ascii: "-")
                                              && bytes[j + 2] == UInt8(ascii: ">")) { j += 1 }
                guard j + 2 < bytes.count else { return nil }
                i = j + 3
            case UInt8(ascii: "["):
                inSubset = true
                i += 1
            case UInt8(ascii: "]"):
                inSubset = false
                i += 1
            case UInt8(ascii: ">") where !inSubset:
                return i + 1
            default:
                i += 1
            }
        }
        return nil
    }
}
