import Foundation

/// Every target, by name. `scripts/fuzz.sh` runs each with its seed corpus under `Fuzz/Corpus/<name>`.
let fuzzTargets: [FuzzTarget] = [
    .jsonParser, .jsonSchemaGrammar, .ggufHeader, .wavReader, .healthExport, .fhirNarrative,
    .naturalTime, .chatTemplate, .safetyPlanWorksheet,
]

/// The target this process runs, chosen once by `HOMEOS_FUZZ_TARGET`.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["HOMEOS_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        let names = fuzzTargets.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("homeos-fuzz: set HOMEOS_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's driver (`-sanitize=fuzzer` links it), started from the entry point below.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ testOneInput: @convention(c) (UnsafeRawPointer?, Int) -> CInt) -> CInt

/// The executable's entry point. SwiftPM links an executable target's `main` under this name;
/// it hands the command line to libFuzzer's driver, which then calls the two functions below.
@_cdecl("homeos_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { start, length in fuzzerTestOneInput(start, length) }
}

/// libFuzzer calls this once, before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    selectedTarget.prepare()
    return 0
}

/// libFuzzer calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    selectedTarget.run(data)
    return 0
}
