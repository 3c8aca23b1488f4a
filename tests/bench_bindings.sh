#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_bindings (make bench): the cost of a call through each binding next
# to the C call it makes: infer over the matrix's requests (parsed result,
# and the JSON text alone) and split of tests/samples/narrative.txt (parsed
# sentences). The four run one after another, three rounds interleaved;
# each figure is the median of the three rounds' medians. A binding whose
# toolchain is missing is left out. Times are the process's CPU time (the
# machine is shared: the wall clock counts the waits for a core).
cd "$(dirname "$0")/.." || exit 1
top=$PWD
out=build/bindings/bench; mkdir -p "$out"
reqs=$out/requests.txt; doc=tests/samples/narrative.txt
sed -n '/^infer:/,/^[a-z]*:$/s/^ *- {q: "\(\([^"\\]\|\\.\)*\)".*/\1/p' grammar/tests.yaml | sed 's/\\"/"/g' > "$reqs"
version=$(sed -n 's/^#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
runs="c"
[ -f "$out/../node/package/index.js" ] && runs="$runs node"
lib=build/libparlance.so.$version
command -v python3 >/dev/null 2>&1 && [ -f "$lib" ] && runs="$runs python"
if command -v cargo >/dev/null 2>&1 && cargo build --quiet --offline --release --example bench \
        --manifest-path bindings/rust/Cargo.toml --target-dir build/bindings/rust 2>/dev/null; then
    runs="$runs rust"
fi
one() {
    case $1 in
    c) build/tests/bench_bindings "$reqs" "$doc" ;;
    node) node bindings/node/bench.js "$top/$out/../node/package" "$reqs" "$doc" ;;
    python) PYTHONDONTWRITEBYTECODE=1 PARLANCE_LIB=$top/$lib python3 bindings/python/bench.py "$reqs" "$doc" ;;
    rust) build/bindings/rust/release/examples/bench "$reqs" "$doc" 2>/dev/null ;;
    esac
}
: > "$out/rounds"
for round in 1 2 3; do
    for b in $runs; do echo "$b $(one $b)" >> "$out/rounds"; done
done
echo "bench_bindings: $(wc -l < "$reqs" | tr -d ' ') requests, split of $doc ($(wc -c < "$doc" | tr -d ' ') bytes);"
echo "  CPU ns per call, median of 3 interleaved rounds (each a median of 5 runs); x C: the same work in C"
awk -v runs="$runs" '
    { for (i = 2; i < NF; i += 2) v[$1, $i, ++n[$1, $i]] = $(i + 1) }
    function med(b, k,    a, c, t, x, y) { c = n[b, k]; for (x = 1; x <= c; x++) a[x] = v[b, k, x] + 0
        for (x = 1; x <= c; x++) for (y = x + 1; y <= c; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
        return a[int((c + 1) / 2)] }
    END {
        printf "  %-8s %14s %14s %14s %14s\n", "", "infer", "infer (JSON)", "split", "split calls/s"
        cinf = med("c", "infer_json"); cspl = med("c", "split")
        m = split(runs, r, " ")
        for (k = 1; k <= m; k++) {
            b = r[k]; i = med(b, "infer"); j = med(b, "infer_json"); s = med(b, "split")
            printf "  %-8s %8.0f ns %s %8.0f ns %s %8.0f ns %s %10.0f/s\n", b, i, b == "c" ? "     " : sprintf("%4.1fx", i / cinf),
                j, b == "c" ? "     " : sprintf("%4.1fx", j / cinf), s, b == "c" ? "     " : sprintf("%4.1fx", s / cspl), 1e9 / s
        }
        print "  (C infer: parl_infer into a struct; the bindings return the parsed intent, x against parl_infer_json)"
    }' "$out/rounds"
