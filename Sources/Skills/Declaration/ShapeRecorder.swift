/// Decodes a placeholder of a type while recording what its `init(from:)` asks for.
final class ShapeRecorder: @unchecked Sendable {
    private var depth = 0

    func shape<T: Decodable>(of type: T.Type) -> ArgumentsShape {
        if T.self == String.self { return .string }
        if T.self == Bool.self { return .boolean }
        if T.self == Double.self || T.self == Float.self { return .number }
        if [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]
            .contains(where: { $0 == T.self }) { return .integer }
        if let enumType = T.self as? any SchemaStringEnum.Type { return .stringEnum(Self.cases(of: enumType)) }
        guard depth < 16 else { return .unknown("\(T.self) (too deep)") }
        depth += 1
        defer { depth -= 1 }
        let decoder = RecordingDecoder(recorder: self)
        let decoded = (try? T(from: decoder)) != nil
        // A type that decodes without asking for any container (an empty struct) is an empty object.
        return decoder.recorded ?? (decoded ? .object([:]) : .unknown("\(T.self)"))
    }

    static func cases<E: SchemaStringEnum>(of type: E.Type) -> [String] { E.allCases.map(\.rawValue) }

    static func placeholder<T: Decodable>(_ type: T.Type, recorder: ShapeRecorder) throws -> T {
        if let value = "" as? T { return value }
        if let value = false as? T { return value }
        if let value = 0 as? T { return value }
        if let value = 0.0 as? T { return value }
        if let enumType = T.self as? any SchemaStringEnum.Type, let first = Self.first(of: enumType) as? T { return first }
        return try T(from: RecordingDecoder(recorder: recorder))
    }

    static func first<E: SchemaStringEnum>(of type: E.Type) -> E? { E.allCases.first }
}

/// The decoder handed to `init(from:)`; it records the first container requested.
final class RecordingDecoder: Decoder, @unchecked Sendable {
    let recorder: ShapeRecorder
    var recorded: ArgumentsShape?
    /// Keys probed with `decodeNil`: the standard `decodeIfPresent` does that before `decode`.
    var probed: Set<String> = []
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(recorder: ShapeRecorder) { self.recorder = recorder }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let container = RecordingKeyedContainer<Key>(decoder: self)
        recorded = .object([:])
        return KeyedDecodingContainer(container)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RecordingUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        RecordingSingleValueContainer(decoder: self)
    }

    func add(_ name: String, _ shape: ArgumentsShape, required: Bool) {
        guard case .object(var properties) = recorded ?? .object([:]) else { return }
        properties[name] = ArgumentsShape.Property(shape: shape, required: required)
        recorded = .object(properties)
    }
}

struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RecordingDecoder
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] = []

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.probed.insert(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        decoder.add(key.stringValue, decoder.recorder.shape(of: T.self), required: !decoder.probed.contains(key.stringValue))
        return try ShapeRecorder.placeholder(T.self, recorder: decoder.recorder)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        decoder.add(key.stringValue, decoder.recorder.shape(of: T.self), required: false)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "nested containers are not recorded"))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "nested containers are not recorded"))
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

struct RecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: RecordingDecoder
    var codingPath: [any CodingKey] = []
    var count: Int? = 1
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        decoder.recorded = .array(decoder.recorder.shape(of: T.self))
        currentIndex += 1
        return try ShapeRecorder.placeholder(T.self, recorder: decoder.recorder)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nested containers are not recorded"))
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nested containers are not recorded"))
    }
    mutating func superDecoder() throws -> any Decoder { decoder }
}

struct RecordingSingleValueContainer: SingleValueDecodingContainer {
    let decoder: RecordingDecoder
    var codingPath: [any CodingKey] = []

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        decoder.recorded = decoder.recorder.shape(of: T.self)
        return try ShapeRecorder.placeholder(T.self, recorder: decoder.recorder)
    }
}
