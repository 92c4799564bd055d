import CLlama
import Foundation

/// What the header of a GGUF file says, read without loading the weights.
///
/// Reading the header first lets the engine give specific errors (not GGUF, truncated, damaged)
/// before llama.cpp sees the file, and lets tools show a model's metadata cheaply.
public struct GGUFFile: Sendable, Hashable {
    /// GGUF format version.
    public var version: UInt32
    /// Number of tensors.
    public var tensorCount: Int
    /// Scalar metadata (strings, numbers, booleans as text); arrays are skipped.
    public var metadata: [String: String]
    /// The file size in bytes.
    public var fileSize: Int
    /// The size the file must have to hold every tensor its header lists.
    public var requiredSize: Int

    /// `general.architecture`, such as `llama` or `gemma3`.
    public var architecture: String? { metadata["general.architecture"] }
    /// `general.name`.
    public var name: String? { metadata["general.name"] }

    /// Reads and checks the header of the GGUF file at `path`.
    public static func read(path: String) throws(ModelLoadError) -> GGUFFile {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .loadFailed(path: path, detail: "the file cannot be read: \(error.localizedDescription)")
        }
        return try parse(data, path: path)
    }

    static func parse(_ data: Data, path: String) throws(ModelLoadError) -> GGUFFile {
        var reader = Reader(data: data)
        guard data.count >= 4 else { throw .notGGUF(path: path, detail: "the file has only \(data.count) bytes") }
        let magic = data.prefix(4)
        guard magic.elementsEqual("GGUF".utf8) else {
            let shown = magic.map { String(format: "%02x", $0) }.joined(separator: " ")
            throw .notGGUF(path: path, detail: "it starts with bytes \(shown), not 'GGUF'")
        }
        reader.offset = 4
        do {
            let version: UInt32 = try reader.integer()
            guard (2...3).contains(version) else {
                throw ModelLoadError.corrupt(path: path, detail: "unknown GGUF version \(version)")
            }
            let tensorCount: UInt64 = try reader.integer()
            let kvCount: UInt64 = try reader.integer()
            guard tensorCount < 1_000_000, kvCount < 1_000_000 else {
                throw ModelLoadError.corrupt(path: path, detail: "implausible counts (\(tensorCount) tensors, \(kvCount) keys)")
            }
            var metadata: [String: String] = [:]
            for _ in 0..<kvCount {
                let key = try reader.string()
                let type: UInt32 = try reader.integer()
                if let value = try reader.value(type: type) { metadata[key] = value }
            }
            let alignment = Int(metadata["general.alignment"] ?? "") ?? 32
            guard alignment > 0, alignment <= 1 << 20, alignment & (alignment - 1) == 0 else {
                throw Reader.Failure.malformed("general.alignment \(alignment) is not a power of two up to 1 MiB")
            }
            var dataEnd = 0
            for _ in 0..<tensorCount {
                let name = try reader.string()
                let dimensions: UInt32 = try reader.integer()
                guard dimensions <= 8 else { throw Reader.Failure.malformed("tensor \(name) has \(dimensions) dimensions") }
                var shape: [Int64] = []
                for _ in 0..<dimensions { shape.append(Int64(try reader.count(below: Reader.sizeLimit, "a dimension of tensor \(name)"))) }
                let type: UInt32 = try reader.integer()
                let offset = try reader.count(below: Reader.sizeLimit, "the offset of tensor \(name)")
                guard type < GGML_TYPE_COUNT.rawValue, ggml_blck_size(ggml_type(type)) > 0 else {
                    throw Reader.Failure.malformed("tensor \(name) has unknown type \(type)")
                }
                // Sizes from a hostile header could overflow: any product past the limit is refused.
                var elements = 1
                for dimension in shape {
                    let (product, overflow) = elements.multipliedReportingOverflow(by: Int(dimension))
                    guard !overflow, product < Reader.sizeLimit else { throw Reader.Failure.malformed("tensor \(name) is implausibly large") }
                    elements = product
                }
                // ggml aborts the process on a row whose length is not a whole number of blocks.
                guard (shape.first ?? 1) % Int64(ggml_blck_size(ggml_type(type))) == 0 else {
                    throw Reader.Failure.malformed("tensor \(name)'s rows are not whole blocks of its type")
                }
                let rows = shape.isEmpty ? 1 : elements / max(1, Int(shape[0]))
                let bytes = ggml_row_size(ggml_type(type), shape.first ?? 1) * rows
                guard bytes >= 0, bytes < Reader.sizeLimit else { throw Reader.Failure.malformed("tensor \(name) is implausibly large") }
                dataEnd = max(dataEnd, offset + bytes)
            }
            let dataStart = (reader.offset + alignment - 1) / alignment * alignment
            let file = GGUFFile(version: version, tensorCount: Int(tensorCount), metadata: metadata,
                                fileSize: data.count, requiredSize: dataEnd > 0 ? dataStart + dataEnd : reader.offset)
            if file.requiredSize > file.fileSize {
                throw ModelLoadError.truncated(path: path, actualBytes: file.fileSize, expectedBytes: file.requiredSize)
            }
            return file
        } catch let error as ModelLoadError {
            throw error
        } catch Reader.Failure.endOfData {
            throw .truncated(path: path, actualBytes: data.count, expectedBytes: data.count + 1)
        } catch let Reader.Failure.malformed(detail) {
            throw .corrupt(path: path, detail: detail)
        } catch {
            throw .corrupt(path: path, detail: "\(error)")
        }
    }

    /// A bounds-checked little-endian reader over the file bytes.
    private struct Reader {
        enum Failure: Error { case endOfData, malformed(String) }
        let data: Data
        var offset = 0

        mutating func bytes(_ count: Int) throws -> Data {
            guard count >= 0, offset + count <= data.count else { throw Failure.endOfData }
            defer { offset += count }
            let start = data.startIndex + offset
            return data[start..<start + count]
        }

        mutating func integer<T: FixedWidthInteger>() throws -> T {
            let size = MemoryLayout<T>.size
            guard offset + size <= data.count else { throw Failure.endOfData }
            let value = data.withUnsafeBytes { [offset] in $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
            offset += size
            return T(littleEndian: value)
        }

        /// No size or offset in a GGUF file reaches 2^50 bytes (a petabyte): larger values are damage
        /// or an attack, and refusing them keeps every sum and product below Int's range.
        static let sizeLimit = 1 << 50

        /// A 64-bit count or size, refused (as malformed) when it is `limit` or more.
        mutating func count(below limit: Int, _ what: @autoclosure () -> String) throws -> Int {
            let value: UInt64 = try integer()
            guard value < UInt64(limit) else { throw Failure.malformed("\(what()) is implausible (\(value))") }
            return Int(value)
        }

        mutating func skipString() throws {
            let length = try count(below: 1 << 26, "a string's length")
            guard offset + length <= data.count else { throw Failure.endOfData }
            offset += length
        }

        mutating func string() throws -> String {
            let length = try count(below: 1 << 26, "a string's length")
            return String(decoding: try bytes(length), as: UTF8.self)
        }

        /// Reads a value of GGUF type `type`; returns its text for scalars and nil for arrays.
        mutating func value(type: UInt32) throws -> String? {
            switch type {
            case 0: return String(try integer() as UInt8)
            case 1: return String(try integer() as Int8)
            case 2: return String(try integer() as UInt16)
            case 3: return String(try integer() as Int16)
            case 4: return String(try integer() as UInt32)
            case 5: return String(try integer() as Int32)
            case 6: return String(Float(bitPattern: try integer() as UInt32))
            case 7: return (try integer() as UInt8) != 0 ? "true" : "false"
            case 8: return try string()
            case 9:
                let elementType: UInt32 = try integer()
                let count = try count(below: 1 << 28, "an array's length")
                guard elementType != 9 else { throw Failure.malformed("nested array") }
                if let width = Self.fixedWidth(of: elementType) {
                    _ = try bytes(width * count)
                } else if elementType == 8 {
                    for _ in 0..<count { try skipString() }
                } else {
                    for _ in 0..<count { _ = try value(type: elementType) }
                }
                return nil
            case 10: return String(try integer() as UInt64)
            case 11: return String(try integer() as Int64)
            case 12: return String(Double(bitPattern: try integer() as UInt64))
            default: throw Failure.malformed("unknown metadata value type \(type)")
            }
        }

        static func fixedWidth(of type: UInt32) -> Int? {
            switch type {
            case 0, 1, 7: return 1
            case 2, 3: return 2
            case 4, 5, 6: return 4
            case 10, 11, 12: return 8
            default: return nil
            }
        }
    }
}
