#!/usr/bin/env bash
# The family web app's end-to-end tests: a real `homeos serve` on 127.0.0.1 with the default
# model, driven in Chromium by Playwright (both installed by `make setup`). Screenshots of every
# page at desktop and phone width are saved to $HOMEOS_SCREENSHOTS (default .build/screenshots).
#   scripts/browser-tests.sh [swift] [extra pytest arguments…]
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="swift"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then SWIFT="$1"; shift; fi
CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
PYTHON="$CACHE/current/venv/bin/python"
[ -x "$PYTHON" ] || { echo "browser tests: $PYTHON is missing; run make setup" >&2; exit 1; }
HOMEOS_BIN="$("$SWIFT" build --show-bin-path)/homeos"
[ -x "$HOMEOS_BIN" ] || { echo "browser tests: $HOMEOS_BIN is missing; run swift build first" >&2; exit 1; }
export HOMEOS_BIN
export HOMEOS_SCREENSHOTS="${HOMEOS_SCREENSHOTS:-$PWD/.build/screenshots}"
echo "==> browser tests (Chromium + Playwright against homeos serve; screenshots in $HOMEOS_SCREENSHOTS)"
exec "$PYTHON" -m pytest -q -p no:cacheprovider Tests/Browser "$@"
