#!/bin/sh
# SPDX-License-Identifier: MIT
# t_store_pg: the store on a real PostgreSQL server, started here for the
# test (tests/pg_server.sh: initdb into a temporary directory, a Unix
# socket in it, no TCP port; stopped and removed at the end):
#   - the store suites (t_store, t_failures, t_act) with STORE_BACKEND=pg;
#   - one session of commands run on SQLite and on PostgreSQL: the same
#     output, byte for byte (times masked);
#   - 8 writers adding 500 documents each at once while list and ask run:
#     no error, none lost or doubled, every content byte-equal to its file;
#   - approved actions run by 4 executors at once: each exactly once;
#   - the server stopped (-m immediate) in the middle of a bulk add: the
#     command says so, keeps what it reported, a rerun finishes the rest.
# Where no server can be started, says why and skips.
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
S=$PWD/tests/samples
tmp=$(mktemp -d) || exit 1
pgdir=$(mktemp -d) || exit 1   # the server's own: its user may not enter $tmp
. tests/pg_server.sh
trap 'pg_stop; rm -rf "$tmp" "$pgdir"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }
if ! pg_start "$pgdir"; then
    echo "t_store_pg: skipped: $PG_SKIP"
    echo "t_store_pg: 0 passed, 0 failed"
    exit 0
fi
export PG_SOCK PG_DIR PG_BIN PG_USER
unset PARLANCE_DB
psq() { psql -X -q -At -h "$PG_SOCK" -U parlance -d "$1" -c "$2"; }

# ---------------------------------------------------------------- the suites
for t in t_store t_failures t_act; do
    out=$(STORE_BACKEND=pg sh "tests/$t.sh" 2>&1)
    printf '%s\n' "$out" | grep -A3 '^FAIL' | head -n 40
    line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    echo "$line"
    p=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/'); f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1}))
done

# ---------------------------------------------------------------- same output on both
# Times differ between two runs; everything else must not.
mask() { # DB: times and the database's name masked
    sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z/TIME/g' |
        awk -v s="$1" '{ while ((i = index($0, s)) > 0) $0 = substr($0, 1, i - 1) "DB" substr($0, i + length(s)); print }'
}
session() { # DB: one session of store commands, all output
    cd "$tmp/same" || return
    $P add --db "$1" paper.md note.txt story.txt report.md 2>&1
    printf 'A new last line.\n' >> note.txt; $P add --db "$1" note.txt 2>&1; cp "$S/note.txt" note.txt
    $P list --db "$1" 2>&1; $P list --json --db "$1" 2>&1
    $P show --db "$1" paper.md 2>&1; $P show --content --db "$1" story.txt 2>&1
    for q in "how many words" "last two sentences" "paragraph 3" "every mention of the"; do
        $P ask --db "$1" paper.md "$q" 2>&1; $P ask --json --db "$1" note.txt "$q" 2>&1
    done
    $P rm --db "$1" note.txt nothere 2>&1; echo "rm: $?"
    $P rm --db "$1" note.txt 2>&1
    $P backfill --db "$1" 2>&1
    printf '/aprov x\n/serch y\n' | $P failures --db "$1" log --agent a --model m --at 2024-05-01 2>&1
    for q in unknown-verbs by-model patterns suggest-aliases; do $P failures --db "$1" "$q" --since 2024-01-01 2>&1; done
    printf '/memorize the build broke\n/recall build\n/remember notes "call Sam back"\n/recall append notes "buy milk"\n/dm @bob "hi"\n' |
        PARLANCE_DB=$1 $P act --as agent 2>&1
    printf 'First.\n' > story2.txt; $P add --db "$1" story2.txt 2>&1
    printf 'Second.\n' > story2.txt; $P add --db "$1" story2.txt 2>&1
    PARLANCE_DB=$1 $P queue list 2>&1; PARLANCE_DB=$1 $P queue approve 1 --by alice 2>&1
    PARLANCE_DB=$1 $P outbox list 2>&1
    cd "$OLDPWD" || return
}
mkdir "$tmp/same"; cp "$S/paper.md" "$S/note.txt" "$S/story.txt" "$S/report.md" "$tmp/same/"
session "$tmp/same.db" | mask "$tmp/same.db" > "$tmp/sqlite.out"
U=$(pg_url same)
session "$U" | mask "$U" > "$tmp/pg.out"
ok "$(cmp "$tmp/sqlite.out" "$tmp/pg.out" && echo same)" same "one session: the same output on SQLite and PostgreSQL"
[ -s "$tmp/pg.out" ] && [ "$(grep -c . "$tmp/pg.out")" -gt 100 ]; ok $? 0 "and the session said something ($(grep -c . "$tmp/pg.out") lines)"
cmp "$tmp/sqlite.out" "$tmp/pg.out" >/dev/null || diff "$tmp/sqlite.out" "$tmp/pg.out" | head -20

# libpq's own variables fill in what a URL leaves out; $PARLANCE_DB holds a URL.
ok "$(PGHOST=$PG_SOCK PGUSER=parlance $P list --db postgresql:///same)" "$($P list --db "$U")" "PGHOST, PGUSER and a bare postgresql:///DB"
ok "$(PARLANCE_DB=$U $P list)" "$($P list --db "$U")" "PARLANCE_DB=postgresql://..."
ok "$($P list --db "postgres:///same?host=$PG_SOCK&user=parlance")" "$($P list --db "$U")" "postgres:// as well as postgresql://"
$P list --db "postgresql:///same?host=$PG_SOCK&user=nobody_here" > /dev/null 2> "$tmp/err"
ok "$?|$(cut -c1-38 "$tmp/err")" "1|parlance: cannot connect to PostgreSQL" "a role the server refuses: said, status 1"

# ---------------------------------------------------------------- moving a store between them
# The session's stores (documents with old versions, the failure log,
# memory, the queue with its decisions, the outbox) plus a document of odd
# bytes, each way: export | import | export gives the same bytes.
printf 'Tab\there, a bell \007, DEL \177, \342\200\250 and \360\237\230\200 "q" \\\n\nEnd.\n' > "$tmp/odd.txt"
$P add -q --db "$tmp/same.db" "$tmp/odd.txt"; $P add -q --db "$U" "$tmp/odd.txt"
$P export --db "$tmp/same.db" > "$tmp/from-sqlite.jsonl"
for t in documents document_versions parse_failures memory_blocks memory_block_versions action_queue queue_decisions outbox; do
    grep -q "^{\"table\":\"$t\"" "$tmp/from-sqlite.jsonl"; ok $? 0 "the export has rows of $t"
done
U2=$(pg_url fromsqlite)
$P export --db "$tmp/same.db" | $P import --db "$U2"; ok $? 0 "SQLite -> PostgreSQL"
ok "$($P export --db "$U2" | cmp - "$tmp/from-sqlite.jsonl" && echo same)" same "SQLite -> PostgreSQL -> export: byte for byte"
$P export --db "$U" > "$tmp/from-pg.jsonl"
$P export --db "$U" | $P import --db "$tmp/frompg.db"; ok $? 0 "PostgreSQL -> SQLite"
ok "$($P export --db "$tmp/frompg.db" | cmp - "$tmp/from-pg.jsonl" && echo same)" same "PostgreSQL -> SQLite -> export: byte for byte"
ok "$($P show --content --db "$tmp/frompg.db" odd.txt | cmp - "$tmp/odd.txt" && echo same)" same "odd bytes kept"
ok "$(printf '/dm @bob "after"\n' | PARLANCE_DB=$U2 $P act --as agent | grep -o 'waiting for approval as request [0-9]*')" \
   "waiting for approval as request $(($(grep -c '"table":"action_queue"' "$tmp/from-sqlite.jsonl") + 1))" "imported into PostgreSQL: new ids go on after the imported ones"

# ---------------------------------------------------------------- 8 writers at once
U=$(pg_url many)
mkdir "$tmp/many"
for w in 1 2 3 4 5 6 7 8; do
    mkdir "$tmp/many/w$w"
    awk -v w="$w" -v dir="$tmp/many/w$w" 'BEGIN { for (i = 0; i < 500; i++) printf "Writer %d, document %d.\n\nIt has two paragraphs, the second with caf\303\251 and %d.\n", w, i, i * w > (dir "/w" w "-" i ".txt") }'
done
$P add -q --db "$U" "$S/story.txt"   # the store exists before the readers start
for w in 1 2 3 4 5 6 7 8; do
    $P add -q --db "$U" "$tmp/many/w$w"/*.txt > "$tmp/many/out$w" 2> "$tmp/many/err$w" &
    eval "pid$w=\$!"
done
readers_ok=0 readers=0
while kill -0 "$pid1" 2>/dev/null || kill -0 "$pid8" 2>/dev/null; do
    readers=$((readers + 1))
    $P list --db "$U" > /dev/null 2>> "$tmp/many/readerr" && $P ask --db "$U" story.txt how many words > "$tmp/many/ask" 2>> "$tmp/many/readerr" &&
        [ "$(cat "$tmp/many/ask")" = "The document has 135 words." ] && readers_ok=$((readers_ok + 1))
done
st=0
for w in 1 2 3 4 5 6 7 8; do eval "wait \$pid$w" || st=$?; done
ok "$st|$(cat "$tmp/many"/err*)" "0|" "8 writers x 500: no error"
[ "$readers" -gt 0 ] && [ "$readers_ok" = "$readers" ] && [ ! -s "$tmp/many/readerr" ]; ok $? 0 "list and ask meanwhile: $readers_ok of $readers rounds right, no error"
echo "  (8 writers: $readers rounds of list + ask ran meanwhile)"
ok "$(psq many "SELECT count(*), count(DISTINCT name) FROM documents WHERE name LIKE 'w%'")" "4000|4000" "4000 documents, none lost or doubled"
(cd "$tmp/many" && for w in 1 2 3 4 5 6 7 8; do (cd "w$w" && sha256sum *.txt); done) | sort > "$tmp/many/want"
psq many "SELECT encode(sha256(convert_to(content, 'UTF8')), 'hex') || '  ' || name FROM documents WHERE name LIKE 'w%'" | sort > "$tmp/many/got"
ok "$(cmp "$tmp/many/want" "$tmp/many/got" && echo same)" same "every stored content byte-equal to its file (SHA-256 of the stored bytes)"
ok "$(psq many "SELECT count(*) FROM documents WHERE sha256 != encode(sha256(convert_to(content, 'UTF8')), 'hex') OR byte_size != octet_length(content) OR (profile_jsonb->>'byteCount')::bigint != byte_size")" 0 "every row whole: SHA-256, size and profile of its content"
ok "$($P list --db "$U" | grep -c '^- w')" 4000 "list shows them all"

# ---------------------------------------------------------------- executors at once
U=$(pg_url exec)
i=0; msgs=""
while [ $i -lt 40 ]; do msgs="$msgs/dm @bob \"message $i\"\n"; i=$((i + 1)); done
printf "$msgs" | PARLANCE_DB=$U $P act --as agent > /dev/null 2>&1
ok "$(psq exec "SELECT count(*) FROM action_queue WHERE status = 'pending'")" 40 "40 actions wait for approval"
# Approved elsewhere (by a host that stopped before running them):
psq exec "UPDATE action_queue SET status = 'approved'" > /dev/null
for e in 1 2 3 4; do PARLANCE_DB=$U $P queue run > "$tmp/exec$e" 2>&1 & done
wait
ok "$(psq exec "SELECT count(*) FROM outbox")|$(psq exec "SELECT count(DISTINCT queue_id) FROM outbox")" "40|40" "4 executors: each approved action sent exactly once"
ok "$(psq exec "SELECT status, count(*) FROM action_queue GROUP BY status")" "done|40" "every action done"
ok "$(cat "$tmp"/exec* | grep -c '"status":"ok"')" 40 "the executors between them report 40 runs"

# ---------------------------------------------------------------- the server stopped mid-add
U=$(pg_url fault)
mkdir "$tmp/bulk"
awk -v dir="$tmp/bulk" 'BEGIN { for (i = 0; i < 3000; i++) printf "Document %d.\n\nNumber %d of the bulk set.\n", i, i > (dir "/doc" i ".txt") }'
$P add --db "$U" "$tmp/bulk"/*.txt > "$tmp/fault.out" 2> "$tmp/fault.err" & pid=$!
n=0 tries=0
while [ "$n" -lt 300 ] && [ $tries -lt 3000 ]; do
    n=$(psq fault "SELECT count(*) FROM documents" 2>/dev/null); n=${n:-0}; tries=$((tries + 1))
done
pg_stop_now
wait $pid; st=$?
ok "$st" 1 "add: the server stopped, the command fails"
has "$(cat "$tmp/fault.err")" "the connection to the database was lost at" "add: says the connection was lost"
has "$(cat "$tmp/fault.err")" "the same command finishes the rest" "add: says how to finish"
ok "$(grep -c 'database: ' "$tmp/fault.err")" 1 "add: one error, not one per remaining file"
pg_restart; ok $? 0 "server restarted"
reported=$(grep -c '^added ' "$tmp/fault.out")
sed -n 's/^added //p' "$tmp/fault.out" | sort > "$tmp/fault.reported"
psq fault "SELECT name FROM documents" | sort > "$tmp/fault.stored"
[ "$reported" -gt 0 ] && [ "$reported" -lt 3000 ]; ok $? 0 "stopped part-way ($reported of 3000 reported added)"
echo "  (server stopped after $reported of 3000 reported added)"
ok "$(comm -23 "$tmp/fault.reported" "$tmp/fault.stored" | wc -l | tr -d ' ')" 0 "every document reported added is stored"
stored=$(wc -l < "$tmp/fault.stored" | tr -d ' ')
$P add --db "$U" "$tmp/bulk"/*.txt > "$tmp/fault2.out" 2> "$tmp/fault2.err"; ok $? 0 "rerun finishes"
ok "$(grep -c '^added ' "$tmp/fault2.out")|$(grep -c '^unchanged ' "$tmp/fault2.out")" "$((3000 - stored))|$stored" "rerun adds the rest, keeps the stored"
(cd "$tmp/bulk" && sha256sum *.txt) | sort > "$tmp/fault.want"
psq fault "SELECT encode(sha256(convert_to(content, 'UTF8')), 'hex') || '  ' || name FROM documents" | sort > "$tmp/fault.got"
ok "$(cmp "$tmp/fault.want" "$tmp/fault.got" && echo same)" same "all 3000 stored, each byte-equal to its file"
# A command against a server that is not there: a clear error, no crash.
pg_stop_now
err=$($P list --db "$U" 2>&1); ok $? 1 "list with the server down: fails"
has "$err" "parlance: cannot connect to PostgreSQL:" "list with the server down: says so"
err=$($P add --db "$U" "$S/story.txt" 2>&1); ok $? 1 "add with the server down: fails"
has "$err" "parlance: cannot connect to PostgreSQL:" "add with the server down: says so"
pg_restart

echo "t_store_pg: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
