#!/usr/bin/env bash
# The tests that drive a real `homeos serve` on 127.0.0.1 with the default model from clients
# nobody here wrote (all installed by `make setup`): the family web app in Debian's Chromium through
# Playwright, and the OpenAI-compatible API through the official `openai` package. Screenshots of
# every page at desktop and phone width are saved to $HOMEOS_SCREENSHOTS (default .build/screenshots).
#   scripts/python-tests.sh [swift] [extra pytest arguments…]
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="swift"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then SWIFT="$1"; shift; fi
CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
PYTHON="$CACHE/current/venv/bin/python"
[ -x "$PYTHON" ] || { echo "python tests: $PYTHON is missing; run make setup" >&2; exit 1; }
HOMEOS_BIN="$("$SWIFT" build --show-bin-path)/homeos"
[ -x "$HOMEOS_BIN" ] || { echo "python tests: $HOMEOS_BIN is missing; run swift build first" >&2; exit 1; }
export HOMEOS_BIN
SENTINEL_BIN="$("$SWIFT" build --show-bin-path)/sentinel"
[ -x "$SENTINEL_BIN" ] || { echo "python tests: $SENTINEL_BIN is missing; run swift build first" >&2; exit 1; }
export SENTINEL_BIN
export HOMEOS_SCREENSHOTS="${HOMEOS_SCREENSHOTS:-$PWD/.build/screenshots}"
echo "==> Python client tests (Chromium + Playwright, openai, mcp) against homeos serve and sentinel serve; screenshots in $HOMEOS_SCREENSHOTS"
exec "$PYTHON" -m pytest -q -p no:cacheprovider Tests/Python "$@"
