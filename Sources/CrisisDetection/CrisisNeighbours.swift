import CVectorKernels
import Foundation

/// The sentence vectors of the messages the crisis classifier was trained on, for its neighbour
/// vote (``SemanticCrisisClassifier/NeighbourVote``): how much closer a window is to the nearest
/// crises it was trained on than to the nearest messages that were not crises.
///
/// A logistic regression draws one boundary through the whole space; a message a new author writes
/// in a way no training crisis was phrased can still sit right next to a few of them. Measured by
/// holding out each development file in turn, adding the vote to the regression's log-odds caught
/// more of a new author's crises at the same false alarms (docs/evaluation.md).
///
/// Kept as `Resources/crisis-neighbours.bin`, written by `homeos dev train crisis` next to the
/// classifier's JSON: a header (`HCN1`, the row count and the dimension, little-endian `UInt32`s),
/// one byte per row (1 for a crisis), then each row's unit vector as signed bytes (× 127). The
/// vectors are expanded to `Float` when loaded (about 20 MB for 13,000 rows of 384 dimensions), so
/// a window's vote costs one pass of dot products (`CVectorKernels`), about a millisecond.
public struct CrisisNeighbours: Sendable, Hashable {
    /// File name of the bundled vectors inside `Resources/`.
    public static let fileName = "crisis-neighbours.bin"
    private static let magic = Data("HCN1".utf8)

    /// Dimensions of each vector.
    public let dimension: Int
    /// Whether each row is a crisis.
    public let labels: [Bool]
    /// The rows' vectors as stored, `count × dimension` signed bytes.
    private let quantized: [Int8]
    /// The same vectors as `Float`, for the dot products.
    private let vectors: [Float]

    /// Rows.
    public var count: Int { labels.count }

    /// Rows from unit vectors (each stored to about 1/127) and their labels.
    public init(vectors: [[Float]], labels: [Bool]) {
        precondition(vectors.count == labels.count, "one label per vector")
        let dimension = vectors.first?.count ?? 0
        var quantized = [Int8]()
        quantized.reserveCapacity(vectors.count * dimension)
        for vector in vectors {
            precondition(vector.count == dimension, "vectors of different lengths")
            quantized += vector.map { Int8(clamping: Int(($0 * 127).rounded())) }
        }
        self.init(dimension: dimension, labels: labels, quantized: quantized)
    }

    private init(dimension: Int, labels: [Bool], quantized: [Int8]) {
        self.dimension = dimension
        self.labels = labels
        self.quantized = quantized
        self.vectors = quantized.map { Float($0) / 127 }
    }

    /// Reads the file form, checking its header and length.
    public init(data: Data) throws(CrisisClassifierError) {
        let bytes = [UInt8](data)
        func word(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 12, Data(bytes[0..<4]) == Self.magic else {
            throw .malformed("\(Self.fileName) does not start with the HCN1 header")
        }
        let count = word(at: 4), dimension = word(at: 8)
        guard count == 0 || dimension > 0, bytes.count == 12 + count + count * dimension else {
            throw .malformed("\(Self.fileName) is \(bytes.count) bytes, not the 12 + \(count) × (1 + \(dimension)) its header says")
        }
        let labels = bytes[12..<(12 + count)].map { $0 == 1 }
        let quantized = bytes[(12 + count)...].map { Int8(bitPattern: $0) }
        self.init(dimension: dimension, labels: labels, quantized: quantized)
    }

    /// The file form (see the type's description).
    public var data: Data {
        var data = Self.magic
        for value in [UInt32(count), UInt32(dimension)] { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: labels.map { $0 ? 1 : 0 })
        data.append(contentsOf: quantized.map { UInt8(bitPattern: $0) })
        return data
    }

    /// A 64-bit FNV-1a hash of ``data`` in hexadecimal, which the classifier's JSON records so a
    /// vectors file from another training is refused.
    public var checksum: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx", hash)
    }

    /// The cosine similarity of `vector` (unit length) to every row.
    public func similarities(to vector: [Float]) -> [Float] {
        precondition(vector.count == dimension, "a vector of another dimension")
        var result = [Float](repeating: 0, count: count)
        guard count > 0 else { return result }
        vectors.withUnsafeBufferPointer { rows in
            vector.withUnsafeBufferPointer { query in
                result.withUnsafeMutableBufferPointer { out in
                    homeos_row_dot_products(rows.baseAddress!, count, dimension, query.baseAddress!, out.baseAddress!)
                }
            }
        }
        return result
    }

    /// The mean of the `k` highest similarities to crisis rows less the mean of the `k` highest to
    /// the other rows, over the rows `include` admits (all of them by default).
    public func vote(similarities: [Float], k: Int, include: (Int) -> Bool = { _ in true }) -> Float {
        var crises = TopValues(k), others = TopValues(k)
        for (row, similarity) in similarities.enumerated() where include(row) {
            if labels[row] { crises.insert(similarity) } else { others.insert(similarity) }
        }
        return crises.mean - others.mean
    }

    /// The vote for `vector` against every row.
    public func vote(for vector: [Float], k: Int) -> Float {
        vote(similarities: similarities(to: vector), k: k)
    }
}

/// The `k` largest values seen, kept in ascending order.
private struct TopValues {
    private var values: [Float] = []
    private let k: Int

    init(_ k: Int) { self.k = max(1, k) }

    @inline(__always)
    mutating func insert(_ value: Float) {
        if values.count == k {
            guard value > values[0] else { return }
            values.removeFirst()
        }
        let position = values.firstIndex { $0 > value } ?? values.count
        values.insert(value, at: position)
    }

    var mean: Float { values.isEmpty ? 0 : values.reduce(0, +) / Float(values.count) }
}
