#!/bin/sh
# SPDX-License-Identifier: MIT
# gen/ must be exactly what the generator makes from grammar/ (vendored
# copies rely on it): regenerate into an empty directory and compare, and
# twice in a row to prove the output is byte-identical.
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then pass=$((pass+1)); echo "ok $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
build/parlgen --out "$tmp/a" >/dev/null 2>&1 && build/parlgen --out "$tmp/b" >/dev/null 2>&1
check "regenerates twice" '[ -d "$tmp/a" ] && [ -d "$tmp/b" ]'
check "byte-identical reruns" 'diff -r "$tmp/a" "$tmp/b" >/dev/null'
check "gen/ is fresh" 'diff -r gen "$tmp/a"'
# every generated file has the mode a plain create gives under umask 022
# (re2c writes its output as 0600, which parlgen must not pass on)
check "generated files are readable by all (umask 022)" \
    '(umask 022 && build/parlgen --out "$tmp/m" >/dev/null 2>&1) && [ -z "$(find "$tmp/m" -type f ! -perm -0444)" ]'
# the same with the generator built by another compiler: gcc and clang
# evaluate a call's arguments in different orders, and nothing the output
# holds may depend on that (both are installed by make deps)
for cc in gcc clang; do
    $cc -std=c11 -O2 -D_GNU_SOURCE -Iruntime -o "$tmp/parlgen-$cc" tools/gen_*.c tools/yaml_doc.c tools/sha256.c -lyaml &&
        "$tmp/parlgen-$cc" --out "$tmp/$cc" >/dev/null 2>&1
    check "a parlgen built with $cc writes gen/ as it is" 'diff -r gen "$tmp/$cc"'
done
id=$(sed -n 's/^#define PARL_GRAMMAR_ID "\(.*\)"/\1/p' gen/parl_grammar.h)
check "tools/grammar_id.sh agrees with PARL_GRAMMAR_ID" '[ -n "$id" ] && [ "$(sh tools/grammar_id.sh grammar)" = "$id" ]'
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    check "committed gen/ is fresh (git diff gen/ empty)" 'git diff --quiet -- gen/'
fi
echo "t_fresh: $pass passed, $fail failed"
[ $fail -eq 0 ]
