#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every test of the project and prints one closing line
# "N passed, N failed". Each step prints its own "NAME: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
total_pass=0; total_fail=0; log=build/test-log.txt
: > "$log"
step() { # step NAME COMMAND...: runs, echoes output, adds up its counts
    name=$1; shift
    out=$("$@" 2>&1); st=$?
    printf '%s\n' "$out" | tee -a "$log" | grep -v '^ok ' | tail -n 40
    line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(printf '%s' "$line" | sed -E 's/.*([^0-9]|^)([0-9]+) passed.*/\2/'); f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$line" ] || { p=0; f=0; }
    if [ $st -ne 0 ] && [ "$f" = 0 ]; then f=1; echo "$name: exited with status $st"; fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}
step matrix build/check_grammar --grammar grammar
step matrix-asan build/asan/check_grammar --grammar grammar
for t in build/tests/test_*; do [ -x "$t" ] && step "$(basename "$t")" "$t"; done
for t in build/asan/tests/test_*; do [ -x "$t" ] && step "asan-$(basename "$t")" "$t"; done
for t in tests/t_*.sh; do [ -f "$t" ] && step "$(basename "$t" .sh)" sh "$t"; done
echo
echo "all: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
