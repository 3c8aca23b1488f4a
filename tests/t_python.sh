#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python package as a user gets it: the wheel (make bindings-python,
# built with the standard library) is unpacked as pip would install it, and
# `python3 -m unittest` runs bindings/python/tests there against the CLI.
# The sdist builds too, and its version is the library's.
cd "$(dirname "$0")/.." || exit 1
top=$PWD
if ! command -v python3 >/dev/null 2>&1; then
    echo "t_python: skipped (no python3)"; echo "t_python: 0 passed, 0 failed"; exit 0
fi
make -s --no-print-directory bindings-python > /dev/null || { echo "t_python: 0 passed, 1 failed"; exit 1; }
version=$(sed -n 's/^#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
wheel=$(ls build/bindings/python/parlance-*.whl | head -1)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export PYTHONDONTWRITEBYTECODE=1   # nothing written into the source tree
pass=0; fail=0
case "$wheel" in */parlance-$version-py3-*) pass=$((pass+1)); echo "ok wheel $wheel" ;;
    *) fail=$((fail+1)); echo "FAIL wheel $wheel is not version $version (bindings/python/pyproject.toml)" ;; esac
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" "$wheel" "$tmp/site"
sdist=$(python3 bindings/python/build_backend.py sdist "$tmp/sdist")
if tar tzf "$sdist" | grep -q 'parlance-[0-9.]*/parlance/__init__.py'; then pass=$((pass+1)); echo "ok sdist"
else fail=$((fail+1)); echo "FAIL sdist lacks the package"; fi
( cd "$tmp" && PYTHONPATH="$tmp/site" PARLANCE_ROOT=$top PARLANCE_CLI=$top/build/parlance \
    python3 -m unittest discover -s "$top/bindings/python/tests" -v ) > "$tmp/out" 2>&1
st=$?
grep -E ' \.\.\. |^Ran |^OK|^FAILED' "$tmp/out"
[ $st -eq 0 ] || grep -A30 -E '^(FAIL|ERROR):' "$tmp/out" | head -80
ran=$(sed -n 's/^Ran \([0-9]*\) test.*/\1/p' "$tmp/out")
bad=$(grep -cE '^(FAIL|ERROR):' "$tmp/out")
[ -n "$ran" ] || { tail -20 "$tmp/out"; ran=0; bad=1; }
[ $st -eq 0 ] || [ "$bad" -gt 0 ] || bad=1
echo "t_python: $((pass + ran - bad)) passed, $((fail + bad)) failed"
[ $st -eq 0 ] && [ $fail -eq 0 ]
