#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_store_backends: the store on SQLite and on PostgreSQL side by side
# (make bench). A throwaway server (tests/pg_server.sh: Unix socket, fsync
# off as in the tests, so both stores commit to the OS's cache). Wall clock;
# each figure is the median of RUNS runs, the two backends interleaved run
# by run, on fresh databases:
#   - parlance add of DOCS small documents (one process);
#   - parlance list and list --json of them;
#   - add of the same DOCS split among 1, 2, 4 and 8 concurrent writers.
# Without a server, prints the SQLite column and says why PostgreSQL's is
# missing.
cd "$(dirname "$0")/.." || exit 1
P=$PWD/build/parlance
DOCS=${DOCS:-2000}
RUNS=${RUNS:-3}
tmp=$(mktemp -d) || exit 1
pgdir=$(mktemp -d) || exit 1
. tests/pg_server.sh
trap 'pg_stop; rm -rf "$tmp" "$pgdir"' EXIT
have_pg=1
pg_start "$pgdir" || { have_pg=0; echo "bench_store_backends: no PostgreSQL column: $PG_SKIP"; }

awk -v n="$DOCS" -v dir="$tmp" 'BEGIN {
    for (i = 0; i < n; i++) {
        f = sprintf("%s/doc%05d.txt", dir, i)
        if (i % 3 == 0) printf "# Note %d\n\n", i > f
        for (s = 0; s < 4 + i % 9; s++) printf "Item %d of batch %d records the %s.%s", s + 1, i, (s % 2 ? "ledger" : "survey"), (s % 4 == 3 ? "\n\n" : " ") > f
        printf "\n" > f
        close(f)
    }
}'
ls "$tmp"/doc*.txt > "$tmp/all"

now() { date +%s.%N; }
fresh=0
new_db() { # BACKEND: NEWDB, the --db value of a new, empty database
    fresh=$((fresh + 1))
    if [ "$1" = sqlite ]; then NEWDB=$tmp/s$fresh.db; else NEWDB=$(pg_url "b$fresh") || exit 1; fi
}
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f\n", b - a }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# add with W writers, each a share of the documents: seconds
add_time() { # DB W
    split -n "r/$2" -d "$tmp/all" "$tmp/part."
    t0=$(now)
    for part in "$tmp"/part.*; do xargs "$P" add -q --db "$1" < "$part" & done
    wait
    t1=$(now)
    rm -f "$tmp"/part.*
    [ "$(store_count "$1")" = "$DOCS" ] || { echo "bench_store_backends: add lost documents" >&2; exit 1; }
    secs "$t0" "$t1"
}
store_count() { "$P" list --db "$1" | grep -c '^- '; }
list_time() { # DB ARGS...
    db=$1; shift
    t0=$(now); "$P" list --db "$db" "$@" > /dev/null || exit 1; t1=$(now)
    secs "$t0" "$t1"
}

backends="sqlite"; [ $have_pg = 1 ] && backends="sqlite pg"
: > "$tmp/results"
for r in $(seq "$RUNS"); do
    for b in $backends; do
        new_db "$b"; db=$NEWDB
        echo "$b add1 $(add_time "$db" 1)" >> "$tmp/results"
        echo "$b list $(list_time "$db")" >> "$tmp/results"
        echo "$b json $(list_time "$db" --json)" >> "$tmp/results"
        for w in 2 4 8; do new_db "$b"; echo "$b add$w $(add_time "$NEWDB" "$w")" >> "$tmp/results"; done
    done
done

rate() { # BACKEND KEY: documents per second from the median time
    s=$(awk -v b="$1" -v k="$2" '$1 == b && $2 == k { print $3 }' "$tmp/results" | median)
    [ -n "$s" ] && awk -v n="$DOCS" -v s="$s" 'BEGIN { printf "%.0f docs/s", n / s }' || printf 'n/a'
}
printf '%-52s %16s %16s\n' "store backends, $DOCS small documents (median of $RUNS)" SQLite PostgreSQL
row() { printf '%-52s %16s %16s\n' "$1" "$(rate sqlite "$2")" "$(rate pg "$2")"; }
row "parlance add, 1 writer" add1
row "parlance list" list
row "parlance list --json" json
for w in 2 4 8; do row "parlance add, $w concurrent writers (DOCS/$w each)" "add$w"; done
echo "(wall clock; concurrent writers on a machine of $(nproc) cores)"
