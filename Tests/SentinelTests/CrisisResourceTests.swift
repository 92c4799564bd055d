import Sentinel
import Testing

@Suite struct CrisisResourceTests {
    @Test func veteransCrisisLineComesFirstWithBothWaysToReachIt() {
        let first = CrisisResource.unitedStates[0]
        #expect(first.name == "Veterans Crisis Line")
        #expect(first.instructions.contains("988 then press 1"))
        #expect(first.instructions.contains("838255"))
        #expect(CrisisResource.unitedStates.contains { $0.instructions.contains("911") })
    }
}
