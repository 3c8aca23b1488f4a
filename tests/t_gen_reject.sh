#!/bin/sh
# SPDX-License-Identifier: MIT
# The generator refuses bad grammars: one case per error class. Each case
# mutates a copy of grammar/, runs parlgen into a copy of gen/, and checks
# the exit status, the file:line:col message, and that gen/ is untouched.
# The generator runs under ASan+UBSan (build/asan/parlgen), error paths too.
cd "$(dirname "$0")/.." || exit 1
G=build/asan/parlgen
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# grammar/guidance.yaml embeds ../tests/samples/paper.md: keep it reachable
mkdir -p "$tmp/tests" && cp -r tests/samples "$tmp/tests/"

# case NAME EXPECTED-REGEX MUTATION...
case_() {
    name=$1; want=$2; shift 2
    rm -rf "$tmp/g" "$tmp/out"; cp -r grammar "$tmp/g"; cp -r gen "$tmp/out"
    (cd "$tmp/g" && eval "$@") || { echo "FAIL $name: mutation failed"; fail=$((fail+1)); return; }
    $G --grammar "$tmp/g" --out "$tmp/out" --runtime runtime --tools tools $GENFLAGS >"$tmp/log" 2>&1
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

# The grammar as it is, under the sanitizers: gen/ again, and not a word
# on stderr (UBSan found a memcpy from NULL in tools/gen_infer.c).
rm -rf "$tmp/out"
if $G --out "$tmp/out" --no-check >"$tmp/log" 2>&1 && [ ! -s "$tmp/log" ] && diff -r gen "$tmp/out" >/dev/null; then
    pass=$((pass+1)); echo "ok sanitized: the grammar compiles to gen/ again"
else
    fail=$((fail+1)); echo "FAIL sanitized:"; head -5 "$tmp/log"
fi

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
# Directives must print what parl_answer() passes (runtime/answer_args.h):
# "%s %q" in 'empty' made the runtime read arguments never passed.
case_ answer-extra "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: template 'empty': '%s' prints a text \\(%s\\), but parl_answer\\(\\) passes no more arguments \\(it passes none\\)" \
    "sed -i 's/^  empty: .*/  empty: \"The document is empty. %s %q\"/' answers.yaml"
case_ answer-kind "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: template 'stat_one': '%U' prints a unit \\(%U, %S, %C or %P\\), but argument 1 is a number" \
    "sed -i 's/^  stat_one: .*/  stat_one: \"The document has %U %N.\"/' answers.yaml"
case_ answer-fewer "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: template 'not_found' uses 2 of its arguments; parl_answer\\(\\) passes a unit" \
    "sed -i 's/^  not_found: .*/  not_found: \"%C %z not found.\"/' answers.yaml"
case_ answer-scope "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: template 'scope_unit': '%d' would write this template inside itself" \
    "sed -i 's/^  scope_unit: .*/  scope_unit: \"%d %S %z\"/' answers.yaml"
case_ answer-missing "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: no template 'only': parl_answer\\(\\) uses it" \
    "sed -i '/^  only: /d' answers.yaml"
case_ answer-nouns "^[^ ]*answers\\.yaml:[0-9]+:[0-9]+: no nouns for the unit 'word'" \
    "sed -i '/^  word: \\[word, words\\]/d' answers.yaml"
# sentences.yaml and abbreviations.yaml (issue 19)
case_ sentence-rule-value "^[^ ]*sentences\.yaml:[0-9]+:[0-9]+: 'closings' must be true or false, not 'maybe'" \
    "sed -i 's/^  closings: true/  closings: maybe/' sentences.yaml"
case_ sentence-rule-unknown "^[^ ]*sentences\.yaml:[0-9]+:[0-9]+: unknown key 'coin_toss'" \
    "sed -i 's/^rules:/rules:\n  coin_toss: true/' sentences.yaml"
case_ sentence-rule-missing "^[^ ]*sentences\.yaml:[0-9]+:[0-9]+: missing 'separators'" \
    "sed -i '/^  separators: true/d' sentences.yaml"
case_ emoticon-letter "^[^ ]*sentences\.yaml:[0-9]+:[0-9]+: emoticon 'xD' must open with a mark" \
    "sed -i 's/^emoticons: \[/emoticons: [\"xD\", /' sentences.yaml"
case_ closing-twice "^[^ ]*sentences\.yaml:[0-9]+:[0-9]+: 'thanks' is already listed at line [0-9]+" \
    "sed -i 's/^closings: \[/closings: [thanks, /' sentences.yaml"
case_ min-words-not-closer "^[^ ]*abbreviations\.yaml:[0-9]+:[0-9]+: min_words applies to closer groups only" \
    "sed -i 's/^    behaviour: prefix$/    behaviour: prefix\n    min_words: 2/' abbreviations.yaml"
case_ phrase-too-long '^[^ ]*sections\.yaml:[0-9]+:[0-9]+: a phrase of 33 words: at most 32' \
    "sed -i \"s/\\\"related work\\\",/\\\"$(printf 'w%d ' $(seq 33) | sed 's/ $//')\\\", \\\"related work\\\",/\" sections.yaml"
case_ missing-file '^[^ ]*sections\.yaml:1:1: cannot open' "rm sections.yaml"
# Issue 18's constructs: scopes, {end}, inner, the number words.
case_ scope-without-inner '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: a pattern with \{scope\} needs its rule to set .inner:.' \
    "sed -i 's/^rules:/rules:\n  - mode: nth\n    match: [\"{ordinal} {unit} within {scope}\"]/' modes.yaml"
case_ inner-without-scope '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: a rule that sets .inner:. needs \{scope\} in every pattern' \
    "sed -i 's/^rules:/rules:\n  - mode: scoped\n    set: {inner: nth}\n    match: [\"{ordinal} {unit} within\"]/' modes.yaml"
case_ inner-unknown '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: inner: expected a mode other than the rule.s own' \
    "sed -i 's/set: {inner: first_n, count: 1}/set: {inner: firstn, count: 1}/' modes.yaml"
case_ scope-with-text '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: a scope is made of words, classes and' \
    "sed -i 's/^scopes:/scopes:\n  - \"about {text}\"/' modes.yaml"
case_ scope-set-key "^[^ ]*modes\.yaml:[0-9]+:[0-9]+: unknown key 'start' in a scope's set" \
    "sed -i 's/set: {count: 1, from_end: true}/set: {count: 1, start: 2}/' modes.yaml"
case_ end-in-gate '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: \{end\} and \{scope\} belong in rules' \
    "sed -i 's/^gate:/gate:\n  - \"to {end}\"/' modes.yaml"
case_ unit-twice-unlike '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: slot \{unit\} appears twice in one pattern \(twice only when restricted alike\)' \
    "sed -i 's/{unit:sentence} {number} (to|through|thru|till|until|-) {unit:sentence} {end}/{unit:sentence} {number} to {unit} {end}/' modes.yaml"
case_ quantity-plural-zero '^[^ ]*numbers\.yaml:[0-9]+:[0-9]+: a plural quantity word must be at least 1' \
    "sed -i 's/^  dozens: 12/  dozens: 0/' numbers.yaml"
# The Unicode data file missing, or malformed: refused with its path (and line:col).
rm -rf "$tmp/out" "$tmp/uni"; cp -r gen "$tmp/out"; mkdir -p "$tmp/uni"
build/parlgen --grammar grammar --out "$tmp/out" --runtime runtime --tools tools --unicode "$tmp/none" >"$tmp/log" 2>&1
if [ $? -ne 0 ] && grep -q 'CaseFolding\.txt: cannot read the Unicode case folding data' "$tmp/log" && diff -r gen "$tmp/out" >/dev/null; then
    pass=$((pass+1)); echo "ok casefolding-missing"; else fail=$((fail+1)); echo "FAIL casefolding-missing"; fi
printf '# CaseFolding-0.txt\n0041; C; 0061; # A\n0042; X; 0062; # B\n' > "$tmp/uni/CaseFolding.txt"
build/parlgen --grammar grammar --out "$tmp/out" --runtime runtime --tools tools --unicode "$tmp/uni" >"$tmp/log" 2>&1
if [ $? -ne 0 ] && grep -Eq 'CaseFolding\.txt:3:[0-9]+: expected' "$tmp/log" && diff -r gen "$tmp/out" >/dev/null; then
    pass=$((pass+1)); echo "ok casefolding-malformed"; else fail=$((fail+1)); echo "FAIL casefolding-malformed"; cat "$tmp/log"; fi
# /calc's operator table.
case_ calc-symbol-twice "^[^ ]*calc\.yaml:[0-9]+:[0-9]+: '\\*' already writes the infix operator 'mul'" \
    "sed -i 's/symbols: \[\"\\/\", \"÷\"\]/symbols: [\"\\/\", \"*\"]/' calc.yaml"
case_ calc-prefix-level "^[^ ]*calc\.yaml:[0-9]+:[0-9]+: prefix 'neg' shares level 2 with infix 'mul'" \
    "sed -i 's/arity: prefix, level: 3 }/arity: prefix, level: 2 }/' calc.yaml"
case_ calc-unknown-op "^[^ ]*calc\.yaml:[0-9]+:[0-9]+: unknown operation 'root'" \
    "sed -i 's/{ op: mod,/{ op: root,/' calc.yaml"
case_ calc-letter-symbol "^[^ ]*calc\.yaml:[0-9]+:[0-9]+: a symbol is 1 to 8 bytes of punctuation" \
    "sed -i 's/symbols: \[\"%\"\]/symbols: [\"mod\"]/' calc.yaml"
case_ calc-grouping "^[^ ]*calc\.yaml:[0-9]+:[0-9]+: 'mul' and 'mod' share level 2 but group differently" \
    "sed -i 's/{ op: mod, symbols: \[\"%\"\], arity: infix, level: 2, assoc: left }/{ op: mod, symbols: [\"%\"], arity: infix, level: 2, assoc: right }/' calc.yaml"
# Every spec refuses keys it does not know, at the top level too.
case_ units-top-key "^[^ ]*units\\.yaml:[0-9]+:1: unknown key 'unitz' \\(known: units\\)" \
    "printf 'unitz:\\n  foo: {words: [foo]}\\n' >> units.yaml"
case_ sections-top-key "^[^ ]*sections\\.yaml:[0-9]+:1: unknown key 'extra' \\(known: sections\\)" \
    "printf 'extra: 1\\n' >> sections.yaml"
case_ cleanup-key "^[^ ]*modes\\.yaml:[0-9]+:[0-9]+: unknown key 'tail' \\(known: trim, tails, heads\\)" \
    "sed -i 's/^  tails:/  tail: []\\n  tails:/' modes.yaml"
# 2^15 subsets of a run of alternatives: the limit, at the pattern to blame.
case_ automaton-states "^[^ ]*modes\\.yaml:[0-9]+:13: the patterns need more than 30000 automaton states \\(the limit\\)" \
    "sed -i \"s/^rules:/rules:\\n  - mode: stats\\n    match: [\\\"zqa\$(for i in \$(seq 15); do printf ' (zqa|zqb)'; done) zqend\\\"]/\" modes.yaml"
# Tables outgrown: refused at the word that goes over, in its own file,
# with the limit named; --no-check (no compiler to catch a wrapped 16-bit
# offset) refuses it too.
words() { # words N PREFIX: N more unit words, on the sentence's line
    awk -v n="$1" -v p="$2" '/words: \[sentence, / { s = ""; for (i = 0; i < n; i++) s = s p i ", "; sub(/words: \[sentence, /, "words: [" s "sentence, ") } { print }' units.yaml > u && mv u units.yaml
}
for GENFLAGS in "" --no-check; do
case_ "table-offsets$GENFLAGS" "^[^ ]*units\\.yaml:5:[0-9]+: the grammar outgrows the generated tables: the vocabulary's text \\(bytes, 16-bit offsets kw_off\\) would need 655[0-9]+, the limit is 65535" \
    "words 7000 longerword"
done
GENFLAGS=
case_ table-words "^[^ ]*units\\.yaml:5:[0-9]+: the grammar outgrows the generated tables: the vocabulary \\(words, 16-bit ids\\) would need 70[0-9]+, the limit is 65534" \
    "words 70000 w"
# A spec two modules read is reported once, at the bad byte's own place.
case_ bad-byte '^[^ ]*units\.yaml:3:8: malformed YAML: not valid UTF-8 \(byte 0xE9\)$' \
    "sed -i '3s/\$/ \\xe9/' units.yaml"
case_ deep-nesting '^[^ ]*modes\.yaml:[0-9]+:[0-9]+: nested more than 100 levels deep \(the limit\)' \
    "awk 'BEGIN { printf \"deep: \"; for (i = 0; i < 40000; i++) printf \"[\"; print \"\" }' >> modes.yaml"

# However parlgen stops, --out keeps no temporary directory and no change:
# a signal to parlgen, or its worker killed as a crash would end it.
stopped() { # stopped NAME HOW: HOW is "parent" or "worker"
    rm -rf "$tmp/out"; cp -r gen "$tmp/out"
    $G --grammar grammar --out "$tmp/out" --runtime runtime --tools tools >"$tmp/log" 2>&1 &
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
