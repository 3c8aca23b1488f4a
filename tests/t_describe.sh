#!/bin/sh
# SPDX-License-Identifier: MIT
# parlance describe: the guidance of grammar/guidance.yaml, with examples
# whose answers are real (the same as `parlance ask` on the sample).
cd "$(dirname "$0")/.." || exit 1
bin=build/parlance
pass=0; fail=0
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
$bin describe > "$tmp/text" && ok || bad "describe exits 0"
$bin describe --json > "$tmp/json" && ok || bad "describe --json exits 0"
# the examples of the YAML, each answered exactly as `ask` answers it
sed -n '/^examples:/,/^[a-z#]/p' grammar/guidance.yaml | sed -n 's/^  - //p' > "$tmp/examples"
n=$(wc -l < "$tmp/examples")
[ "$n" -ge 16 ] && ok || bad "at least the seed's 16 examples ($n)"
[ "$(grep -o '{{name2}}' "$tmp/json" | wc -l)" -eq "$n" ] && ok || bad "one JSON example per request"
while IFS= read -r q; do
    $bin ask tests/samples/paper.md "$q" > "$tmp/want"
    { printf '> %s\n' "$q"; cat "$tmp/want"; } > "$tmp/block"
    if grep -qF -f "$tmp/want" "$tmp/text" && ! grep -q '^I can quote from the document' "$tmp/want"; then ok
    else bad "example '$q' is not answered as ask answers it"; fi
done < "$tmp/examples"
for key in '"name":"GET_EXACT_QUOTE"' '"description":' '"similes":\["QUOTE_FROM"' '"system":' '"retrievalInstructions":"## RETRIEVAL INSTRUCTIONS'; do
    grep -q "$key" "$tmp/json" && ok || bad "json has $key"
done
grep -q '^GET_EXACT_QUOTE SUPPORTED MODES:$' "$tmp/text" && ok || bad "system prompt modes"
echo "t_describe: $pass passed, $fail failed"
[ $fail -eq 0 ]
