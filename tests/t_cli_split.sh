#!/bin/sh
# SPDX-License-Identifier: MIT
# t_cli_split.sh: the split and profile commands end to end: output formats,
# stdin, odd bytes, exit codes, and bounded memory on a large stream and file.
cd "$(dirname "$0")/.." || exit 1
P=build/parlance
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "t_cli_split: FAIL: $*" >&2; }
check() { # check NAME GOT WANT
    if [ "$2" = "$3" ]; then ok; else no "$1: got [$2], want [$3]"; fi
}
tmp=${TMPDIR:-/tmp}/t_cli_split.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT INT TERM

printf 'Hello World. My name is Jonas.\r\n\r\n# Title\nIt costs $4.50 today. Mr. Smith\n  agreed.\n' > "$tmp/a.txt"

# text: one sentence per line, line breaks inside a sentence become a space
check "text" "$($P split "$tmp/a.txt")" "Hello World.
My name is Jonas.
# Title
It costs \$4.50 today.
Mr. Smith agreed."
check "stdin" "$($P split - < "$tmp/a.txt" | wc -l | tr -d ' ')" "5"
check "stdin default" "$($P split < "$tmp/a.txt" | wc -l | tr -d ' ')" "5"

# --json: one array of strings
check "json" "$($P split --json "$tmp/a.txt" | tr -d '\n')" \
    '[  "Hello World.",  "My name is Jonas.",  "# Title",  "It costs $4.50 today.",  "Mr. Smith\n  agreed."]'
check "json empty" "$(printf '' | $P split --json)" "[]"

# --jsonl: one object per sentence
check "jsonl" "$($P split --jsonl "$tmp/a.txt" | sed -n 5p)" \
    '{"index":5,"start":64,"end":83,"charStart":64,"charEnd":83,"line":4,"endLine":5,"paragraph":2,"kind":"text","text":"Mr. Smith\n  agreed."}'
check "jsonl heading" "$($P split --jsonl "$tmp/a.txt" | sed -n 3p | jq -r .kind 2>/dev/null || echo heading)" "heading"

# character offsets next to byte offsets, also across stream windows
printf 'Caf\303\251 ok.   \n\n  Na\303\257ve \342\200\224 yes.' > "$tmp/u.txt"
check "char offsets" "$($P split --jsonl "$tmp/u.txt" | sed -e 's/"line".*//' | tr -d '\n')" \
    '{"index":1,"start":0,"end":9,"charStart":0,"charEnd":8,{"index":2,"start":16,"end":31,"charStart":15,"charEnd":27,'
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "Caf\303\251 \342\200\224 d\303\251j\303\240 vu.   \n\n" }' > "$tmp/u2.txt"
check "char offsets far" "$($P split --jsonl "$tmp/u2.txt" | tail -1 | sed -e 's/,"line".*//')" \
    '{"index":200000,"start":4999975,"end":4999995,"charStart":3999980,"charEnd":3999995'

# profile: the seed's fields, a fixed analyzedAt for reproducibility
prof=$($P profile --at 2024-01-02T03:04:05.000Z "$tmp/a.txt")
for f in charCount wordCount lineCount nonEmptyLineCount paragraphCount sentenceCount \
         paragraphs firstLine lastLine firstSentence lastSentence hasHeadings hasCodeBlocks \
         hasList hasBlockQuotes language profileVersion analyzedAt avgWordsPerSentence \
         avgSentencesPerParagraph sentences; do
    case "$prof" in *"\"$f\":"*) ok ;; *) no "profile lacks $f" ;; esac
done
field() { printf '%s\n' "$prof" | grep "^  \"$1\":" | sed -e 's/^[^:]*: //' -e 's/,$//'; }
check "charCount" "$(field charCount)" "84"
check "wordCount" "$(field wordCount)" "15"
check "lineCount" "$(field lineCount)" "5"
check "nonEmptyLineCount" "$(field nonEmptyLineCount)" "4"
check "paragraphCount" "$(field paragraphCount)" "2"
check "sentenceCount" "$(field sentenceCount)" "5"
check "firstLine" "$(field firstLine)" '"Hello World. My name is Jonas."'
check "lastSentence" "$(field lastSentence)" '"Mr. Smith\n  agreed."'
check "avgWordsPerSentence" "$(field avgWordsPerSentence)" "3.00"
check "avgSentencesPerParagraph" "$(field avgSentencesPerParagraph)" "2.50"
check "profile time" "$(printf '%s\n' "$prof" | grep analyzedAt | tr -d ' ')" '"analyzedAt":"2024-01-02T03:04:05.000Z",'
check "profile heading" "$(printf '%s\n' "$prof" | grep hasHeadings | tr -d ' ')" '"hasHeadings":true,'
if command -v jq >/dev/null 2>&1; then
    check "profile json" "$(printf '%s\n' "$prof" | jq -c '[.paragraphs[1].startLine, .paragraphs[1].endLine, .sentences[4].start, .sentences[4].end]')" "[3,5,64,83]"
    check "profile now" "$($P profile "$tmp/a.txt" | jq -r '.analyzedAt' | cut -c1-2)" "20"
fi

# odd bytes: never crash, report on stderr and in the profile
printf 'Bad \377 byte. NUL\000here. Fine.' > "$tmp/bad.txt"
out=$($P split "$tmp/bad.txt" 2>"$tmp/err"); st=$?
check "bad status" "$st" "0"
check "bad lines" "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" "3"
check "bad warning" "$(cat "$tmp/err")" "parlance: warning: $tmp/bad.txt: 1 invalid UTF-8 byte(s), 1 NUL byte(s)"
check "bad json" "$($P split --json "$tmp/bad.txt" 2>/dev/null | sed -n 2p)" '  "Bad \ufffd byte.",'
check "bad profile" "$($P profile "$tmp/bad.txt" 2>/dev/null | grep -E 'invalidUtf8Bytes|nulBytes' | tr -d ' \n')" \
    '"invalidUtf8Bytes":1,"nulBytes":1,'

# errors
$P split "$tmp/missing.txt" >/dev/null 2>&1; check "missing file" "$?" "1"
$P split --bogus >/dev/null 2>&1; check "bad option" "$?" "2"
$P profile "$tmp" >/dev/null 2>&1; check "directory" "$?" "1"

# a named pipe (and so bash's <(...), a /dev/fd path) is read once, as a
# stream (split) or spooled (profile): it used to be "not a regular file"
if mkfifo "$tmp/fifo" 2>/dev/null; then
    awk 'BEGIN { for (i = 0; i < 120000; i++) printf "Line %d of it.\tMr. X said\n  so. ", i }' > "$tmp/big6.txt"
    for c in split "split --jsonl" profile; do
        for f in a.txt big6.txt; do
            want=$($P $c "$tmp/$f" | grep -v analyzedAt | cksum)
            cat "$tmp/$f" > "$tmp/fifo" &
            got=$($P $c "$tmp/fifo" | grep -v analyzedAt | cksum)
            wait
            check "fifo: $c $f" "$got" "$want"
        done
    done
    rm -f "$tmp/big6.txt"
fi

# bounded memory: 120 MB through a pipe with the address space capped at
# 96 MB; reading it whole would fail
n=$( (ulimit -v 98304; awk 'BEGIN { s = "The quick brown fox jumps over the lazy dog. Dr. Who said so.\n";
        for (i = 0; i < 2000000; i++) printf "%s", s }' | $P split | wc -l) 2>/dev/null | tr -d ' ')
check "stream 120 MB in 96 MB" "$n" "4000000"

# through a pipe, a sentence longer than the window is cut with a warning,
# nothing lost; a file is mapped and split whole
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "word "; printf "end.\n" }' > "$tmp/long.txt"
pieces=$(cat "$tmp/long.txt" | $P split 2>"$tmp/err" | wc -l | tr -d ' ')
words=$(cat "$tmp/long.txt" | $P split 2>/dev/null | wc -w | tr -d ' ')
check "long pieces" "$pieces" "2"
check "long words" "$words" "1000001"
case "$(cat "$tmp/err")" in *"were cut"*) ok ;; *) no "no warning for a cut sentence" ;; esac
pieces=$($P split "$tmp/long.txt" 2>"$tmp/err" | wc -l | tr -d ' ')
check "long file whole" "$pieces" "1"
check "long file no warning" "$(cat "$tmp/err")" ""
printf 'A b. C d.' > "$tmp/s.txt"
check "file and pipe agree" "$($P split --jsonl "$tmp/s.txt")" "$(cat "$tmp/s.txt" | $P split --jsonl)"

# a file larger than the address space allowed is read as a stream
awk 'BEGIN { s = "The quick brown fox jumps over the lazy dog. Dr. Who said so.\n";
        for (i = 0; i < 2000000; i++) printf "%s", s }' > "$tmp/big.txt"
n=$( (ulimit -v 98304; $P split "$tmp/big.txt" | wc -l) 2>/dev/null | tr -d ' ')
check "file of 120 MB in 96 MB" "$n" "4000000"
rm -f "$tmp/big.txt"

# profile in bounded memory: a 120 MB file and the same through a pipe,
# peak RSS (of the child, from getrusage) under 64 MB; the counts as for
# the file's first 12 MB, times ten
peak() { # peak CMD...: the command's peak RSS in KB, its output to $tmp/out
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[2:], stdout=open(sys.argv[1], "wb"), check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$tmp/out" "$@"
}
if command -v python3 >/dev/null 2>&1; then
    awk 'BEGIN { s = "The quick brown fox jumps over the lazy dog. Dr. Who said so.\n\n";
            for (i = 0; i < 190000; i++) printf "%s", s }' > "$tmp/part.txt"
    for i in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/part.txt"; done > "$tmp/big.txt"
    kb=$(peak $P profile --at x "$tmp/big.txt")
    [ "$kb" -lt 65536 ] && ok || no "profile of 120 MB: peak RSS $kb KB"
    check "big profile sentences" "$(grep -m1 sentenceCount "$tmp/out" | tr -d ' ,')" '"sentenceCount":3800000'
    check "big profile last" "$(tail -n 3 "$tmp/out" | head -n 1 | cut -c1-60)" \
          '    {"index": 3800000, "paragraph": 1900000, "line": 3799999'
    kb=$(peak sh -c "cat '$tmp/big.txt' | $P profile --no-sentences --at x")
    [ "$kb" -lt 65536 ] && ok || no "profile of a 120 MB pipe: peak RSS $kb KB"
    check "big pipe paragraphs" "$(grep -m1 paragraphCount "$tmp/out" | tr -d ' ,')" '"paragraphCount":1900000'
    rm -f "$tmp/big.txt" "$tmp/part.txt" "$tmp/out"
fi

# profile keeps each sentence as a 16-byte record of steps from the one
# before (a whole one where a step does not fit: 300 blank lines, a code
# block of 70,000 lines) and spills them to a temporary file past 24 MB:
# its sentences, 2,100,000 here, equal split --jsonl's, field for field
awk 'BEGIN { printf "```\n"; for (i = 0; i < 70000; i++) printf "x\n"; printf "```\n\n";
        for (i = 1; i <= 525000; i++) { printf "Ab. Cd. Ef. Gh.\n"; if (i % 5000 == 0) for (j = 0; j < 300; j++) printf "\n" } }' > "$tmp/slots.txt"
$P profile --at x "$tmp/slots.txt" |
    sed -n 's/^ *{"index": \([0-9]*\), "paragraph": \([0-9]*\), "line": \([0-9]*\), "endLine": \([0-9]*\), "start": \([0-9]*\), "end": \([0-9]*\), "charStart": \([0-9]*\), "charEnd": \([0-9]*\), "words": [0-9]*, "kind": "\([a-z]*\)"}.*/\1 \2 \3 \4 \5 \6 \7 \8 \9/p' > "$tmp/slots.p"
$P split --jsonl "$tmp/slots.txt" |
    sed -n 's/^{"index":\([0-9]*\),"start":\([0-9]*\),"end":\([0-9]*\),"charStart":\([0-9]*\),"charEnd":\([0-9]*\),"line":\([0-9]*\),"endLine":\([0-9]*\),"paragraph":\([0-9]*\),"kind":"\([a-z]*\)".*/\1 \8 \6 \7 \2 \3 \4 \5 \9/p' > "$tmp/slots.s"
check "profile's sentences (records, spilled)" "$(wc -l < "$tmp/slots.p" | tr -d ' ')" "2100001"
cmp -s "$tmp/slots.p" "$tmp/slots.s" && ok || no "profile's sentences differ from split --jsonl's"
rm -f "$tmp/slots.txt" "$tmp/slots.p" "$tmp/slots.s"

# text output copies 32 bytes a step with AVX2 and 16 without (the same
# program, chosen at run time; PARLANCE_NO_AVX2 forces the narrow way): the
# same lines from both, with line breaks, tabs, CR and NUL at every offset of
# long sentences, at the start and the end of the text
awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) {
    n = 20 + int(rand() * 120); s = ""
    for (k = 0; k < n; k++) { r = rand()
        s = s (r < 0.05 ? "\n" : r < 0.07 ? "\n\t" : r < 0.08 ? "\r\n" : r < 0.09 ? "\t" : r < 0.095 ? "\000" : r < 0.25 ? " " : "x") }
    printf "A%s. ", s } }' > "$tmp/wide.txt"
check "text output, wide and narrow" "$($P split "$tmp/wide.txt" 2>/dev/null | cksum)" \
    "$(PARLANCE_NO_AVX2=1 $P split "$tmp/wide.txt" 2>/dev/null | cksum)"
check "text output, wide and narrow, stream" "$($P split < "$tmp/wide.txt" 2>/dev/null | cksum)" \
    "$(PARLANCE_NO_AVX2=1 $P split "$tmp/wide.txt" 2>/dev/null | cksum)"
n=$($P split "$tmp/wide.txt" 2>/dev/null | awk 'length > 40 { k++ } END { print k + 0 }')
[ "$n" -gt 2000 ] && ok || no "text output: $n lines over 40 bytes, want many"

# a file truncated while it is mapped and read: a message and status 1 (or,
# when the cut came first, the short file's answer), never a signal
if command -v python3 >/dev/null 2>&1; then
    for cmd in profile split; do
        r=$(python3 -c 'import os, subprocess, sys, time
path = sys.argv[1]
open(path, "w").write("The quick brown fox. " * 3000000)
p = subprocess.Popen(sys.argv[2:] + [path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
time.sleep(0.05)
os.truncate(path, 1000)
err = p.communicate()[1].decode()
print("ok" if p.returncode == 0 or (p.returncode == 1 and "truncated" in err) else "status %d: %s" % (p.returncode, err))' \
            "$tmp/trunc.txt" $P $cmd)
        check "$cmd of a file truncated meanwhile" "$r" "ok"
    done
    rm -f "$tmp/trunc.txt"
fi

echo "t_cli_split: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
