#!/bin/sh
# SPDX-License-Identifier: MIT
# t_dialect_cli: `parlance verb` and `parlance dialect` as users see them:
# the JSON forms, reading files and stdin, --config files and their errors.
cd "$(dirname "$0")/.." || exit 1
P=build/parlance
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }

ok "$($P verb recall)" '{"input":"recall","verb":"recall","tier":"exact","distance":0,"confidence":1.00,"ambiguous":false,"candidates":[]}' "verb exact"
ok "$($P verb queries)" '{"input":"queries","verb":"search","tier":"morph","distance":0,"confidence":1.00,"ambiguous":false,"candidates":[]}' "verb morph"
ok "$($P verb serch)" '{"input":"serch","verb":"search","tier":"typo","distance":1,"confidence":0.83,"ambiguous":false,"candidates":[]}' "verb typo"
ok "$($P verb sned)" '{"input":"sned","verb":"send","tier":"phonetic","distance":0,"confidence":0.80,"ambiguous":false,"candidates":[]}' "verb phonetic"
ok "$($P verb forget)" '{"input":"forget","verb":"recall","tier":"exact","distance":0,"confidence":1.00,"ambiguous":false,"op":"delete","candidates":[]}' "implied op"
ok "$($P verb hlat)" '{"input":"hlat","verb":null,"tier":null,"distance":0,"confidence":0.00,"ambiguous":false,"candidates":["halt"]}' "miss with candidates"
ok "$($P verb dend)" '{"input":"dend","verb":null,"tier":"typo","distance":1,"confidence":0.00,"ambiguous":true,"candidates":["send","deny"]}' "ambiguous"
$P verb >/dev/null 2>&1; ok $? 2 "verb usage"

printf 'Let me check what we discussed.\n/recall project deadlines' > "$tmp/m1"
ok "$($P dialect "$tmp/m1")" '{"execute":[{"verb":"recall","intent":{"type":"recall","op":"search","query":"project deadlines","authority":"none"},"marker":null,"tags":[],"policy":{"decision":"run","reason":"allowed","message":"/recall runs: the agent role may use it"},"then":[]}],"skipped":[]}' "dialect file"
ok "$($P dialect - < "$tmp/m1")" "$($P dialect "$tmp/m1")" "dialect stdin"
ok "$(printf '/search deadlines -> /send @discord @alice @last.output ?' | $P dialect)" \
   '{"execute":[{"verb":"search","intent":{"type":"search","query":"deadlines","scope":null,"authority":"none"},"marker":null,"tags":[],"policy":{"decision":"run","reason":"allowed","message":"/search runs: the agent role may use it"},"then":[{"verb":"send","intent":{"type":"send","mode":"send","domain":"discord","target":{"ref":"@alice"},"message":{"ref":"@last.output"},"authority":"approval"},"marker":"ask","tags":[],"policy":{"decision":"queue","reason":"needs_approval","message":"/send needs approval from a human, which the agent role does not have: queued for approval"}}]}],"skipped":[]}' \
   "chain with then"
ok "$(printf 'I could /recall the notes but later.\n/dend hi' | $P dialect)" \
   '{"execute":[],"skipped":[{"verb":"recall","reason":"not_trailing","text":"/recall the notes but later."},{"verb":"dend","reason":"ambiguous_verb","hint":{"type":"ambiguous","failure":"ambiguous_verb","got":"dend","options":["send","deny"],"question":"I couldn'"'"'t tell if you meant /send or /deny - which one?"},"text":"/dend hi"}]}' \
   "skipped with reasons and hints"
has "$(printf '/recall x\nNever mind.' | $P dialect)" '"reason":"reconsidered","phrase":"Never mind"' "reconsidered"
has "$(printf '/recall notes' | $P dialect --blocks persona,notes)" '"op":"read","label":"notes","known":true' "blocks"
# The policy: an agent's approval is refused, a user's runs.
ok "$(printf '/ok sounds good' | $P dialect)" \
   '{"execute":[],"skipped":[{"verb":"approve","reason":"refused","policy":{"decision":"refuse","reason":"not_permitted","message":"/approve needs supervisor authority, which the agent role does not have: refused"},"text":"/ok sounds good"}]}' \
   "an agent cannot approve"
has "$(printf '/ok 42' | $P dialect --as user)" '"policy":{"decision":"run","reason":"allowed"' "a user can"
$P dialect --as boss "$tmp/m1" >/dev/null 2>&1; ok $? 2 "unknown role"
# Every action is listed, however many (ten trailing actions: ten run).
ten=$(for i in 1 2 3 4 5 6 7 8 9 10; do printf '/recall note %s\n' $i; done)
out=$(printf '%s' "$ten" | $P dialect)
ok "$(printf '%s' "$out" | grep -o '"op":"search"' | wc -l | tr -d ' ')" 10 "ten trailing actions, ten listed"
has "$out" '"query":"note 10"' "the tenth is there"
case "$out" in *truncated*) fail=$((fail + 1)); echo "FAIL: truncated" ;; *) pass=$((pass + 1)) ;; esac
$P dialect "$tmp/none" >/dev/null 2>&1; ok $? 1 "missing file"
$P dialect --bogus >/dev/null 2>&1; ok $? 2 "dialect usage"

cat > "$tmp/cfg.yaml" <<'YAML'
# The seed's config section, in YAML.
dialect:
  verbs:
    recall:
      extra_aliases: [memorize: insert, jot down, note to self]
    notify:
      aliases: [alert, ping, heads up]
      maps_to: send_message
      default_target: { type: agent, id: anchor }
      description: Quick notification to the coordinator
      examples: ["/notify something weird happened", "/heads up partner seems stressed"]
    shame:
      aliases: [call out, roast]
      maps_to: send
      default_target: { type: bluesky }
      template: "shame post template: {content}"
      requires_permission: true
      strictness: strict
YAML
ok "$($P verb memorize --config "$tmp/cfg.yaml")" '{"input":"memorize","verb":"recall","tier":"exact","distance":0,"confidence":1.00,"ambiguous":false,"op":"insert","candidates":[]}' "extra alias"
ok "$($P verb roasted --config "$tmp/cfg.yaml")" '{"input":"roasted","verb":"shame","tier":"morph","distance":0,"confidence":1.00,"ambiguous":false,"candidates":[]}' "config alias morph"
ok "$(printf '/heads up partner seems stressed' | $P dialect --config "$tmp/cfg.yaml")" \
   '{"execute":[{"verb":"notify","intent":{"type":"custom","verb":"notify","maps_to":"send_message","args":{"content":"partner seems stressed"},"default_target":{"type":"agent","id":"anchor"},"template_applied":null,"requires_permission":false,"authority":"none"},"marker":null,"tags":[],"policy":{"decision":"run","reason":"allowed","message":"/notify runs: the agent role may use it"},"then":[]}],"skipped":[]}' \
   "custom verb"
ok "$(printf '/roast the build again' | $P dialect --config "$tmp/cfg.yaml")" \
   '{"execute":[{"verb":"shame","intent":{"type":"custom","verb":"shame","maps_to":"send","args":{"content":"the build again"},"default_target":{"type":"bluesky","id":null},"template_applied":"shame post template: the build again","requires_permission":true,"authority":"approval"},"marker":null,"tags":[],"policy":{"decision":"queue","reason":"needs_approval","message":"/shame needs approval from a human, which the agent role does not have: queued for approval"},"then":[]}],"skipped":[]}' \
   "template applied"
has "$(printf '/jot down "x"' | $P dialect --config "$tmp/cfg.yaml")" '"verb":"recall"' "multi-word extra alias"
ok "$($P verb memorize)" '{"input":"memorize","verb":"recall","tier":"exact","distance":0,"confidence":1.00,"ambiguous":false,"op":"insert","candidates":[]}' "the seed's aliases are compiled, with their operation"
# The seed's config names the aliases without operations: they stay inserts.
printf 'dialect:\n  verbs:\n    recall:\n      extra_aliases: [memorize, jot down, note to self]\n' > "$tmp/seed.yaml"
for m in '/memorize the build is green' '/jot down the build is green' '/note to self the build is green'; do
    has "$(printf '%s' "$m" | $P dialect --config "$tmp/seed.yaml")" '"op":"insert","content":"the build is green"' "seed config: $m"
done
has "$(printf '/recall delete notes' | $P dialect)" '"op":"delete","label":"notes"' "op word after the verb"
has "$(printf '/fetch https://x.org as pdf' | $P dialect)" '"options":["markdown","html","text","raw"],"message":"/fetch doesn'"'"'t know '"'"'pdf'"'"' - it takes markdown, html, text or raw"' "unknown format"
has "$(printf '/recall patch notes """not a patch at all"""' | $P dialect)" '"reason":"malformed"' "a recall patch must be a patch"
has "$(printf '/recall meeting notes -> /tell @entropy' | $P dialect)" '"message":{"ref":"@last.output","implied":true}' "a chain step takes the previous output"

cat > "$tmp/bad.yaml" <<'YAML'
verbs:
  recall:
    maps_to: x
  newverb:
    aliases: [a]
  other:
    maps_to: send
    aliases: [find]
    strictness: wobbly
YAML
err=$($P verb x --config "$tmp/bad.yaml" 2>&1 >/dev/null); st=$?
ok $st 1 "bad config fails"
has "$err" "bad.yaml:3:5: 'recall' is a compiled verb: only extra_aliases may be added" "compiled verb"
has "$err" "bad.yaml:4:3: new verb 'newverb' needs maps_to" "maps_to"
has "$err" "bad.yaml:9:17: unknown strictness 'wobbly'" "strictness"
printf 'verbs:\n  other:\n    maps_to: send\n    aliases: [find, "two  words ok", "bad/word"]\n' > "$tmp/bad2.yaml"
err=$($P verb x --config "$tmp/bad2.yaml" 2>&1 >/dev/null)
has "$err" "bad2.yaml:4:15: 'find' already names a verb or alias" "alias collision"
has "$err" "bad2.yaml:4:38: 'bad/word' is not a usable verb word" "bad alias"
printf 'verbs: [oops' > "$tmp/bad3.yaml"
err=$($P dialect --config "$tmp/bad3.yaml" "$tmp/m1" 2>&1 >/dev/null); ok $? 1 "malformed YAML"
has "$err" "bad3.yaml:" "malformed YAML position"

# Limits instead of crashes: nesting too deep for the loader (40,000 '['
# overflowed the C stack), more verbs than the config holds (said once).
awk 'BEGIN { printf "verbs: "; for (i = 0; i < 40000; i++) printf "["; print "" }' > "$tmp/deep.yaml"
err=$($P verb x --config "$tmp/deep.yaml" 2>&1 >/dev/null); ok $? 1 "deep nesting refused"
has "$err" "deep.yaml:1:107: nested more than 100 levels deep (the limit)" "nesting limit named"
awk 'BEGIN { print "verbs:"; for (i = 0; i < 40; i++) printf "  v%d:\n    maps_to: x\n", i }' > "$tmp/many.yaml"
err=$($P verb x --config "$tmp/many.yaml" 2>&1 >/dev/null); ok $? 1 "too many verbs refused"
ok "$(printf '%s\n' "$err" | grep -c 'too many verbs')" 1 "capacity said once"
has "$err" "many.yaml:66:3: too many verbs or aliases (at most 32 verbs" "capacity position"
printf 'verbs:\n  a:\n    maps_to: x\n  a:\n    maps_to: y\n' > "$tmp/dup.yaml"
err=$($P verb x --config "$tmp/dup.yaml" 2>&1 >/dev/null); ok $? 1 "duplicate key refused"
has "$err" "dup.yaml:4:3: duplicate key 'a' (first at line 2)" "duplicate key position"
printf 'verbs:\n  a:\n    maps_to: "x\351y"\n' > "$tmp/utf.yaml"
err=$($P verb x --config "$tmp/utf.yaml" 2>&1 >/dev/null); ok $? 1 "bad UTF-8 refused"
ok "$err" "$tmp/utf.yaml:3:16: malformed YAML: not valid UTF-8 (byte 0xE9)" "bad byte at its line and column"

echo "t_dialect_cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
