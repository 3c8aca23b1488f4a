#!/bin/sh
# SPDX-License-Identifier: MIT
# t_act: the executor end to end on real databases: the seed's detection
# examples run exactly as the seed says; an agent reply that stores,
# appends, patches and searches memory; a send queued, approved and sent
# once; a denial with its reason; SIGKILL between approval and execution
# (at fixed points and at random moments); chains and references; the
# failure log; expiry, cancelling, halting; configured verbs.
# STORE_BACKEND=pg: the same on PostgreSQL (tests/store_backend.sh).
cd "$(dirname "$0")/.." || exit 1
P=build/parlance
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }
lacks() { case "$1" in *"$2"*) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  has: %s\n' "$3" "$1" "$2" ;; *) pass=$((pass + 1)) ;; esac; }
. tests/store_backend.sh
T=t_act; [ "$B" = pg ] && T="t_act on PostgreSQL"
if store_skip; then echo "$T: skipped: $STORE_SKIP"; echo "$T: 0 passed, 0 failed"; exit 0; fi
PARLANCE_DB=$(on_sqlite && echo "$tmp/a.db" || store_db a); export PARLANCE_DB
act() { printf "$1" | $P act --as "${2:-agent}" --agent "${3:-entropy}" --model m1; }
count() { printf '%s\n' "$1" | grep -c "$2"; }
sql() { store_sql "$PARLANCE_DB" "$1"; }

# ---- the seed's six detection examples: what runs, and nothing else
out=$(act 'Let me check what we discussed.\n/recall project deadlines')
ok "$(count "$out" '"status":"ok"')|$(count "$out" '"action"')" "1|1" "seed 1: trailing action runs"
out=$(act 'Let me check that.\n/recall project deadlines\nActually wait, you just told me. Never mind.')
ok "$(count "$out" '"status":"skipped","reason":"reconsidered"')|$(count "$out" '"status":"ok"')" "1|0" "seed 2: reconsidered"
out=$(act "/do /recall project deadlines\nI'll keep talking while that runs.")
ok "$(count "$out" '"status":"ok"')" 1 "seed 3: /do runs"
out=$(act "I could /recall the notes but let's think first...")
ok "$(count "$out" '"reason":"not_trailing"')|$(count "$out" '"status":"ok"')" "1|0" "seed 4: mid-message"
out=$(act '/do /recall project deadlines\nHmm, actually scratch that, wrong label.')
ok "$(count "$out" '"reason":"reconsidered"')|$(count "$out" '"status":"ok"')" "1|0" "seed 5: /do taken back"
out=$(act 'Let me gather some context.\n/recall project notes\n/search conversations about deadline')
ok "$(count "$out" '"status":"ok"')|$(count "$out" '"status":"failed"')" "1|1" "seed 6: both run (the conversations search needs a host)"
has "$out" 'no handler for /search is configured' "seed 6: says why"

# ---- memory: store, append, patch, search, read
out=$(act 'Noted.\n/recall + "meeting moved to friday"\n/remember notes "call Sam back"\n/recall append notes "buy milk"\n/note to self the build is green')
ok "$(count "$out" '"status":"ok"')" 4 "four writes"
has "$out" "stored memory block 'meeting-moved-to-friday'" "an unlabelled insert gets a label"
has "$out" "appended to memory block 'notes'" "append"
out=$(act '/recall patch notes """\n@@ -1,2 +1,2 @@\n call Sam back\n-buy milk\n+buy oat milk\n"""')
has "$out" "patched memory block 'notes' (1 hunk)" "patch applies"
out=$(act '/recall patch notes """\n@@ -1,2 +1,2 @@\n call Ann back\n-buy milk\n+buy rice\n"""')
has "$out" '"status":"failed"' "a patch that does not apply fails"
has "$out" "hunk 1 (patch line 3) does not match line 1 of the block; nothing was changed" "and says which hunk"
out=$(act '/recall read notes')
has "$out" '"output":"call Sam back\nbuy oat milk"' "the block after the patch, unchanged by the failed one"
ok "$(sql "SELECT version FROM memory_blocks WHERE label = 'notes'")|$(sql "SELECT replaced_by FROM memory_block_versions WHERE label = 'notes' ORDER BY version" | paste -sd,)" "3|append,patch" "versioned like documents"
out=$(act '/search friday\n/recall search oat\n/recall delete notes\n/recall read notes')
has "$out" 'memory block meeting-moved-to-friday: Found 1 mention of \"friday\"' "search finds memory"
has "$out" 'memory block notes: Found 1 mention of \"oat\"' "recall search"
has "$out" "deleted memory block 'notes'" "delete"
has "$out" "there is no memory block 'notes'" "gone"
$P add tests/samples/paper.md >/dev/null
has "$(act '/search tables')" 'document paper.md: Found 4 mentions of \"tables\"' "search finds stored documents"
has "$(act '/calc 17 * 23 + 4\n/calc 2 ^ 0.5')" '"output":"1.4142135623731"' "calc"
has "$(act '/calc 1 / (2 - 2)')" '"error":"division by zero (the '"'"'/'"'"' at column 3)"' "division by zero is an error"

# ---- a send: queued, approved, sent once
out=$(act 'Telling Alice.\n/send @discord @alice "the build is green"' agent entropy)
has "$out" '"status":"queued"' "an agent's send waits"
id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
ok "$(sql 'SELECT count(*) FROM outbox')" 0 "nothing sent yet"
list=$($P queue list)
has "$list" '"requested_by":"entropy","role":"agent","verb":"send"' "queue list: who asked"
has "$list" '"content":"the build is green","reason":"/send needs approval from a human' "queue list: what and why"
out=$($P queue approve "$id" --by alice)
has "$out" "\"request\":$id,\"status\":\"ok\"" "approved and run"
ok "$(sql "SELECT count(*) FROM outbox WHERE queue_id = $id")" 1 "sent once"
$P queue approve "$id" >/dev/null 2>&1; ok $? 1 "approving again fails"
$P queue run >/dev/null
ok "$(sql "SELECT count(*) FROM outbox WHERE queue_id = $id")" 1 "still once"
has "$($P queue show "$id")" '"decisions":[{"at":' "decision recorded"
has "$($P queue show "$id")" '"decision":"approve","by":"alice"' "who approved"
has "$($P outbox)" '"verb":"send","domain":"discord","target":"@alice","message":"the build is green","requested_by":"entropy"' "outbox row"

# ---- deny with a reason
out=$(act '/post @bluesky "release is out"' agent entropy)
id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
$P queue deny "$id" >/dev/null 2>&1; ok $? 2 "deny needs a reason"
has "$($P queue deny "$id" --reason 'not before the announcement' --by alice)" '"status":"denied","reason":"not before the announcement"' "denied"
has "$($P queue show "$id")" '"decision":"deny","by":"alice","reason":"not before the announcement"' "reason recorded"
ok "$(sql "SELECT count(*) FROM outbox WHERE queue_id = $id")" 0 "nothing sent"
$P queue approve "$id" >/dev/null 2>&1; ok $? 1 "a denied request cannot be approved"

# ---- SIGKILL between approval and execution
crash_case() { # POINT: queue a send, approve with a kill at POINT, recover
    out=$(act "/dm @bob \"$1\"" agent entropy)
    id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
    PARLANCE_CRASH_AT=$1 $P queue approve "$id" >/dev/null 2>&1; st=$?
    ok "$st" 137 "killed at $1"
    ok "$(sql "SELECT status FROM action_queue WHERE id = $id")|$(sql "SELECT count(*) FROM outbox WHERE queue_id = $id")" "approved|0" "$1: approved, not lost, not run"
    $P queue run >/dev/null; $P queue run >/dev/null
    ok "$(sql "SELECT status FROM action_queue WHERE id = $id")|$(sql "SELECT count(*) FROM outbox WHERE queue_id = $id")" "done|1" "$1: run once after recovery"
}
crash_case approved
crash_case executed
# Kills at random moments: whatever was interrupted, each approved send
# leaves exactly one outbox row once the queue has been run.
i=0
while [ $i -lt 12 ]; do
    out=$(act "/dm @carol \"random $i\"" agent entropy)
    id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
    $P queue approve "$id" >/dev/null 2>&1 &
    pid=$!
    sleep "0.00$(( (i * 7) % 10 ))"
    kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
    [ "$(sql "SELECT status FROM action_queue WHERE id = $id")" = pending ] && $P queue approve "$id" >/dev/null 2>&1
    $P queue run >/dev/null
    ok "$(sql "SELECT count(*) FROM outbox WHERE queue_id = $id")|$(sql "SELECT status FROM action_queue WHERE id = $id")" "1|done" "random kill $i: sent exactly once"
    i=$((i + 1))
done

# ---- chains and references
out=$(act '/remember groceries "oat milk"\n/recall oat -> /tell @entropy')
has "$out" '"verb":"tell","policy":{"decision":"run"' "a chain step without content runs"
has "$($P outbox)" '"verb":"tell","domain":null,"target":"@entropy","message":"memory block groceries: Found 1 mention of \"oat\":\n1. Line 1: \"oat milk\""' "it got the previous output"
out=$(act '/calc 6 * 7 -> /recall + answer @last.output -> /recall read answer')
has "$out" '"status":"ok"' "three steps"
has "$out" '"output":"42"' "@last.output resolved"
out=$(act '/calc 1/0 -> /recall + never')
has "$out" '"status":"failed"' "a failed step stops the chain"
ok "$(count "$out" '"verb":"recall"')" 0 "nothing after it ran"
out=$(act '/search tables -> /fetch @last.output -> /recall + never')
has "$out" '"error":"step 2 (/fetch): no handler for /fetch is configured' "says where the chain stopped"
has "$(act '/send @bob "see @thread" -> /reply @thread')" '"status":"queued"' "quoted text is literal"
has "$(act '/tell @bob @thread')" '@thread needs the host'"'"'s conversation: no resolver is configured' "@thread in the CLI"
out=$(act '/search tables -> /send @discord @alice @last.output' agent entropy)
id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
has "$($P queue show "$id")" '"content":"document paper.md: Found 4 mentions' "the approver sees the resolved message"
has "$($P queue approve "$id")" '"status":"ok"' "the rest of the chain runs after approval"
has "$(sql "SELECT message FROM outbox WHERE queue_id = $id")" "Found 4 mentions" "with @last from before the wait"

# ---- the policy from messages: an agent cannot approve; a user can
out=$(act '/send @discord @dave "hello"' agent entropy)
id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
out=$(act "/ok $id sounds good\n/approve $id")
ok "$(count "$out" '"status":"refused"')" 2 "an agent's approvals are refused"
ok "$(sql "SELECT status FROM action_queue WHERE id = $id")" pending "and change nothing"
out=$(act "/approve $id" user sam)
has "$out" "approved request $id" "a user approves in a message"
has "$out" "{\"request\":$id,\"status\":\"ok\"" "and it runs"
has "$($P queue show "$id")" '"decision":"approve","by":"sam"' "recorded with who"

# ---- cancel, escalate, halt, expire
act '/send @discord @erin "one"' agent entropy >/dev/null
out=$(act '/cancel @last' agent entropy)
has "$out" 'cancelled request' "the requester cancels its newest pending request"
out=$(act '/send @discord @erin "two"' agent entropy)
id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
has "$(act "/cancel $id" agent mallory)" "was asked by entropy: only they may cancel it" "nobody else cancels it"
has "$(act "/escalate $id \"needs a human decision\"" agent entropy)" "escalated request $id" "escalate"
has "$($P queue list | head -1)" "\"id\":$id,\"status\":\"pending\"" "urgent first"
act '/send @discord @erin "three"' agent entropy >/dev/null
waiting=$(sql "SELECT count(*) FROM action_queue WHERE status = 'pending'")
has "$(act '/halt "runaway loop"' supervisor boss)" "halted: $waiting pending requests denied" "halt denies what waits ($waiting)"
ok "$($P queue list)" "" "nothing waits"
act '/send @discord @erin "four"' agent entropy >/dev/null
has "$($P queue expire --older-than 2999-01-01)" '{"expired":[' "expire (everything created before 2999)"
ok "$($P queue list)" "" "expired"
$P queue expire >/dev/null 2>&1; ok $? 2 "expire needs --older-than"

# ---- every trailing action runs: ten of them
out=$(for i in 1 2 3 4 5 6 7 8 9 10; do printf '/calc %s * 2\n' $i; done | $P act --as agent)
ok "$(count "$out" '"status":"ok"')" 10 "ten trailing actions, ten run"
has "$out" '"output":"20"' "the tenth"

# ---- failures go to the failure log
$P failures log --model m1 >/dev/null </dev/null
bym=$($P failures by-model --since 1d)
has "$bym" '"refused":2' "refused steps logged"
has "$bym" '"exec_error":' "failed steps logged"
out=$(act '/recall patch notes """not a patch"""\n/frobnicate 3')
ok "$(count "$out" '"status":"skipped"')" 2 "parse failures are skipped"
has "$($P failures unknown-verbs --since 1d)" '"attempted":"frobnicate"' "and logged"

# ---- configured verbs
cat > "$tmp/cfg.yaml" <<'YAML'
dialect:
  verbs:
    recall:
      extra_aliases: [memorize, jot down, note to self]
    notify:
      aliases: [ping]
      maps_to: send_message
    shame:
      aliases: [roast]
      maps_to: send
      default_target: { type: bluesky }
      template: "shame post template: {content}"
      requires_permission: true
YAML
out=$(printf '/ping the build broke\n/memorize the build broke\n/roast the flaky test' | $P act --as agent --config "$tmp/cfg.yaml")
has "$out" 'no handler for /notify is configured' "a verb mapped to a tool the CLI lacks"
has "$out" "stored memory block 'the-build-broke'" "the seed's memorize inserts"
has "$out" '"verb":"shame","policy":{"decision":"queue"' "requires_permission: queued"
id=$(printf '%s' "$out" | sed -n 's/.*"queue_id":\([0-9]*\)}$/\1/p')
has "$($P queue approve "$id")" '"status":"ok"' "approved without --config: the item remembers its file"
ok "$(sql "SELECT domain || '|' || message FROM outbox WHERE queue_id = $id")" "bluesky|shame post template: the flaky test" "template and default target"

# ---- usage
printf '/calc 1' | $P act >/dev/null 2>&1; ok $? 2 "act needs --as"
printf '/calc 1' | $P act --as king >/dev/null 2>&1; ok $? 2 "unknown role"
$P queue frob >/dev/null 2>&1; ok $? 2 "unknown subcommand"
$P queue show 99999 >/dev/null 2>&1; ok $? 1 "no such request"
ok "$(sql "SELECT component || ' ' || version FROM schema_migrations ORDER BY 1" | tr '\n' ',')" \
   "action_queue 1,documents 1,memory_blocks 1,outbox 1,parse_failures 1," "each component's migrations once"

echo "$T: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
