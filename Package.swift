// swift-tools-version: 6.1
// HomeOS: a private, on-device AI assistant platform. docs/architecture.md describes the module map.
import CompilerPluginSupport
import PackageDescription

// `make` exports HOMEOS_LLAMA_LIBDIR (the cached llama.cpp build) so binaries find libllama at run
// time without LD_LIBRARY_PATH. Unset (for example when HomeOS is a dependency), no unsafe flags
// are added and the library is found through the system's linker path or LD_LIBRARY_PATH.
let llamaLibraryDirectory = Context.environment["HOMEOS_LLAMA_LIBDIR"].flatMap { $0.isEmpty ? nil : $0 }
let llamaRuntimePath: [LinkerSetting] = llamaLibraryDirectory.map {
    [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", $0])]
} ?? []

let package = Package(
    name: "HomeOS",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LLM", targets: ["LLM"]),
        .library(name: "LlamaEngine", targets: ["LlamaEngine"]),
        .library(name: "ModelHub", targets: ["ModelHub"]),
        .library(name: "Skills", targets: ["Skills"]),
        .library(name: "CrisisDetection", targets: ["CrisisDetection"]),
        .library(name: "NaturalTime", targets: ["NaturalTime"]),
        .library(name: "HomeOS", targets: ["HomeOS"]),
        .library(name: "HealthData", targets: ["HealthData"]),
        .library(name: "Sentinel", targets: ["Sentinel"]),
        .library(name: "RemoteEngine", targets: ["RemoteEngine"]),
        .library(name: "WebFoundation", targets: ["WebFoundation"]),
        .library(name: "WebApp", targets: ["WebApp"]),
        .library(name: "SentinelWeb", targets: ["SentinelWeb"]),
        .executable(name: "homeos", targets: ["homeos"]),
        .executable(name: "sentinel", targets: ["sentinel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `homeos serve`: the family web app's HTTP server (with swift-service-lifecycle and swift-log).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `homeos mcp`: the Model Context Protocol server over stdio.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // `make docs`: the DocC API reference of the public libraries (a plugin only; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // llama.cpp's C API. Headers and libraries come from `make setup` through pkg-config
        // (`llama.pc` under ~/.cache/homeos/current/pkgconfig); nothing is vendored.
        .systemLibrary(name: "CLlama", pkgConfig: "llama"),
        // Engine-agnostic core: the LanguageModel protocol, requests, streaming, errors, test doubles.
        .target(name: "LLM", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // In-process llama.cpp engine.
        .target(name: "LlamaEngine", dependencies: ["LLM", "CLlama", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log")],
                linkerSettings: llamaRuntimePath),
        // Model catalog and on-disk discovery of installed models.
        .target(
            name: "ModelHub",
            dependencies: [
                "LLM",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `@SkillArguments`: a skill's arguments declared once, the JSON Schema generated from the struct.
        .macro(
            name: "SkillArgumentsMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // The crisis layer: runs on every message before anything that can fail (no model, no store).
        // Its learned half reads sentence vectors (LLM's TextEmbedding) through a bundled classifier.
        // The neighbour vote's dot products (5 million multiply-adds a sentence), in C built optimised
        // in every configuration: about 1 ms a sentence, where a debug build of Swift took 130 ms and
        // every test that meets the crisis layer paid it.
        .target(name: "CVectorKernels", cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "CrisisDetection", dependencies: ["LLM", "CVectorKernels", .product(name: "Logging", package: "swift-log")],
                resources: [.copy("Resources/crisis-classifier.json"), .copy("Resources/crisis-neighbours.bin")]),
        // Skill protocol, registry, routing cascade, approvals, the assistant coordinator.
        .target(name: "Skills", dependencies: ["LLM", "SkillArgumentsMacros", "CrisisDetection",
                                               .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log")]),
        // Dates and times as people write them ("every other Tuesday at 6:30", "tomorrow night"):
        // Foundation only, so the fuzz build can take it without the macro that Skills needs.
        .target(name: "NaturalTime", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The family assistant: domain, storage, the 19 skills, context, scheduler.
        .target(
            name: "HomeOS",
            dependencies: ["Skills", "LLM", "NaturalTime", "HealthData", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log")],
            resources: [.copy("Resources")]
        ),
        // Veteran crisis check-in: screener, signals, risk tier, crisis state (no HomeOS).
        // The Apple Health export parser, shared by Sentinel and HomeOS.
        .target(name: "HealthData", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(name: "Sentinel", dependencies: ["LLM", "CrisisDetection", "HealthData", .product(name: "Crypto", package: "swift-crypto"),
                                                 .product(name: "_CryptoExtras", package: "swift-crypto"),
                                                 .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log")]),
        // OpenAI-compatible servers (llama-server, vLLM, Ollama, cloud) behind the LanguageModel protocol.
        .target(
            name: "RemoteEngine",
            dependencies: [
                "LLM",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // What both local web servers stand on: Host/Origin/CSRF/pairing checks, signed tokens, JSON
        // errors, Server-Sent Events and shutdown; no product code.
        .target(
            name: "WebFoundation",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `sentinel serve`: the check-in, crisis view, dashboard, safety plan, reports and settings pages,
        // rendered on the server over the Sentinel library.
        .target(
            name: "SentinelWeb",
            dependencies: [
                "WebFoundation", "Sentinel", "LLM", "CrisisDetection",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")]
        ),
        // `homeos serve`: HTTP routes, security and the family web app's pages over the HomeOS library.
        // It only translates requests; models come in through a loader the command line hands it.
        .target(
            name: "WebApp",
            dependencies: [
                "WebFoundation", "HomeOS", "Skills", "LLM", "CrisisDetection", "ModelHub",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")]
        ),
        // `homeos mcp`: the enabled skills as MCP tools (schemas from the skills' own), the family's data
        // as read-only resources; risky actions parked for approval.
        .target(name: "HomeOSMCP", dependencies: ["HomeOS", "Skills", "LLM", "CrisisDetection",
                                                  .product(name: "MCP", package: "swift-sdk")]),
        // Evaluation harnesses over the public data found through EvaluationData (conformance, coverage, routing).
        .target(name: "Evaluation", dependencies: ["LLM", "Skills", "CrisisDetection", .product(name: "Logging", package: "swift-log")], resources: [.copy("Resources/routing-label-map.json")]),
        // Command-line front end.
        .executableTarget(
            name: "homeos",
            dependencies: [
                "LLM", "LlamaEngine", "ModelHub", "Evaluation", "Skills", "HomeOS", "HealthData", "RemoteEngine", "CrisisDetection", "WebApp", "HomeOSMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "sentinel",
            dependencies: ["Sentinel", "SentinelWeb", "LLM", "LlamaEngine", "ModelHub", "CrisisDetection", "Skills",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        // The concurrency stress harness for sanitizer builds (scripts/sanitize.sh): engines only.
        .executableTarget(
            name: "engine-stress",
            dependencies: ["LLM", "LlamaEngine", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The Swift samples in README.md and docs/, compiled with every build (DocSampleTests checks
        // that each sample in the docs is in here verbatim).
        .executableTarget(
            name: "doc-samples",
            dependencies: ["LLM", "LlamaEngine", "ModelHub", "Skills", "HomeOS", "RemoteEngine", "Sentinel"],
            path: "Examples/DocSamples"
        ),
        .testTarget(name: "LLMTests", dependencies: ["LLM", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "CrisisDetectionTests", dependencies: ["CrisisDetection", "LLM"]),
        .testTarget(name: "SkillsTests", dependencies: [
            "Skills", "LLM", "SkillArgumentsMacros",
            .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        ]),
        .testTarget(name: "HomeOSTests", dependencies: ["HomeOS", "HealthData", "NaturalTime", "Skills", "LLM", "LlamaEngine", "ModelHub"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "SentinelTests", dependencies: ["Sentinel", "HealthData", "LLM", "LlamaEngine", "ModelHub", "Skills"]),
        .testTarget(name: "SentinelWebTests", dependencies: ["SentinelWeb", "WebFoundation", "Sentinel"]),
        .testTarget(name: "LlamaEngineTests", dependencies: ["LlamaEngine", "LLM", "ModelHub", "Evaluation", "CrisisDetection"]),
        .testTarget(
            name: "ModelHubTests",
            dependencies: [
                "ModelHub", "LLM",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "RemoteEngineTests",
            dependencies: [
                "RemoteEngine", "LLM", "Skills", "HomeOS", "LlamaEngine", "ModelHub",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "HomeOSMCPTests", dependencies: ["HomeOSMCP", "HomeOS", "Skills", "LLM"]),
        .testTarget(name: "WebAppTests", dependencies: [
            "WebApp", "WebFoundation", "HomeOS", "Skills", "LLM", "ModelHub",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "LLM", "Skills", "HomeOS"],
                    exclude: ["json-schema-suite-expected-failures.txt"]),
    ],
    swiftLanguageModes: [.v6]
)

// `scripts/fuzz.sh` (make fuzz; a short pass in make test): the libFuzzer targets over the parsers that
// take input from outside, one binary choosing its target by HOMEOS_FUZZ_TARGET. Declared only for
// that build (HOMEOS_FUZZ=1, its own scratch path, -sanitize=fuzzer,address): it has no main of its
// own, so an ordinary build could not link it.
if Context.environment["HOMEOS_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "homeos-fuzz",
        dependencies: ["LLM", "LlamaEngine", "Sentinel", "HealthData", "NaturalTime", "CLlama"],
        path: "Fuzz/Harness",
        linkerSettings: llamaRuntimePath
    ))
    package.products.append(.executable(name: "homeos-fuzz", targets: ["homeos-fuzz"]))
}
