import Foundation

/// The header facts of a GGUF file that ModelHub needs: architecture, trained context length
/// and attention shape (for memory estimates). Read without loading the model; large arrays
/// (the tokenizer vocabulary) are skipped.
public struct GGUFMetadata: Sendable, Hashable {
    /// `general.architecture` (`llama`, `gemma3`, …).
    public var architecture: String
    /// `general.name`, when present.
    public var name: String?
    /// `<arch>.context_length`: the context the model was trained for.
    public var contextLength: Int?
    /// Attention shape, when the header has the keys for it.
    public var shape: ModelShape?
    /// Number of tensors in the file.
    public var tensorCount: Int

    /// Reads the metadata of the GGUF file at `url`.
    public static func read(_ url: URL) throws(GGUFError) -> GGUFMetadata {
        let data: Data
        do { data = try Data(contentsOf: url, options: .alwaysMapped) } catch {
            throw .unreadable(path: url.path, detail: error.localizedDescription)
        }
        do {
            return try parse(data)
        } catch let error as GGUFError {
            throw error
        } catch {
            throw .malformed(path: url.path, detail: "\(error)")
        }
    }

    /// Parses GGUF header bytes.
    static func parse(_ data: Data) throws -> GGUFMetadata {
        var reader = Reader(data: data)
        guard try reader.bytes(4) == Data("GGUF".utf8) else { throw GGUFError.notGGUF }
        let version = try reader.u32()
        guard version >= 2 else { throw GGUFError.unsupportedVersion(Int(version)) }
        let tensorCount = try reader.u64()
        let keyCount = try reader.u64()
        guard keyCount < 1_000_000, tensorCount < 10_000_000 else { throw GGUFError.notGGUF }
        var values: [String: Value] = [:]
        for _ in 0..<keyCount {
            let key = try reader.string()
            values[key] = try reader.value(type: try reader.u32(), keep: true)
        }
        guard case .string(let architecture)? = values["general.architecture"] else {
            throw GGUFError.missingKey("general.architecture")
        }
        func int(_ key: String) -> Int? { values["\(architecture).\(key)"]?.integer }
        let heads = int("attention.head_count")
        let embedding = int("embedding_length")
        let headWidth = (heads ?? 0) > 0 ? embedding.map { $0 / heads! } : nil
        var shape: ModelShape?
        if let layers = int("block_count"), let keyLength = int("attention.key_length") ?? headWidth {
            shape = ModelShape(layers: layers, kvHeads: int("attention.head_count_kv") ?? heads ?? 1,
                               keyLength: keyLength, valueLength: int("attention.value_length") ?? keyLength)
        }
        var name: String?
        if case .string(let value)? = values["general.name"] { name = value }
        return GGUFMetadata(architecture: architecture, name: name, contextLength: int("context_length"),
                            shape: shape, tensorCount: Int(tensorCount))
    }

    enum Value {
        case integer(Int64)
        case string(String)
        case integers([Int64])
        case other

        /// A scalar integer, or the largest element of an integer array (per-layer values).
        var integer: Int? {
            switch self {
            case .integer(let value): return Int(value)
            case .integers(let values): return values.max().map { Int($0) }
            default: return nil
            }
        }
    }

    /// A cursor over little-endian GGUF bytes.
    struct Reader {
        let data: Data
        var offset: Int

        init(data: Data) {
            self.data = data
            offset = data.startIndex
        }

        mutating func bytes(_ count: Int) throws -> Data {
            guard count >= 0, offset + count <= data.endIndex else { throw GGUFError.truncated }
            defer { offset += count }
            return data[offset..<offset + count]
        }

        mutating func skip(_ count: Int) throws {
            guard count >= 0, offset + count <= data.endIndex else { throw GGUFError.truncated }
            offset += count
        }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
            let raw = try bytes(MemoryLayout<T>.size)
            return T(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
        }

        mutating func u32() throws -> UInt32 { try integer(UInt32.self) }
        mutating func u64() throws -> UInt64 { try integer(UInt64.self) }

        mutating func string() throws -> String {
            let length = try u64()
            guard length < 1 << 24 else { throw GGUFError.truncated }
            return String(decoding: try bytes(Int(length)), as: UTF8.self)
        }

        /// Reads a value of GGUF type `type`; arrays are kept only when small integer arrays.
        mutating func value(type: UInt32, keep: Bool) throws -> Value {
            switch type {
            case 0: return .integer(Int64(try integer(UInt8.self)))
            case 1: return .integer(Int64(try integer(Int8.self)))
            case 2: return .integer(Int64(try integer(UInt16.self)))
            case 3: return .integer(Int64(try integer(Int16.self)))
            case 4: return .integer(Int64(try integer(UInt32.self)))
            case 5: return .integer(Int64(try integer(Int32.self)))
            case 6: try skip(4); return .other
            case 7: try skip(1); return .other
            case 8:
                if keep { return .string(try string()) }
                let length = try u64()
                guard length < 1 << 24 else { throw GGUFError.truncated }
                try skip(Int(length))
                return .other
            case 10: return .integer(Int64(bitPattern: try u64()))
            case 11: return .integer(try integer(Int64.self))
            case 12: try skip(8); return .other
            case 9:
                let elementType = try u32()
                let count = try u64()
                guard count < 1 << 32 else { throw GGUFError.truncated }
                let fixed: [UInt32: Int] = [0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8]
                let integerTypes: Set<UInt32> = [0, 1, 2, 3, 4, 5, 10, 11]
                if integerTypes.contains(elementType), count <= 4096 {
                    var values: [Int64] = []
                    for _ in 0..<count { values.append(try value(type: elementType, keep: false).integer.map(Int64.init) ?? 0) }
                    return .integers(values)
                }
                if let width = fixed[elementType] {
                    try skip(width * Int(count))
                } else {
                    for _ in 0..<count { _ = try value(type: elementType, keep: false) }
                }
                return .other
            default:
                throw GGUFError.unknownType(Int(type))
            }
        }
    }
}

/// A GGUF header could not be read.
public enum GGUFError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened.
    case unreadable(path: String, detail: String)
    /// The file does not start with the GGUF magic.
    case notGGUF
    /// GGUF version 1 (not supported by llama.cpp either).
    case unsupportedVersion(Int)
    /// The header ended early.
    case truncated
    /// A value has an unknown type tag.
    case unknownType(Int)
    /// A required key is missing.
    case missingKey(String)
    /// The header is inconsistent.
    case malformed(path: String, detail: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let detail): return "cannot read \(path): \(detail)"
        case .notGGUF: return "not a GGUF file"
        case .unsupportedVersion(let version): return "GGUF version \(version) is not supported"
        case .truncated: return "the GGUF header is truncated"
        case .unknownType(let type): return "unknown GGUF value type \(type)"
        case .missingKey(let key): return "the GGUF header lacks \(key)"
        case .malformed(let path, let detail): return "malformed GGUF header in \(path): \(detail)"
        }
    }
}
