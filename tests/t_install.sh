#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a staging DESTDIR, then build a real program against it
# with pkg-config, dynamically and statically; the shared library exports
# the public API only; make uninstall removes everything it installed.
cd "$(dirname "$0")/.." || exit 1
top=$PWD
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { if [ "$1" = "$2" ]; then pass=$((pass+1)); echo "ok $3"; else fail=$((fail+1)); echo "FAIL $3: got [$1] want [$2]"; fi; }
dest=$tmp/stage
prefix=/opt/parlance-test
make -s install DESTDIR="$dest" PREFIX="$prefix" > "$tmp/log" 2>&1
ok "$?" "0" "make install DESTDIR PREFIX"
version=$(sed -n 's/^#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
lib=$dest$prefix/lib
for f in lib/libparlance.a "lib/libparlance.so.$version" lib/libparlance.so include/parlance.h \
         lib/pkgconfig/parlance.pc bin/parlance share/man/man1/parlance.1; do
    ok "$([ -e "$dest$prefix/$f" ] && echo yes)" "yes" "installed $f"
done
soname=$(readelf -d "$lib/libparlance.so.$version" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
ok "$soname" "libparlance.so.$(echo "$version" | cut -d. -f1-2)" "soname"
ok "$([ -L "$lib/$soname" ] && readlink "$lib/$soname")" "libparlance.so.$version" "soname link"
# Public symbols only: every exported function is parl_<name>, none parl__.
exported=$(nm -D --defined-only "$lib/libparlance.so.$version" | awk '$2 == "T" {print $3}' | sort)
ok "$(echo "$exported" | grep -cv '^parl_[a-z]')" "0" "only parl_* exported"
declared=$(grep -o '^PARL_API [^(]*(' runtime/parlance.h | sed 's/.*[ *]\([a-z_0-9]*\)($/\1/' | sort)
ok "$exported" "$declared" "exports = PARL_API declarations ($(echo "$declared" | wc -l | tr -d ' '))"
ok "$(grep -c 'include "' "$dest$prefix/include/parlance.h")" "0" "installed header needs no other header"

# pkg-config, as a user would, against the staged tree.
export PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
ok "$(pkg-config --modversion parlance)" "$version" "pkg-config --modversion"
flags=$(pkg-config --cflags --libs parlance)
cc -std=c11 -Wall -Wextra -Werror -o "$tmp/consumer" tests/consumer.c $flags 2> "$tmp/cc.err"
ok "$?|$(cat "$tmp/cc.err")" "0|" "consumer builds with pkg-config --cflags --libs"
ok "$(readelf -d "$tmp/consumer" | grep -c "NEEDED.*$soname")" "1" "consumer links the shared library"
sed -n 's/^[^\t#]*\t[^\t]*\t//p' tests/golden/ask.cases | head -60 > "$tmp/requests"
build/tests/consumer tests/samples/paper.md < "$tmp/requests" > "$tmp/want"
LD_LIBRARY_PATH="$lib" "$tmp/consumer" tests/samples/paper.md < "$tmp/requests" > "$tmp/got"
ok "$?" "0" "consumer runs on the installed .so"
ok "$(cmp "$tmp/got" "$tmp/want" && echo same)" "same" "installed .so answers as build/ ($(wc -l < "$tmp/want" | tr -d ' ') lines)"
cc -std=c11 -o "$tmp/consumer_static" tests/consumer.c $(pkg-config --cflags parlance) "$lib/libparlance.a"
"$tmp/consumer_static" tests/samples/paper.md < "$tmp/requests" > "$tmp/got_static"
ok "$(cmp "$tmp/got_static" "$tmp/want" && echo same)" "same" "installed static library answers the same"
"$dest$prefix/bin/parlance" --version > "$tmp/v"; ok "$(head -1 "$tmp/v")" "parlance $version" "installed CLI runs"

make -s uninstall DESTDIR="$dest" PREFIX="$prefix" > /dev/null 2>&1
ok "$(find "$dest" -type f -o -type l | wc -l | tr -d ' ')" "0" "make uninstall removes every installed file"
echo "t_install: $pass passed, $fail failed"
[ $fail -eq 0 ]
