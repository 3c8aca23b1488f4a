#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints PARL_GRAMMAR_ID for a grammar directory (default: grammar): the
# SHA-256 of its *.yaml files in byte order of their names, each as
# "NAME\nSIZE\n" and its bytes. tools/gen_grammar_id.c computes the same.
dir=${1:-grammar}
LC_ALL=C; export LC_ALL
if command -v sha256sum >/dev/null 2>&1; then sum="sha256sum"
elif command -v shasum >/dev/null 2>&1; then sum="shasum -a 256"
else echo "grammar_id.sh: no sha256sum or shasum" >&2; exit 1; fi
for f in "$dir"/*.yaml; do
    [ -f "$f" ] || continue
    name=${f##*/}
    case "$name" in .*) continue ;; esac
    size=$(wc -c < "$f")
    printf '%s\n%s\n' "$name" "$((size))"
    cat "$f"
done | $sum | cut -d' ' -f1
