/// OpenAI-compatible inference servers (llama-server, vLLM, Ollama, cloud) behind the `LanguageModel`
/// protocol. Opt-in only: nothing here is used unless a remote engine is configured.
public enum RemoteEngine {}
