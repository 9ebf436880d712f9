#!/usr/bin/env bash
# Asks the real iptables how it normalises a ruleset: loads FILE with iptables-restore in a
# throwaway network namespace and prints what iptables-save, iptables -S and iptables -L -n -v
# print back. Needs root and Debian's iptables; touches only the namespace it creates.
#   scripts/iptables-oracle.sh [-6] [--legacy] [save|S|L|all] FILE
set -euo pipefail
cmd=iptables
mode=all
while [ $# -gt 1 ]; do
  case "$1" in
    -6) cmd=ip6tables; shift ;;
    --legacy) legacy=1; shift ;;
    save|S|L|all) mode=$1; shift ;;
    *) break ;;
  esac
done
file=$1
if [ "${legacy:-}" = 1 ]; then cmd="$cmd-legacy"; fi
ns="nl-oracle-$$-$RANDOM"
ip netns add "$ns"
trap 'ip netns del "$ns" 2>/dev/null || true' EXIT
ip netns exec "$ns" "$cmd-restore" < "$file"
tables=$(ip netns exec "$ns" "$cmd-save" | sed -n 's/^\*//p')
case "$mode" in
  save) ip netns exec "$ns" "$cmd-save" | grep -v '^#' ;;
  S) for t in $tables; do ip netns exec "$ns" "$cmd" -t "$t" -S; done ;;
  L) for t in $tables; do ip netns exec "$ns" "$cmd" -t "$t" -L -n -v; done ;;
  all)
    echo "=== save"; ip netns exec "$ns" "$cmd-save" | grep -v '^#'
    for t in $tables; do echo "=== S -t $t"; ip netns exec "$ns" "$cmd" -t "$t" -S; done
    for t in $tables; do echo "=== L -t $t"; ip netns exec "$ns" "$cmd" -t "$t" -L -n -v; done ;;
esac
