#!/usr/bin/env python3
"""Converts all-MiniLM-L6-v2 (a BERT sentence-transformer) from safetensors to GGUF.

Written for HomeOS's setup so that no PyTorch is needed: it reads `model.safetensors` with
numpy, names the tensors with the `gguf` package's own BERT name map, and writes the
hyperparameters, the WordPiece vocabulary and the mean pooling that llama.cpp's BERT
architecture reads. Matrices are stored as float16, vectors (biases, norms) as float32.

Usage: convert-sentence-model.py MODEL_DIR OUTPUT.gguf
MODEL_DIR holds config.json, model.safetensors, tokenizer.json (and tokenizer_config.json).
"""

import json
import struct
import sys
from pathlib import Path

import numpy as np
import gguf

SAFETENSORS_DTYPES = {"F32": np.float32, "F16": np.float16, "BF16": None, "I64": np.int64}


def fail(message: str) -> None:
    print(f"convert-sentence-model: {message}", file=sys.stderr)
    sys.exit(1)


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file, as numpy arrays (a header, then raw little-endian data)."""
    data = path.read_bytes()
    if len(data) < 8:
        fail(f"{path} is too short to be a safetensors file")
    (header_length,) = struct.unpack("<Q", data[:8])
    if header_length > len(data) - 8:
        fail(f"{path} has a header longer than the file")
    header = json.loads(data[8 : 8 + header_length])
    body = memoryview(data)[8 + header_length :]
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        dtype = SAFETENSORS_DTYPES.get(entry["dtype"])
        if dtype is None:
            fail(f"tensor {name} has unsupported dtype {entry['dtype']}")
        start, end = entry["data_offsets"]
        array = np.frombuffer(body[start:end], dtype=dtype).reshape(entry["shape"])
        tensors[name] = array
    return tensors


def vocabulary(tokenizer: dict) -> tuple[list[str], list[int]]:
    """The WordPiece vocabulary in id order, in llama.cpp's "phantom space" form: a word start gets
    U+2581 in front, a continuation ("##ing") loses its marks, control tokens stay as they are."""
    model = tokenizer["model"]
    if model.get("type") != "WordPiece":
        fail(f"expected a WordPiece tokenizer, found {model.get('type')}")
    by_id = {index: token for token, index in model["vocab"].items()}
    special = {entry["content"] for entry in tokenizer.get("added_tokens", []) if entry.get("special")}
    tokens, types = [], []
    for index in range(len(by_id)):
        token = by_id.get(index)
        if token is None:
            tokens.append(f"[PAD{index}]")
            types.append(gguf.TokenType.UNUSED)
        elif token in special:
            tokens.append(token)
            types.append(gguf.TokenType.CONTROL)
        else:
            tokens.append(token[2:] if token.startswith("##") else "\u2581" + token)
            types.append(gguf.TokenType.NORMAL)
    return tokens, types


def main() -> None:
    if len(sys.argv) != 3:
        fail("usage: convert-sentence-model.py MODEL_DIR OUTPUT.gguf")
    model_dir, output = Path(sys.argv[1]), Path(sys.argv[2])
    for required in ("config.json", "model.safetensors", "tokenizer.json"):
        if not (model_dir / required).is_file():
            fail(f"{model_dir} has no {required}")
    config = json.loads((model_dir / "config.json").read_text())
    if config.get("model_type") != "bert":
        fail(f"expected a BERT model, found {config.get('model_type')}")
    tokenizer = json.loads((model_dir / "tokenizer.json").read_text())

    arch = gguf.MODEL_ARCH.BERT
    blocks = config["num_hidden_layers"]
    writer = gguf.GGUFWriter(str(output), gguf.MODEL_ARCH_NAMES[arch])
    writer.add_name("all-MiniLM-L6-v2")
    writer.add_description("all-MiniLM-L6-v2 sentence embeddings (converted by HomeOS setup)")
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_F16)
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_block_count(blocks)
    writer.add_head_count(config["num_attention_heads"])
    writer.add_layer_norm_eps(config["layer_norm_eps"])
    writer.add_causal_attention(False)
    writer.add_pooling_type(gguf.PoolingType.MEAN)

    tokens, types = vocabulary(tokenizer)
    if len(tokens) != config["vocab_size"]:
        fail(f"tokenizer has {len(tokens)} tokens, config says {config['vocab_size']}")
    writer.add_tokenizer_model("bert")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_type_count(config.get("type_vocab_size", 2))
    # Special tokens, the lower-casing normaliser and the [CLS] … [SEP] framing, read by the
    # gguf package from tokenizer.json and tokenizer_config.json.
    gguf.SpecialVocab(model_dir, n_vocab=len(tokens)).add_to_gguf(writer, quiet=True)

    names = gguf.get_tensor_name_map(arch, blocks)
    skipped = {"embeddings.position_ids", "pooler.dense.weight", "pooler.dense.bias"}
    written = 0
    for name, array in read_safetensors(model_dir / "model.safetensors").items():
        name = name.removeprefix("bert.")
        if name in skipped:
            continue
        new_name = names.get_name(name, try_suffixes=(".weight", ".bias"))
        if new_name is None:
            fail(f"no GGUF name for tensor {name}")
        # llama.cpp adds the position and token-type rows to the hidden state directly, so those
        # stay float32 like the vectors; the weight matrices and the word embeddings are float16.
        half = array.ndim == 2 and name not in ("embeddings.position_embeddings.weight", "embeddings.token_type_embeddings.weight")
        array = array.astype(np.float16 if half else np.float32)
        writer.add_tensor(new_name, array)
        written += 1
    if written != 5 + 16 * blocks:
        fail(f"wrote {written} tensors, expected {5 + 16 * blocks}")

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    print(f"wrote {output} ({written} tensors)")


if __name__ == "__main__":
    main()
