#!/bin/sh
# SPDX-License-Identifier: MIT
# The generator refuses bad grammars: one case per error class. Each case
# mutates a copy of grammar/, runs parlgen into a copy of gen/, and checks
# the exit status, the file:line:col message, and that gen/ is untouched.
cd "$(dirname "$0")/.." || exit 1
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# grammar/guidance.yaml embeds ../tests/samples/paper.md: keep it reachable
mkdir -p "$tmp/tests" && cp -r tests/samples "$tmp/tests/"

# case NAME EXPECTED-REGEX MUTATION...
case_() {
    name=$1; want=$2; shift 2
    rm -rf "$tmp/g" "$tmp/out"; cp -r grammar "$tmp/g"; cp -r gen "$tmp/out"
    (cd "$tmp/g" && eval "$@") || { echo "FAIL $name: mutation failed"; fail=$((fail+1)); return; }
    build/parlgen --grammar "$tmp/g" --out "$tmp/out" --runtime runtime --tools tools >"$tmp/log" 2>&1
    st=$?
    ok=1
    [ $st -ne 0 ] || { echo "FAIL $name: exit status 0"; ok=0; }
    n=$(grep -Ec "$want" "$tmp/log")
    [ "$n" != 0 ] || { echo "FAIL $name: no message matching /$want/"; sed 's/^/    /' "$tmp/log" | head -5; ok=0; }
    [ -z "$(grep -E "$want" "$tmp/log" | sort | uniq -d)" ] || { echo "FAIL $name: a message is printed twice"; ok=0; }
    diff -r gen "$tmp/out" >/dev/null 2>&1 || { echo "FAIL $name: output directory changed"; ok=0; }
    [ -z "$(ls -a "$tmp/out" | grep '^\.tmp-')" ] || { echo "FAIL $name: temporary files left"; ok=0; }
    if [ $ok = 1 ]; then pass=$((pass+1)); echo "ok $name: $(grep -E "$want" "$tmp/log" | head -1)"; else fail=$((fail+1)); fi
}

case_ malformed-yaml '^[^ ]*units\.yaml:[0-9]+:[0-9]+: malformed YAML' \
    "printf 'extra: [oops\n' >> units.yaml"
case_ unknown-slot '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: unknown slot .rnage.' \
    "sed -i 's/{unit:line} {range}/{unit:line} {rnage}/' modes.yaml"
case_ two-meanings "^[^ ]*units\.yaml:[0-9]+:[0-9]+: 'second' given two meanings: the unit 'sentence' here, an ordinal at [^ ]*numbers\.yaml:[0-9]+:[0-9]+" \
    "sed -i 's/words: \[sentence, sentences/words: [sentence, second, sentences/' units.yaml"
case_ number-out-of-range '^[^ ]*numbers\.yaml:[0-9]+:[0-9]+: number out of range: 5000000000' \
    "sed -i 's/^  billion: 1000000000/  billion: 1000000000\n  gazillion: 5000000000/' numbers.yaml"
case_ not-a-number-word '^[^ ]*numbers\.yaml:[0-9]+:[0-9]+: number out of range: 25 cannot be a single cardinal' \
    "sed -i 's/^  twenty: 20/  twenty: 20\n  twentyfive: 25/' numbers.yaml"
# The seed's own defect: a bare "opening" (its rule 8) ahead of
# "(first|opening|...) sentence" (its rule 18).
case_ shadowed-pattern "^[^ ]*modes\.yaml:[0-9]+:[0-9]+: 'opening' in this pattern can never win: .* earlier pattern 'opening' at [^ ]*modes\.yaml:[0-9]+:[0-9]+" \
    "sed -i 's/^rules:/rules:\n  - mode: first_paragraph\n    match: [opening]/' modes.yaml"
case_ shadowed-whole "^[^ ]*modes\.yaml:[0-9]+:[0-9]+: pattern 'penultimate \{unit\}' can never win: the earlier pattern '\{unit\}' at [^ ]*modes\.yaml:[0-9]+:[0-9]+" \
    "sed -i 's/^rules:/rules:\n  - mode: stats\n    match: [\"{unit}\"]/' modes.yaml"
case_ unknown-class '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: unknown class .<lasst>.' \
    "sed -i 's/<last> {unit:paragraph}/<lasst> {unit:paragraph}/' modes.yaml"
case_ unknown-mode '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: unknown mode .stat.' \
    "sed -i '0,/  - mode: stats/s//  - mode: stat/' modes.yaml"
case_ unknown-unit '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: unknown unit .lien.' \
    "sed -i 's/{unit:line} {range}/{unit:lien} {range}/' modes.yaml"
case_ test-expectation '^[^ ]*tests\.yaml:[0-9]+:[0-9]+: "last two sentences": the grammar gives .*"count":2.*, the test expects .*"count":3' \
    "sed -i 's/{q: \"last two sentences\", mode: last_n, unit: sentence, count: 2}/{q: \"last two sentences\", mode: last_n, unit: sentence, count: 3}/' tests.yaml"
case_ guidance-sample '^[^ ]*guidance\.yaml:[0-9]+:[0-9]+: cannot read the sample' \
    "sed -i 's|^sample: .*|sample: ../tests/samples/nosuch.md|' guidance.yaml"
case_ guidance-empty-example '^[^ ]*guidance\.yaml:[0-9]+:[0-9]+: examples must be non-empty text' \
    "sed -i 's/^  - Read me line 5$/  - \"\"/' guidance.yaml"
case_ answer-directive "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: template 'stat_one': unknown directive '%X'" \
    "sed -i 's/^  stat_one: .*/  stat_one: \"The document has %X.\"/' answers.yaml"
case_ answer-nouns "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: no nouns for the unit 'word'" \
    "sed -i '/^  word: \\[word, words\\]/d' answers.yaml"
case_ phrase-too-long '^[^ ]*sections\.yaml:[0-9]+:[0-9]+: a phrase of 33 words: at most 32' \
    "sed -i \"s/\\\"related work\\\",/\\\"$(printf 'w%d ' $(seq 33) | sed 's/ $//')\\\", \\\"related work\\\",/\" sections.yaml"
case_ missing-file '^[^ ]*sections\.yaml:1:1: cannot open' "rm sections.yaml"
# A spec two modules read is reported once, at the bad byte's own place.
case_ bad-byte '^[^ ]*units\.yaml:3:8: malformed YAML: not valid UTF-8 \(byte 0xE9\)$' \
    "sed -i '3s/\$/ \\xe9/' units.yaml"
case_ deep-nesting '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: nested more than 100 levels deep \(the limit\)' \
    "awk 'BEGIN { printf \"deep: \"; for (i = 0; i < 40000; i++) printf \"[\"; print \"\" }' >> modes.yaml"

# However parlgen stops, --out keeps no temporary directory and no change:
# a signal to parlgen, or its worker killed as a crash would end it.
stopped() { # stopped NAME HOW: HOW is "parent" or "worker"
    rm -rf "$tmp/out"; cp -r gen "$tmp/out"
    build/parlgen --grammar grammar --out "$tmp/out" --runtime runtime --tools tools >"$tmp/log" 2>&1 &
    pid=$!
    sleep 1
    if [ "$2" = parent ]; then kill -TERM $pid; else kill -KILL $(pgrep -P $pid) 2>/dev/null; fi
    wait $pid; st=$?
    if [ $st -ne 0 ] && diff -r gen "$tmp/out" >/dev/null 2>&1 && [ -z "$(ls -a "$tmp/out" | grep '^\.tmp-')" ]; then
        pass=$((pass+1)); echo "ok $1: exit $st, $(tail -1 "$tmp/log")"
    else
        fail=$((fail+1)); echo "FAIL $1: exit $st, leftovers: $(ls -a "$tmp/out" | grep '^\.tmp-')"
    fi
}
stopped signal parent
stopped crash worker

echo "t_gen_reject: $pass passed, $fail failed"
[ $fail -eq 0 ]
