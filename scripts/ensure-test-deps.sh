#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is absent: Chromium (browser tests)
# and PostgreSQL 15 (the API suite runs on it as well as on the embedded PGlite).
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql-15)
[ ${#need[@]} -eq 0 ] && exit 0

echo "Installation des dépendances de test : ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else
  echo "Impossible d'installer ${need[*]} : relancez en root ou installez-les (apt-get install -y ${need[*]})." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${need[@]}" >/dev/null
echo "Installé : ${need[*]}"
