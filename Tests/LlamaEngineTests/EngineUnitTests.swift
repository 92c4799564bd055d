@testable import LlamaEngine
import Testing

@Suite struct UTF8AccumulatorTests {
    @Test func holdsIncompleteSequencesUntilComplete() {
        var accumulator = UTF8Accumulator()
        let pizza = Array("🍕".utf8)  // 4 bytes
        #expect(accumulator.append([UInt8(ascii: "a")] + pizza.prefix(2)) == "a")
        #expect(accumulator.append(pizza[2...3]) == "🍕")
        let e = Array("é".utf8)
        #expect(accumulator.append(e.prefix(1)) == "")
        #expect(accumulator.append(e.suffix(1) + Array(" ok".utf8)) == "é ok")
        #expect(accumulator.flush() == "")
    }

    @Test func unfinishedTailBecomesAReplacementCharacterAtTheEnd() {
        var accumulator = UTF8Accumulator()
        #expect(accumulator.append(Array("日".utf8).prefix(2)) == "")
        #expect(accumulator.flush() == "\u{FFFD}")
    }
}

@Suite struct PresetTests {
    let gib: UInt64 = 1 << 30

    @Test func smallMachineUsesEveryCoreAndNoGPU() {
        let machine = MachineProfile(cores: 2, memoryBytes: 24 * gib, supportsGPUOffload: false)
        let balanced = LlamaConfiguration.preset(.balanced, for: machine)
        #expect(balanced.threads == 2)
        #expect(balanced.gpuLayers == 0)
        #expect(balanced.contextSize == 4096)
    }

    @Test func largeMachineLeavesACoreAndOffloadsToTheGPU() {
        let machine = MachineProfile(cores: 12, memoryBytes: 64 * gib, supportsGPUOffload: true)
        #expect(LlamaConfiguration.preset(.balanced, for: machine).threads == 11)
        #expect(LlamaConfiguration.preset(.balanced, for: machine).gpuLayers == -1)
        #expect(LlamaConfiguration.preset(.max, for: machine).threads == 12)
        #expect(LlamaConfiguration.preset(.max, for: machine).contextSize == 8192)
        #expect(LlamaConfiguration.preset(.cpuOnly, for: machine).gpuLayers == 0)
    }

    @Test func lowMemoryShrinksContextAndBatches() {
        let phone = MachineProfile(cores: 6, memoryBytes: 3 * gib, supportsGPUOffload: true)
        let low = LlamaConfiguration.preset(.lowMemory, for: phone)
        #expect(low.contextSize == 1024)
        #expect(low.batchSize == 128)
        #expect(low.gpuLayers == 0)
        #expect(LlamaConfiguration.preset(.balanced, for: phone).contextSize == 2048)
    }
}
