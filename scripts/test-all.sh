#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need on a Debian machine, then
# runs the type check, the linter, the format check, the unit tests, the kernel tests, the
# lessons check and the browser tests, and ends with one line: `tests: N passed, M failed[, K skipped]`.
# Every step runs even when an earlier one failed, so one run shows everything that is wrong.
set -uo pipefail
cd "$(dirname "$0")/.."

# --- system packages: Debian's Chromium drives the browser tests (fonts-nanum lets it draw the
# --- Korean UI in screenshots); iptables, nftables (nft), ipset, iproute2 and python3 serve the
# --- tests that compare the engine with the real kernel in network namespaces
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
if ! [ -x /usr/bin/chromium ] && ! installed chromium; then missing+=(chromium); fi
if ! command -v iptables >/dev/null 2>&1 && ! installed iptables; then missing+=(iptables); fi
if ! command -v nft >/dev/null 2>&1 && ! installed nftables; then missing+=(nftables); fi
if ! command -v ipset >/dev/null 2>&1 && ! installed ipset; then missing+=(ipset); fi
if ! command -v ip >/dev/null 2>&1 && ! installed iproute2; then missing+=(iproute2); fi
if ! command -v python3 >/dev/null 2>&1; then missing+=(python3); fi
if ! installed fonts-nanum; then missing+=(fonts-nanum); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]} with apt-get"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
      echo "test-all: ${missing[*]} missing and not root: install them with apt-get first" >&2
      exit 1
    fi
  fi
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" || exit 1
fi

# --- node packages, exactly as locked; `prepare` builds the CLI (build/cli.mjs)
echo "== npm ci"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund || exit 1

reports=test-results
mkdir -p "$reports"
rm -f "$reports"/unit.json "$reports"/kernel.json "$reports"/e2e.json "$reports"/lessons.json

failed_checks=()
timings=()
step() {
  local name=$1 started=$SECONDS
  shift
  echo "== $name: $*"
  if ! "$@"; then failed_checks+=("$name"); fi
  timings+=("$name $((SECONDS - started)) s")
}

step typecheck npm run --silent typecheck
step lint npm run --silent lint
step format npm run --silent format:check
step unit npx vitest run --reporter=default --reporter=json --outputFile="$reports/unit.json"
if [ -f vitest.kernel.config.ts ]; then
  step kernel npx vitest run -c vitest.kernel.config.ts --reporter=default --reporter=json --outputFile="$reports/kernel.json"
fi
# every lesson played in Node: each step fails at its start and passes after its solution
step lessons node bin/netfilter-lab.mjs lessons check --report "$reports/lessons.json"
# the playwright config writes its JSON report to test-results/e2e.json
step e2e npx playwright test

echo
# where the time went, so a run near CI's limit shows which step to trim
(IFS=','; echo "steps: ${timings[*]}" | sed 's/,/, /g')
node scripts/test-summary.mjs \
  "unit=$reports/unit.json" "kernel=$reports/kernel.json" "e2e=$reports/e2e.json" "lessons=$reports/lessons.json" \
  ${failed_checks[@]+"--failed=${failed_checks[*]}"}
