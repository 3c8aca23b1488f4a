#!/bin/sh
# SPDX-License-Identifier: MIT
# The npm package as a user gets it: `npm pack` (make bindings-node) is
# installed offline into an empty project, and node's test runner runs
# bindings/node/test there against the CLI (the matrix, sentences, profiles,
# answers, verbs, dialect, the ElizaOS example).
cd "$(dirname "$0")/.." || exit 1
top=$PWD
version=$(sed -n 's/^#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
tgz=build/bindings/node/parlance-$version.tgz
if [ ! -f "$tgz" ]; then
    why=$(make -s --no-print-directory bindings-node 2>&1 | grep skipping)
    [ -f "$tgz" ] || { echo "t_node: skipped (${why:-no $tgz})"; echo "t_node: 0 passed, 0 failed"; exit 0; }
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/app/test"
printf '{"name":"app","version":"1.0.0","private":true}\n' > "$tmp/app/package.json"
( cd "$tmp/app" && npm install --offline --no-audit --no-fund --silent "$top/$tgz" ) > "$tmp/npm.log" 2>&1 || {
    cat "$tmp/npm.log"; echo "t_node: 0 passed, 1 failed"; exit 1; }
cp bindings/node/test/*.test.js "$tmp/app/test/"
( cd "$tmp/app" && PARLANCE_ROOT=$top PARLANCE_CLI=$top/build/parlance \
    node --test --test-reporter=tap test/ ) > "$tmp/out" 2>&1
st=$?
grep -E '^not ok|^# (Subtest|tests|pass|fail|skip)|^ok' "$tmp/out" | grep -v '^# Subtest'
[ $st -eq 0 ] || grep -B2 -A30 '^not ok' "$tmp/out" | head -80
pass=$(sed -n 's/^# pass \([0-9]*\)/\1/p' "$tmp/out"); fail=$(sed -n 's/^# fail \([0-9]*\)/\1/p' "$tmp/out")
[ -n "$pass" ] || { cat "$tmp/out" | tail -30; pass=0; fail=1; }
[ $st -eq 0 ] || [ "${fail:-0}" -gt 0 ] || fail=1
echo "t_node: $pass passed, ${fail:-0} failed"
[ $st -eq 0 ]
