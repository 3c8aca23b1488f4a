#!/bin/sh
# SPDX-License-Identifier: MIT
# t_scaling: linear time on adversarial input. For each command and parser
# (split, profile, ask, add, infer, dialect, verb --config, patch apply with
# drift, patch diff, the generator) an input shape that once took
# superlinear time (runs of blank lines, of NBSP lines, one long line, deep
# nesting, many keys, big hunks far from home, many words) is generated at
# three sizes, each double the last, and run: the CPU time of the child
# (user + system from getrusage by tests/cpu_run.c, microsecond resolution,
# the best of three runs against the shared machine's noise) may grow at most
# 9x from the first size to the fourfold one (linear is 4x, quadratic 16x; a
# single doubling judged alone misread 30 -> 100 ms as quadratic, and the
# shell's `times`, used before, counted in 10 ms steps: 10 -> 120 ms failed a
# linear case whose first size takes 23-29 ms). A case too quick to judge well
# (under 20 ms at its first size or MIN_MS at its last) is run again at sizes
# four times larger, up to 64 times the first; a case still too quick then
# passes and says so. The family runs in about a minute.
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
G=$PWD/build/parlgen
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
MIN_MS=${MIN_MS:-60}
export PARLANCE_DB="$tmp/none.db"   # ask NAME finds no store: files are read

# best RUN FILE: the least CPU time of three runs of `RUN FILE`, in whole ms
# (one run when it takes over 1.5 s: a case that fails need not be measured
# closely). Each RUN puts $T, tests/cpu_run, before the command it times;
# cpu_run prints "SECONDS KB" and sends the command's output to /dev/null.
# Whether the command succeeds is not judged here (t_cli_* does that).
T=$PWD/build/tests/cpu_run
[ -x "$T" ] || { echo "t_scaling: $T is missing (make test-bins)"; exit 1; }
best() {
    b=
    for r in 1 2 3; do
        d=$("$@" | awk 'NR == 1 { printf "%d\n", $1 * 1000 + 0.5 }')
        [ -n "$d" ] || d=0
        if [ -z "$b" ] || [ "$d" -lt "$b" ]; then b=$d; fi
        [ "$d" -gt 1500 ] && break
    done
    echo "$b"
}

# scale NAME MAKE RUN N: for sizes N, 2N, 4N, `MAKE SIZE FILE` writes the
# input, `RUN FILE` is timed.
scale() {
    name=$1; make=$2; run=$3; n=$4
    case "$name" in *"${ONLY:-}"*) ;; *) return ;; esac   # ONLY=word: the cases naming it
    for grow in 1 2 3 4; do   # too quick to judge well: sizes four times larger, up to 64x
        prev=; line=
        for k in 1 2 4; do
            size=$((n * k)); f="$tmp/in.$size"
            $make "$size" "$f"
            t=$(best $run "$f")
            line="$line $size:${t}ms"
            rm -rf "$f" "$f".*
            [ -n "$prev" ] || prev=$t
        done
        [ "$prev" -ge 20 ] && [ "$t" -ge "$MIN_MS" ] && break   # noise: judge from 20 ms
        n=$((n * 4))
    done
    # over the two doublings: linear is 4x, n log n a little more, quadratic 16x
    first=$((prev > 10 ? prev : 10))
    if [ "$t" -lt "$MIN_MS" ]; then pass=$((pass + 1)); echo "ok $name (too quick to judge at 64x):$line"
    elif [ "$t" -le $((9 * first)) ]; then pass=$((pass + 1)); echo "ok $name:$line"
    else fail=$((fail + 1)); echo "FAIL $name: grows more than 9x over two doublings:$line"; fi
}

# ---------------------------------------------------------------- shapes
blank_run() { awk -v n="$1" 'BEGIN { print "First."; for (i = 0; i < n; i++) print ""; print "Last." }' > "$2"; }
nbsp_run() { awk -v n="$1" 'BEGIN { print "First."; for (i = 0; i < n; i++) print "\302\240"; print "Last." }' > "$2"; }
long_line() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "word%d data ", i % 97 }' > "$2"; }
no_stops() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "and then %s", i % 10 ? "" : "\n" }' > "$2"; }
many_actions() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "/recall x%d -> ", i; print "/recall end" }' > "$2"; }
slashes() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "/"; print "" }' > "$2"; }
config_keys() { awk -v n="$1" 'BEGIN { print "verbs:"; print "  notify:"; print "    maps_to: send_message"; for (i = 0; i < n; i++) printf "    key%d: %d\n", i, i }' > "$2"; }
config_verbs() { awk -v n="$1" 'BEGIN { print "verbs:"; for (i = 0; i < n; i++) printf "  v%d:\n    maps_to: x\n    aliases: [a%d, b%d]\n", i, i, i }' > "$2"; }
config_deep() { awk -v n="$1" 'BEGIN { printf "verbs: "; for (i = 0; i < n; i++) printf "["; print "" }' > "$2"; }
# A hunk of N/2 lines matching nowhere in a text of N equal lines (its last
# line differs), stated in the middle: --drift N looks everywhere.
drift_case() {
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) print "x" }' > "$2.txt"
    awk -v n="$1" 'BEGIN { h = n / 2; printf "@@ -%d,%d +%d,%d @@\n", n / 4, h + 1, n / 4, h + 1; for (i = 0; i < h; i++) print " x"; print "-y"; print "+z" }' > "$2"
}
# The same hunk, found: the text's lines shifted by N/4 from where it says.
drift_found() {
    awk -v n="$1" 'BEGIN { for (i = 0; i < n / 4; i++) print "pad"; for (i = 0; i < n; i++) print "line " i % 50; print "tail" }' > "$2.txt"
    awk -v n="$1" 'BEGIN { printf "@@ -%d,%d +%d,%d @@\n", n / 2, 41, n / 2, 41; for (i = 0; i < 40; i++) print " line " (n / 2 - 1 + i) % 50; print "-tail"; print "+end" }' > "$2"
}
diff_pair() {
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) print "line " i }' > "$2.a"
    awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) print (i % 1000 == 7 ? "changed " : "line ") i }' > "$2"
}
grammar_words() {
    rm -rf "$2.g"; cp -r grammar "$2.g"
    awk -v n="$1" '/words: \[sentence, / { s = ""; for (i = 0; i < n; i++) s = s "zw" i ", "; sub(/words: \[sentence, /, "words: [" s "sentence, ") } { print }' grammar/units.yaml > "$2.g/units.yaml"
    : > "$2"
}

# ---------------------------------------------------------------- runs
split_f() { $T "$P" split "$1"; }
profile_f() { $T "$P" profile "$1"; }
ask_last() { $T "$P" ask "$1" last line; }
ask_every() { $T "$P" ask "$1" every mention of data; }
add_f() { rm -f "$1.db"; $T "$P" add -q --db "$1.db" --name doc "$1"; }
infer_f() { $T "$P" infer --batch "$1"; }
dialect_f() { $T "$P" dialect "$1"; }
config_f() { $T "$P" verb recall --config "$1"; }
apply_f() { $T "$P" patch apply "$1.txt" "$1" --drift 1000000000; }
diff_f() { $T "$P" patch diff "$1.a" "$1"; }
gen_f() { rm -rf "$1.out"; $T "$G" --grammar "$1.g" --out "$1.out" --runtime runtime --tools tools --no-check; }

scale "split, blank runs" blank_run split_f 40000
scale "split, NBSP lines" nbsp_run split_f 20000
scale "split, one long line" long_line split_f 100000
scale "profile, blank runs" blank_run profile_f 40000
scale "profile, one long line" long_line profile_f 100000
scale "profile, no sentence ends" no_stops profile_f 100000
scale "ask, blank runs" blank_run ask_last 40000
scale "ask, every mention on one long line" long_line ask_every 50000
scale "add, blank runs" blank_run add_f 40000
scale "add, one long line" long_line add_f 100000
scale "infer, one long request" long_line infer_f 50000
scale "dialect, a chain of actions" many_actions dialect_f 5000
scale "dialect, a line of slashes" slashes dialect_f 200000
scale "verb --config, many keys" config_keys config_f 10000
scale "verb --config, many verbs" config_verbs config_f 25000
scale "verb --config, deep nesting" config_deep config_f 100000
scale "patch apply --drift, a big hunk matching nowhere" drift_case apply_f 20000
scale "patch apply --drift, a hunk far from home" drift_found apply_f 50000
scale "patch diff, sparse changes" diff_pair diff_f 50000
scale "the generator, many unit words" grammar_words gen_f 4000

echo "t_scaling: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
