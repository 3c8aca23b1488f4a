#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds a packager or a new user makes: gcc -O3 and clang -Werror-clean,
# CFLAGS/CPPFLAGS/LDFLAGS honoured, plain `make` never installs packages, and
# a fresh clone builds without the generator's tools (re2c, lemon, libyaml)
# when its gen/ matches grammar/.
cd "$(dirname "$0")/.." || exit 1
top=$PWD
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { if [ "$1" = "$2" ]; then pass=$((pass+1)); echo "ok $3"; else fail=$((fail+1)); echo "FAIL $3: got [$1] want [$2]"; fi; }
build() { # build NAME MAKE-ARGS...: the library and CLI in a build dir of its own
    name=$1; shift
    make -s B="$tmp/$name" WERROR=1 "$@" build > "$tmp/$name.log" 2>&1; st=$?
    [ $st -eq 0 ] || tail -15 "$tmp/$name.log"
    ok "$st" "0" "make $* (-Werror)"
}
build o3 OPT=-O3
command -v clang > /dev/null && build clang CC=clang
ok "$(make -n B="$tmp/n" all 2>/dev/null | grep -c 'apt-get')" "0" "plain make installs nothing"
make -n B="$tmp/flags" CFLAGS=-O1 CPPFLAGS=-DPARL_TEST_CPPFLAG LDFLAGS=-Wl,-O1 build > "$tmp/flags.log" 2>&1
ok "$(grep -c -- '-O1 .*-c runtime/split.c' "$tmp/flags.log")|$(grep -c 'DPARL_TEST_CPPFLAG' "$tmp/flags.log" | sed 's/^[1-9][0-9]*$/some/')|$(grep -c -- '-Wl,-O1' "$tmp/flags.log" | sed 's/^[1-9][0-9]*$/some/')" "1|some|some" "CFLAGS, CPPFLAGS and LDFLAGS reach the compiler and linker"
ok "$(make -n B="$tmp/w" WERROR=0 build 2>/dev/null | grep -c -- '-Werror')" "0" "WERROR=0 drops -Werror"

# A fresh clone (of HEAD) builds with the generator's tools unavailable.
if git rev-parse HEAD > /dev/null 2>&1; then
    git clone -q "$top" "$tmp/clone"
    mkdir "$tmp/bin"
    for t in re2c lemon; do printf '#!/bin/sh\necho "%s must not run" >&2; exit 1\n' $t > "$tmp/bin/$t"; chmod +x "$tmp/bin/$t"; done
    (cd "$tmp/clone" && PATH="$tmp/bin:$PATH" make B="$tmp/clone-build" all > "$tmp/clone.log" 2>&1; echo $? > "$tmp/clone.st")
    ok "$(cat "$tmp/clone.st")" "0" "a fresh clone builds"
    ok "$(grep -c 'not regenerating' "$tmp/clone.log")|$(grep -c 'parlgen' "$tmp/clone.log")" "1|0" "a fresh clone trusts gen/ (PARL_GRAMMAR_ID) and runs no generator"
fi
echo "t_builds: $pass passed, $fail failed"
[ $fail -eq 0 ]
