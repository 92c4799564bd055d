/// The few vector operations the learned layers and the sampler need (dot products, scaled
/// additions and the position of the largest value in `Float` buffers), written with explicit SIMD
/// lanes: a plain loop's floating-point sum cannot be reordered by the compiler, so it would run
/// one multiply at a time, and a plain search for the largest value compares one element at a time.
/// Products are added with `+=`, not `addProduct`: a fused multiply-add needs a target with FMA,
/// which Swift's x86-64 baseline is not, so it became a call to `fmaf` for every lane, 13× slower
/// (a dot product over 13,000 vectors of 384: 12.5 ms against 0.95 ms on this machine).
public enum VectorArithmetic {
    /// The dot product of the first `count` elements of `a` and `b`.
    @inlinable
    public static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var lanes = SIMD8<Float>()
        var position = 0
        while position + 8 <= count {
            let left = UnsafeRawPointer(a + position).loadUnaligned(as: SIMD8<Float>.self)
            let right = UnsafeRawPointer(b + position).loadUnaligned(as: SIMD8<Float>.self)
            lanes += left * right  // not addProduct: see the type's description
            position += 8
        }
        var sum = lanes.sum()
        while position < count {
            sum += a[position] * b[position]
            position += 1
        }
        return sum
    }

    /// The dot product of two arrays of the same length.
    @inlinable
    public static func dot(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count, "vectors of different lengths")
        guard !a.isEmpty else { return 0 }
        return a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in dot(left.baseAddress!, right.baseAddress!, count: a.count) }
        }
    }

    /// Adds `scale × x` to the first `count` elements of `y`.
    @inlinable
    public static func add(_ scale: Float, times x: UnsafePointer<Float>, to y: UnsafeMutablePointer<Float>, count: Int) {
        for position in 0..<count { y[position] += scale * x[position] }
    }

    /// The first position of the largest of the first `count` values (`count` ≥ 1), or 0 when none
    /// is above -infinity; NaN is never the largest. The same answer as a scalar scan from
    /// -infinity that keeps the first strictly larger value,
    /// in one pass with eight lanes: each lane keeps its own first maximum, and the lanes are
    /// merged by value, then by position.
    @inlinable
    public static func indexOfMaximum(_ values: UnsafePointer<Float>, count: Int) -> Int {
        precondition(count >= 1, "no values")
        var best = SIMD8<Float>(repeating: -.infinity)
        var bestIndex = SIMD8<Int32>(repeating: Int32.max)
        var indices = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let step = SIMD8<Int32>(repeating: 8)
        var position = 0
        while position + 8 <= count {
            let chunk = UnsafeRawPointer(values + position).loadUnaligned(as: SIMD8<Float>.self)
            let larger = chunk .> best
            best.replace(with: chunk, where: larger)
            bestIndex.replace(with: indices, where: larger)
            indices &+= step
            position += 8
        }
        var result = -1
        var resultValue = -Float.infinity
        for lane in 0..<8 where bestIndex[lane] != Int32.max {
            let index = Int(bestIndex[lane])
            if result < 0 || best[lane] > resultValue || (best[lane] == resultValue && index < result) {
                result = index
                resultValue = best[lane]
            }
        }
        while position < count {
            if values[position] > resultValue {
                result = position
                resultValue = values[position]
            }
            position += 1
        }
        // Every value was NaN or -infinity: the first position, as the scalar scan would answer.
        return max(result, 0)
    }
}
