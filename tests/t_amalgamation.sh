#!/bin/sh
# SPDX-License-Identifier: MIT
# The amalgamation (tools/amalgamate.sh: parlance.c + parlance.h) builds a
# real program with `cc main.c parlance.c` alone, under gcc, clang and tcc at
# -Wall -Wextra -Wpedantic, and answers exactly as the library in build/.
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { if [ "$1" = "$2" ]; then pass=$((pass+1)); echo "ok $3"; else fail=$((fail+1)); echo "FAIL $3: got [$1] want [$2]"; fi; }
sh tools/amalgamate.sh "$tmp/dist" > /dev/null
ok "$?" "0" "amalgamate.sh"
ok "$(grep -c '#include "' "$tmp/dist/parlance.h")" "0" "parlance.h includes no project header"
ok "$(grep '#include "' "$tmp/dist/parlance.c")" '#include "parlance.h"' "parlance.c includes only parlance.h"
ok "$(grep -c 'SPDX-License-Identifier: MIT' "$tmp/dist/parlance.c")" "1" "one SPDX line"
sed -n 's/^[^\t#]*\t[^\t]*\t//p' tests/golden/ask.cases > "$tmp/requests"
build/tests/consumer tests/samples/paper.md < "$tmp/requests" > "$tmp/want"
cp tests/consumer.c "$tmp/dist/main.c"
for cc in gcc clang tcc; do
    if ! command -v $cc > /dev/null; then echo "skip $cc: not installed"; continue; fi
    case $cc in tcc) flags="-Wall" ;; *) flags="-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror" ;; esac
    (cd "$tmp/dist" && $cc $flags -o "$tmp/consumer-$cc" main.c parlance.c) > "$tmp/$cc.err" 2>&1
    ok "$?|$(head -c 300 "$tmp/$cc.err")" "0|" "$cc main.c parlance.c ($flags)"
    "$tmp/consumer-$cc" tests/samples/paper.md < "$tmp/requests" > "$tmp/got-$cc"
    ok "$(cmp "$tmp/got-$cc" "$tmp/want" && echo same)" "same" "$cc build answers as the library ($(wc -l < "$tmp/want" | tr -d ' ') lines)"
done
# C++ programs include the header too.
if command -v g++ > /dev/null; then
    printf '#include "parlance.h"\nint main() { return parl_version_number() == PARL_VERSION_NUMBER ? 0 : 1; }\n' > "$tmp/dist/cxx.cc"
    (cd "$tmp/dist" && gcc -std=c11 -O1 -c parlance.c -o p.o && g++ -Wall -Wextra -Werror -o cxx cxx.cc p.o && ./cxx) > "$tmp/cxx.err" 2>&1
    ok "$?|$(head -c 300 "$tmp/cxx.err")" "0|" "C++ includes parlance.h and links the C object"
fi
echo "t_amalgamation: $pass passed, $fail failed"
[ $fail -eq 0 ]
