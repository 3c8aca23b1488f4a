#!/bin/sh
# SPDX-License-Identifier: MIT
# t_cross_be: the runtime and gen/ on a big-endian machine. Every .c of
# runtime/ and gen/ is compiled for 64-bit IBM Z (s390x-linux-gnu-gcc,
# -Wall -Wextra -Werror: no SSE2 or NEON there, and the paths chosen on
# little-endian machines only drop out, such as the inference lexer's
# eight-bytes-a-step word reads, kw_wide() false) and the library's unit
# tests that need nothing but it run under qemu-s390x, the same ones as
# tests/t_cross_arm.sh (the body is tests/cross.sh, shared with it). The
# packages come from `make deps` (gcc-s390x-linux-gnu,
# libc6-dev-s390x-cross, qemu-user); without them the family says it was
# skipped and passes nothing.
NAME=t_cross_be ARCH=s390x
XCC=${CC_BE:-s390x-linux-gnu-gcc}
QEMU=${QEMU_BE:-qemu-s390x}
XPKGS="gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user"
. "$(dirname "$0")/cross.sh"
