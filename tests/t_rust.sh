#!/bin/sh
# SPDX-License-Identifier: MIT
# The Rust crate: `cargo test` (offline; build.rs compiles the C sources)
# runs bindings/rust/tests against the CLI and the crate's doc example.
cd "$(dirname "$0")/.." || exit 1
top=$PWD
if ! command -v cargo >/dev/null 2>&1; then
    echo "t_rust: skipped (no cargo)"; echo "t_rust: 0 passed, 0 failed"; exit 0
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
PARLANCE_ROOT=$top PARLANCE_CLI=$top/build/parlance \
    cargo test --offline --manifest-path bindings/rust/Cargo.toml --target-dir build/bindings/rust > "$tmp/out" 2>&1
st=$?
grep -E '^test |^test result' "$tmp/out"
[ $st -eq 0 ] || grep -A25 -E '^---- |^error' "$tmp/out" | head -80
pass=$(sed -n 's/^test result: .* \([0-9]*\) passed; \([0-9]*\) failed.*/\1/p' "$tmp/out" | awk '{s += $1} END {print s + 0}')
fail=$(sed -n 's/^test result: .* \([0-9]*\) passed; \([0-9]*\) failed.*/\2/p' "$tmp/out" | awk '{s += $1} END {print s + 0}')
[ $st -eq 0 ] || [ "$fail" -gt 0 ] || { tail -20 "$tmp/out"; fail=1; }
echo "t_rust: $pass passed, $fail failed"
[ $st -eq 0 ]
