import CrisisDetection
import Foundation
import Testing

/// The training rows' vectors behind the classifier's neighbour vote: the file form, its checks,
/// and what the vote says.
struct CrisisNeighboursTests {
    static let table = CrisisNeighbours(
        vectors: [[1, 0], [0.8, 0.6], [0.6, 0.8], [0, 1], [-1, 0]],
        labels: [true, true, false, false, false])

    @Test func theFileFormReadsBackAsTheSameRows() throws {
        let read = try CrisisNeighbours(data: Self.table.data)
        #expect(read == Self.table)
        #expect(read.checksum == Self.table.checksum && read.checksum.count == 16)
        #expect(read.count == 5 && read.dimension == 2 && read.labels == [true, true, false, false, false])
        #expect(Self.table.data.count == 12 + 5 + 5 * 2)
        let empty = CrisisNeighbours(vectors: [], labels: [])
        #expect(try CrisisNeighbours(data: empty.data).count == 0)
    }

    @Test func aDamagedFileIsRefused() throws {
        var data = Self.table.data
        #expect(throws: CrisisClassifierError.self) { try CrisisNeighbours(data: data.dropLast()) }
        #expect(throws: CrisisClassifierError.self) { try CrisisNeighbours(data: Data("HCN2".utf8) + data.dropFirst(4)) }
        #expect(throws: CrisisClassifierError.self) { try CrisisNeighbours(data: Data()) }
        data[data.count - 1] ^= 0x10
        #expect(try CrisisNeighbours(data: data).checksum != Self.table.checksum, "a changed byte changes the checksum")
    }

    /// The vote is the mean of the k nearest crises' similarities less the other rows'; vectors are
    /// kept to about 1/127.
    @Test func theVoteLeansTowardTheNearerKind() {
        let nearCrises = Self.table.vote(for: [1, 0], k: 1)
        #expect(abs(nearCrises - (1 - 0.6)) < 0.02)
        #expect(Self.table.vote(for: [0, 1], k: 1) < 0)
        let k2 = Self.table.vote(for: [1, 0], k: 2)
        #expect(abs(k2 - ((1 + 0.8) / 2 - (0.6 + 0) / 2)) < 0.02)
        let similarities = Self.table.similarities(to: [1, 0])
        #expect(Self.table.vote(similarities: similarities, k: 2) == k2)
        #expect(abs(Self.table.vote(similarities: similarities, k: 1) { $0 != 0 } - (0.8 - 0.6)) < 0.02, "row 0 left out")
    }
}
