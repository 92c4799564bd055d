/// The few vector operations the learned layers need (dot products and scaled additions over
/// `Float` buffers), written with explicit SIMD lanes: a plain loop's floating-point sum cannot be
/// reordered by the compiler, so it would run one multiply at a time.
public enum VectorArithmetic {
    /// The dot product of the first `count` elements of `a` and `b`.
    @inlinable
    public static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var lanes = SIMD8<Float>()
        var position = 0
        while position + 8 <= count {
            let left = UnsafeRawPointer(a + position).loadUnaligned(as: SIMD8<Float>.self)
            let right = UnsafeRawPointer(b + position).loadUnaligned(as: SIMD8<Float>.self)
            lanes.addProduct(left, right)
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
}
