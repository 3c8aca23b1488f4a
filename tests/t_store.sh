#!/bin/sh
# SPDX-License-Identifier: MIT
# t_store: the document store end to end on real SQLite databases in a
# temporary directory: add / list / show / ask / rm / backfill, idempotent
# re-adds, replaced versions, MIME types, bad inputs (each refused with a
# message and the database unchanged, compared as a full .dump), a profile
# that fails, SIGKILL during a bulk add and a backfill, Ctrl-C, and the
# database's path, schema and WAL mode. STORE_BACKEND=pg runs the same on a
# PostgreSQL server (tests/store_backend.sh): the same commands, the same
# expected output; what only SQLite has (WAL, PRAGMAs, file paths, SIGKILL
# read with sqlite3) is checked on SQLite, and t_store_pg.sh has the
# server's faults.
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
S=$PWD/tests/samples
V=$(sed -n 's/^#define PARL_PROFILE_VERSION \([0-9]*\)$/\1/p' runtime/parlance.h)   # the current profile version
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$3" "$1" "$2"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); printf 'FAIL: %s\n  %s\n  lacks: %s\n' "$3" "$1" "$2" ;; esac; }
. tests/store_backend.sh
. tests/hide_lib.sh
T=t_store; [ "$B" = pg ] && T="t_store on PostgreSQL"
if store_skip; then echo "$T: skipped: $STORE_SKIP"; echo "$T: 0 passed, 0 failed"; exit 0; fi
q() { store_sql "$db" "$1"; }
jget() { sqlite3 :memory: "SELECT json_extract(readfile('$1'), '\$.$2')"; }
if ! command -v sqlite3 >/dev/null 2>&1; then echo "$T: sqlite3 is missing (make deps installs it)"; echo "$T: 0 passed, 1 failed"; exit 1; fi

db=$(on_sqlite && echo "$tmp/store/docs.db" || store_db docs)
export PARLANCE_DB=$db   # every command below uses this store unless --db says otherwise
cp "$S/paper.md" "$S/note.txt" "$S/story.txt" "$S/report.md" "$tmp/"
cd "$tmp" || exit 1

# ---------------------------------------------------------------- add, list, show
ok "$($P add paper.md note.txt story.txt 2>&1)" "added paper.md
added note.txt
added story.txt
parlance add: 3 added, 0 replaced, 0 unchanged, 0 failed" "add three files"
if on_sqlite; then
    ok "$(q 'PRAGMA journal_mode;')" wal "WAL mode"
    ok "$(q 'PRAGMA integrity_check;')" ok "integrity"
else
    ok "$(q "SELECT count(*) FROM documents WHERE profile_jsonb->>'wordCount' = word_count::text")" 3 "profiles as JSONB, counts beside"
fi
ok "$(q "SELECT component || ':' || version FROM schema_migrations ORDER BY 1;")" "documents:1" "schema version recorded"
ok "$(q "SELECT name, mime, byte_size FROM documents ORDER BY name;")" "note.txt|text/plain|317
paper.md|text/markdown|1797
story.txt|text/plain|720" "name, MIME type, size"

# SHA-256 as sha256sum computes it.
ok "$(q "SELECT sha256 || '  ' || name FROM documents ORDER BY name;")" "$(sha256sum note.txt paper.md story.txt)" "sha256 = sha256sum"

# list: the seed's provider lines, from each stored profile.
expect=""
for f in note.txt paper.md story.txt; do
    $P profile --no-sentences "$f" > "$f.json"
    expect="$expect$(printf -- '- %s | %s words, %s paragraphs, %s sentences, %s lines\n  First: "%s"\n  Last: "%s"' \
        "$f" "$(jget "$f.json" wordCount)" "$(jget "$f.json" paragraphCount)" "$(jget "$f.json" sentenceCount)" \
        "$(jget "$f.json" nonEmptyLineCount)" "$(jget "$f.json" firstLine)" "$(jget "$f.json" lastLine)")
"
done
ok "$($P list)
" "$expect" "list in the provider format"
ok "$($P list | head -3)" '- note.txt | 56 words, 5 paragraphs, 10 sentences, 7 lines
  First: "SHOPPING AND ERRANDS"
  Last: "Book the car in for its service. Renew the library card."' "list, literally"
$P list --json > list.json
ok "$(sqlite3 :memory: "SELECT json_valid(readfile('list.json')), json_array_length(readfile('list.json')),
    json_extract(readfile('list.json'), '\$[1].name'), json_extract(readfile('list.json'), '\$[1].profile.wordCount'),
    json_extract(readfile('list.json'), '\$[1].olderVersions'), json_extract(readfile('list.json'), '\$[1].mime')")" \
   "1|3|paper.md|298|0|text/markdown" "list --json"

# show: the profile computed at ingest = `profile --no-sentences` at that time.
$P show paper.md > shown.json
at=$(jget shown.json analyzedAt)
ok "$($P profile --no-sentences --at "$at" paper.md | cmp - shown.json && echo same)" same "show = profile at ingest"
ok "$($P show --content paper.md | cmp - paper.md && echo same)" same "show --content is the content, byte for byte"
ok "$(q "SELECT count(*) FROM documents WHERE word_count || '' = $(jx profile wordCount)
    AND line_count || '' = $(jx profile nonEmptyLineCount) AND first_line = $(jx profile firstLine)
    AND profile_version || '' = $(jx profile profileVersion) AND analyzed_at = $(jx profile analyzedAt);")" \
   3 "list columns agree with the stored profile JSON"
$P show nothere > /dev/null 2> err; ok "$?|$(cat err)" "1|parlance: no document named 'nothere' in $db" "show: unknown name"

# ---------------------------------------------------------------- re-add, replace, versions
dump=$(store_dump "$db")
ok "$($P add paper.md note.txt story.txt 2>&1)" "unchanged paper.md
unchanged note.txt
unchanged story.txt
parlance add: 0 added, 0 replaced, 3 unchanged, 0 failed" "re-add: unchanged"
ok "$(store_dump "$db")" "$dump" "re-add changes nothing (full dump equal)"

old_sha=$(sha256sum note.txt | cut -c1-64)
printf 'A new last line.\n' >> note.txt
ok "$($P add note.txt)" "replaced note.txt (previous version kept)" "changed content replaces"
ok "$(q "SELECT v.sha256 FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE d.name = 'note.txt';")" \
   "$old_sha" "old version kept"
ok "$(q "SELECT sha256 FROM documents WHERE name = 'note.txt';")" "$(sha256sum note.txt | cut -c1-64)" "new content current"
has "$($P list)" 'Last: "A new last line."' "list shows the new profile"
cp "$S/note.txt" note.txt
ok "$($P add note.txt)" "replaced note.txt (previous version kept)" "old content again: replaced again"
ok "$(q "SELECT count(*) FROM document_versions;")" 2 "two old versions"
ok "$($P list --json | grep -c '"name":"note.txt".*"olderVersions":2')" 1 "list --json counts old versions"

# Same content under another name: a document of its own.
ok "$($P add --name notes-copy note.txt)" "added notes-copy" "same content, another name"
ok "$(q "SELECT count(DISTINCT name) FROM documents WHERE sha256 = '$old_sha';")" 2 "both stored"
printf 'Piped text. Two sentences.\n' | $P add - --name piped > out; ok "$?|$(cat out)" "0|added piped" "stdin with --name"

# ---------------------------------------------------------------- MIME types
mkdir mime && cd mime || exit 1
printf '<!DOCTYPE html>\n<html><body><p>Hello.</p></body></html>\n' > page.html
cp page.html page; cp page.html page.txt
printf 'Intro\n\n## Usage\n\nRun it.\n' > readme
printf 'Just words.\n' > plain
printf '```\ncode\n```\n' > fenced
printf '# Title\n' > title.MD
$P add -q page.html page page.txt readme plain fenced title.MD 2>/dev/null
ok "$(q "SELECT name || ' ' || mime FROM documents WHERE name IN ('page.html','page','page.txt','readme','plain','fenced','title.MD') ORDER BY name;")" \
   "fenced text/markdown
page text/html
page.html text/html
page.txt text/plain
plain text/plain
readme text/markdown
title.MD text/markdown" "MIME by extension, else by sniffing"
cd .. || exit 1

# ---------------------------------------------------------------- bad inputs
mkdir adir
: > empty.txt
printf 'caf\351 au lait\n' > latin1.txt
printf 'ok\nline two \377\n' > bad2.txt
head -c 4096 /dev/urandom > random.bin; printf '\000' >> random.bin
printf 'text\000more\n' > nul.txt
printf '%%PDF-1.7\n' > doc.pdf
printf '\001\002\003\004\005\006\007\010 x \016\017\020\021\022\023\024\025\026\027\030\031' > ctl.txt
dump=$(store_dump "$db")
bad() { # bad EXPECTED_STATUS EXPECTED_MESSAGE ARGS...: refused, message, store unchanged
    st=$1 msg=$2; shift 2
    $P add "$@" > out 2> err; ok "$?" "$st" "add $*: status"
    has "$(cat err)" "$msg" "add $*: message"
    ok "$(store_dump "$db")" "$dump" "add $*: store unchanged"
}
bad 1 "parlance: missing.txt: No such file or directory" missing.txt
bad 1 "parlance: adir: is a directory" adir
bad 1 "parlance: empty.txt: is empty; there is nothing to store" empty.txt
bad 1 "parlance: latin1.txt: is not valid UTF-8 (byte 0xE9 at offset 3, line 1); convert it first" latin1.txt
bad 1 "is not valid UTF-8 (byte 0xFF at offset 12, line 2)" bad2.txt
bad 1 "parlance: random.bin: is binary" random.bin
bad 1 "parlance: nul.txt: is binary (a NUL byte at offset 4)" nul.txt
bad 1 "parlance: doc.pdf: is a PDF document, not text" doc.pdf
bad 1 "parlance: ctl.txt: is binary (20 control bytes in its first 23)" ctl.txt
bad 2 "a document from stdin needs a name: --name NAME" -
bad 2 "--name goes with exactly one FILE" --name x paper.md note.txt
bad 2 "a document name cannot contain control characters" --name "$(printf 'two\nlines')" paper.md
bad 2 "a document name cannot be empty" --name "" paper.md
mkdir d1 d2; echo one > d1/same.txt; echo two > d2/same.txt
bad 2 "d1/same.txt and d2/same.txt would both be stored as 'same.txt'" d1/same.txt d2/same.txt
bad 2 "unknown option '--frobnicate'" --frobnicate paper.md
bad 2 "parlance add: takes FILE..." 
# One bad file in a batch: the others are stored, the status says something failed.
cp "$S/report.md" good.md
$P add good.md empty.txt > out 2> err; ok "$?|$(cat out)" "1|added good.md" "batch with a bad file"
has "$(cat err)" "1 added, 0 replaced, 0 unchanged, 1 failed" "batch summary"

# ---------------------------------------------------------------- ask NAME
for query in "how many words" "last two sentences" "paragraph 3" "every mention of tables" "line 5"; do
    ok "$($P ask paper.md "$query")" "$($P ask "$S/paper.md" "$query")" "ask NAME = ask FILE: $query"
done
ok "$($P ask --json piped last sentence)" \
   '{"intent":{"mode":"last_n","unit":"sentence","count":1},"answer":"Last sentence (sentence 2, line 1): \"Two sentences.\"","spans":[{"start":12,"end":26,"line":1}]}' \
   "ask --json on a stored document"
# A stored name wins over a file of that name; ./NAME is the file.
printf 'The file on disk. Not the stored one.\n' > piped
ok "$($P ask piped last sentence)" 'Last sentence (sentence 2, line 1): "Two sentences."' "the stored document wins"
ok "$($P ask ./piped last sentence)" 'Last sentence (sentence 2, line 1): "Not the stored one."' "./NAME reads the file"
$P ask nowhere last line > /dev/null 2> err; ok "$?|$(cat err)" "1|parlance: 'nowhere' is neither a document in the store ($db) nor a file" "ask: neither"
ok "$($P ask --db "$tmp/none.db" "$S/note.txt" last line)" "$($P ask "$S/note.txt" last line)" "ask FILE with no store"
[ ! -e "$tmp/none.db" ]; ok $? 0 "ask does not create a store"

# ---------------------------------------------------------------- profiles missing or old
# A profile that fails: 200,000 one-line paragraphs make a 38 MB profile, which
# cannot be built within a 50 MB address space; storing the 1.6 MB document can.
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "Go on.\n\n" }' > paras.txt
(ulimit -v 50000; $P add paras.txt > out 2> err); ok "$?|$(cat out)" "0|added paras.txt (no profile)" "profile failure is not fatal"
has "$(cat err)" "parlance: warning: paras.txt: profiling failed (out of memory); stored without a profile" "profile failure: warning"
ok "$(q "SELECT byte_size, CASE WHEN sha256 = '$(sha256sum paras.txt | cut -c1-64)' THEN 1 END, CASE WHEN profile IS NULL THEN 1 END FROM documents WHERE name = 'paras.txt';")" \
   "1600000|1|1" "stored whole, without a profile"
has "$($P list)" "- paras.txt (1563KB, no profile available)" "list: no profile"
$P show paras.txt > /dev/null 2> err; ok "$?" 1 "show: no profile yet"
has "$(cat err)" "paras.txt has no profile yet; \`parlance backfill\` computes it" "show: says how to get one"
# An older profileVersion, as a future version of parlance would see today's.
if on_sqlite; then q "UPDATE documents SET profile_version = 0, profile = json_set(profile, '\$.profileVersion', 0) WHERE name IN ('story.txt', 'good.md');"
else q "UPDATE documents SET profile_version = 0, profile = jsonb_set(profile::jsonb, '{profileVersion}', '0')::text WHERE name IN ('story.txt', 'good.md');" >/dev/null; fi
ok "$($P ask story.txt how many sentences)" "$($P ask "$S/story.txt" how many sentences)" "ask NAME with an old profile"
ok "$(q "SELECT profile_version, $(jx profile profileVersion) FROM documents WHERE name = 'story.txt';")" "$V|$V" "ask saved a current profile"
$P backfill > out 2> err; ok "$?|$(cat err)" "0|backfill: 2 profiled, 0 failed, 0 skipped" "backfill: missing and old profiles"
ok "$(q "SELECT count(*) FROM documents WHERE profile_version IS NULL OR profile_version != $V OR $(jx profile profileVersion) IS NULL;")" 0 "every profile current"
ok "$(q "SELECT paragraph_count, $(jx profile paragraphCount) FROM documents WHERE name = 'paras.txt';")" "200000|200000" "backfill: the large profile"
$P backfill > out 2> err; ok "$?|$(cat err)" "0|backfill: nothing to do; every profile is at version $V" "backfill rerun: nothing to do"

# ---------------------------------------------------------------- rm
dump=$(store_dump "$db")
$P rm note.txt nothere > out 2> err; ok "$?|$(cat out)" "1|" "rm with an unknown name"
has "$(cat err)" "no document named 'nothere'" "rm: names it"
ok "$(store_dump "$db")" "$dump" "rm: all or nothing"
ok "$($P rm note.txt piped)" "removed note.txt and 2 older versions
removed piped" "rm"
ok "$(q "SELECT count(*) FROM documents WHERE name IN ('note.txt', 'piped');")|$(q "SELECT count(*) FROM document_versions;")" "0|0" "rm removes the old versions too"
$P show note.txt > /dev/null 2>&1; ok $? 1 "removed: gone"

# ---------------------------------------------------------------- export, import
# The whole store as JSON lines into a fresh one: exported again, the same
# bytes (t_store_pg.sh moves stores between the backends).
printf 'Tab\there, a bell \007, DEL \177, \342\200\250 and \360\237\230\200 "quoted" \\ back\n\nEnd.\n' > odd.txt
$P add -q odd.txt
$P export > exported.jsonl; ok "$?|$(head -1 exported.jsonl)" '0|{"format":"parlance-store","version":1}' "export"
ok "$(grep -c '"table":"documents"' exported.jsonl)|$(grep -c '"table":"document_versions"' exported.jsonl)" \
   "$(q 'SELECT count(*) FROM documents')|$(q 'SELECT count(*) FROM document_versions')" "export: every document and old version"
db2=$(store_db imported)
$P import --db "$db2" < exported.jsonl; ok $? 0 "import into a new store"
ok "$($P export --db "$db2" | cmp - exported.jsonl && echo same)" same "export | import | export: byte for byte"
ok "$($P show --content --db "$db2" odd.txt | cmp - odd.txt && echo same)" same "imported content byte for byte"
ok "$($P list --db "$db2")" "$($P list)" "imported list = original list"
$P import --db "$db2" < exported.jsonl 2> err; ok "$?|$(cat err)" "1|parlance import: the target already has documents; import into an empty store" "import into a store with documents: refused"
db3=$(store_db broken)
{ head -3 exported.jsonl; echo '{"table":"documents","id":"x"}'; } | $P import --db "$db3" 2> err
ok "$?|$(cat err)" '1|parlance import: line 4, byte 27: an integer expected' "a bad line: where and why"
ok "$($P list --db "$db3" 2>&1)" "" "a bad line: nothing imported"
echo '{"format":"something-else"}' | $P import --db "$db3" 2> err
ok "$?|$(cat err)" "1|parlance import: line 1, byte 1: not a parlance export (its first line names the format)" "not an export: refused"

# ---------------------------------------------------------------- one database file
printf '/aprov x\n' | $P failures log --agent a --model m > /dev/null
ok "$(q "SELECT component || ':' || version FROM schema_migrations ORDER BY 1;")" "documents:1
parse_failures:1" "the failure log shares the database file"
ok "$(q 'SELECT count(*) FROM parse_failures;')" 1 "failure recorded beside the documents"
on_sqlite || { echo "$T: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }
ok "$($P list --db "$tmp/absent.db" 2>&1; echo "$?")" "parlance: no documents yet ($tmp/absent.db does not exist)
0" "list: no store yet"
[ ! -e "$tmp/absent.db" ]; ok $? 0 "list creates no store"
env -u PARLANCE_DB XDG_DATA_HOME="$tmp/xdg" $P add -q paper.md && [ -f "$tmp/xdg/parlance/parlance.db" ]; ok $? 0 "XDG_DATA_HOME"
ok "$(env -u PARLANCE_DB XDG_DATA_HOME="$tmp/xdg" $P list | head -1)" "- paper.md | 298 words, 16 paragraphs, 33 sentences, 34 lines" "XDG store listed"
$P add --db "$tmp/other.db" -q story.txt && ok "$($P list --db "$tmp/other.db" | head -1 | cut -c1-12)" "- story.txt " "--db wins over PARLANCE_DB"

# ---------------------------------------------------------------- SIGKILL during a bulk add
# One transaction per file: a kill loses at most the file in flight. Every
# document the store lists must be complete, and rerunning finishes the rest.
mkdir bulk
awk 'BEGIN { for (i = 0; i < 4000; i++) printf "Document %d.\n\nIt has two paragraphs. Number %d of the bulk set.\n", i, i > ("bulk/doc" i ".txt") }'
kdb=$tmp/kill.db
killed_add() { # starts a bulk add, kills it with SIGKILL once N documents are in
    $P add -q --db "$kdb" bulk/*.txt 2>/dev/null & pid=$!
    n=0 tries=0
    while [ "$n" -lt "$1" ] && [ $tries -lt 3000 ]; do
        n=$(sqlite3 "$kdb" 'SELECT count(*) FROM documents;' 2>/dev/null || echo 0); n=${n:-0}; tries=$((tries + 1))
    done
    kill -9 $pid 2>/dev/null; { wait $pid; } 2>/dev/null; echo $?
}
st=$(killed_add 300)
ok "$st" 137 "bulk add killed by SIGKILL"
n1=$(sqlite3 "$kdb" 'SELECT count(*) FROM documents;')
[ "$n1" -ge 300 ] && [ "$n1" -lt 4000 ]; ok $? 0 "killed part-way ($n1 of 4000 stored)"
ok "$(sqlite3 "$kdb" 'PRAGMA integrity_check;')" ok "after SIGKILL: integrity_check"
check_complete() { # every stored document equals its file, with a valid profile
    (cd bulk && sha256sum *.txt) | sort > want.sums
    sqlite3 "$kdb" "SELECT sha256 || '  ' || name FROM documents;" | sort > got.sums
    ok "$(comm -13 want.sums got.sums | wc -l | tr -d ' ')" 0 "$1: every stored SHA-256 is its file's"
    rm -rf dumped; mkdir dumped
    sqlite3 "$kdb" "SELECT writefile('dumped/' || name, content) FROM documents;" > /dev/null
    bad=0; for f in dumped/*; do cmp -s "$f" "bulk/${f#dumped/}" || bad=$((bad + 1)); done
    ok "$bad|$(ls dumped | wc -l | tr -d ' ')" "0|$(sqlite3 "$kdb" 'SELECT count(*) FROM documents;')" "$1: every stored content equals its file"
    ok "$(sqlite3 "$kdb" "SELECT count(*) FROM documents WHERE profile IS NULL OR NOT json_valid(profile) OR byte_size != length(CAST(content AS BLOB)) OR json_extract(profile, '\$.byteCount') != byte_size;")" \
       0 "$1: every profile whole and of its content"
}
check_complete "after SIGKILL"
st=$(killed_add $((n1 + 300)))
n2=$(sqlite3 "$kdb" 'SELECT count(*) FROM documents;')
[ "$st" = 137 ] && [ "$n2" -gt "$n1" ] && [ "$n2" -lt 4000 ]; ok $? 0 "second SIGKILL part-way ($n2 of 4000)"
ok "$(sqlite3 "$kdb" 'PRAGMA integrity_check;')" ok "after the second SIGKILL: integrity_check"
$P add --db "$kdb" bulk/*.txt > out 2> err; ok "$?" 0 "rerun finishes"
ok "$(grep -c '^added ' out)|$(grep -c '^unchanged ' out)" "$((4000 - n2))|$n2" "rerun adds the rest, keeps the stored"
check_complete "after the rerun"
ok "$(sqlite3 "$kdb" 'SELECT count(*) FROM documents;')" 4000 "all 4000 stored"

# ---------------------------------------------------------------- interrupting backfill
stale() { sqlite3 "$kdb" "UPDATE documents SET profile_version = 0, profile = json_set(profile, '\$.profileVersion', 0);"; }
stale
$P backfill --db "$kdb" > /dev/null 2> err; ok "$?" 0 "backfill of 4000"
has "$(cat err)" "backfill: 1000/4000
backfill: 2000/4000
backfill: 3000/4000
backfill: 4000 profiled, 0 failed, 0 skipped" "backfill: progress lines in a log"
stale
interrupted() { # SIG N: backfill, sent SIG once N profiles are current; prints its status
    $P backfill --db "$kdb" 2> err & pid=$!
    n=0 tries=0
    while [ "$n" -lt "$2" ] && [ $tries -lt 3000 ]; do
        n=$(sqlite3 "$kdb" "SELECT count(*) FROM documents WHERE profile_version = $V;" 2>/dev/null || echo 0); n=${n:-0}; tries=$((tries + 1))
    done
    kill -"$1" $pid 2>/dev/null; { wait $pid; } 2>/dev/null; echo $?
}
# (TERM: a background job of a script ignores INT, and so does parlance then;
# both are handled alike.)
st=$(interrupted TERM 200)
done1=$(sqlite3 "$kdb" "SELECT count(*) FROM documents WHERE profile_version = $V;")
ok "$st" 143 "backfill: TERM exits 128+15"
has "$(cat err)" "backfill: interrupted after $done1 of 4000; run it again to finish" "backfill: stopping says how far it got"
[ "$done1" -lt 4000 ]; ok $? 0 "backfill: interrupted part-way ($done1)"
st=$(interrupted KILL $((done1 + 200)))
ok "$st" 137 "backfill: SIGKILL"
done2=$(sqlite3 "$kdb" "SELECT count(*) FROM documents WHERE profile_version = $V;")
[ "$done2" -ge $((done1 + 200)) ] && [ "$done2" -lt 4000 ]; ok $? 0 "backfill: killed part-way ($done2)"
ok "$(sqlite3 "$kdb" 'PRAGMA integrity_check;')" ok "backfill after SIGKILL: integrity_check"
left=$(sqlite3 "$kdb" 'SELECT count(*) FROM documents WHERE profile_version = 0;')
$P backfill --db "$kdb" > /dev/null 2> err; ok "$?" 0 "backfill rerun"
has "$(cat err)" "backfill: $left profiled, 0 failed, 0 skipped" "backfill rerun does the rest"
check_complete "after backfills"
ok "$($P backfill --db "$kdb" 2>&1)" "backfill: nothing to do; every profile is at version $V" "then nothing to do"

# libsqlite3 is opened when a store command needs it, not linked: hidden
# (bind-mounted over with /dev/null in a mount namespace of its own), a
# store command says so and fails, and split still runs
if on_sqlite; then
    ok "$(ldd "$P" | grep -c sqlite)" 0 "the CLI does not link libsqlite3"
    out=$(without_lib libsqlite3.so.0 "'$P' add --db '$tmp/nolib.db' paper.md; echo \"rc=\$?\"; '$P' split note.txt | wc -l")
    if [ $? -ne 2 ]; then
        has "$out" "parlance: SQLite: libsqlite3.so.0 is not installed" "without libsqlite3: add says so"
        has "$out" "rc=1" "without libsqlite3: add exits 1"
        ok "$(echo "$out" | tail -1)" "$($P split note.txt | wc -l)" "without libsqlite3: split still runs"
        [ ! -e "$tmp/nolib.db" ]; ok $? 0 "without libsqlite3: no database file made"
    else
        echo "$T: the run without libsqlite3 is skipped (no unshare -m here)"
    fi
fi

echo "$T: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
