#!/bin/sh
# SPDX-License-Identifier: MIT
# Command-line conventions: --version, help for every command on stdout with
# exit 0, options anywhere, "-" and "--", usage errors naming the option, and
# write errors (full disk, closed pipe) reported with a non-zero exit.
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { if [ "$1" = "$2" ]; then pass=$((pass+1)); echo "ok $3"; else fail=$((fail+1)); echo "FAIL $3: got [$1] want [$2]"; fi; }
has() { case "$1" in *"$2"*) pass=$((pass+1)); echo "ok $3";; *) fail=$((fail+1)); echo "FAIL $3: [$1] lacks [$2]";; esac; }
. tests/hide_lib.sh

version=$(sed -n 's/^#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
grammar=$(sed -n 's/^#define PARL_GRAMMAR_ID "\(.*\)"/\1/p' gen/parl_grammar.h)
out=$($P --version); ok "$?|$out" "0|parlance $version
grammar $grammar" "--version"
ok "$($P -V | head -1)" "parlance $version" "-V"
has "$(head -3 tools/parlance.1)" "parlance $version" "man page names this version"

# Every command: help on stdout, exit 0, nothing on stderr, in three spellings.
cmds=$($P help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
ok "$(echo "$cmds" | wc -l | tr -d ' ')" "$(grep -c '^    { "' tools/parlance.c)" "help lists every command"
for c in $cmds; do
    for form in "help $c" "$c --help" "$c -h"; do
        $P $form > "$tmp/out" 2> "$tmp/err"; st=$?
        ok "$st|$(head -c 16 "$tmp/out")|$(cat "$tmp/err")" "0|usage: parlance |" "$form"
        has "$(head -1 "$tmp/out")" "parlance $c" "$form names the command"
    done
    has "$(cat tools/parlance.1)" ".SS $c" "man page documents $c"
done
# Options in each command's help are the ones it takes.
$P help ask | grep -q -- '--substring' && ok 1 1 "ask's help lists --substring" || ok 0 1 "ask's help lists --substring"
ok "$($P infer --help | grep -c mode)" "0" "infer --help is help, not an intent"
$P ask --help > "$tmp/out" 2>&1; ok "$?|$(head -c 20 "$tmp/out")" "0|usage: parlance ask " "ask --help is help, not a document"
$P patch apply --help > "$tmp/out" 2>&1; ok "$?" "0" "patch apply --help"
$P help nosuch > /dev/null 2> "$tmp/err"; ok "$?" "2" "help for an unknown command"
has "$(cat "$tmp/err")" "no command 'nosuch'" "help names the unknown command"
$P > /dev/null 2>&1; ok "$?" "2" "no command is a usage error"
has "$($P help)" "Exit status: 0 success" "help explains exit codes"

# Usage errors name what is wrong and exit 2.
$P split --frob x 2> "$tmp/err"; ok "$?" "2" "unknown option exits 2"
has "$(cat "$tmp/err")" "parlance split: unknown option '--frob'" "unknown option is named"
$P profile --at 2> "$tmp/err"; ok "$?" "2" "missing value exits 2"
has "$(cat "$tmp/err")" "option '--at' needs a value" "missing value is named"
$P describe --json=yes 2> "$tmp/err"; ok "$?" "2" "flag with a value exits 2"

# Options anywhere, --name=value, "-" and "--".
S=tests/samples/paper.md
ok "$($P ask "$S" last line --json)" "$($P ask --json "$S" last line)" "options after the arguments"
ok "$($P profile --at=2020-01-01T00:00:00Z "$S" | grep analyzedAt)" "$($P profile --at 2020-01-01T00:00:00Z "$S" | grep analyzedAt)" "--name=value"
ok "$(printf 'last line\nparagraph 2\n' | $P infer --batch -)" "$(printf 'last line\nparagraph 2\n' | $P infer --batch)" "infer --batch -"
printf 'last line\n' > "$tmp/reqs"
ok "$($P infer --batch "$tmp/reqs")" '{"mode":"last_n","unit":"line","count":1}' "infer --batch FILE"
ok "$($P infer -- --batch)" '{"mode":"none"}' "-- makes --batch a request word"
ok "$($P gate -- -h)" "false" "-- before -h"
ok "$(cat "$S" | $P split - | head -1)" "$($P split "$S" | head -1)" "split - reads stdin"

# Write errors: a full disk.
if [ -w /dev/full ]; then
    echo "A first sentence. A second one." > "$tmp/doc.txt"
    printf -- '--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n' > "$tmp/p.diff"
    export PARLANCE_DB="$tmp/store.db"
    $P add -q "$S" 2>/dev/null
    for form in "infer last two lines" "gate quote it" "verb recall" "describe" "describe --json" \
                "split $tmp/doc.txt" "split --jsonl $tmp/doc.txt" "profile $tmp/doc.txt" \
                "ask $tmp/doc.txt last sentence" "patch check $tmp/p.diff" "list" "list --json" \
                "show paper.md" "failures unknown-verbs"; do
        $P $form > /dev/full 2> "$tmp/err"; st=$?
        ok "$st" "2" "$form > /dev/full exits 2"
        has "$(cat "$tmp/err")" "error writing standard output" "$form > /dev/full says so"
    done
    echo "last line" | $P infer --batch > /dev/full 2> "$tmp/err"; ok "$?" "2" "infer --batch > /dev/full"
    printf 'Ok.\n/recall notes\n' | $P dialect > /dev/full 2> "$tmp/err"; ok "$?" "2" "dialect > /dev/full"
    unset PARLANCE_DB
fi

# A closed pipe with SIGPIPE ignored: EPIPE is an error, not silence.
i=0; while [ $i -lt 4000 ]; do echo "Sentence number $i is here."; i=$((i+1)); done > "$tmp/big.txt"
( trap '' PIPE; $P split "$tmp/big.txt" 2> "$tmp/err"; echo $? > "$tmp/st" ) | head -c 10 > /dev/null
ok "$(cat "$tmp/st")" "2" "split into a closed pipe (SIGPIPE ignored) exits 2"
has "$(cat "$tmp/err")" "error writing standard output" "closed pipe is reported"

# libyaml is opened when a YAML file is read (--config), not linked: hidden
# (bind-mounted over with /dev/null in a mount namespace of its own), a
# command given one says so and fails, and split still runs
ok "$(ldd "$P" | grep -c libyaml)" 0 "the CLI does not link libyaml"
printf 'verbs:\n  zap:\n    maps_to: delete\n' > "$tmp/verbs.yaml"
ok "$($P verb --config "$tmp/verbs.yaml" zap | grep -c '"tier":"exact"')" 1 "verb --config reads YAML through the opened libyaml"
out=$(without_lib libyaml-0.so.2 "'$P' verb --config '$tmp/verbs.yaml' zap; echo \"rc=\$?\"; '$P' split '$tmp/big.txt' | wc -l")
if [ $? -ne 2 ]; then
    has "$out" "parlance: libyaml-0.so.2 is not installed" "without libyaml: verb --config says so"
    has "$out" "rc=1" "without libyaml: verb --config exits 1"
    ok "$(echo "$out" | tail -1)" "$($P split "$tmp/big.txt" | wc -l)" "without libyaml: split still runs"
else
    echo "t_cli: the run without libyaml is skipped (no unshare -m here)"
fi

echo "t_cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
