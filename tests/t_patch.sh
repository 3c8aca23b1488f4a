#!/bin/sh
# SPDX-License-Identifier: MIT
# t_patch.sh: `parlance patch` against diff(1) and patch(1) on generated and
# real text pairs, and the CLI's contract (exit codes, -o, messages).
#   - our diff applied by patch(1) and by us reproduces NEW;
#   - diff -u's output applied by us reproduces NEW;
#   - our diff is minimal: as many changed lines as diff --minimal;
#   - identical hunks to diff -u are counted (tie-breaking may differ).
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "t_patch: FAIL: $*" >&2; }
have_patch=0; command -v patch >/dev/null 2>&1 && have_patch=1

# gen SEED: writes $T/a and $T/b, random lines from a small pool with random
# edits; sometimes empty, without final newline, or CRLF.
gen() {
    awk -v seed="$1" -v dir="$T" 'BEGIN {
        srand(seed);
        split("alpha beta gamma delta {  } return x=1; -- +x @@ \\z", pool, " ");
        np = 12; n = int(rand() * 60); if (rand() < 0.05) n = 0;
        crlf = rand() < 0.2; eol = crlf ? "\r\n" : "\n";
        edits = int(rand() * (n / 3 + 3));
        for (i = 1; i <= n; i++) a[i] = (rand() < 0.1) ? "" : pool[int(rand() * np) + 1];
        m = 0;
        for (i = 1; i <= n + 1; i++) {
            while (edits > 0 && rand() < edits / (n + 1)) { b[++m] = pool[int(rand() * np) + 1] "!"; edits--; }
            if (i > n) break;
            r = rand();
            if (edits > 0 && r < 0.5 * edits / (n + 1)) { edits--; continue; }
            if (edits > 0 && r < edits / (n + 1)) { b[++m] = a[i] "~"; edits--; continue; }
            b[++m] = a[i];
        }
        cut_a = n > 0 && rand() < 0.25; cut_b = m > 0 && rand() < 0.25;
        for (i = 1; i <= n; i++) printf "%s%s", a[i], (i == n && cut_a) ? "" : eol > (dir "/a");
        for (i = 1; i <= m; i++) printf "%s%s", b[i], (i == m && cut_b) ? "" : eol > (dir "/b");
        printf "" > (dir "/a"); printf "" > (dir "/b");
    }'
}

# changed FILE: removed + added lines of a unified diff.
changed() { awk '/^@@/ { body = 1; next } body && /^[-+]/ { n++ } END { print n + 0 }' "$1"; }

# check_pair A B: the round trips for one pair.
same_hunks=0; pairs=0
check_pair() {
    a=$1; b=$2
    "$P" patch diff "$a" "$b" > "$T/ours"; rc=$?
    if cmp -s "$a" "$b"; then want=0; else want=1; fi
    [ "$rc" = "$want" ] && ok || bad "diff exit $rc, want $want ($a $b)"
    if [ "$want" = 1 ]; then
        "$P" patch apply "$a" "$T/ours" > "$T/out" && cmp -s "$T/out" "$b" && ok || bad "own round trip $a $b"
        if [ $have_patch = 1 ]; then
            rm -f "$T/gout"
            patch -s -o "$T/gout" "$a" < "$T/ours" >/dev/null 2>&1 && cmp -s "$T/gout" "$b" &&
                ok || bad "patch(1) rejects our diff of $a $b"
        fi
        diff -u "$a" "$b" > "$T/theirs"
        "$P" patch apply "$a" "$T/theirs" > "$T/out2" && cmp -s "$T/out2" "$b" && ok ||
            bad "diff -u output not applied: $a $b"
        diff -u --minimal "$a" "$b" > "$T/minimal"
        [ "$(changed "$T/ours")" = "$(changed "$T/minimal")" ] && ok ||
            bad "not minimal: $(changed "$T/ours") vs $(changed "$T/minimal") changed lines ($a $b)"
        tail -n +3 "$T/ours" > "$T/ob"; tail -n +3 "$T/theirs" > "$T/tb"
        cmp -s "$T/ob" "$T/tb" && same_hunks=$((same_hunks + 1))
        pairs=$((pairs + 1))
    fi
}

# ---------------------------------------------------------------- generated pairs
for seed in $(seq 1 250); do
    gen "$seed"
    check_pair "$T/a" "$T/b"
done

# ---------------------------------------------------------------- real texts
# Source files of this repository against edited copies of themselves.
for f in runtime/patch_parse.c runtime/patch_apply.c tools/cli_patch.c Makefile tests/run.sh; do
    [ -f "$f" ] || continue
    sed -e '5d' -e '20s/$/ \/\/ edited/' -e '40a\
inserted line' -e '$d' "$f" > "$T/edited"
    check_pair "$f" "$T/edited"
    check_pair "$T/edited" "$f"
done
check_pair runtime/patch_parse.c runtime/patch_apply.c
check_pair tools/cli_patch.c tests/test_patch.c
echo "t_patch: $same_hunks of $pairs diffs identical to diff -u" >&2

# ---------------------------------------------------------------- CLI contract
printf 'one\ntwo\nthree\n' > "$T/f"
printf 'one\nTWO\nthree\n' > "$T/g"
"$P" patch diff "$T/f" "$T/g" > "$T/p"
printf -- "--- $T/f\n+++ $T/g\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n" | cmp -s - "$T/p" && ok ||
    bad "diff output with headers"
"$P" patch diff "$T/f" "$T/f" > "$T/p0"; [ $? = 0 ] && [ ! -s "$T/p0" ] && ok || bad "equal files: exit 0, no output"
"$P" patch apply "$T/f" "$T/p" -o "$T/o" && cmp -s "$T/o" "$T/g" && ok || bad "-o OUT"
"$P" patch apply "$T/f" - < "$T/p" | cmp -s - "$T/g" && ok || bad "patch from stdin"

# A stale patch: exit non-zero, a message naming hunk and lines, no OUT.
printf 'one\n2\nthree\n' > "$T/stale"
rm -f "$T/o2"
"$P" patch apply "$T/stale" "$T/p" -o "$T/o2" 2> "$T/err"; rc=$?
[ $rc != 0 ] && ok || bad "mismatch exits 0"
[ ! -e "$T/o2" ] && ok || bad "OUT written despite the mismatch"
grep -q "p:5: hunk 1 does not match the text at .*stale:2" "$T/err" && ok || bad "mismatch message: $(cat "$T/err")"

# -o writes a temporary file beside OUT and renames it over OUT: a write
# that fails (here a file size limit, as on a full disk) leaves OUT whole.
mkdir "$T/full"
seq 1 300000 > "$T/full/F"; sed 's/^5$/five/' "$T/full/F" > "$T/full/G"; cp "$T/full/F" "$T/F0"
"$P" patch diff "$T/full/F" "$T/full/G" > "$T/big.diff"
(ulimit -f 100; "$P" patch apply "$T/full/F" "$T/big.diff" -o "$T/full/F") 2> "$T/err"; rc=$?
[ $rc = 1 ] && ok || bad "short write: exit $rc, want 1"
cmp -s "$T/full/F" "$T/F0" && ok || bad "short write: -o F lost the original F"
grep -q "F: write failed: .*unchanged" "$T/err" && ok || bad "short write message: $(cat "$T/err")"
[ "$(ls -A "$T/full" | wc -l)" = 2 ] && ok || bad "short write left files behind: $(ls -A "$T/full")"
# Replacing keeps the file's permissions and writes through a symbolic link.
chmod 640 "$T/full/F"; ln -s F "$T/full/L"
"$P" patch apply "$T/full/F" "$T/big.diff" -o "$T/full/L" && cmp -s "$T/full/F" "$T/full/G" && ok || bad "-o through a link"
[ -L "$T/full/L" ] && [ "$(stat -c %a "$T/full/F")" = 640 ] && ok || bad "-o changed the link or the mode"

# Drift: refused by default, found with --drift, reported.
printf 'zero\none\ntwo\nthree\n' > "$T/shifted"
"$P" patch apply "$T/shifted" "$T/p" > /dev/null 2>&1 && bad "drift applied without --drift" || ok
"$P" patch apply "$T/shifted" "$T/p" --drift 3 2> "$T/err" | cmp -s - "$(printf 'zero\none\nTWO\nthree\n' > "$T/sw"; echo "$T/sw")" &&
    ok || bad "--drift 3"
grep -q "hunk 1 applied at offset +1 lines" "$T/err" && ok || bad "offset report: $(cat "$T/err")"

# Malformed patches: file:line: message.
printf '@@ -1,2 +1,2 @@\n one\n-two\nbogus\n' > "$T/broken"
"$P" patch apply "$T/f" "$T/broken" 2> "$T/err" && bad "broken patch applied" || ok
grep -q "broken:4:1: hunk 1: hunk body ends before its header's counts are met (0 old and 1 new lines still due)" "$T/err" &&
    ok || bad "parse message: $(cat "$T/err")"
"$P" patch check "$T/broken" > /dev/null 2>&1 && bad "check accepts broken" || ok
"$P" patch check "$T/p" > "$T/j" && grep -q '"old_start": 1, "old_count": 3' "$T/j" && grep -q '"removed": 1, "added": 1' "$T/j" &&
    ok || bad "check JSON: $(cat "$T/j")"

# Usage errors: exit 2.
"$P" patch > /dev/null 2>&1; [ $? = 2 ] && ok || bad "no subcommand"
"$P" patch apply "$T/f" > /dev/null 2>&1; [ $? = 2 ] && ok || bad "apply without PATCH"
"$P" patch diff "$T/f" "$T/missing" > /dev/null 2>&1; [ $? = 2 ] && ok || bad "diff of a missing file"
"$P" patch apply "$T/missing" "$T/p" > /dev/null 2>&1; [ $? = 1 ] && ok || bad "apply to a missing file"

echo "t_patch: $pass passed, $fail failed"
[ $fail = 0 ]
