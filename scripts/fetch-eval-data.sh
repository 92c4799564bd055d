#!/usr/bin/env bash
# Fetches the evaluation corpora that no package registry carries (SLURP, CLINC150, JSONSchemaBench)
# from their upstream repositories at pinned commits, checks each against the SHA-256 committed below,
# and installs it into the evaluation-data cache. `make setup` fills the same cache with the JSON
# Schema Test Suite and BFCL v4 from their pinned Python packages.
#
#   scripts/fetch-eval-data.sh                 download from upstream (needs access to github.com)
#   scripts/fetch-eval-data.sh --from DIR      copy from an offline copy laid out like the cache
#                                              (DIR/slurp, DIR/clinc150, DIR/jsonschemabench)
#   scripts/fetch-eval-data.sh --check         verify what is installed, change nothing
#
#   HOMEOS_CACHE           cache root (default: ~/.cache/homeos); the corpora go to $HOMEOS_CACHE/data
#   EVAL_DATA_ARCHIVE_URL  where OWNER/NAME/COMMIT.tar.gz archives are served (default: GitHub's
#                          archive host); a file:// URL works, for a mirror
#
# A corpus whose files do not hash to the pinned value is never installed: the download is left in
# a temporary folder that is removed, and the command exits non-zero naming the corpus.
# Instead of fetching, you can also point HOMEOS_DATA_DIR at a folder that holds the corpora.
set -euo pipefail

CACHE="${HOMEOS_CACHE:-$HOME/.cache/homeos}"
DEST="$CACHE/data"

# corpus | upstream repository | pinned commit | licence | "upstream-path=>local-name" entries | tree SHA-256
# The tree SHA-256 is sha256 of `sha256sum` over the corpus's files (paths relative to the corpus
# folder, sorted bytewise), so one value pins every file of the corpus.
CORPORA=(
  "slurp|pswietojanski/slurp|8eb16545762be97ace75334109d73824217311f1|CC BY 4.0|dataset/slurp/devel.jsonl=>devel.jsonl dataset/slurp/test.jsonl=>test.jsonl LICENSE.txt=>LICENSE.txt|0a9596ea65c731d1fe3de9269a9be24d0a99e11619c3c374d0515e8cf6e95b51"
  "clinc150|clinc/oos-eval|828f8093932c8fe6ca7936c3d2e52903b1c523de|CC BY 3.0|data/data_full.json=>data_full.json data/domains.json=>domains.json LICENSE=>LICENSE|482238f6c277b81f10b1457239dc94300dcaaf513d274684ec3aee410c7b6ab4"
  "jsonschemabench|guidance-ai/jsonschemabench|ba103c73756198dd9b149ddc7db7867da7a077f6|see the upstream repository|data/Glaiveai2K=>Glaiveai2K data/Github_trivial=>Github_trivial data/Github_easy=>Github_easy data/Github_medium=>Github_medium data/Snowplow=>Snowplow data/WashingtonPost=>WashingtonPost|9d38b49f764a5877bcf85eeff96cc14ff5dc1183b3e5eb4df5f7b43383e0ae83"
)

MODE="download"
SOURCE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --from) [ $# -ge 2 ] || { echo "--from needs a folder" >&2; exit 2; }; MODE="copy"; SOURCE="$2"; shift 2 ;;
    --check) MODE="check"; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$MODE" = copy ] && [ ! -d "$SOURCE" ]; then
  echo "--from: $SOURCE is not a folder" >&2; exit 2
fi

# sha256 of the sorted per-file listing of the named entries under folder $1.
tree_hash() {
  local folder="$1"; shift
  (cd "$folder" && find "$@" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

failures=0
mkdir -p "$DEST"
for line in "${CORPORA[@]}"; do
  IFS='|' read -r name repo commit licence entries expected <<<"$line"
  locals=()
  for entry in $entries; do locals+=("${entry#*=>}"); done

  if [ "$MODE" = check ]; then
    if [ -d "$DEST/$name" ] && [ "$(tree_hash "$DEST/$name" "${locals[@]}" 2>/dev/null || true)" = "$expected" ]; then
      printf '  %-16s ok\n' "$name"
    else
      printf '  %-16s missing or modified (run scripts/fetch-eval-data.sh)\n' "$name"; failures=$((failures + 1))
    fi
    continue
  fi

  staging="$(mktemp -d "$DEST/.$name.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  mkdir -p "$staging/corpus"
  if [ "$MODE" = copy ]; then
    printf '==> %s: copying from %s\n' "$name" "$SOURCE/$name"
    for local in "${locals[@]}"; do
      [ -e "$SOURCE/$name/$local" ] || { echo "    $SOURCE/$name/$local is missing" >&2; failures=$((failures + 1)); continue 2; }
      cp -R "$SOURCE/$name/$local" "$staging/corpus/$local"
    done
  else
    printf '==> %s: downloading %s at %s\n' "$name" "$repo" "${commit:0:12}"
    if [ -n "${EVAL_DATA_ARCHIVE_URL:-}" ]; then url="$EVAL_DATA_ARCHIVE_URL/$repo/$commit.tar.gz"
    else url="https://codeload.github.com/$repo/tar.gz/$commit"; fi
    if ! curl -fsSL --retry 3 --connect-timeout 20 -o "$staging/source.tar.gz" "$url"; then
      echo "    download failed: $url (no network? use --from DIR or set HOMEOS_DATA_DIR)" >&2
      failures=$((failures + 1)); rm -rf "$staging"; continue
    fi
    if ! tar -xzf "$staging/source.tar.gz" -C "$staging" 2>"$staging/tar.log"; then
      echo "    the archive from $url is damaged or incomplete: $(head -1 "$staging/tar.log")" >&2
      failures=$((failures + 1)); rm -rf "$staging"; continue
    fi
    top="$(find "$staging" -mindepth 1 -maxdepth 1 -type d ! -name corpus | head -1)"
    for entry in $entries; do
      if [ ! -e "$top/${entry%%=>*}" ]; then
        echo "    the archive has no ${entry%%=>*}" >&2; failures=$((failures + 1)); rm -rf "$staging"; continue 2
      fi
      cp -R "$top/${entry%%=>*}" "$staging/corpus/${entry#*=>}"
    done
  fi
  actual="$(tree_hash "$staging/corpus" "${locals[@]}")"
  if [ "$actual" != "$expected" ]; then
    printf '    SHA-256 mismatch for %s: expected %s, got %s; not installed\n' "$name" "$expected" "$actual" >&2
    failures=$((failures + 1)); rm -rf "$staging"; continue
  fi
  printf '%s at %s (%s); tree sha256 %s\n' "$repo" "$commit" "$licence" "$expected" > "$staging/corpus/SOURCE"
  rm -rf "$DEST/$name.old"
  [ -e "$DEST/$name" ] && mv "$DEST/$name" "$DEST/$name.old"
  mv "$staging/corpus" "$DEST/$name"
  rm -rf "$DEST/$name.old" "$staging"
  trap - EXIT
  printf '    installed %s (sha256 ok)\n' "$DEST/$name"
done

if [ "$failures" -gt 0 ]; then
  if [ "$MODE" = check ]; then echo "$failures of ${#CORPORA[@]} corpora missing or modified." >&2
  else echo "$failures of ${#CORPORA[@]} corpora not installed; see above." >&2; fi
  exit 1
fi
[ "$MODE" = check ] || echo "evaluation corpora are in $DEST"
