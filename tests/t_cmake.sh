#!/bin/sh
# SPDX-License-Identifier: MIT
# CMake users: the library built and installed by CMakeLists.txt is found
# with find_package(parlance), and add_subdirectory() of the source tree
# works too; in both a real program builds, links parlance::parlance and
# answers as the library in build/.
cd "$(dirname "$0")/.." || exit 1
top=$PWD
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { if [ "$1" = "$2" ]; then pass=$((pass+1)); echo "ok $3"; else fail=$((fail+1)); echo "FAIL $3: got [$1] want [$2]"; fi; }
if ! command -v cmake > /dev/null; then echo "skip: cmake is not installed (make deps installs it)"; echo "t_cmake: 0 passed, 0 failed"; exit 0; fi
version=$(sed -n 's/^#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
sed -n 's/^[^\t#]*\t[^\t]*\t//p' tests/golden/ask.cases > "$tmp/requests"
build/tests/consumer tests/samples/paper.md < "$tmp/requests" > "$tmp/want"
run() { "$@" > "$tmp/log" 2>&1 || { tail -20 "$tmp/log"; return 1; }; }

# 1. Build and install the library (shared), then find_package it.
run cmake -S "$top" -B "$tmp/lib" -DBUILD_SHARED_LIBS=ON -DCMAKE_INSTALL_PREFIX="$tmp/inst" -DCMAKE_BUILD_TYPE=Release
ok "$?" "0" "configure the library"
run cmake --build "$tmp/lib" -j 2; ok "$?" "0" "build the library"
run cmake --install "$tmp/lib"; ok "$?" "0" "install the library"
lib=$(ls "$tmp"/inst/lib*/libparlance.so."$version" 2>/dev/null)
ok "$([ -n "$lib" ] && echo yes)" "yes" "libparlance.so.$version installed"
ok "$(nm -D --defined-only "$lib" | awk '$2 == "T"' | grep -cv ' parl_[a-z]')" "0" "only parl_* exported"
mkdir -p "$tmp/app"
cp tests/consumer.c "$tmp/app/"
cat > "$tmp/app/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.13)
project(consumer C)
find_package(parlance 0.1 REQUIRED)
add_executable(consumer consumer.c)
target_link_libraries(consumer PRIVATE parlance::parlance)
CM
run cmake -S "$tmp/app" -B "$tmp/app/build" -DCMAKE_PREFIX_PATH="$tmp/inst"; ok "$?" "0" "find_package(parlance 0.1)"
run cmake --build "$tmp/app/build"; ok "$?" "0" "build against the installed package"
"$tmp/app/build/consumer" tests/samples/paper.md < "$tmp/requests" > "$tmp/got1"
ok "$(cmp "$tmp/got1" "$tmp/want" && echo same)" "same" "find_package build answers as the library"
sed -i 's/find_package(parlance 0.1 REQUIRED)/find_package(parlance 9.0 QUIET)\nif(parlance_FOUND)\n  message(FATAL_ERROR "9.0 accepted")\nendif()\nfind_package(parlance 0.1 REQUIRED)/' "$tmp/app/CMakeLists.txt"
run cmake -S "$tmp/app" -B "$tmp/app/build2" -DCMAKE_PREFIX_PATH="$tmp/inst"; ok "$?" "0" "a newer required version is refused"

# 2. add_subdirectory of the source tree (static library).
mkdir -p "$tmp/sub"
cp tests/consumer.c "$tmp/sub/"
cat > "$tmp/sub/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(consumer C)
add_subdirectory("$top" parlance)
add_executable(consumer consumer.c)
target_link_libraries(consumer PRIVATE parlance::parlance)
CM
run cmake -S "$tmp/sub" -B "$tmp/sub/build"; ok "$?" "0" "add_subdirectory configures"
run cmake --build "$tmp/sub/build" -j 2; ok "$?" "0" "add_subdirectory builds"
"$tmp/sub/build/consumer" tests/samples/paper.md < "$tmp/requests" > "$tmp/got2"
ok "$(cmp "$tmp/got2" "$tmp/want" && echo same)" "same" "add_subdirectory build answers as the library"
echo "t_cmake: $pass passed, $fail failed"
[ $fail -eq 0 ]
