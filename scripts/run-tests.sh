#!/usr/bin/env bash
# Runs the built test suite (`swift test --skip-build`) and then says how many tests were skipped
# and why, so a test that could not run is never mistaken for one that passed.
#   scripts/run-tests.sh [swift] [extra swift test arguments…]
set -uo pipefail
SWIFT="${1:-swift}"
shift || true
log="$(mktemp "${TMPDIR:-/tmp}/homeos-tests.XXXXXX")"
trap 'rm -f "$log"' EXIT

"$SWIFT" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# Swift Testing prints one line per skipped test: `➜ Test name() skipped: "reason"` (anchored on
# the closing parenthesis, so a test whose arguments contain the word "skipped" is not counted).
skipped="$(grep -E '^[^ ]* ?Test [^ ]+\) skipped(: |$)' "$log" || true)"
if [ -n "$skipped" ]; then
  count="$(printf '%s\n' "$skipped" | wc -l | tr -d ' ')"
  printf '\n%s test(s) skipped:\n' "$count"
  printf '%s\n' "$skipped" | sed -E 's/.*\) skipped(: )?//' | sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)$/  \1 × \2/'
else
  printf '\n0 tests skipped.\n'
fi
exit "$status"
