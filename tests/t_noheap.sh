#!/bin/sh
# SPDX-License-Identifier: MIT
# The runtime and gen/ are vendored as plain C: every .c compiles on its own
# with only -Iruntime -Igen, references no allocator, and defines no mutable
# global (only read-only data and code).
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for cc in gcc clang; do
    command -v $cc >/dev/null || continue
    for f in runtime/*.c gen/*.c; do
        o="$tmp/$cc-$(echo "$f" | tr / _).o"
        if $cc -std=c11 -Wall -Wextra -Werror -O2 -c -Iruntime -Igen "$f" -o "$o" 2>"$tmp/err"; then
            pass=$((pass+1))
        else
            fail=$((fail+1)); echo "FAIL $cc: $f does not compile on its own:"; head -5 "$tmp/err"
        fi
    done
done
heap=$(nm -u "$tmp"/*.o | awk '{print $NF}' | grep -xE 'malloc|calloc|realloc|free|strdup|strndup|aligned_alloc|posix_memalign' | sort -u)
if [ -z "$heap" ]; then pass=$((pass+1)); echo "ok no allocator referenced"; else fail=$((fail+1)); echo "FAIL allocator referenced: $heap"; fi
# Writable sections only: .data.rel.ro (const tables of pointers) is read-only.
globals=$(for o in "$tmp"/gcc-*.o; do objdump -t "$o"; done | awk '{for (i = 1; i <= NF; i++) if ($i ~ /^\.(data|bss)(\..*)?$/ && $i !~ /^\.data\.rel\.ro/ && $NF != $i) print $NF}' | sort -u)
if [ -z "$globals" ]; then pass=$((pass+1)); echo "ok no mutable globals"; else fail=$((fail+1)); echo "FAIL mutable globals: $globals"; fi
echo "t_noheap: $pass passed, $fail failed"
[ $fail -eq 0 ]
