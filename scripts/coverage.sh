#!/usr/bin/env bash
# Line coverage per module of the Swift test suite: a coverage build in its own folder (so the
# normal build is untouched), the whole suite run with profiling (the `homeos` and `sentinel`
# binaries the command-line tests start write their profiles too), and one line per module of
# Sources/ with the share of its lines that ran.
#   scripts/coverage.sh [--skip-build] [swift test arguments…]
# Needs `make setup` first (the models and the data the tests use). Takes about twice the suite's time.
set -uo pipefail
cd "$(dirname "$0")/.."
scratch="${HOMEOS_COVERAGE_BUILD:-.build/coverage}"
build=1
if [ "${1:-}" = "--skip-build" ]; then build=0; shift; fi
if [ "$build" = 1 ]; then
  swift build --build-tests --enable-code-coverage --scratch-path "$scratch" || exit 1
fi
bin="$(swift build --show-bin-path --scratch-path "$scratch")"
# The toolchain's own LLVM tools: a system llvm-cov may not read this compiler's profile format.
tools="$(dirname "$(command -v swift)")"
llvm_cov="$tools/llvm-cov"; [ -x "$llvm_cov" ] || llvm_cov=llvm-cov
llvm_profdata="$tools/llvm-profdata"; [ -x "$llvm_profdata" ] || llvm_profdata=llvm-profdata
rm -rf "$bin/codecov"
swift test --skip-build --enable-code-coverage --scratch-path "$scratch" "$@" > "$scratch/coverage-test.log" 2>&1
status=$?
echo "test run: exit $status (log: $scratch/coverage-test.log)"
profdata="$bin/codecov/default.profdata"
if [ ! -f "$profdata" ]; then
  # SwiftPM merges the raw profiles only when the run succeeds; merge them ourselves otherwise.
  "$llvm_profdata" merge -sparse "$bin"/codecov/*.profraw -o "$profdata" || exit 1
fi
objects=("$bin/HomeOSPackageTests.xctest")
for tool in homeos sentinel; do [ -x "$bin/$tool" ] && objects+=(-object "$bin/$tool"); done
"$llvm_cov" report "${objects[@]}" -instr-profile="$profdata" -ignore-filename-regex='(/\.build/|/checkouts/|/Tests/|/Fuzz/)' \
  | python3 -c '
import sys, re, collections
lines = collections.Counter(); missed = collections.Counter()
for row in sys.stdin:
    parts = row.split()
    match = re.search(r"Sources/([^/]+)/", row)
    if not match or len(parts) < 10:
        continue
    # Filename, Regions, Missed Regions, Cover, Functions, Missed Functions, Executed, Lines, Missed Lines, Cover, …
    module = match.group(1)
    lines[module] += int(parts[7]); missed[module] += int(parts[8])
print(f"| module | lines | covered | line coverage |")
print(f"| --- | ---: | ---: | ---: |")
for module in sorted(lines):
    covered = lines[module] - missed[module]
    print(f"| {module} | {lines[module]:,} | {covered:,} | {100 * covered / max(lines[module], 1):.1f} % |")
total = sum(lines.values()); covered = total - sum(missed.values())
print(f"| all | {total:,} | {covered:,} | {100 * covered / max(total, 1):.1f} % |")
'
exit $status
