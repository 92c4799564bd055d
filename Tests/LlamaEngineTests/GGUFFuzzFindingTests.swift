import Foundation
@testable import LlamaEngine
import Testing

/// GGUF headers the gguf-header fuzz target found (Fuzz/Corpus/gguf-header), kept as tests: each
/// trapped or aborted the process before, and is now a ``ModelLoadError`` that names the problem.
@Suite struct GGUFFuzzFindingTests {
    private static func header(version: UInt32 = 3, tensors: UInt64, keys: [(String, UInt32, Data)] = [], tensorInfo: Data = Data()) -> Data {
        var data = Data("GGUF".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append(version)
        append(tensors)
        append(UInt64(keys.count))
        for (key, type, value) in keys {
            append(UInt64(key.utf8.count))
            data.append(contentsOf: Array(key.utf8))
            append(type)
            data.append(value)
        }
        data.append(tensorInfo)
        return data
    }

    private static func tensor(_ name: String, shape: [UInt64], type: UInt32, offset: UInt64 = 0) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        append(UInt64(name.utf8.count))
        data.append(contentsOf: Array(name.utf8))
        append(UInt32(shape.count))
        for dimension in shape { append(dimension) }
        append(type)
        append(offset)
        return data
    }

    private static func corruptDetail(_ data: Data) -> String? {
        do {
            _ = try GGUFFile.parse(data, path: "fuzz.gguf")
            return nil
        } catch {
            guard case .corrupt(_, let detail) = error else { return "not corrupt: \(error)" }
            return detail
        }
    }

    /// crash-ca99…: a key count of 0x8f8f… did not fit in Int ("Not enough bits to represent").
    @Test func aCountBeyondIntIsCorruptNotATrap() throws {
        let bytes = try #require(Data(base64Encoded: "R0dVRgMAAAAAAAAAAAAAAAAAAACPj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj48AAAAA"))
        #expect(Self.corruptDetail(bytes)?.contains("implausible") == true)
        #expect(Self.corruptDetail(Self.header(tensors: UInt64.max)) != nil)
    }

    @Test func aZeroOrOddAlignmentIsCorruptNotADivisionByZero() {
        for alignment: UInt32 in [0, 3, 1 << 30] {
            var value = Data()
            withUnsafeBytes(of: alignment.littleEndian) { value.append(contentsOf: $0) }
            let data = Self.header(tensors: 1, keys: [("general.alignment", 4, value)],
                                   tensorInfo: Self.tensor("w", shape: [32], type: 0))
            #expect(Self.corruptDetail(data)?.contains("alignment") == true, "alignment \(alignment)")
        }
    }

    @Test func hostileTensorShapesAreCorruptNotOverflowsOrGGMLAborts() {
        // Rows that are not whole Q4_0 blocks (32 values): ggml_row_size asserts and aborts.
        #expect(Self.corruptDetail(Self.header(tensors: 1, tensorInfo: Self.tensor("w", shape: [33, 2], type: 2)))?.contains("whole blocks") == true)
        // Dimensions whose product overflows Int.
        #expect(Self.corruptDetail(Self.header(tensors: 1, tensorInfo: Self.tensor("w", shape: [1 << 40, 1 << 40], type: 0)))?.contains("implausibly large") == true)
        // An offset past any real file.
        #expect(Self.corruptDetail(Self.header(tensors: 1, tensorInfo: Self.tensor("w", shape: [32], type: 0, offset: UInt64.max))) != nil)
    }
}
