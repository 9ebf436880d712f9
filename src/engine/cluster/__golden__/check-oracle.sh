#!/usr/bin/env bash
# Loads every compiled golden (*.save) into the real iptables in a throwaway network namespace
# and checks that iptables-save prints it back unchanged. Needs root; run from the repository.
#   src/engine/cluster/__golden__/check-oracle.sh [--legacy]
set -euo pipefail
dir=$(dirname "$0")
root=$(cd "$dir/../../../.." && pwd)
status=0
for f in "$dir"/*.save; do
  if diff -u "$f" <(bash "$root/scripts/iptables-oracle.sh" "$@" save "$f") >/dev/null; then
    echo "same   $(basename "$f")"
  else
    echo "DIFFER $(basename "$f")"; status=1
  fi
done
exit $status
