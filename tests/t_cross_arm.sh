#!/bin/sh
# SPDX-License-Identifier: MIT
# t_cross_arm: the runtime and gen/ on another architecture. Every .c of
# runtime/ and gen/ is compiled for 64-bit ARM (aarch64-linux-gnu-gcc,
# -Wall -Wextra -Werror: there the x86 SIMD paths are compiled out and the
# NEON or portable ones run) and the library's unit tests that need nothing
# but it run under qemu-aarch64: the splitter (and the Golden Rules),
# profiles, JSON, offsets, inference, answers, numbers, the dialect, verbs,
# policy, patches, calc, streaming, scaling. The sentence scanners' skips
# are NEON's there, so the splitter's and profiles' tests run again with
# -DPARL_NO_NEON, for the portable skips that other processors run. The
# packages come from `make deps` (gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross, qemu-user); without them the family says it was
# skipped and passes nothing. The body is tests/cross.sh, shared with
# tests/t_cross_be.sh.
NAME=t_cross_arm ARCH=aarch64
XCC=${CC_ARM:-aarch64-linux-gnu-gcc}
QEMU=${QEMU:-qemu-aarch64}
XPKGS="gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user"
XPASS=-DPARL_NO_NEON XPASS_TESTS="split profile"
. "$(dirname "$0")/cross.sh"
