#!/bin/sh
# SPDX-License-Identifier: MIT
# Golden answers: every mode of `parlance ask` on the sample documents
# (tests/golden/ask.cases) against tests/golden/ask.golden; plus the stdin
# mode, an empty and a binary document, and control characters on a terminal. `--regen` rewrites the golden file
# (then read it: each answer must be checked by eye before committing).
cd "$(dirname "$0")/.." || exit 1
bin=build/parlance
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Files only: a stored document of the same name would win (t_store tests that).
export PARLANCE_DB="$tmp/no-store.db"
ok() { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# One block per case: "=== SAMPLE FLAGS: QUERY" then the answer.
run_case() {
    printf '=== %s %s: %s\n' "$1" "$2" "$3"
    if [ "$2" = "-" ]; then $bin ask "tests/samples/$1" "$3"
    else $bin ask "$2" "tests/samples/$1" "$3"; fi
    echo "(exit $?)"
}
tab=$(printf '\t')
grep -v '^#' tests/golden/ask.cases | while IFS="$tab" read -r s f q; do
    run_case "$s" "$f" "$q"
done > "$tmp/all"
if [ "$1" = "--regen" ]; then cp "$tmp/all" tests/golden/ask.golden; echo "t_ask: regenerated"; exit 0; fi

# Compare block by block so that each case counts on its own.
awk -v dir="$tmp" '/^=== /{n++} {f = sprintf("%s/a%04d", dir, n); print >> f; close(f)}' "$tmp/all"
awk -v dir="$tmp" '/^=== /{n++} {f = sprintf("%s/g%04d", dir, n); print >> f; close(f)}' tests/golden/ask.golden
for a in "$tmp"/a[0-9]*; do
    g="$tmp/g${a##*/a}"
    if [ -f "$g" ] && cmp -s "$a" "$g"; then ok; else bad "$(head -1 "$a")"; diff "$g" "$a" | head -10; fi
done
[ "$(ls "$tmp"/g[0-9]* | wc -l)" -eq "$(ls "$tmp"/a[0-9]* | wc -l)" ] && ok || bad "case count differs from golden"

# Requests on stdin, one per line: the same answers as one by one.
printf 'last line\nparagraph 0\n\nhow many words\n' | $bin ask tests/samples/paper.md > "$tmp/batch"
{ $bin ask tests/samples/paper.md last line; echo
  $bin ask tests/samples/paper.md paragraph 0; echo
  $bin ask tests/samples/paper.md how many words; echo; } > "$tmp/single"
cmp -s "$tmp/batch" "$tmp/single" && ok || bad "stdin requests differ from single ones"
# The document from stdin.
$bin ask - last line < tests/samples/paper.md > "$tmp/o" && grep -q '^Last line (line 49)' "$tmp/o" && ok || bad "ask - (stdin document)"
# JSON spans point at the quoted bytes.
$bin ask --json tests/samples/paper.md "line 5" > "$tmp/j"
start=$(sed 's/.*"start":\([0-9]*\).*/\1/' "$tmp/j"); end=$(sed 's/.*"end":\([0-9]*\).*/\1/' "$tmp/j")
[ "$(head -5 tests/samples/paper.md | tail -1)" = "$(dd if=tests/samples/paper.md bs=1 skip="$start" count=$((end - start)) 2>/dev/null)" ] && ok || bad "json span of line 5"
# Empty and binary documents: clear answers, never a crash.
: > "$tmp/empty"
[ "$($bin ask "$tmp/empty" last line)" = "The document is empty." ] && ok || bad "empty document"
$bin ask "$tmp/empty" how many words | grep -q '^The document has 0 words\.$' && ok || bad "empty stats"
head -c 20000 /dev/urandom > "$tmp/bin"; printf 'a\0b\n\0\0\377' >> "$tmp/bin"
# A binary document is refused as `add` refuses it (the same check): it
# printed raw bytes and NULs to the terminal.
$bin ask "$tmp/bin" last line > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc -eq 1 ] && [ ! -s "$tmp/o" ] && ok || bad "binary document: exit $rc, $(wc -c < "$tmp/o") bytes out"
grep -q "bin: is binary (.*); only text documents can be asked about" "$tmp/e" && ok ||
    bad "binary message: $(cat "$tmp/e")"
$bin ask - last line < "$tmp/bin" > /dev/null 2> "$tmp/e"; [ $? -eq 1 ] && grep -q '^parlance: stdin: is binary' "$tmp/e" && ok ||
    bad "binary stdin: $(cat "$tmp/e")"
# Text in another encoding is refused as `add` refuses it: it was answered
# from the bytes (a Latin-1 word split at its accent).
printf 'caf\351 ok.\n' > "$tmp/latin1"
$bin ask "$tmp/latin1" how many words > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc -eq 1 ] && [ ! -s "$tmp/o" ] && grep -q "latin1: is not valid UTF-8 (byte 0xE9 at offset 3, line 1); convert it first" "$tmp/e" &&
    ok || bad "latin1 document: exit $rc, $(cat "$tmp/o" "$tmp/e")"
$bin ask "$bin" last line 2>&1 | grep -q "is an executable, not text; only text documents can be asked about" && ok ||
    bad "an executable"

# Control characters of a document are made visible on a terminal (script(1)
# gives the command one), and go through as they are into a pipe.
printf 'Hello \033[31mred\033[0m world. Bell\007 and C1 \302\233x here.\n' > "$tmp/esc.txt"
$bin ask "$tmp/esc.txt" first sentence | grep -q "$(printf '\033')" && ok || bad "escape bytes kept in a pipe"
if command -v script > /dev/null 2>&1; then
    script -qec "$bin ask $tmp/esc.txt the full document" /dev/null > "$tmp/tty" 2>&1
    grep -q 'Hello \\u001b\[31mred\\u001b\[0m world. Bell\\u0007 and C1 \\u009bx here.' "$tmp/tty" && ok ||
        bad "terminal escapes: $(cat -v "$tmp/tty")"
    grep -q "$(printf '\033')" "$tmp/tty" && bad "an ESC reached the terminal" || ok
fi
echo "t_ask: $pass passed, $fail failed"
[ $fail -eq 0 ]
