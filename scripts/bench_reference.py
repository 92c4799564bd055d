"""Reference side of `homeos dev bench engine`: the same measurement through llama-cpp-python.

Reads a JSON job on stdin, prints one JSON result on stdout. Run by the Swift benchmark with the
Python of the cached setup environment, so both sides use the same libllama build.
"""
import json
import sys
import time

import llama_cpp


def measure(llm, prompt, max_tokens):
    start = time.perf_counter()
    stamps = []
    text = []
    for chunk in llm.create_completion(prompt, max_tokens=max_tokens, temperature=0.0, stream=True):
        stamps.append(time.perf_counter())
        text.append(chunk["choices"][0]["text"])
    prompt_tokens = len(llm.tokenize(prompt.encode("utf-8"), add_bos=True, special=True))
    ttft = stamps[0] - start if stamps else None
    decode = (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 and stamps[-1] > stamps[0] else None
    return {
        "prompt_tokens": prompt_tokens,
        "generated_tokens": len(stamps),
        "ttft_s": ttft,
        "prompt_tps": prompt_tokens / ttft if ttft else None,
        "decode_tps": decode,
        "text": "".join(text),
    }


def main():
    job = json.load(sys.stdin)
    llm = llama_cpp.Llama(
        model_path=job["model_path"],
        n_ctx=job["context_size"],
        n_batch=job["batch_size"],
        n_ubatch=job["batch_size"],
        n_threads=job["threads"],
        n_threads_batch=job["threads"],
        flash_attn=job["flash_attention"],
        swa_full=True,
        verbose=False,
    )
    measure(llm, job["warmup_prompt"], 16)
    runs = []
    for _ in range(job["repetitions"]):
        measure(llm, job["warmup_prompt"], 4)  # so the measured prompt never reuses its own cache
        runs.append(measure(llm, job["prompt"], job["max_tokens"]))
    runs.sort(key=lambda run: run["decode_tps"] or 0)
    result = runs[len(runs) // 2]
    result["version"] = llama_cpp.__version__
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
