#!/usr/bin/env bash
# `npm test`: every check and every test — types, lint, format, domain and web unit tests, the API suite
# on embedded PGlite and on a real PostgreSQL 15, the production build, and the browser tests in
# Debian's Chromium. Runs every step, then prints one summary; exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results

failed=()
step() {
  local name=$1; shift
  echo
  echo "=== $name"
  if ! "$@"; then failed+=("$name"); fi
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

node scripts/test-summary.mjs
if [ ${#failed[@]} -gt 0 ]; then
  echo "Échec : ${failed[*]}"
  exit 1
fi
