# SPDX-License-Identifier: MIT
# hide_lib.sh, sourced by tests. without_lib SONAME SCRIPT: runs the shell
# SCRIPT in a mount namespace of its own in which the library SONAME (as
# ldconfig lists it) is bind-mounted over with /dev/null, as if it were not
# installed, and prints what it writes (stdout and stderr). Returns 2,
# printing nothing, when that cannot be done here (no such library, no
# `unshare -m`); else 0, whatever SCRIPT did: the caller checks its output.
without_lib() {
    hl_lib=$( (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null | awk -v so="$1" '$1 == so { print $NF; exit }')
    [ -n "$hl_lib" ] && hl_lib=$(readlink -f "$hl_lib")
    { [ -n "$hl_lib" ] && unshare -m true 2>/dev/null; } || return 2
    unshare -m sh -c "mount --bind /dev/null '$hl_lib' && { $2; }" 2>&1
    return 0
}
