#!/usr/bin/env bash
# Installs critic-audit as a user would, from a fresh clone's `npm pack`, and
# uses it from an empty folder (issue 28, item 3). Slow (npm ci, and the
# install builds better-sqlite3 unless a prebuilt binary can be downloaded), so
# it is a script, not a spec:
#   scripts/try-install.sh [REPO]      (default: this checkout; a path or a git URL)
# Every step is printed with its output; exit 0 when every check holds.
set -euo pipefail
repo="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
work="$(mktemp -d "${TMPDIR:-/tmp}/critic-audit-install-XXXXXX")"
step() { printf '\n$ %s\n' "$*"; "$@"; }
fail() { echo "try-install: $*" >&2; exit 1; }

step git clone --quiet "$repo" "$work/clone"
cd "$work/clone"
step npm ci --no-audit --no-fund
step npm pack
tarball="$(ls "$work"/clone/critic-audit-*.tgz)"
# better-sqlite3 compiles or downloads its binary in its install script, which npm asks to be allowed.
step npm install --prefix "$work/prefix" --global --no-audit --no-fund --allow-scripts=better-sqlite3 "$tarball"
export PATH="$work/prefix/bin:$PATH"

mkdir "$work/empty"
cd "$work/empty"
version="$(critic-audit --version)"
echo "\$ critic-audit --version"
echo "$version"
[ "$version" = "$(node -p "require('$work/clone/package.json').version")" ] || fail "--version says $version, package.json another"
echo "\$ critic-audit init --dir audit"
init="$(critic-audit init --dir audit)"
echo "$init"
grep -qx 'next: cd audit && critic-audit run   (see CRITIC-AUDIT.md)' <<< "$init" || fail "init printed another next command"
cd audit
echo "\$ critic-audit run"
code=0
critic-audit run || code=$?
echo "exit code: $code"
[ "$code" -le 1 ] || fail "run exited $code"
[ -f reports/latest/report.json ] || fail "no reports/latest/report.json"
ls reports/latest/
grep -q 'mutation-test-report-app' reports/latest/mutation.html || fail "mutation.html lacks the mutation-testing-elements viewer"
echo
echo "try-install: ok (in $work)"
