#!/bin/sh
# SPDX-License-Identifier: MIT
# t_failures: the parse-failure log (parlance failures ...) on temporary
# databases: path resolution, WAL, idempotent migrations, recording, and
# every query. STORE_BACKEND=pg: the same on PostgreSQL (tests/store_backend.sh).
cd "$(dirname "$0")/.." || exit 1
P=build/parlance
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }

. tests/store_backend.sh
T=t_failures; [ "$B" = pg ] && T="t_failures on PostgreSQL"
if store_skip; then echo "$T: skipped: $STORE_SKIP"; echo "$T: 0 passed, 0 failed"; exit 0; fi
db=$(on_sqlite && echo "$tmp/nested/dir/p.db" || store_db p)
log() { printf "$1" | $P failures --db "$db" log --agent "$2" --model "$3" --at "$4"; }

ok "$(log '/aprov req-1' a1 m1 2024-05-01)" '{"logged":1}' "unknown verb logged"
ok "$(log 'Sure.\n/aprov req-2' a1 m1 2024-05-01T10:30:00Z)" '{"logged":1}' "trailing unknown verb"
ok "$(log '/aprov req-3' a2 m1 2024-05-02)" '{"logged":1}' "third"
ok "$(log '/hlat' a2 m1 2024-05-02)" '{"logged":1}' "strict typo beyond 1"
ok "$(log '/retreive notes' a2 m1 2024-05-02)" '{"logged":1}' "no candidates"
ok "$(log '/search' a2 m1 2024-05-03)" '{"logged":1}' "missing argument"
ok "$(log '/fetch x.com as mardown' a2 m1 2024-05-03)" '{"logged":1}' "unknown modifier"
ok "$(log '/recall + @last.outptu' a2 m1 2024-05-03)" '{"logged":1}' "invalid reference"
ok "$(log '/aprov x' a3 m2 2024-06-01)" '{"logged":1}' "another model"
ok "$(log '/recall notes\n/search budget' a3 m2 2024-06-01)" '{"logged":0}' "nothing failed"
ok "$(log 'I could /aprov it, later.' a3 m2 2024-06-01)" '{"logged":0}' "not run, not logged"
ok "$(log '/dend x\nActually, no.' a3 m2 2024-06-01)" '{"logged":0}' "reconsidered, not logged"
ok "$(log '/dend x' a3 m2 2024-06-02)" '{"logged":1}' "ambiguous verb"
on_sqlite && { [ -f "$db" ]; ok $? 0 "directories created"; }

ok "$($P failures --db "$db" unknown-verbs --since 2024-01-01)" \
   '[{"attempted":"aprov","count":4,"now_matches":null,"candidates":["approve"],"examples":["/aprov x","/aprov req-3","/aprov req-2"]},{"attempted":"hlat","count":1,"now_matches":null,"candidates":["halt"],"examples":["/hlat"]},{"attempted":"retreive","count":1,"now_matches":null,"candidates":[],"examples":["/retreive notes"]}]' \
   "unknown verbs by frequency"
ok "$($P failures --db "$db" unknown-verbs --since 2024-05-15)" \
   '[{"attempted":"aprov","count":1,"now_matches":null,"candidates":["approve"],"examples":["/aprov x"]}]' "since"
ok "$($P failures --db "$db" unknown-verbs --since 2030-01-01)" '[]' "nothing since"

ok "$($P failures --db "$db" by-model --since 2024-01-01)" \
   '[{"model":"m1","count":8,"types":{"invalid_reference":1,"missing_arg":1,"unknown_modifier":1,"unknown_verb":5}},{"model":"m2","count":2,"types":{"ambiguous_verb":1,"unknown_verb":1}}]' \
   "failures per model"
out=$($P failures --db "$db" by-model m2 --since 2024-01-01)
has "$out" '"at":"2024-06-02T00:00:00Z","agent":"a3","model":"m2","type":"ambiguous_verb","verb":null,"attempted":"dend","input":"/dend x"' "by model: newest first"
has "$out" '"question":"I couldn'"'"'t tell if you meant /send or /deny - which one?"' "details keep the hint"
ok "$($P failures --db "$db" by-model m1 --since 2024-01-01 --limit 1 | grep -o '"at"' | wc -l | tr -d ' ')" 1 "limit"

out=$($P failures --db "$db" patterns --since 2024-01-01)
has "$out" '{"type":"unknown_verb","verb":null,"count":6,"models":["m1","m2"],"top":{"attempted":"aprov","count":4}' "top pattern"
has "$out" '{"type":"missing_arg","verb":"search","count":1,"models":["m1"],"top":{"attempted":"query","count":1},"suggested_fix":"show /search with its query in the examples"}' "missing argument pattern"
has "$out" '"type":"unknown_modifier","verb":"fetch"' "modifier pattern"

# approve is strict: an alias is never suggested for it, however often agents miss it.
ok "$($P failures --db "$db" suggest-aliases --since 2024-01-01)" '[]' "no alias for a strict verb"
db2=$tmp/suggest.db
for k in 1 2; do printf '/escelait req-%s "needs a human"' $k | $P failures --db "$db2" log --agent a --model m --at 2024-05-01 >/dev/null; done
printf '/nk' | $P failures --db "$db2" log --agent a --model m --at 2024-05-01 >/dev/null
printf '/nk' | $P failures --db "$db2" log --agent a --model m --at 2024-05-01 >/dev/null
ok "$($P failures --db "$db2" suggest-aliases --since 2024-01-01)" \
   '[{"alias":"escelait","verb":"escalate","count":2,"confidence":0.67,"examples":["/escelait req-2 \"needs a human\"","/escelait req-1 \"needs a human\""]}]' \
   "suggest aliases (not 'nk', one edit from ok and no)"
ok "$($P failures --db "$db" suggest-aliases --since 2024-01-01 --min 5)" '[]' "min count"
cat > "$tmp/cfg.yaml" <<'YAML'
verbs:
  approve:
    extra_aliases: [aprov]
YAML
ok "$($P failures --db "$db" suggest-aliases --since 2024-01-01 --config "$tmp/cfg.yaml")" '[]' "already an alias"
has "$($P failures --db "$db" unknown-verbs --since 2024-01-01 --config "$tmp/cfg.yaml")" '"attempted":"aprov","count":4,"now_matches":"approve"' "now matches"

# Schema: WAL, one migration row however often it is opened.
on_sqlite && ok "$(sqlite3 "$db" 'PRAGMA journal_mode;')" wal "WAL mode"
ok "$(store_sql "$db" "SELECT component, version FROM schema_migrations;")" 'parse_failures|1' "migrations recorded once"
ok "$(store_sql "$db" 'SELECT count(*) FROM parse_failures;')" 10 "rows"
if ! on_sqlite; then   # the paths below are SQLite's; a server that is down is an error said plainly
    down="postgresql:///nodb?host=$tmp/nosuchdir&user=parlance"
    err=$(printf '/aprov x' | $P failures --db "$down" log 2>&1); ok $? 1 "no server: fails"
    has "$err" "parlance: cannot connect to PostgreSQL:" "no server: says so"
    err=$($P failures --db "$down" patterns 2>&1); ok $? 1 "no server: a query fails too (not an empty log)"
    echo "$T: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit
fi

# Path resolution: --db, then $PARLANCE_DB, then $XDG_DATA_HOME, then ~/.local/share.
# (log writes; the queries only read, and create nothing.)
printf '/aprov x' | PARLANCE_DB=$tmp/env.db $P failures log >/dev/null && [ -f "$tmp/env.db" ]; ok $? 0 "PARLANCE_DB"
printf '/aprov x' | env -u PARLANCE_DB XDG_DATA_HOME=$tmp/xdg $P failures log >/dev/null && [ -f "$tmp/xdg/parlance/parlance.db" ]; ok $? 0 "XDG_DATA_HOME"
printf '/aprov x' | env -u PARLANCE_DB -u XDG_DATA_HOME HOME=$tmp/home $P failures log >/dev/null && [ -f "$tmp/home/.local/share/parlance/parlance.db" ]; ok $? 0 "HOME fallback"
ok "$($P failures --db "$tmp/none.db" patterns)" '[]' "a query of no log: empty"
$P failures --db "$tmp/none2.db" bogus >/dev/null 2>&1; ok $? 2 "unknown subcommand: usage"
$P failures --db "$tmp/none3.db" log "$tmp/missing-message" >/dev/null 2>&1; ok $? 1 "log of a missing file fails"
ok "$(ls "$tmp" | grep -c '^none')" 0 "no database created by queries and failures"

# Errors.
$P failures --db "$db" frobnicate >/dev/null 2>&1; ok $? 2 "unknown subcommand"
$P failures --db "$db" patterns --since yesterday >/dev/null 2>&1; ok $? 2 "bad time"
printf '/aprov x' | $P failures --db /proc/nope/x.db log >/dev/null 2>&1; ok $? 1 "unwritable database"
ok "$($P failures --db "$db" unknown-verbs --since 1714521600 | grep -c aprov)" 1 "unix time"

echo "$T: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
