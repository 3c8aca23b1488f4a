#!/bin/sh
# SPDX-License-Identifier: MIT
# t_simd_paths.sh: the splitter and the JSON writer have an AVX2 path chosen
# at run time, an SSE2 path, and a portable one; on this machine a normal
# build runs only the first (and t_cross_arm the ARM ones). Builds the library,
# the unit tests of those parts and the CLI with -DPARL_NO_AVX2 (what a
# processor without AVX2 runs) and with the SSE2 paths compiled out too
# (-U__SSE2__: the portable C), runs the tests, and checks that their CLI
# prints what the normal build prints on the samples and on text made to
# hit every path (line breaks, tabs, CR, NUL, quotes, UTF-8 and bad bytes).
# Then runs the normal build's tests and CLI under qemu-x86_64 as a processor
# without AVX2 and as one with AVX2 but without BMI1/BMI2.
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "t_simd_paths: FAIL: $*"; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

awk 'BEGIN { srand(11); for (i = 0; i < 4000; i++) { n = 5 + int(rand() * 60); s = ""
    for (k = 0; k < n; k++) { r = rand(); c = "w"
        if (r < 0.04) c = "\n"; else if (r < 0.06) c = "\n\t"; else if (r < 0.07) c = "\r\n"
        else if (r < 0.08) c = "\t"; else if (r < 0.085) c = "\000"; else if (r < 0.10) c = "\""
        else if (r < 0.11) c = "\303\251"; else if (r < 0.115) c = "\377"; else if (r < 0.13) c = ", "
        else if (r < 0.14) c = "- "; else if (r < 0.33) c = " "; else if (r < 0.35) c = "Dr. "
        s = s c }
    e = rand(); printf "%s%s%s ", (rand() < 0.8 ? "A" : "a"), s, (e < 0.5 ? "." : e < 0.75 ? "?" : "!\"") } }' > "$tmp/mix.txt"
[ "$(build/parlance split "$tmp/mix.txt" 2>/dev/null | wc -l)" -gt 3000 ] && ok || no "the mixed text has too few sentences"
files="$tmp/mix.txt tests/samples/narrative.txt tests/samples/report.md tests/samples/letters.txt"
out() { # out CLI: every output form of every file, one stream
    for f in $files; do
        for m in "" --json --jsonl; do "$1" split $m "$f" 2>&1; done
        "$1" split < "$f" 2>&1
        "$1" profile --at 2024-01-02T03:04:05.000Z "$f" 2>&1
    done
}
out build/parlance | cksum > "$tmp/want"

for v in "noavx2:-DPARL_NO_AVX2" "portable:-DPARL_NO_AVX2 -U__SSE2__"; do
    name=${v%%:*} flags=${v#*:}
    d=$tmp/$name
    if ! make -s B="$d" CPPFLAGS="$flags" "$d/parlance" "$d/tests/test_split" "$d/tests/test_profile" \
            "$d/tests/test_json" > "$tmp/$name.log" 2>&1; then
        no "$name: build failed"; tail -5 "$tmp/$name.log"; continue
    fi
    for t in test_split test_profile test_json; do
        r=$("$d/tests/$t" 2>&1 | tail -n 1)
        case "$r" in *" 0 failed"*) ok ;; *) no "$name $t: $r" ;; esac
    done
    [ "$(out "$d/parlance" | cksum)" = "$(cat "$tmp/want")" ] && ok || no "$name: CLI output differs from the normal build's"
done
# The normal build on other x86-64 processors, emulated by qemu-x86_64, so
# that the run-time choice itself is checked, not only the -DPARL_NO_AVX2
# build: its baseline CPU (SSE2, no AVX2), and its fullest CPU without
# BMI1/BMI2 (AVX2 but no TZCNT, BZHI or PDEP: the library's AVX2 scanner asks only for
# AVX2 and POPCNT, the CLI's wide copy for BMI too, so the two choose
# differently there). qemu stops an instruction the CPU lacks with SIGILL.
# On each the unit tests pass and the CLI prints the same.
if [ "$(uname -m)" = x86_64 ] && command -v qemu-x86_64 >/dev/null 2>&1; then
    for cpu in qemu64 max,-bmi1,-bmi2; do
        printf '#!/bin/sh\nexec qemu-x86_64 -cpu %s "$@"\n' "$cpu" > "$tmp/cpu"
        printf '#!/bin/sh\nexec "%s/cpu" "%s/build/parlance" "$@"\n' "$tmp" "$PWD" > "$tmp/parlance-cpu"
        chmod +x "$tmp/cpu" "$tmp/parlance-cpu"
        for t in test_split test_profile test_json; do
            r=$("$tmp/cpu" "build/tests/$t" | tail -n 1)
            case "$r" in *" 0 failed"*) ok ;; *) no "on a $cpu (qemu) $t: ${r:-no summary (killed?)}" ;; esac
        done
        [ "$(out "$tmp/parlance-cpu" | cksum)" = "$(cat "$tmp/want")" ] && ok ||
            no "on a $cpu (qemu): CLI output differs from the normal build's"
    done
    [ "$(export PARLANCE_NO_AVX2=1; out build/parlance | cksum)" = "$(cat "$tmp/want")" ] && ok ||
        no "PARLANCE_NO_AVX2=1: CLI output differs"
else
    echo "t_simd_paths: the runs on other processors skipped (needs an x86-64 host and qemu-x86_64: make deps)"
fi
echo "t_simd_paths: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
