#!/usr/bin/env bash
# Shows that the real-model tests fail when generation is broken: runs them with
# HOMEOS_DEBUG_FAIL_DECODE=1 (every llama_decode of a generation model fails) and compares the
# tests that still pass with Tests/broken-engine-passes.txt, the tests that never decode (loading
# errors, tokenizer, the remote engine's own server, sentence vectors) with the reason for each.
#   scripts/broken-engine.sh [swift] [--log FILE]   (--log: read an earlier run's log instead of running)
# Exits 1 when a test outside that list passes: a real-model test that a broken engine passes.
set -uo pipefail
SWIFT=swift
previous=""
while [ $# -gt 0 ]; do
  case "$1" in
    --log) previous="$2"; shift 2 ;;
    *) SWIFT="$1"; shift ;;
  esac
done
cd "$(dirname "$0")/.."
allowed="Tests/broken-engine-passes.txt"
mkdir -p .build
log=".build/broken-engine.log"

# The suites that load a generation model: the engine's own, and every real-model suite above it.
suites='LlamaEngineTests\.(GenerationTests|BatchingTests|PromptCacheTests|MemoryPressureTests|ModelFileRemovedWhileLoadedTests|SchemaGrammarIntegrationTests|[A-Za-z]+UnderBudgetIntegrationTests|SentenceEmbeddingTests)/|SentinelTests\.(SBARRealModelTests|NarrativeRealModelTests|RealModelTests|ModelCommandLineTests|RiskExplanationRealModelTests)/|HomeOSTests\.(SchedulerRealModelTests|RealModelScenarioTests|PlanRealModelTests|GenerateSchemaCommandLineTests|BenchCommandLineTests)/|RemoteEngineTests\.(EngineParityScenarioTests|EngineComparisonTests)/'
if [ -n "$previous" ]; then
  log="$previous"
else
  echo "==> the real-model tests with HOMEOS_DEBUG_FAIL_DECODE=1 (every decode fails)"
  HOMEOS_DEBUG_FAIL_DECODE=1 "$SWIFT" test --skip-build --no-parallel --filter "$suites" > "$log" 2>&1
fi
# One line per test: its name and whether it passed (a parameterised test fails if any case fails).
# "✔ Test name() passed after …", or "✔ Test name(_:) with 2 test cases passed after …".
passed="$(grep -E '^✔ Test [^ ]+\([^)]*\)( with [0-9]+ test cases?)? passed' "$log" | sed -E 's/^✔ Test ([^ ]+\([^)]*\)).*/\1/' | sort -u)"
failed="$(grep -E '^✘ Test [^ ]+\([^)]*\)( with [0-9]+ test cases?)? failed' "$log" | sed -E 's/^✘ Test ([^ ]+\([^)]*\)).*/\1/' | sort -u)"
passed="$(comm -23 <(printf '%s\n' "$passed") <(printf '%s\n' "$failed") | sed '/^$/d')"
expected="$(grep -vE '^(#|$)' "$allowed" | sed -E 's/[[:space:]]+#.*//' | sort -u)"
unexpected="$(comm -23 <(printf '%s\n' "$passed") <(printf '%s\n' "$expected") | sed '/^$/d')"
printf 'failed: %s tests; passed: %s (%s of them listed as never decoding)\n' \
  "$(printf '%s\n' "$failed" | sed '/^$/d' | wc -l | tr -d ' ')" "$(printf '%s\n' "$passed" | sed '/^$/d' | wc -l | tr -d ' ')" \
  "$(comm -12 <(printf '%s\n' "$passed") <(printf '%s\n' "$expected") | sed '/^$/d' | wc -l | tr -d ' ')"
echo "tests that passed (never decoding):"
printf '  %s\n' $passed
echo "(the whole run: $log)"
if [ -n "$unexpected" ]; then
  echo "These tests passed with generation broken (they accept a fallback, or belong in $allowed with a reason):"
  printf '  %s\n' $unexpected
  exit 1
fi
echo "Every test that needs generation failed."
