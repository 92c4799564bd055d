#!/usr/bin/env bash
# Builds llama.cpp and the engine stress harness with a sanitizer, then runs the harness.
#
#   scripts/sanitize.sh address|thread [engine-stress options, e.g. --iterations 1000 --seed 7]
#
# llama.cpp comes from the same pinned llama-cpp-python source distribution that `make setup`
# builds, compiled here with the Swift toolchain's clang (so it shares the Swift binary's sanitizer
# runtime) and llama.cpp's own LLAMA_SANITIZE_* options, into $HOMEOS_CACHE/llama-sanitize-<kind>.
# The ThreadSanitizer build uses ggml's own thread pool instead of OpenMP, whose uninstrumented
# runtime ThreadSanitizer cannot see into. The Swift side is `swift build -Xswiftc -sanitize=<kind>`
# in .build-<kind>. The sanitized libraries replace the cached ones through LD_LIBRARY_PATH for
# this run only.
set -euo pipefail

KIND="${1:-}"
case "$KIND" in
  address|thread) shift ;;
  *) echo "usage: scripts/sanitize.sh address|thread [engine-stress options]" >&2; exit 2 ;;
esac

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
[ -f "$CACHE/current/env.sh" ] || { echo "run make setup first (no $CACHE/current/env.sh)" >&2; exit 1; }
# shellcheck disable=SC1091
source "$CACHE/current/env.sh"
RUNTIME="$(readlink -f "$CACHE/current")"
VERSION="${RUNTIME##*-}"
SDIST="$RUNTIME/dist/llama_cpp_python-$VERSION.tar.gz"
SOURCE="$RUNTIME/llama_cpp_python-$VERSION/vendor/llama.cpp"
BUILD="$CACHE/llama-sanitize-$KIND"
VENV="$RUNTIME/venv"
TOOLCHAIN_BIN="$(dirname "$(readlink -f "$(command -v swift)")")"

if [ ! -f "$SOURCE/CMakeLists.txt" ]; then
  echo "==> unpacking llama.cpp from $(basename "$SDIST")"
  tar -xzf "$SDIST" -C "$RUNTIME" "llama_cpp_python-$VERSION/vendor/llama.cpp"
fi
if ! "$VENV/bin/python" -c 'import cmake, ninja' 2>/dev/null; then
  echo "==> installing cmake and ninja into $VENV (pip)"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "cmake==4.4.4" "ninja==1.13.2"
fi
CMAKE="$VENV/bin/cmake"
NINJA="$VENV/bin/ninja"

SANITIZE_FLAG="LLAMA_SANITIZE_ADDRESS"
OPENMP=ON
if [ "$KIND" = thread ]; then SANITIZE_FLAG="LLAMA_SANITIZE_THREAD"; OPENMP=OFF; fi

echo "==> llama.cpp with -fsanitize=$KIND ($BUILD)"
"$CMAKE" -S "$SOURCE" -B "$BUILD" -G Ninja -DCMAKE_MAKE_PROGRAM="$NINJA" \
  -DCMAKE_C_COMPILER="$TOOLCHAIN_BIN/clang" -DCMAKE_CXX_COMPILER="$TOOLCHAIN_BIN/clang++" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_SHARED_LIBS=ON -D"$SANITIZE_FLAG"=ON -DGGML_OPENMP="$OPENMP" \
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_SERVER=OFF \
  -DLLAMA_CURL=OFF >/dev/null
"$CMAKE" --build "$BUILD" --target llama -j "$(nproc)" >/dev/null
LIBDIR="$(dirname "$(find "$BUILD" -name 'libllama.so' -print -quit)")"

echo "==> engine-stress with -sanitize=$KIND (.build-$KIND)"
cd "$ROOT"
swift build --product engine-stress --build-path ".build-$KIND" -Xswiftc -sanitize="$KIND" >/dev/null

echo "==> running (sanitizer reports go to standard error)"
export LD_LIBRARY_PATH="$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
case "$KIND" in
  address) export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1" ;;
  thread) export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:report_signal_unsafe=0" ;;
esac
exec ".build-$KIND/debug/engine-stress" "$@"
