#!/usr/bin/env bash
# `npm test`: every check and every test — types, lint, format, domain and web unit tests, the API suite
# on embedded PGlite and on a real PostgreSQL 15, the production build, and the browser tests in
# Debian's Chromium. Runs every step, then prints one summary (each step's duration, the failed
# tests, one line per suite); exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results

failed=()
# Each step's name, wall-clock seconds and outcome, one tab-separated line each, for the summary.
steps=test-results/steps.tsv
step() {
  local name=$1; shift
  local start=$SECONDS outcome=ok
  echo
  echo "=== $name"
  if ! "$@"; then failed+=("$name"); outcome=échec; fi
  printf '%s\t%s\t%s\n' "$name" $((SECONDS - start)) "$outcome" >>"$steps"
}

step "dépendances de test (Chromium, PostgreSQL)" bash scripts/ensure-test-deps.sh
step "types (tsc)" npx tsc --noEmit -p tsconfig.json
step "lint (eslint, frontières d'import)" npx eslint .
step "format (prettier --check)" npx prettier --check --log-level warn .
step "tests unitaires (domain, web)" npx vitest run --project domain --project web \
  --reporter=default --reporter=json --outputFile=test-results/unit.json
step "API sur PGlite" npx vitest run --project api-pglite \
  --reporter=default --reporter=json --outputFile=test-results/api-pglite.json
step "API sur PostgreSQL" npx vitest run --project api-postgres \
  --reporter=default --reporter=json --outputFile=test-results/api-postgres.json
step "build" npx vite build --logLevel warn
step "navigateur (Playwright, Chromium)" npx playwright test

# The summary's last line is `tests: N passed, N failed` (CI reads it): a failed step is named in
# its table of durations, above it, not after it.
node scripts/test-summary.mjs
if [ ${#failed[@]} -gt 0 ]; then exit 1; fi
