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
# The machine's processor time so far, in jiffies: `busy total` (all cores, /proc/stat's first line).
cpu_now() {
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
  echo "$((user + nice + system + irq + softirq + steal)) $((user + nice + system + idle + iowait + irq + softirq + steal))"
}
# How busy the cores were between two cpu_now readings, in percent of all of them: a step well
# under 100 % waits (on timers, a browser, a server) and could share the machine with another.
cpu_percent() {
  local b0 t0 b1 t1
  read -r b0 t0 <<<"$1"
  read -r b1 t1 <<<"$2"
  echo $(((b1 - b0) * 100 / (t1 - t0 > 0 ? t1 - t0 : 1)))
}
step() {
  local name=$1; shift
  local start=$SECONDS outcome=ok cpu
  cpu=$(cpu_now)
  echo
  echo "=== $name"
  if ! "$@"; then failed+=("$name"); outcome=échec; fi
  printf '%s\t%s\t%s\t%s\n' "$name" $((SECONDS - start)) "$outcome" "$(cpu_percent "$cpu" "$(cpu_now)")" >>"$steps"
}

# A step run beside others (the three static checks, each on one core): its output goes to a file,
# printed once they have all ended, in order; its line of steps.tsv likewise.
beside() {
  local n=$1 name=$2; shift 2
  (
    start=$SECONDS outcome=ok
    "$@" >"test-results/beside-$n.log" 2>&1 || outcome=échec
    printf '%s (en parallèle)\t%s\t%s\n' "$name" $((SECONDS - start)) "$outcome" >"test-results/beside-$n.tsv"
  ) &
}
end_beside() {
  wait
  for n in "$@"; do
    local line
    line=$(cat "test-results/beside-$n.tsv")
    echo
    echo "=== ${line%%$'\t'*}"
    cat "test-results/beside-$n.log"
    echo "$line" >>"$steps"
    [[ $line == *$'\t'échec ]] && failed+=("${line%%$'\t'*}")
    rm -f "test-results/beside-$n.log" "test-results/beside-$n.tsv"
  done
}
run_start=$SECONDS
run_cpu=$(cpu_now)

step "dépendances de test (Chromium, PostgreSQL)" bash scripts/ensure-test-deps.sh
static_start=$SECONDS
static_cpu=$(cpu_now)
beside 1 "types (tsc)" npx tsc --noEmit -p tsconfig.json
beside 2 "lint (eslint, frontières d'import)" npx eslint .
beside 3 "format (prettier --check)" npx prettier --check --log-level warn .
end_beside 1 2 3
printf '%s\t%s\t%s\t%s\n' "vérifications statiques (durée réelle des trois)" $((SECONDS - static_start)) total \
  "$(cpu_percent "$static_cpu" "$(cpu_now)")" >>"$steps"
step "tests unitaires (domain, web)" npx vitest run --project domain --project web \
  --reporter=default --reporter=json --outputFile=test-results/unit.json
step "API sur PGlite" npx vitest run --project api-pglite \
  --reporter=default --reporter=json --outputFile=test-results/api-pglite.json
step "API sur PostgreSQL" npx vitest run --project api-postgres \
  --reporter=default --reporter=json --outputFile=test-results/api-postgres.json
step "build" npx vite build --logLevel warn
step "navigateur (Playwright, Chromium)" npx playwright test

printf '%s\n' $((SECONDS - run_start)) >test-results/total-seconds
cpu_percent "$run_cpu" "$(cpu_now)" >test-results/total-cpu

# The summary's last line is `tests: N passed, N failed` (CI reads it): a failed step is named in
# its table of durations, above it, not after it.
node scripts/test-summary.mjs
if [ ${#failed[@]} -gt 0 ]; then exit 1; fi
