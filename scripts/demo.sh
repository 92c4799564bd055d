#!/usr/bin/env bash
# `make tour`: the family assistant end to end on the default model, in a throwaway data folder (no browser).
# Usage: scripts/demo.sh PATH/TO/homeos
set -euo pipefail

homeos="${1:?usage: scripts/demo.sh PATH/TO/homeos}"
data="$(mktemp -d "${TMPDIR:-/tmp}/homeos-demo.XXXXXX")"
trap 'rm -rf "$data"' EXIT
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "homeos init --from examples/sample-family.json --data-dir $data"
"$homeos" init --from examples/sample-family.json --data-dir "$data"

ask() {
    step "homeos ask \"$1\""
    "$homeos" ask --data-dir "$data" "$1"
}

ask "What should we have for dinner tonight? Leo is allergic to peanuts."
ask "Leo has a fever of 38.5 and a sore throat. What should we do?"

booking="Book a table at an Italian place for Saturday at 7pm for 4"
step "homeos ask \"$booking\""
reply="$("$homeos" ask --data-dir "$data" "$booking")"
printf '%s\n' "$reply"
id="$(printf '%s\n' "$reply" | sed -n 's/^Approval id: //p')"
if [ -n "$id" ]; then
    step "homeos approve $id"
    "$homeos" approve --data-dir "$data" "$id"
fi

ask "Remind me to call the dentist tomorrow at 9am"
