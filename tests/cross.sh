# SPDX-License-Identifier: MIT
# cross.sh: the runtime and gen/ on another architecture, sourced by
# tests/t_cross_*.sh after they set
#   NAME   the family's name (t_cross_arm)      ARCH   the label of its checks
#   XCC    the cross compiler                   QEMU   the qemu-user that runs its programs
#   XPKGS  the packages that bring them (for the message when one is missing)
#   XPASS  optional: flags of a second build of the library, whose checks
#          are labelled "$ARCH $XPASS", and XPASS_TESTS the tests run on it.
# Every .c of runtime/ and gen/ is compiled alone (-Wall -Wextra -Werror),
# the library's unit tests that need nothing but it run whole under qemu, and
# tests/cross_diff.c's JSON there is compared with this machine's.
# Without XCC or QEMU the family says it was skipped and passes nothing.
cd "$(dirname "$0")/.." || exit 1
if ! command -v "$XCC" > /dev/null 2>&1 || ! command -v "$QEMU" > /dev/null 2>&1; then
    echo "$NAME: skipped: $XCC or $QEMU missing (make deps installs them: $XPKGS)"
    echo "$NAME: 0 passed, 0 failed"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
no() { fail=$((fail + 1)); echo "FAIL $*"; }
FLAGS="-std=c11 -O2 -Wall -Wextra -Werror -Iruntime -Igen"

# build_lib DIR LABEL EXTRA_FLAGS: every file on its own, as a vendoring
# project compiles them, into DIR/libparlance.a
build_lib() {
    mkdir -p "$1" || exit 1
    f0=$fail
    for f in runtime/*.c gen/*.c; do
        if $XCC $FLAGS $3 -c "$f" -o "$1/$(basename "$f" .c).o" 2> "$tmp/err"; then :; else
            no "$2: $f does not compile"; sed -n 1,5p "$tmp/err"
        fi
    done
    [ "$fail" -eq "$f0" ] && ok "$2: every .c of runtime/ and gen/ compiles alone with -Werror"
    ar rcs "$1/libparlance.a" "$1"/*.o 2> /dev/null || { no "$2: ar"; exit 1; }
}
build_lib "$tmp/lib" "$ARCH" ""
# tests/ reads its sample files with the CLI's read_file (tools/json_out.c)
$XCC $FLAGS -D_GNU_SOURCE -Itools -c tools/json_out.c -o "$tmp/json_out.o" || no "tools/json_out.c"

# run_test NAME LIB LABEL: builds tests/test_NAME against LIB and runs it
# whole under qemu
run_test() {
    if ! $XCC $FLAGS -D_GNU_SOURCE -static -Itools -Itests "tests/test_$1.c" "$tmp/json_out.o" "$2" -lm \
            -o "$tmp/run_test" 2> "$tmp/err"; then
        no "$3: test_$1 does not build"; sed -n 1,5p "$tmp/err"; return
    fi
    out=$("$QEMU" "$tmp/run_test" 2>&1); st=$?
    line=$(printf '%s\n' "$out" | grep -a -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ $st -eq 0 ] && printf '%s' "$line" | grep -q ' 0 failed'; then
        ok "$3 (qemu): $line"
    else
        no "$3 (qemu): test_$1 exited $st: ${line:-no summary}"
        printf '%s\n' "$out" | grep -a -i fail | head -5
    fi
}

# the unit tests that need only the library
for t in split golden_rules profile json stream split_scaling infer answer numbers dialect verbs policy patch calc; do
    [ -f "tests/test_$t.c" ] || { no "tests/test_$t.c is missing"; continue; }
    run_test "$t" "$tmp/lib/libparlance.a" "$ARCH"
done
# the same JSON as this machine's: tests/cross_diff.c built for both (here
# against make's build/libparlance.a) on the samples, the grammar's tests
# and modes and mutations of them, split, profiled, answered and inferred
CD_IN="tests/samples/*.txt tests/samples/*.md grammar/tests.yaml grammar/modes.yaml"
if [ ! -f build/libparlance.a ]; then
    no "$ARCH: cross_diff: no build/libparlance.a to compare with (make all)"
elif ! ${CC:-cc} $FLAGS tests/cross_diff.c build/libparlance.a -lm -o "$tmp/cd_host" 2> "$tmp/err" ||
        ! $XCC $FLAGS -static tests/cross_diff.c "$tmp/lib/libparlance.a" -lm -o "$tmp/cd" 2>> "$tmp/err"; then
    no "$ARCH: tests/cross_diff.c does not build"; sed -n 1,5p "$tmp/err"
else
    "$tmp/cd_host" 40 $CD_IN > "$tmp/cd_host.txt"; st=$?
    "$QEMU" "$tmp/cd" 40 $CD_IN > "$tmp/cd.txt"; st2=$?
    n=$(grep -vc '^==' "$tmp/cd_host.txt")
    if [ $st -eq 0 ] && [ $st2 -eq 0 ] && cmp -s "$tmp/cd_host.txt" "$tmp/cd.txt"; then
        ok "$ARCH (qemu): cross_diff: $n JSON outputs equal this machine's"
    else
        no "$ARCH (qemu): cross_diff: exited $st here, $st2 there; $(diff "$tmp/cd_host.txt" "$tmp/cd.txt" | grep -c '^>') of $n lines differ"
        diff "$tmp/cd_host.txt" "$tmp/cd.txt" | head -5
    fi
fi
if [ -n "$XPASS" ]; then
    build_lib "$tmp/x" "$ARCH $XPASS" "$XPASS"
    for t in $XPASS_TESTS; do run_test "$t" "$tmp/x/libparlance.a" "$ARCH $XPASS"; done
fi
echo "$NAME: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
