#!/bin/sh
# SPDX-License-Identifier: MIT
# t_store_hard: the store (and the failure log, its neighbour in the same
# file) under hostile use: --db values that look like URIs or name devices,
# commands that fail before writing (no file created), a store the user may
# only read (444 file in a 555 directory), a name that looks like a path,
# a writer holding the lock for seconds, sixteen concurrent bulk adds, and
# documents' control characters on a terminal.
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
S=$PWD/tests/samples
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }
if ! command -v sqlite3 >/dev/null 2>&1; then echo "t_store_hard: sqlite3 is missing (make deps installs it)"; echo "t_store_hard: 0 passed, 1 failed"; exit 1; fi
unset PARLANCE_DB
cp "$S/paper.md" "$S/story.txt" "$tmp/"
cd "$tmp" || exit 1

# ---------------------------------------------------------------- --db is a path
# "file:x.db?mode=memory" was read as a URI: "added", and nothing saved.
uri='file:x.db?mode=memory'
ok "$($P add -q --db "$uri" paper.md; echo $?)" 0 "URI-looking --db: add"
[ -f "$tmp/$uri" ]; ok $? 0 "URI-looking --db is a file of that name"
has "$($P list --db "$uri")" "- paper.md | 298 words" "and list reads it back"
ok "$($P add -q --db 'file:u2.db' story.txt; $P list --db 'file:u2.db' | head -1)" "- story.txt | 135 words, 7 paragraphs, 19 sentences, 12 lines" "file:u2.db: add and list agree"
pct='a%20b#c?d.db'
$P add -q --db "$pct" paper.md && [ -f "$tmp/$pct" ]; ok $? 0 "'%', '#' and '?' in a path are the file's own"
# A device or a directory is not a database: refused, nothing made beside it.
mkdir "$tmp/adir"
err=$($P add --db "$tmp/adir" paper.md 2>&1); ok $? 1 "a directory as --db"
has "$err" "adir: not a regular file; --db names a database file" "directory refused"
if [ -e /dev/full ] && [ ! -e /dev/full-journal ]; then
    err=$($P add --db /dev/full paper.md 2>&1); ok $? 1 "--db /dev/full"
    has "$err" "/dev/full: not a regular file" "/dev/full refused"
    [ ! -e /dev/full-journal ]; ok $? 0 "no /dev/full-journal"
    rm -f /dev/full-journal 2>/dev/null
fi

# ---------------------------------------------------------------- nothing made by a failure
printf '\000\001\002' > bin.dat
$P add --db "$tmp/new1.db" bin.dat 2>/dev/null; ok $? 1 "add refusing every file fails"
[ ! -e "$tmp/new1.db" ]; ok $? 0 "and creates no database"
$P add --db "$tmp/new2.db" missing.txt 2>/dev/null; ok $? 1 "add of a missing file"
[ ! -e "$tmp/new2.db" ]; ok $? 0 "creates no database"
$P failures --db "$tmp/new3.db" bogus >/dev/null 2>&1; ok $? 2 "failures bogus"
ok "$($P failures --db "$tmp/new4.db" unknown-verbs)" "[]" "a query of no log is empty"
$P list --db "$tmp/new5.db" >/dev/null 2>&1; $P show --db "$tmp/new5.db" x >/dev/null 2>&1
ok "$(ls "$tmp" | grep -c '^new')" 0 "none of them created a database"
# ... and the first file that can be stored makes it.
ok "$($P add --db "$tmp/new6.db" bin.dat paper.md 2>&1; echo $?)" "parlance: bin.dat: is binary (a NUL byte at offset 0); only text documents can be stored
added paper.md
parlance add: 1 added, 0 replaced, 0 unchanged, 1 failed
1" "a refused file, then a stored one"

# ---------------------------------------------------------------- names are not paths
ok "$(printf 'Impostor.\n' | $P add --db s.db - --name ./paper.md 2>&1; echo $?)" \
   "parlance add: -: a document name cannot contain '/' (a NAME with '/' is read as a path)
2" "a name that looks like a path is refused"
ok "$(printf 'Impostor.\n' | $P add --db s.db - --name sub/paper.md 2>/dev/null; echo $?)" 2 "any '/' in a name is refused"
printf 'Impostor.\n' | $P add -q --db s.db - --name paper.md
ok "$($P ask --db s.db paper.md how many words)" "The document has 1 word." "the stored name answers"
ok "$($P ask --db s.db ./paper.md how many words)" "The document has 298 words." "./paper.md reads the file"

# ---------------------------------------------------------------- terminal safety
# A document's control characters reach a terminal made visible (list's
# first and last lines, show --content), and a pipe as they are.
printf '\033]0;pwned\007Title \033[2J here.\nLast \302\233line.\n' > esc.txt
$P add -q --db t.db esc.txt
if command -v script > /dev/null 2>&1; then
    out=$(script -qec "$P list --db t.db; $P show --content --db t.db esc.txt" /dev/null | tr -d '\r')
    has "$out" 'First: "\u001b]0;pwned\u0007Title \u001b[2J here."' "list: escapes on a terminal"
    has "$out" 'Last: "Last \u009bline."' "list: C1 escaped"
    has "$out" 'Last \u009bline.' "show --content: escapes on a terminal"
    case "$out" in *"$(printf '\033')"*) ok ESC none "no ESC reached the terminal" ;; *) ok 1 1 "no ESC reached the terminal" ;; esac
fi
$P show --content --db t.db esc.txt | cmp -s - esc.txt; ok $? 0 "show --content into a pipe: byte for byte"

# ---------------------------------------------------------------- read-only store
# A store the user may read but not write: reading commands work, writing
# ones say so. As root (who may write anything) the readers run as nobody.
mkdir ro
$P add -q --db ro/s.db paper.md story.txt
printf '/aprov x' | $P failures --db ro/s.db log >/dev/null
sqlite3 ro/s.db "UPDATE documents SET profile = NULL, profile_version = NULL, analyzed_at = NULL WHERE name = 'story.txt'"
cp "$P" "$tmp/parlance"
chmod 444 ro/s.db; chmod 555 ro; chmod 755 "$tmp"
as_reader() {
    if [ "$(id -u)" = 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups "$tmp/parlance" "$@"
    else "$tmp/parlance" "$@"; fi
}
if [ "$(id -u)" != 0 ] || command -v setpriv >/dev/null 2>&1; then
    has "$(as_reader list --db ro/s.db 2>&1)" "- paper.md | 298 words" "read-only: list"
    has "$(as_reader list --json --db ro/s.db 2>&1)" '"name":"story.txt"' "read-only: list --json"
    has "$(as_reader show --db ro/s.db paper.md 2>&1)" '"wordCount": 298' "read-only: show"
    ok "$(as_reader show --content --db ro/s.db story.txt | cmp - story.txt && echo same)" same "read-only: show --content"
    ok "$(as_reader ask --db ro/s.db story.txt how many sentences 2>&1)" "$($P ask ./story.txt how many sentences)" "read-only: ask NAME (profile missing, not saved)"
    has "$(as_reader failures --db ro/s.db unknown-verbs 2>&1)" '"attempted":"aprov"' "read-only: failures query"
    err=$(as_reader add --db ro/s.db paper.md 2>&1); ok $? 1 "read-only: add fails"
    has "$err" "ro/s.db: no write access" "read-only: add says why"
    ok "$(ls -A ro)" "s.db" "read-only: nothing left beside the store"
    ok "$(sqlite3 ro/s.db 'SELECT profile_version IS NULL FROM documents WHERE name = "story.txt"')" 1 "read-only: nothing written"
else
    echo "t_store_hard: setpriv missing: the read-only store is not tested as root"
fi
chmod 755 ro; chmod 644 ro/s.db

# ---------------------------------------------------------------- writers wait
# A writer holding the lock for 7 s: the add waits its turn (it gave up
# after 5 s with "database is locked").
$P add -q --db w.db paper.md
(echo "BEGIN IMMEDIATE; INSERT INTO schema_migrations (component, version) VALUES ('t_store_hard', 1);"; sleep 7; echo 'COMMIT;') | sqlite3 w.db &
holder=$!
sleep 1
ok "$($P add --db w.db story.txt 2>&1; echo $?)" "added story.txt
0" "an add waits for a writer holding the lock"
wait $holder
ok "$(sqlite3 w.db 'SELECT count(*) FROM documents')" 2 "both writes kept"

# Sixteen adds at once on a database that does not exist yet, 25 times:
# each process wants to switch the new file to WAL, and SQLite answers
# the losers "database is locked" without waiting (7 rounds in 40 failed
# before open_rw retried the switch).
for k in $(seq 1 16); do echo "Fresh document $k. It has two sentences." > fresh$k.txt; done
refused=0 short=0
for r in $(seq 1 25); do
    rm -f f.db f.db-wal f.db-shm
    for k in $(seq 1 16); do $P add -q --db f.db fresh$k.txt 2> ferr$k & done
    wait
    [ -z "$(cat ferr*)" ] || refused=$((refused + 1))
    [ "$(sqlite3 f.db 'SELECT count(*) FROM documents')" = 16 ] || short=$((short + 1))
done
ok "$refused $short" "0 0" "16 adds at once on a new database, 25 rounds: none refused, none lost"

# Sixteen bulk adds at once, three large documents each: none refused.
awk 'BEGIN { for (l = 0; l < 25000; l++) printf "Line %d of the text has some words in it and goes on.%s", l, l % 5 == 4 ? "\n\n" : " " }' > big.txt
for k in $(seq 1 16); do
    mkdir c$k
    for i in 1 2 3; do { echo "Writer $k, document $i."; cat big.txt; } > c$k/w${k}_$i.txt; done
done
for k in $(seq 1 16); do $P add -q --db c.db c$k/*.txt 2> err$k & done
wait
ok "$(cat err* | head -3)" "" "16 concurrent adds: no errors"
ok "$(sqlite3 c.db 'SELECT count(*) FROM documents')" 48 "16 concurrent adds: every document stored"
ok "$(sqlite3 c.db 'PRAGMA integrity_check')" ok "16 concurrent adds: integrity_check"

echo "t_store_hard: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
