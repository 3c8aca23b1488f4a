#!/bin/sh
# SPDX-License-Identifier: MIT
# t_layers: the action dialect is a one-way pipeline (see
# runtime/dialect_vocab.h): lexing -> verb matching -> command parsing ->
# intents -> policy -> execution. Each stage has its own header; a file may
# include the headers of its own stage and earlier ones, never a later
# one, and the headers of runtime/ and gen/ form no include cycle.
cd "$(dirname "$0")/.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

# Stage of each dialect header, and of each file that uses them.
rank() {
    case "$1" in
    dialect_vocab.h|dialect_tables.c) echo 0 ;;
    dialect_lex.h|dialect_lex.c) echo 1 ;;
    verb_match.h|verb_match.c|phonetic.c|verb_table.c|detect.c) echo 2 ;;
    command.h|command.c|dialect_grammar.c) echo 3 ;;
    intents.h|intents.c|dialect.c|refs.c) echo 4 ;;
    policy.h|policy.c|policy_tables.c|stream.c|dialect_text.c) echo 5 ;;
    *) echo "" ;;
    esac
}
includes() { sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$1"; }

for f in runtime/*.c runtime/*.h gen/*.c; do
    b=$(basename "$f"); r=$(rank "$b")
    for h in $(includes "$f"); do
        hr=$(rank "$h")
        [ -n "$hr" ] || continue
        if [ -z "$r" ]; then bad "$f includes the dialect's $h but belongs to no stage"; continue; fi
        case "$b" in *.h) [ "$hr" -lt "$r" ] ;; *) [ "$hr" -le "$r" ] ;; esac \
            && ok || bad "$f (stage $r) includes $h (stage $hr)"
    done
done
[ -f runtime/dialect_internal.h ] && bad "runtime/dialect_internal.h is back: one header for every stage"

# No cycle among the headers: tsort fails on a loop.
edges=$(for f in runtime/*.h gen/*.h; do for h in $(includes "$f"); do echo "$(basename "$f") $h"; done; done)
if printf '%s\n' "$edges" | tsort >/dev/null 2>&1; then ok; else bad "an include cycle among the headers: $(printf '%s\n' "$edges" | tsort 2>&1 >/dev/null | head -3)"; fi

echo "t_layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
