import Foundation
import LLM
import RemoteEngine

/// docs/library-guide.md, "Remote engines".
func remoteEngineSample(engine: any LanguageModel) async throws {
    let baseURL = try RemoteConfiguration.parseBaseURL("http://127.0.0.1:8080/v1")
    let remote = RemoteModel(configuration: RemoteConfiguration(
        baseURL: baseURL, model: "smollm2",
        apiKey: RemoteAPIKey.fromEnvironment(ProcessInfo.processInfo.environment)))
    print(await remote.probeCapabilities())             // what the server supports for structured output
    let hello = try await LLMBridge(model: remote).generate(prompt: "Hello")
    print(hello)

    // The resilience cascade's last step: it asks first, names the host, and sends nothing on "no".
    let fallback = RemoteFallback.remote(remote) { request in
        print("Send this request to \(request.destination)? Answering no.")
        return false
    }
    let resilient = ResilientBridge(local: LLMBridge(model: engine), remote: fallback)
    print(resilient.remote?.destination ?? "on-device only")
}
