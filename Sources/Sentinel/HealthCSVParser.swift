import Foundation

/// Reads daily wearable values from a CSV with the header `date,metric,value`.
///
/// `date` is "yyyy-MM-dd" (or an Apple Health timestamp, whose local day is used); `metric` is
/// `steps`, `hrv` (SDNN, ms) or `sleep_hours` (hours asleep, counted toward the day of waking),
/// or the Apple Health type identifier. Several rows for one day add up (HRV rows are averaged).
/// Blank lines and lines starting with `#` are ignored; anything else that cannot be read is an
/// error with its line number.
public struct HealthCSVParser: Sendable {
    /// Creates a parser.
    public init() {}

    /// Parses CSV text into daily values.
    public func parse(_ text: String) throws(HealthImportError) -> DailyHealthData {
        var data = DailyHealthData()
        var sawHeader = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            if !sawHeader {
                guard fields.map({ $0.lowercased() }) == ["date", "metric", "value"] else {
                    throw .invalidCSV(line: lineNumber, reason: "the first line must be the header date,metric,value")
                }
                sawHeader = true
                continue
            }
            guard fields.count == 3 else {
                throw .invalidCSV(line: lineNumber, reason: "expected 3 fields, found \(fields.count)")
            }
            guard let day = CalendarDay(fields[0]) ?? HealthTimestamp(fields[0])?.day else {
                throw .invalidCSV(line: lineNumber, reason: "'\(fields[0])' is not a yyyy-MM-dd date")
            }
            guard let metric = HealthMetric(name: fields[1]) else {
                throw .invalidCSV(line: lineNumber, reason: "unknown metric '\(fields[1])'")
            }
            guard let value = Double(fields[2]), value.isFinite, value >= 0 else {
                throw .invalidCSV(line: lineNumber, reason: "'\(fields[2])' is not a number of 0 or more")
            }
            data.add(value, metric: metric, day: day, source: "csv")
        }
        if !sawHeader { throw .invalidCSV(line: 1, reason: "the file is empty") }
        return data
    }

    /// Reads and parses a CSV file.
    public func load(path: String) throws(HealthImportError) -> DailyHealthData {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
        let data = try parse(text)
        if data.isEmpty { throw .noRecords(path: path) }
        return data
    }
}

/// Loads wearable data from an Apple Health export (.xml) or a CSV (.csv), by file name.
public enum HealthDataLoader {
    /// Loads `path`, choosing the parser from its extension.
    public static func load(path: String) throws(HealthImportError) -> DailyHealthData {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "xml": return try HealthExportParser().load(path: path)
        case "csv": return try HealthCSVParser().load(path: path)
        default: throw .unknownFormat(path: path)
        }
    }

    /// Loads an export held in memory (an upload): Apple Health XML when it starts with `<`,
    /// otherwise the daily CSV. `name` stands for the file in error messages.
    public static func load(data: Data, name: String) throws(HealthImportError) -> DailyHealthData {
        let start = data.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if start.first == UInt8(ascii: "<") {
            var daily = DailyHealthData()
            daily.skippedRecords = try HealthExportParser().parse(stream: InputStream(data: data)) { daily.add($0) }
            if daily.isEmpty { throw .noRecords(path: name) }
            return daily
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: name, reason: "it is neither an Apple Health export (XML) nor UTF-8 CSV text")
        }
        return try HealthCSVParser().parse(text)
    }
}
