#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_corpus: speed on real text, end to end. The corpus is the text of
# Debian's fortunes packages (fortunes, fortunes-min), fetched with
# `apt-get download` into build/bench-corpus: about 2.4 MB of short lines,
# dialogue and quotes (the files of ASCII pictures, art and ascii-art, are
# left out: one of them opens a ``` fence it never closes, which would make
# the rest of the corpus one code block), and a tenfold repetition. On each file it
# prints split and profile speed through the library (tests/corpus_speed.c)
# and through the CLI (split as text, --json and --jsonl; profile), the
# CLI's share of the library's speed, profile's peak memory, and `wc -w`
# as a peer; every figure beside the previous build's (PREV, default HEAD^,
# built from `git archive` in build/prev-REV), measured in the same run,
# the two builds interleaved. Speeds are MB/s of CPU time (user + system),
# medians of ROUNDS rounds; then profile's peak memory on a 1 GB file
# (BIG=0 leaves it out).
cd "$(dirname "$0")/.." || exit 1
B=build C=build/bench-corpus
ROUNDS=${ROUNDS:-5}
CC=${CC:-cc}

# ---------------------------------------------------------------- corpus
if [ ! -s $C/fortunes.txt ] || [ ! -s $C/fortunes-x10.txt ]; then
    rm -rf $C && mkdir -p $C/deb || exit 1
    if ! (cd $C/deb && apt-get download fortunes fortunes-min > ../download.log 2>&1); then
        echo "bench_corpus: skipped: apt-get download fortunes failed (see $C/download.log)"
        exit 0
    fi
    for d in $C/deb/*.deb; do dpkg-deb -x "$d" $C/x || exit 1; done
    find $C/x/usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*art' | LC_ALL=C sort | xargs cat > $C/fortunes.txt
    for i in 1 2 3 4 5 6 7 8 9 10; do cat $C/fortunes.txt; done > $C/fortunes-x10.txt
fi
FILES="$C/fortunes.txt $C/fortunes-x10.txt"

# ---------------------------------------------------------------- builds
build_speed() {   # build_speed SRC: corpus_speed against SRC's library (this tree's text_map, as the CLI maps files)
    $CC -std=c11 -O2 -D_GNU_SOURCE -I"$1/runtime" -I"$1/gen" -Itests -Itools tests/corpus_speed.c \
        tools/text_map.c "$1/build/libparlance.a" -o "$1/build/corpus_speed"
}
build_speed . || exit 1
# the library without its AVX2 paths (-DPARL_NO_AVX2: what a processor
# without AVX2 runs), this build only, for the rows "... no AVX2"
N=$B/noavx2
rm -rf $N && mkdir -p $N/build $N/obj || exit 1
for src in runtime/*.c gen/*.c; do
    $CC -std=c11 -O2 -D_GNU_SOURCE -DPARL_NO_AVX2 -Iruntime -Igen -c "$src" -o "$N/obj/$(basename "$src" .c).o" || exit 1
done
ar rcs $N/build/libparlance.a $N/obj/*.o && ln -sfn "$PWD/runtime" $N/runtime && ln -sfn "$PWD/gen" $N/gen &&
    build_speed $N || exit 1
$CC -std=c11 -O2 tests/cpu_run.c -o $B/cpu_run || exit 1
PREV=${PREV:-HEAD^}
rev=$(git rev-parse --short -q --verify "$PREV^{commit}" 2>/dev/null)
P=
if [ -n "$rev" ]; then
    P=$B/prev-$rev
    if [ ! -x $P/build/parlance ] || [ ! -x $P/build/corpus_speed ]; then
        rm -rf $P && mkdir -p $P
        git archive "$rev" | tar -x -C $P &&
            make -C $P all > $P.log 2>&1 || { echo "bench_corpus: previous build $rev failed (see $P.log); this build alone"; P=; }
    fi
    # the harness is this tree's, rebuilt against the previous library each time
    [ -z "$P" ] || build_speed $P || { echo "bench_corpus: corpus_speed against $rev failed; this build alone"; P=; }
else
    echo "bench_corpus: no previous commit ($PREV); this build alone"
fi

# ---------------------------------------------------------------- measuring
tmp=$(mktemp -d) || exit 1; [ -n "${KEEP:-}" ] && echo "tmp $tmp"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT

# run KEY CMD...: one run, its MB/s of CPU time (tests/cpu_run.c: getrusage,
# microseconds) appended to $tmp/KEY.
run() {
    key=$1; shift
    $B/cpu_run "$@" | awk -v b="$bytes" '{ printf "%.1f\n", ($1 > 0 ? b / 1e6 / $1 : 0) }' >> "$tmp/$key"
}

median() { sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : "-" }'; }

for f in $FILES; do
    bytes=$(wc -c < "$f")
    rm -f "$tmp"/k.*
    # each round measures the CLI and the library of both builds back to
    # back, so that a share compares figures of the same moment: this
    # machine's speed drifts by 10-20% from minute to minute
    for r in $(seq "$ROUNDS"); do
        for who in cur prev; do
            if [ $who = cur ]; then dir=.; else dir=$P; [ -n "$dir" ] || continue; fi
            $dir/build/corpus_speed "$f" >> "$tmp/k.lib.$who"
            run "k.$who.split" "$dir/build/parlance" split "$f"
            run "k.$who.json" "$dir/build/parlance" split --json "$f"
            run "k.$who.jsonl" "$dir/build/parlance" split --jsonl "$f"
            run "k.$who.profile" "$dir/build/parlance" profile "$f"
        done
        $N/build/corpus_speed "$f" >> "$tmp/k.lib.noavx2"
        run k.wc wc -w "$f"
    done
    lib() {   # lib WHO split|profile: the median over the rounds
        [ -s "$tmp/k.lib.$1" ] || return 0
        awk -v w="$2" '$1 == w { print $3 }' "$tmp/k.lib.$1" > "$tmp/k.lib.$1.$2"
        median "k.lib.$1.$2"
    }
    share() {   # share CLIKEY WHO LIBWORK: the median of the rounds' CLI/library ratios
        [ -s "$tmp/$1" ] && [ -s "$tmp/k.lib.$2.$3" ] || return 0
        paste "$tmp/$1" "$tmp/k.lib.$2.$3" | awk '$2 > 0 { printf "%.4f\n", $1 / $2 }' > "$tmp/r.$1.$3"
        median "r.$1.$3" | awk '{ printf "%d%%", 100 * $1 }'
    }
    printf '\n%s (%s bytes), MB/s of CPU time, medians of %s\n' "$f" "$bytes" "$ROUNDS"
    printf '  %-28s %12s %12s\n' "" "this build" "${rev:+previous $rev}"
    row() {   # row LABEL CUR PREV [CLIKEY LIBWORK]: CLIKEY's share of LIBWORK
        c=$2 p=$3
        if [ -n "${4:-}" ]; then
            c="$c ($(share "k.cur.$4" cur "$5"))"
            [ -n "$p" ] && p="$p ($(share "k.prev.$4" prev "$5"))"
        fi
        printf '  %-28s %12s %12s\n' "$1" "$c" "$p"
    }
    sc=$(lib cur split) sp=$(lib prev split)
    pc=$(lib cur profile) pp=$(lib prev profile)
    jc=$(lib cur profile_json) jp=$(lib prev profile_json)
    lc=$(lib cur split_jsonl) lp=$(lib prev split_jsonl)
    tc=$(lib cur split_json) tp=$(lib prev split_json)
    mc=$(lib cur split_mapped) mp=$(lib prev split_mapped)
    row "split, library" "$sc" "$sp"
    row "split, library, no AVX2" "$(lib noavx2 split)" ""
    row "split, CLI text" "$(median k.cur.split)" "$([ -n "$P" ] && median k.prev.split)" split split
    row "split, library, mapped file" "$mc" "$mp"
    row "split, CLI text / mapped" "$(median k.cur.split)" "$([ -n "$P" ] && median k.prev.split)" split split_mapped
    row "split, CLI --json" "$(median k.cur.json)" "$([ -n "$P" ] && median k.prev.json)" json split
    row "split+strings, library" "$tc" "$tp"
    row "split, CLI --json / +strings" "$(median k.cur.json)" "$([ -n "$P" ] && median k.prev.json)" json split_json
    row "split, CLI --jsonl" "$(median k.cur.jsonl)" "$([ -n "$P" ] && median k.prev.jsonl)" jsonl split
    row "split+JSON, library" "$lc" "$lp"
    row "split, CLI --jsonl / +JSON" "$(median k.cur.jsonl)" "$([ -n "$P" ] && median k.prev.jsonl)" jsonl split_jsonl
    row "profile, library" "$pc" "$pp"
    row "profile, library, no AVX2" "$(lib noavx2 profile)" ""
    row "profile, CLI" "$(median k.cur.profile)" "$([ -n "$P" ] && median k.prev.profile)" profile profile
    row "profile+JSON, library" "$jc" "$jp"
    row "profile, CLI / +JSON" "$(median k.cur.profile)" "$([ -n "$P" ] && median k.prev.profile)" profile profile_json
    row "peer: wc -w" "$(median k.wc)" ""
    rc=$($B/cpu_run ./build/parlance profile "$f" | cut -d' ' -f2)
    rp=$([ -n "$P" ] && $B/cpu_run $P/build/parlance profile "$f" | cut -d' ' -f2)
    row "profile, peak RSS (KB)" "$rc" "$rp"
done
echo "  (percentages: the CLI's speed as a share of the same build's library, the median of"
echo "   the rounds' ratios, each round measuring both back to back; profile+JSON:"
echo "   parl_analyze then parl_analyze_json into memory, the work the CLI does; split+JSON:"
echo "   parl_split_json into memory, the objects split --jsonl writes; split+strings: each"
echo "   sentence through parl_json_string into memory, the strings split --json writes;"
echo "   mapped file: the file mapped, split and unmapped each run, as the CLI reads it)"

# parl_infer and `infer --batch` on the matrix requests (tests/bench_infer.c,
# built against each library), the two builds alternating, ROUNDS runs each
binfer() {   # binfer SRC: bench_infer against SRC's libraries
    $CC -std=c11 -O2 -DNDEBUG -D_GNU_SOURCE -I"$1/runtime" -I"$1/gen" -I"$1/tools" -Itests tests/bench_infer.c \
        "$1/build/libparltools.a" "$1/build/libparlance.a" -lyaml -lsqlite3 -ldl -lpq -lm -o "$1/build/bench_infer_cmp" 2>/dev/null ||
    $CC -std=c11 -O2 -DNDEBUG -D_GNU_SOURCE -I"$1/runtime" -I"$1/gen" -I"$1/tools" -Itests tests/bench_infer.c \
        "$1/build/libparltools.a" "$1/build/libparlance.a" -lyaml -lsqlite3 -ldl -lm -o "$1/build/bench_infer_cmp"
}
if binfer . && { [ -z "$P" ] || binfer $P; }; then
    rm -f "$tmp"/i.*
    for r in $(seq "$ROUNDS"); do
        for who in cur prev; do
            if [ $who = cur ]; then dir=.; else dir=$P; [ -n "$dir" ] || continue; fi
            $dir/build/bench_infer_cmp $dir/build/parlance > "$tmp/i.out"
            awk '/parl_infer:/ { print $3 }' "$tmp/i.out" >> "$tmp/i.$who.lib"
            awk '/infer --batch \(the CLI\)/ { print $6 }' "$tmp/i.out" >> "$tmp/i.$who.cli"
        done
    done
    printf '\nthe %s matrix requests (grammar/tests.yaml), ns per request, medians of %s runs\n' \
        "$(awk '/^bench_infer:/ { print $2 }' "$tmp/i.out")" "$ROUNDS"
    printf '  %-24s %12s %12s\n' "" "this build" "${rev:+previous $rev}"
    printf '  %-24s %12s %12s\n' "parl_infer" "$(median i.cur.lib)" "$([ -n "$P" ] && median i.prev.lib)"
    printf '  %-24s %12s %12s\n' "infer --batch, per line" "$(median i.cur.cli)" "$([ -n "$P" ] && median i.prev.cli)"
fi

# profile of a 1 GB file (the corpus repeated): peak memory, this build and
# the previous one (BIG=0 skips it; it needs 1 GB of disk and, for the
# temporary files of the sentences' JSON, about 2 GB more)
if [ "${BIG:-1}" = 1 ]; then
    big=$tmp/big.txt
    : > $big
    while [ "$(wc -c < $big)" -lt 1000000000 ]; do cat $C/fortunes-x10.txt >> $big; done
    printf '\nprofile of %s bytes (fortunes repeated): peak RSS, CPU seconds\n' "$(wc -c < $big)"
    printf '  %-24s %18s %18s\n' "" "this build" "${rev:+previous $rev}"
    for who in cur prev; do
        if [ $who = cur ]; then dir=.; else dir=$P; [ -n "$dir" ] || continue; fi
        $B/cpu_run $dir/build/parlance profile $big > "$tmp/big.$who"
        $B/cpu_run $dir/build/parlance profile --no-sentences $big > "$tmp/bigns.$who"
    done
    for k in big bigns; do
        c=$(awk '{ printf "%d KB %.1f s", $2, $1 }' "$tmp/$k.cur")
        p=$([ -s "$tmp/$k.prev" ] && awk '{ printf "%d KB %.1f s", $2, $1 }' "$tmp/$k.prev")
        printf '  %-24s %18s %18s\n' "$([ $k = big ] && echo profile || echo 'profile --no-sentences')" "$c" "$p"
    done
    rm -f $big
fi
