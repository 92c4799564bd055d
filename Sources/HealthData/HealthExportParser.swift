import Foundation
import Logging
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Streams an Apple Health `export.xml` (Health app → profile → Export All Health Data); shared by
/// Sentinel (daily wearable signals) and HomeOS (the low-activity nudge).
///
/// The file is read in chunks by Foundation's `XMLParser`, so exports of several gigabytes need
/// no more memory than the daily totals. Only `<Record>` elements of the three types Sentinel
/// uses are read, with Apple's attribute names (`type`, `sourceName`, `unit`, `creationDate`,
/// `startDate`, `endDate`, `value`) and date format ("2024-01-05 07:30:00 -0800"). The export's
/// `<!DOCTYPE>` (Apple's internal DTD) is skipped on the way in. Sleep counts
/// only asleep stages (`HKCategoryValueSleepAnalysisAsleep…`), never in-bed or awake time.
public struct HealthExportParser: Sendable {
    /// Creates a parser.
    public init() {}

    /// Parses the export at `path`, calling `handle` for every usable record; returns how many
    /// records of a used type had to be skipped (unreadable date or value).
    @discardableResult
    public func parse(path: String, handle: (HealthRecord) -> Void) throws(HealthImportError) -> Int {
        guard FileManager.default.isReadableFile(atPath: path), let stream = InputStream(fileAtPath: path) else {
            throw .unreadableFile(path: path, reason: "the file does not exist or cannot be opened")
        }
        let logger = Logger(label: "homeos.healthdata")
        let start = ContinuousClock.now
        var records = 0
        do {
            let skipped = try withoutActuallyEscaping(handle) { handle throws(HealthImportError) in
                try parse(stream: stream) { record in
                    records += 1
                    handle(record)
                }
            }
            // Counts and time only: no values, dates or sources.
            logger.info("health export read", metadata: ["records": "\(records)", "skipped": "\(skipped)",
                                                         "ms": "\(Int(start.duration(to: .now).milliseconds))"])
            return skipped
        } catch {
            logger.notice("health export refused", metadata: ["records": "\(records)", "reason": "\(error.kind)"])
            throw error
        }
    }

    /// Parses an export from a stream (see ``parse(path:handle:)``).
    @discardableResult
    public func parse(stream: InputStream, handle: @escaping (HealthRecord) -> Void) throws(HealthImportError) -> Int {
        // Apple's DTD crashes swift-corelibs-foundation's XMLParser; see DoctypeFilteringStream.
        let filtered = DoctypeFilteringStream(base: stream)
        let parser = XMLParser(stream: filtered)
        parser.shouldResolveExternalEntities = false
        let delegate = ExportDelegate(handle: handle)
        parser.delegate = delegate
        let ok = parser.parse()
        if let offset = filtered.invalidUTF8Offset { throw .notUTF8(byteOffset: offset) }
        if filtered.processingInstructionOffset != nil {
            throw .malformedXML(line: parser.lineNumber, column: parser.columnNumber,
                                reason: "a processing instruction (<?…?>) inside the document, which a Health export never has")
        }
        if let root = delegate.rootElement, root != "HealthData" { throw .notAHealthExport(rootElement: root) }
        if !ok || delegate.rootElement == nil {
            let code = (parser.parserError as NSError?)?.code
            if delegate.rootElement == "HealthData", !delegate.rootClosed, code == XMLParser.ErrorCode.prematureDocumentEndError.rawValue {
                throw .truncated(line: parser.lineNumber)
            }
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "the document is empty"
            throw .malformedXML(line: parser.lineNumber, column: parser.columnNumber, reason: reason)
        }
        if !delegate.rootClosed { throw .truncated(line: parser.lineNumber) }
        return delegate.skipped
    }

    /// The largest value one record of each metric can plausibly hold: more steps than anyone walks
    /// in a day, an SDNN far above any measured. A record beyond it is skipped (and counted), never
    /// allowed to swamp the day's total: one `value="1e308"` once turned a yellow check-in green.
    static func plausibleMaximum(of metric: HealthMetric) -> Double {
        switch metric {
        case .steps: return 100_000
        case .hrv: return 500
        case .sleep: return 24
        }
    }

    /// Builds a record from a `<Record>` element's attributes; nil for types Sentinel does not
    /// use and for sleep stages that are not sleep. Throws nothing: unreadable and implausible
    /// records are reported through `skipped`.
    static func record(from attributes: [String: String], skipped: inout Int) -> HealthRecord? {
        guard let type = attributes["type"], let metric = HealthMetric.allCases.first(where: { $0.healthKitIdentifier == type })
        else { return nil }
        let value = attributes["value"] ?? ""
        if metric == .sleep, !value.hasPrefix("HKCategoryValueSleepAnalysisAsleep") { return nil }
        guard let start = attributes["startDate"].flatMap(HealthTimestamp.init),
              let end = attributes["endDate"].flatMap(HealthTimestamp.init) else {
            skipped += 1
            return nil
        }
        let source = attributes["sourceName"] ?? "unknown source"
        let amount: Double
        if metric == .sleep {
            let seconds = end.secondsSinceEpoch - start.secondsSinceEpoch
            guard seconds >= 0, seconds <= 24 * 3600 else { skipped += 1; return nil }
            amount = Double(seconds) / 3600
        } else {
            guard let number = Double(value), number.isFinite, number >= 0, number <= plausibleMaximum(of: metric) else {
                skipped += 1
                return nil
            }
            amount = number
        }
        return HealthRecord(metric: metric, source: source, start: start, end: end, value: amount)
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

/// The XMLParser delegate: keeps nothing but counters and the root element's name.
private final class ExportDelegate: NSObject, XMLParserDelegate {
    let handle: (HealthRecord) -> Void
    var rootElement: String?
    var rootClosed = false
    var skipped = 0

    init(handle: @escaping (HealthRecord) -> Void) {
        self.handle = handle
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if rootElement == nil {
            rootElement = elementName
            if elementName != "HealthData" { parser.abortParsing() }
            return
        }
        guard elementName == "Record" else { return }
        if let record = HealthExportParser.record(from: attributes, skipped: &skipped) { handle(record) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "HealthData" { rootClosed = true }
    }
}
