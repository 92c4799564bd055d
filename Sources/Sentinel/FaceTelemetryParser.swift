import Foundation
import LLM

/// Face telemetry that cannot be read, with what to change.
public enum FaceTelemetryError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)
    /// A CSV line or JSON frame is malformed.
    case invalid(String)
    /// Too few frames to split into early, mid and late thirds.
    case tooFewFrames(Int)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Cannot read the face telemetry file \(path): \(reason)."
        case .invalid(let reason):
            return "The face telemetry is not valid: \(reason). Expected a CSV with the header "
                + "time,eye_openness,gaze_deviation,head_pitch (time optional, 2 fps assumed) or a JSON array of such objects."
        case .tooFewFrames(let count):
            return "The face telemetry has \(count) frame(s); at least 6 are needed (about 3 s at 2 fps)."
        }
    }

    public var errorDescription: String? { description }
}

/// Reads face telemetry from CSV (`time,eye_openness,gaze_deviation,head_pitch`) or JSON (an
/// array of objects with those keys, or `{"frames": [...]}`). Without a time column, frames are
/// taken to be 0.5 s apart (2 fps).
public enum FaceTelemetryParser {
    static let columns = ["eye_openness", "gaze_deviation", "head_pitch"]

    /// Reads a `.json` or CSV file.
    public static func load(path: String) throws(FaceTelemetryError) -> [FaceFrame] {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadableFile(path: path, reason: "it is not UTF-8 text") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("[") || trimmed.hasPrefix("{") ? try parseJSON(trimmed) : try parseCSV(trimmed)
    }

    /// Parses CSV text with a header row.
    public static func parseCSV(_ text: String) throws(FaceTelemetryError) -> [FaceFrame] {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let header = lines.first else { throw .invalid("the file is empty") }
        let names = header.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() { index[name == "timestamp" ? "time" : name] = position }
        for column in columns where index[column] == nil { throw .invalid("line 1 (header) has no \(column) column") }
        var frames: [FaceFrame] = []
        for (number, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            func value(_ column: String) throws(FaceTelemetryError) -> Double {
                guard let position = index[column], position < fields.count, let value = fields[position], value.isFinite else {
                    throw .invalid("line \(number + 2) has no number for \(column)")
                }
                return value
            }
            let time = index["time"] == nil ? Double(number) * 0.5 : try value("time")
            frames.append(FaceFrame(time: time, eyeOpenness: try value("eye_openness"),
                                    gazeDeviation: try value("gaze_deviation"), headPitch: try value("head_pitch")))
        }
        return frames
    }

    /// Parses a JSON array of frames (or an object with a `frames` array).
    public static func parseJSON(_ text: String) throws(FaceTelemetryError) -> [FaceFrame] {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch { throw .invalid("\(error)") }
        guard let array = value.arrayValue ?? value.objectValue?["frames"]?.arrayValue else {
            throw .invalid("the JSON is neither an array of frames nor an object with a \"frames\" array")
        }
        var frames: [FaceFrame] = []
        for (number, element) in array.enumerated() {
            guard let object = element.objectValue else { throw .invalid("frame \(number + 1) is not an object") }
            func value(_ key: String) throws(FaceTelemetryError) -> Double {
                guard let number = object[key]?.numberValue else { throw .invalid("frame \(number + 1) has no number for \(key)") }
                return number
            }
            let time = object["time"]?.numberValue ?? object["timestamp"]?.numberValue ?? Double(number) * 0.5
            frames.append(FaceFrame(time: time, eyeOpenness: try value("eye_openness"),
                                    gazeDeviation: try value("gaze_deviation"), headPitch: try value("head_pitch")))
        }
        return frames
    }
}
