#!/bin/sh
# SPDX-License-Identifier: MIT
# make demo: a few requests, from words to structured intents, and a look at
# a sample document's sentences and profile; then an agent's replies acted out.
cd "$(dirname "$0")/.." || exit 1
p=build/parlance
run() { printf '\n$ parlance %s\n' "$*"; $p "$@"; }
echo "== natural-language requests -> intents"
for q in "could you please show me the last two sentences?" "the third paragraph" \
         "lines five to ten" "from line 5 to the end" "every mention of data" \
         "how many times does 'model' appear" "the first and third sentences" \
         "what does it say about neural networks in the document?" "what's the conclusion"; do
    run infer "$q"
done
run gate "quote the bit about pricing"
run gate "how are you today?"
sample=tests/samples/report.md
if [ -n "$sample" ]; then
    echo; echo "== $sample: first sentences and profile"
    printf '\n$ parlance split %s | head -5\n' "$sample"; $p split "$sample" | head -5
    printf '\n$ parlance profile %s | head -12\n' "$sample"; $p profile "$sample" | head -12
fi
paper=tests/samples/paper.md
echo; echo "== $paper: requests answered from the document"
for q in "how long is this document?" "give me the last two sentences" "read me line 5" \
         "show me the first two paragraphs" "lines 40 to 44" "find every mention of 'data'" \
         "does it mention transformers?" "list the sections" "the methods section" \
         "what's the conclusion" "sentence 40"; do
    run ask "$paper" "$q"
done
run ask --json "$paper" "the 7th sentence"

# An agent conversation acted out: memory, a search, a calculation, a send
# that waits for a human, a chain, and what the agent may not do.
echo; echo "== an agent's replies, acted out (parlance act; steps left out below)"
db=$(mktemp -d)/demo.db
act() {
    printf '\n--- %s writes:\n%s\n' "$1" "$2" | sed 's/^/    /'
    printf '%s\n' "$2" | $p act --db "$db" --as "$1" --agent entropy | sed 's/"steps":\[.*\],"output"/"output"/'
}
$p add --db "$db" -q "$paper"
act agent 'Noted, I will remember that.
/remember project "deadline moved to friday"
/recall append project "demo on thursday"'
act agent 'Let me check.
/recall read project
/search tables
/calc 17 * 23 + 4'
act agent "I'll tell the team.
/search deadline -> /send @discord @team @last.output"
printf '\n$ parlance queue list\n'; $p queue list --db "$db"
printf '\n$ parlance queue approve 1 --by alice\n'; $p queue approve 1 --db "$db" --by alice | sed 's/"steps":\[.*\],"output"/"output"/'
printf '\n$ parlance outbox\n'; $p outbox --db "$db"
act agent '/ok 1 looks fine to me'
act agent '/do /recall delete project
Actually, scratch that, I still need it.'
rm -rf "$(dirname "$db")"
