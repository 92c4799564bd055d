import Foundation

/// An input stream that drops the `<!DOCTYPE …>` declaration (with its internal subset) from the
/// front of an XML document and passes everything else through unchanged, chunk by chunk.
///
/// Why: Apple Health's `export.xml` starts with an internal DTD full of `<!ATTLIST …>`
/// declarations, and swift-corelibs-foundation's `XMLParser` (Linux) crashes on any attribute
/// declaration (it reads the absent default value of a `#REQUIRED`/`#IMPLIED` attribute as a C
/// string). The DTD only describes the structure; nothing in the export depends on it, so
/// removing it is lossless. Only the prolog (before the root element, a few kilobytes) is held in
/// memory; the rest streams.
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

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
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
                // End of input inside the prolog: hand over what there is, minus any unfinished
                // DOCTYPE (never pass a DTD to the parser); the parser then reports the error.
                let marker = Array("<!DOCTYPE".utf8)
                let start = raw.indices.first { raw[$0...].starts(with: marker) }
                prolog = start.map { Array(raw[..<$0]) } ?? raw
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

    /// Copies the prolog without its DOCTYPE declaration, up to and including the rest of `bytes`
    /// from the root element on.
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
                out += bytes[i..<stop]
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
