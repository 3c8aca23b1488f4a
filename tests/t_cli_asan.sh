#!/bin/sh
# SPDX-License-Identifier: MIT
# t_cli_asan.sh: the CLI's document commands under AddressSanitizer and UBSan
# (build/asan/parlance; any report ends it with a non-zero status): split in
# its three forms and profile with and without sentences, from a file and
# from a pipe, on the sample texts, odd bytes, a long sentence and texts
# whose lists outgrow profile's memory and go to temporary files; each
# output must equal the plain build's.
cd "$(dirname "$0")/.." || exit 1
A=build/asan/parlance P=build/parlance
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "t_cli_asan: FAIL: $*" >&2; }
tmp=${TMPDIR:-/tmp}/t_cli_asan.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT INT TERM
[ -x $A ] || { echo "t_cli_asan: $A missing (make test-bins)"; echo "t_cli_asan: 0 passed, 1 failed"; exit 1; }

printf 'A "quoted\\" line"\t\001\177 \000 and \303\251t\303\251. \377\376 Bad.\r\nNext\rline. \342\200\234Q.\342\200\235\n\n- item\n' > "$tmp/odd.txt"
awk 'BEGIN { for (i = 0; i < 30000; i++) printf "word%s", (i % 7 ? " " : "\n"); printf "end.\n" }' > "$tmp/long.txt"
awk 'BEGIN { s = "The quick brown fox jumps over the lazy dog. Dr. Who said so.\n\n";
        for (i = 0; i < 240000; i++) printf "%s", s }' > "$tmp/spill.txt"   # 14 MB: 480,000 sentences, 27 MB of records
# 2,100,000 short sentences (34 MB of profile's 16-byte records, past the
# 24 MB it keeps in memory), every 5,000th line 300 blank lines after it and
# a code block of 70,000 lines: records too wide for the short form
awk 'BEGIN { printf "```\n"; for (i = 0; i < 70000; i++) printf "x\n"; printf "```\n\n";
        for (i = 1; i <= 525000; i++) { printf "Ab. Cd. Ef. Gh.\n"; if (i % 5000 == 0) for (j = 0; j < 300; j++) printf "\n" } }' > "$tmp/slots.txt"
files="tests/samples/narrative.txt tests/samples/report.md tests/samples/letters.txt $tmp/odd.txt $tmp/long.txt $tmp/spill.txt $tmp/slots.txt"

same() { # same NAME CMD...: the ASan build's output and status equal the plain build's
    name=$1; shift
    "$A" "$@" > "$tmp/a.out" 2> "$tmp/a.err"; sa=$?
    "$P" "$@" > "$tmp/p.out" 2> /dev/null; sp=$?
    if grep -q -E "ERROR: AddressSanitizer|runtime error" "$tmp/a.err"; then no "$name: sanitizer report"; head -5 "$tmp/a.err" >&2
    elif [ $sa -ne $sp ]; then no "$name: status $sa, plain build $sp"
    elif cmp -s "$tmp/a.out" "$tmp/p.out"; then ok
    else no "$name: output differs from the plain build"; fi
}
for f in $files; do
    for args in "split" "split --json" "split --jsonl" "profile --at x" "profile --no-sentences --at x"; do
        # shellcheck disable=SC2086
        same "$args $(basename "$f")" $args "$f"
        # shellcheck disable=SC2086
        cat "$f" | "$A" $args - > "$tmp/pa.out" 2> "$tmp/pa.err"
        if grep -q -E "ERROR: AddressSanitizer|runtime error" "$tmp/pa.err"; then no "$args (pipe) $(basename "$f"): sanitizer report"
        elif cmp -s "$tmp/pa.out" "$tmp/p.out"; then ok
        else no "$args (pipe) $(basename "$f"): output differs"; fi
    done
done
same "ask" ask --json tests/samples/report.md "the last two sentences"
same "directory" profile tests

echo "t_cli_asan: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
