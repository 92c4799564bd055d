import Foundation
import LLM

/// How documents are encoded and decoded: JSON with sorted keys and ISO 8601 dates (with
/// milliseconds only when a date has a fraction of a second).
public enum StorageCoding {
    /// A fresh encoder (compact output, sorted keys).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        return encoder
    }

    /// A fresh decoder (ISO 8601 dates with or without fractional seconds).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: container,
                                                       debugDescription: "\"\(text)\" is not an ISO 8601 date-time")
            }
            return date
        }
        return decoder
    }

    /// Encodes `value` for `path`.
    /// - Throws: ``StorageError/invalidDocument(path:detail:)``.
    public static func encode<Value: Encodable>(_ value: Value, for path: String) throws(StorageError) -> Data {
        do {
            return try encoder().encode(value)
        } catch {
            throw .invalidDocument(path: path, detail: "cannot encode \(Value.self): \(describe(error))")
        }
    }

    /// Decodes the document at `path`.
    /// - Throws: ``StorageError/corrupt(path:detail:)`` naming the field that does not fit.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, at path: String) throws(StorageError) -> Value {
        do {
            return try decoder().decode(Value.self, from: data)
        } catch {
            throw .corrupt(path: path, detail: "it does not decode as \(Value.self): \(describe(error))")
        }
    }

    /// The document as indented JSON text (keys in stored order), or nil when it is not JSON.
    public static func prettyText(_ data: Data) -> String? {
        (try? JSONValue(parsing: data))?.prettyText
    }

    /// A short, readable account of a coding error: where in the document and what went wrong.
    public static func describe(_ error: any Error) -> String {
        func where_(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : "." + key.stringValue }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\(where_(context.codingPath + [key])) is missing"
        case DecodingError.typeMismatch(let type, let context):
            return "\(where_(context.codingPath)) is not \(typeName(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\(where_(context.codingPath)) is null, expected \(typeName(type))"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? context.debugDescription
                : "\(where_(context.codingPath)): \(context.debugDescription)"
        case EncodingError.invalidValue(_, let context):
            return "\(where_(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
        }
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        formatter.formatOptions = whole ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

extension StorageCoding {
    /// Throws unless `data` is one JSON value (what every store accepts).
    static func requireJSON(_ data: Data, at path: String) throws(StorageError) {
        do {
            _ = try JSONValue(parsing: data)
        } catch {
            throw .invalidDocument(path: path, detail: "the data is not JSON (\(error))")
        }
    }
}
