import Foundation

/// Wearable data that cannot be imported, with where and what to do.
public enum HealthImportError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The file could not be opened.
    case unreadableFile(path: String, reason: String)
    /// The XML is malformed.
    case malformedXML(line: Int, column: Int, reason: String)
    /// The XML is well formed but not an Apple Health export.
    case notAHealthExport(rootElement: String)
    /// A CSV row cannot be read.
    case invalidCSV(line: Int, reason: String)
    /// The file holds no step, HRV or sleep data.
    case noRecords(path: String)
    /// The format could not be told from the file name.
    case unknownFormat(path: String)
    /// The export stops before its end (`</HealthData>` never comes): a cut-off copy or download.
    case truncated(line: Int)
    /// The export is not UTF-8 from this byte on (Apple writes UTF-8: the file was damaged or is not an export).
    case notUTF8(byteOffset: Int)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Cannot read the health data file \(path): \(reason)."
        case .malformedXML(let line, let column, let reason):
            return "The health export is not valid XML (line \(line), column \(column): \(reason)). "
                + "Export it again from the Health app (profile → Export All Health Data) and unzip export.xml."
        case .notAHealthExport(let root):
            return "This XML is not an Apple Health export: its root element is <\(root)>, not <HealthData>. "
                + "Use export.xml from the Health app's export, or a CSV with the header date,metric,value."
        case .invalidCSV(let line, let reason):
            return "Line \(line) of the CSV cannot be read: \(reason). Expected rows like "
                + "2024-01-05,steps,8123 (metrics: steps, hrv, sleep_hours)."
        case .noRecords(let path):
            return "\(path) contains no step count, heart-rate variability (SDNN) or sleep analysis records."
        case .unknownFormat(let path):
            return "Cannot tell the format of \(path): name it .xml (Apple Health export) or .csv (date,metric,value)."
        case .notUTF8(let offset):
            return "The health export is not valid UTF-8 text at byte \(offset): the file is damaged or is not the Health app's export. "
                + "Nothing from it was used. Unzip export.xml again from the Health app's export."
        case .truncated(let line):
            return "The health export ends at line \(line) before its closing </HealthData>: the file was cut off. "
                + "Nothing from it was used. Unzip export.xml again from the Health app's export."
        }
    }

    public var errorDescription: String? { description }

    /// The case's name, without paths or content: what logs say.
    public var kind: String {
        switch self {
        case .unreadableFile: return "unreadable file"
        case .malformedXML: return "malformed XML"
        case .notAHealthExport: return "not a health export"
        case .invalidCSV: return "invalid CSV"
        case .noRecords: return "no records"
        case .unknownFormat: return "unknown format"
        case .notUTF8: return "not UTF-8"
        case .truncated: return "truncated"
        }
    }
}
