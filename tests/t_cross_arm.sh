#!/bin/sh
# SPDX-License-Identifier: MIT
# t_cross_arm: the runtime and gen/ on another architecture. Every .c of
# runtime/ and gen/ is compiled for 64-bit ARM (aarch64-linux-gnu-gcc,
# -Wall -Wextra -Werror: there the x86 SIMD paths are compiled out and the
# NEON or portable ones run) and the library's unit tests that need nothing
# but it run under qemu-aarch64: the splitter (and the Golden Rules),
# profiles, JSON, offsets, inference, answers, numbers, the dialect, verbs,
# policy, patches, calc, streaming, scaling. The sentence scanners' skips
# are NEON's there, so the splitter's and profiles' tests run again with
# -DPARL_NO_NEON, for the portable skips that other processors run. The
# packages come from `make deps` (gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross, qemu-user); without them the family says it was
# skipped and passes nothing.
cd "$(dirname "$0")/.." || exit 1
CC_ARM=${CC_ARM:-aarch64-linux-gnu-gcc}
QEMU=${QEMU:-qemu-aarch64}
if ! command -v "$CC_ARM" > /dev/null 2>&1 || ! command -v "$QEMU" > /dev/null 2>&1; then
    echo "t_cross_arm: skipped: $CC_ARM or $QEMU missing (make deps installs them)"
    echo "t_cross_arm: 0 passed, 0 failed"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
no() { fail=$((fail + 1)); echo "FAIL $*"; }
FLAGS="-std=c11 -O2 -Wall -Wextra -Werror -Iruntime -Igen"

# every file on its own, as a vendoring project compiles them
for f in runtime/*.c gen/*.c; do
    if $CC_ARM $FLAGS -c "$f" -o "$tmp/$(basename "$f" .c).o" 2> "$tmp/err"; then :; else
        no "aarch64: $f does not compile"; sed -n 1,5p "$tmp/err"
    fi
done
[ "$fail" -eq 0 ] && ok "aarch64: every .c of runtime/ and gen/ compiles alone with -Werror"
ar rcs "$tmp/libparlance.a" "$tmp"/*.o 2> /dev/null || { no "ar"; exit 1; }
# tests/ reads its sample files with the CLI's read_file (tools/json_out.c)
$CC_ARM $FLAGS -D_GNU_SOURCE -Itools -c tools/json_out.c -o "$tmp/json_out.o" || no "tools/json_out.c"

# run_test NAME LIB LABEL: builds tests/test_NAME against LIB and runs it
# whole under qemu
run_test() {
    if ! $CC_ARM $FLAGS -D_GNU_SOURCE -static -Itools -Itests "tests/test_$1.c" "$tmp/json_out.o" "$2" -lm \
            -o "$tmp/run_test" 2> "$tmp/err"; then
        no "$3: test_$1 does not build"; sed -n 1,5p "$tmp/err"; return
    fi
    out=$("$QEMU" "$tmp/run_test" 2>&1); st=$?
    line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ $st -eq 0 ] && printf '%s' "$line" | grep -q ' 0 failed'; then
        ok "$3 (qemu): $line"
    else
        no "$3 (qemu): test_$1 exited $st: ${line:-no summary}"
        printf '%s\n' "$out" | grep -i fail | head -5
    fi
}

# the unit tests that need only the library
for t in split golden_rules profile json stream split_scaling infer answer numbers dialect verbs policy patch calc; do
    [ -f "tests/test_$t.c" ] || { no "tests/test_$t.c is missing"; continue; }
    run_test "$t" "$tmp/libparlance.a" aarch64
done
# the portable skips: the library again without NEON (-DPARL_NO_NEON)
mkdir "$tmp/nn" || exit 1
for f in runtime/*.c gen/*.c; do
    $CC_ARM $FLAGS -DPARL_NO_NEON -c "$f" -o "$tmp/nn/$(basename "$f" .c).o" 2> "$tmp/err" ||
        { no "aarch64 -DPARL_NO_NEON: $f does not compile"; sed -n 1,5p "$tmp/err"; }
done
ar rcs "$tmp/nn/libparlance.a" "$tmp"/nn/*.o 2> /dev/null || { no "ar (PARL_NO_NEON)"; exit 1; }
for t in split profile; do run_test "$t" "$tmp/nn/libparlance.a" "aarch64 -DPARL_NO_NEON"; done
echo "t_cross_arm: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
