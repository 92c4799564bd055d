#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Harness, -sanitize=fuzzer,address) and runs each one.
#
#   scripts/fuzz.sh [--seconds N] [--runs N] [--debug] [--seed N] [--seeds-only] [target ...]
#
# --seconds: time per target (default 600: `make fuzz`; `make test` passes 10). --runs: stop a
# target after N executions instead (whichever comes first). --debug: an unoptimised build (half
# the build time, a third of the speed: what `make test`'s short pass uses). --seed: libFuzzer's
# random seed (0, the default, picks one; `make test` fixes it so its short pass mutates the same
# way every time). --seeds-only: start from the committed seeds alone and keep nothing found (what
# `make test` does, so its pass does not grow with earlier runs). With no target names, every
# target runs.
#
# Each target starts from its committed seeds (Fuzz/Corpus/<target>, which include every input that
# ever crashed it) plus what earlier runs found ($HOMEOS_CACHE/fuzz/corpus/<target>, kept between
# runs, never committed), with its dictionary (Fuzz/Dictionaries). An input that crashes, hangs
# (over 10 s) or breaks a property is saved to $HOMEOS_CACHE/fuzz/artifacts/<target>/ and the
# script exits 1 after the remaining targets. A table of executions, time, coverage and crashes
# per target is printed at the end and written to $HOMEOS_CACHE/fuzz/last-run.tsv.
set -uo pipefail

SECONDS_PER_TARGET=600
RUNS=-1
CONFIGURATION=release
SEED=0
SEEDS_ONLY=0
TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_TARGET="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --debug) CONFIGURATION=debug; shift ;;
    --seed) SEED="$2"; shift 2 ;;
    --seeds-only) SEEDS_ONLY=1; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
[ -f "$CACHE/current/env.sh" ] || { echo "fuzz.sh: run make setup first (no $CACHE/current/env.sh)" >&2; exit 1; }
# shellcheck disable=SC1091
source "$CACHE/current/env.sh"
export HOMEOS_LLAMA_LIBDIR="$CACHE/current/lib"
ALL=$(cd "$ROOT/Fuzz/Corpus" && ls)
[ ${#TARGETS[@]} -gt 0 ] || read -r -a TARGETS <<< "$(echo $ALL)"
for target in "${TARGETS[@]}"; do
  [ -d "$ROOT/Fuzz/Corpus/$target" ] || { echo "fuzz.sh: no target '$target' (targets: $(echo $ALL))" >&2; exit 2; }
done

# The schema target checks its grammars with llama.cpp's parser, which needs a vocabulary.
VOCAB_MODEL="${HOMEOS_FUZZ_VOCAB_MODEL:-$(ls "${HOMEOS_MODELS_DIR:-$CACHE/models}"/SmolLM2-*.gguf 2>/dev/null | head -1)}"
[ -n "$VOCAB_MODEL" ] && [ -f "$VOCAB_MODEL" ] || { echo "fuzz.sh: no SmolLM2 model in the models folder (run make setup)" >&2; exit 1; }
export HOMEOS_FUZZ_VOCAB_MODEL="$VOCAB_MODEL"

echo "==> building the fuzz targets ($CONFIGURATION, -sanitize=fuzzer,address, .build/fuzz)"
cd "$ROOT"
if ! HOMEOS_FUZZ=1 swift build -c "$CONFIGURATION" --scratch-path .build/fuzz --product homeos-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing > "$CACHE/fuzz-build.log" 2>&1; then
  tail -40 "$CACHE/fuzz-build.log" >&2
  echo "fuzz.sh: the fuzz build failed (whole log: $CACHE/fuzz-build.log)" >&2
  exit 1
fi
BINARY="$ROOT/.build/fuzz/$CONFIGURATION/homeos-fuzz"

status=0
TABLE="$CACHE/fuzz/last-run.tsv"
mkdir -p "$CACHE/fuzz"
printf 'target\texecutions\tseconds\texec/s\tcoverage\tcorpus\tcrashes\n' > "$TABLE"
for target in "${TARGETS[@]}"; do
  corpus="$CACHE/fuzz/corpus/$target"
  [ "$SEEDS_ONLY" = 1 ] && corpus="$(mktemp -d "${TMPDIR:-/tmp}/homeos-fuzz-$target.XXXXXX")"
  artifacts="$CACHE/fuzz/artifacts/$target"
  log="$CACHE/fuzz/$target.log"
  mkdir -p "$corpus" "$artifacts"
  dict=()
  [ -f "$ROOT/Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="$ROOT/Fuzz/Dictionaries/$target.dict")
  echo "==> $target: up to ${SECONDS_PER_TARGET}s$([ "$RUNS" != -1 ] && echo " or $RUNS runs")"
  start=$(date +%s)
  HOMEOS_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" SWIFT_BACKTRACE=enable=no "$BINARY" "${dict[@]}" \
    -max_total_time="$SECONDS_PER_TARGET" -runs="$RUNS" -seed="$SEED" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$ROOT/Fuzz/Corpus/$target" > "$log" 2>&1
  code=$?
  elapsed=$(( $(date +%s) - start ))
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
  units=$(find "$corpus" -type f | wc -l)
  crashes=0
  if [ $code -ne 0 ]; then
    crashes=1
    status=1
    echo "   FAILED (exit $code): the input is in $artifacts; the log's end:" >&2
    grep -E 'property broken|Fatal error|ERROR: |SUMMARY|Test unit written|deadly signal|Timeout' "$log" | head -8 >&2
  fi
  [ "$SEEDS_ONLY" = 1 ] && rm -rf "$corpus"
  rate=$(( ${runs:-0} / (elapsed > 0 ? elapsed : 1) ))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "${runs:-?}" "$elapsed" "$rate" "${cov:-?}" "$units" "$crashes" >> "$TABLE"
  echo "   ${runs:-?} executions in ${elapsed}s ($rate/s), coverage ${cov:-?} edges, corpus $units, exit $code"
done
echo
column -t -s "$(printf '\t')" "$TABLE"
exit $status
