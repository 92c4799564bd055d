"""Rewrites a GGUF model in another quantization with llama.cpp's own quantizer, through the
llama-cpp-python binding that setup installs (the same pinned libllama HomeOS links).

    python scripts/requantize-model.py IN.gguf OUT.gguf Q8_0

setup.sh uses it to run the default model's weights (shipped as Q4_1) as Q8_0, which llama.cpp's
CPU kernels evaluate about twice as fast. The output is deterministic (the same input and
llama.cpp version give the same bytes), so setup checks it against a pinned SHA-256.
"""
import ctypes
import sys

import llama_cpp

FILE_TYPES = {"Q8_0": llama_cpp.LLAMA_FTYPE_MOSTLY_Q8_0, "F16": llama_cpp.LLAMA_FTYPE_MOSTLY_F16}


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[3] not in FILE_TYPES:
        print(f"usage: {sys.argv[0]} IN.gguf OUT.gguf {{{','.join(FILE_TYPES)}}}", file=sys.stderr)
        return 2
    source, target, kind = sys.argv[1:]
    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = FILE_TYPES[kind]
    params.allow_requantize = True  # the input is already quantized (Q4_1): its values are kept, stored wider
    params.nthread = 2
    status = llama_cpp.llama_model_quantize(source.encode(), target.encode(), ctypes.byref(params))
    if status != 0:
        print(f"llama_model_quantize failed with status {status}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
