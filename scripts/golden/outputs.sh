#!/usr/bin/env bash
# Writes the golden outputs of this checkout into OUT (default /tmp/critic-audit-golden): the bundled
# default audit, and scripts/golden/second-turns.yaml run twice (seed 7 saving a baseline, then
# seed 8 compared with it). A refactor that must not change what users see compares two such folders
# with scripts/golden/compare.mjs. Needs a built dist/ (npx tsc -p tsconfig.json).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-/tmp/critic-audit-golden}"
rm -rf "$out" && mkdir -p "$out"
echo "$root" >"$out/ROOT" # the checkout, masked by compare.mjs: config paths name it
cli=(node "$root/bin/critic-audit.js")
run() { # name, then the run's arguments; a gate's failure (exit 1) is an outcome, not an error
  local name="$1"; shift
  local code=0
  "${cli[@]}" run --no-cache --out "$out/$name" "$@" >"$out/$name.log" 2>&1 || code=$?
  [[ $code -le 1 ]] || { echo "$name: exit $code (see $out/$name.log)" >&2; exit 1; }
  echo "$name: exit $code"
}
cd "$root"
run default --config critic.config.yaml
cd "$root/scripts/golden"
run turns-first --config second-turns.yaml --save-baseline "$out/baseline.json"
# the same audit drawn with another seed, written beside it (git ignores it) so that its paths, and so its digest, are the checkout's
sed -e 's/^seed: 7$/seed: 8/' second-turns.yaml >second-turns-seed8.yaml
run turns-second --config second-turns-seed8.yaml --baseline "$out/baseline.json"
