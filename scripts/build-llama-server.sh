#!/usr/bin/env bash
# Builds llama.cpp's own `llama-server` from the llama.cpp source that the pinned llama-cpp-python
# source distribution vendors — the same source the engine's libllama comes from — for
# `homeos dev bench server` only (the product never runs it). cmake and ninja come from PyPI,
# pinned, into the setup's virtual environment. The binary lands in the cache:
#   $HOMEOS_CACHE/current/bin/llama-server      (default cache: ~/.cache/homeos)
# A second run with the binary present does nothing. Takes about 10 minutes on 2 cores.
set -euo pipefail
CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
RUNTIME="$CACHE/current"
VERSION="0.3.36"
SDIST="$RUNTIME/dist/llama_cpp_python-$VERSION.tar.gz"
SOURCE="$RUNTIME/llama_cpp_python-$VERSION/vendor/llama.cpp"
BUILD="$RUNTIME/llama-server-build"
BINARY="$RUNTIME/bin/llama-server"
TOOLS=(cmake==4.4.4 ninja==1.13.2)

if [ -x "$BINARY" ]; then echo "llama-server: $BINARY (already built)"; exit 0; fi
[ -x "$RUNTIME/venv/bin/pip" ] || { echo "build-llama-server: run make setup first (no $RUNTIME/venv)" >&2; exit 1; }
[ -f "$SDIST" ] || { echo "build-llama-server: $SDIST is missing; run make setup" >&2; exit 1; }
if [ ! -f "$SOURCE/tools/server/CMakeLists.txt" ]; then
  echo "==> unpacking llama.cpp from $(basename "$SDIST")"
  tar -xzf "$SDIST" -C "$RUNTIME" "llama_cpp_python-$VERSION/vendor/llama.cpp"
fi
"$RUNTIME/venv/bin/pip" install --disable-pip-version-check -q "${TOOLS[@]}"
export PATH="$RUNTIME/venv/bin:$PATH"
echo "==> configuring (Release, the library's default CPU flags, no curl, server only)"
cmake -S "$SOURCE" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF \
  -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_TOOLS=ON -DBUILD_SHARED_LIBS=OFF >/dev/null
echo "==> building llama-server (this takes a while)"
cmake --build "$BUILD" --target llama-server -j "$(nproc)"
mkdir -p "$RUNTIME/bin"
cp "$BUILD/bin/llama-server" "$BINARY.partial" && mv "$BINARY.partial" "$BINARY"
echo "llama-server: $BINARY"
