import LLM
import Testing

/// The SIMD operations against the plain loops they replace.
@Suite struct VectorArithmeticTests {
    /// The scalar scan the sampler used to run: the first strictly larger value from -infinity.
    static func scalarIndexOfMaximum(_ values: [Float]) -> Int {
        var best = 0
        var bestValue = -Float.infinity
        for (index, value) in values.enumerated() where value > bestValue {
            best = index
            bestValue = value
        }
        return best
    }

    @Test func theLargestValueIsFoundWhereAScalarScanFindsIt() {
        var generator = SplitMix64(seed: 7)
        for trial in 0..<2_000 {
            let count = 1 + Int(generator.next() % 300)
            // Few distinct values, so ties across and within lanes are common.
            let distinct = 1 + Int(generator.next() % 6)
            var values = (0..<count).map { _ in Float(Int(generator.next() % UInt64(distinct))) - 2 }
            if trial % 5 == 0 { values[Int(generator.next() % UInt64(count))] = .nan }
            if trial % 7 == 0 { values[Int(generator.next() % UInt64(count))] = -.infinity }
            let index = values.withUnsafeBufferPointer { VectorArithmetic.indexOfMaximum($0.baseAddress!, count: count) }
            #expect(index == Self.scalarIndexOfMaximum(values), "\(values)")
        }
    }

    @Test func edgeCasesOfTheLargestValue() {
        func index(_ values: [Float]) -> Int {
            values.withUnsafeBufferPointer { VectorArithmetic.indexOfMaximum($0.baseAddress!, count: values.count) }
        }
        #expect(index([3]) == 0)
        #expect(index([-.infinity, -.infinity]) == 0)
        #expect(index([.nan, 1, .nan]) == 1)
        #expect(index(Array(repeating: 1, count: 17)) == 0)
        // The maximum in the scalar tail after full lanes, and in the last lane of a chunk.
        #expect(index(Array(repeating: 0, count: 16) + [5]) == 16)
        #expect(index([0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 9]) == 7)
        #expect(index([.infinity, 1, .infinity]) == 0)
    }
}
