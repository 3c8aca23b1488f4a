#!/bin/sh
# SPDX-License-Identifier: MIT
# t_verbs_gen: the generator's verbs module as a compiler. Broken specs are
# rejected with file:line:col and a non-zero status, leaving the output
# directory untouched; a rerun produces the same bytes.
cd "$(dirname "$0")/.." || exit 1
G=build/parlgen
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }

# reject NAME 'sed script' 'expected message' : breaks a copy of the grammar.
reject() {
    rm -rf "$tmp/g" "$tmp/out"
    cp -r grammar "$tmp/g"
    mkdir "$tmp/out"
    echo keep > "$tmp/out/sentinel"
    sed -i "$2" "$tmp/g/verbs.yaml"
    err=$($G --grammar "$tmp/g" --out "$tmp/out" --runtime runtime --tools tools --no-check 2>&1)
    st=$?
    ok "$st" 1 "$1: exit status"
    has "$err" "$3" "$1"
    ok "$(ls "$tmp/out")" sentinel "$1: output untouched"
}

line() { grep -n "$1" grammar/verbs.yaml | head -1 | cut -d: -f1; }

reject "alias of two verbs" "s/^    aliases: \[get\]/    aliases: [get, find]/" \
       "verbs.yaml:$(line 'aliases: \[get\]'):20: 'find' already names verb 'search'"
reject "unknown intent" "0,/intent: recall/s//intent: recal/" \
       "verbs.yaml:$(line 'intent: recall'):13: unknown intent 'recal'"
reject "unknown key" "0,/    strictness: loose/s//    strictnes: loose/" "unknown key 'strictnes'"
reject "bad placeholder" "s/which one?\"/{which} one?\"/" "unknown placeholder"
reject "required op" "s/^ops: \[read, search, insert, append, delete, patch,/ops: [read, search, insert, append, delete,/" \
       "ops must include 'patch'"
reject "typo range" "s/strict: { typo: 1,/strict: { typo: 9,/" "expected a whole number from 0 to 3"
reject "bad marker" 's/^  "!": urgent/  "!x": urgent/' "marker '!x' must be 1 to 3 of . ? !"
reject "duplicate phrase" "s/^  - nope$/  - nah/" "'nah' is listed twice"
reject "quote in a word" 's/aliases: \[find, query, look, lookup\]/aliases: [find, query, look, "lo\\"ok"]/' \
       "has a character that cannot be part of a word"
reject "example without sigil" "s|      - /web rust async traits|      - web rust async traits|" \
       "an example is a command starting with the sigil"
reject "unknown argument" "s/requires: \[target\]/requires: [targett]/" "unknown argument 'targett'"
reject "scope word twice" "s/constellation: \[constellation\]/constellation: [constellation, memory]/" \
       "'memory' is already listed here"
reject "malformed YAML" "s/^verbs:/verbs: [/" "verbs.yaml:"
# Policy: an agent must never decide on its own requests.
reject "decides, but queued" "s/^    supervisor: refuse /    supervisor: queue /" \
       "'approve' decides on requests: its authority must be one a writer without it is refused"
reject "decides, with no authority" "0,/    authority: supervisor\n    decides: true/{s/^    authority: supervisor$/    authority: none/}" \
       "decides on requests"
reject "role authority" "s/^  agent: none /  agent: nobody /" "expected an authority level: none approval supervisor"
reject "lacking incomplete" "/^    approval: queue /d" "'lacking' must say what happens without 'approval'"
reject "marker effect" "s/^    ask: queue /    ask: later /" "expected a marker's effect: none queue urgent"
reject "marker without effect" "/^    urgent: urgent /d" "the markers' effects must include 'urgent'"
reject "streaming op" "s/^    recall: \[read, search\]/    recall: [read, serch]/" "expected an operation"
reject "policy placeholder" "s/^    allowed: \"\/{verb} runs/    allowed: \"\/{verbb} runs/" "unknown placeholder"

# Reproducible: two runs, the same bytes (lemon's banner names its input
# path, which the driver controls; it is left out of the comparison).
for d in r1 r2; do
    mkdir -p "$tmp/$d"
    $G --grammar grammar --out "$tmp/$d" --runtime runtime --tools tools --no-check >/dev/null 2>&1
    ok $? 0 "generate $d"
done
for f in parl_dialect.h dialect_tables.c dialect_lex.re dialect_lex.c dialect_grammar.y dialect_grammar.h policy_tables.c; do
    cmp -s "$tmp/r1/$f" "$tmp/r2/$f"; ok $? 0 "$f is reproducible"
    cmp -s "$tmp/r1/$f" "gen/$f"; ok $? 0 "gen/$f is up to date"
done
ok "$(tail -n +3 "$tmp/r1/dialect_grammar.c" | cksum)" "$(tail -n +3 "$tmp/r2/dialect_grammar.c" | cksum)" \
   "dialect_grammar.c is reproducible"

echo "t_verbs_gen: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
