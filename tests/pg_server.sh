# SPDX-License-Identifier: MIT
# pg_server.sh: a throwaway PostgreSQL server for the store's tests, sourced.
#
#   . tests/pg_server.sh
#   pg_start DIR   initdb into DIR/data, start the server on a Unix socket in
#                  DIR (listen_addresses='': no TCP port); 0 with PG_BIN and
#                  PG_SOCK set, else 1 with the reason in PG_SKIP
#   pg_url NAME    creates database NAME, prints its postgresql:// URL
#   pg_stop_now    pg_ctl stop -m immediate (a crash, for the fault tests)
#   pg_restart     pg_ctl start again on the same data
#   pg_stop        stops the server (call it from the caller's EXIT trap;
#                  DIR is removed by the caller's trap with the rest)
#
# The server comes from Debian's postgresql package (make deps installs it):
# /usr/lib/postgresql/VERSION/bin, or what pg_config --bindir says. initdb
# refuses to run as root, so as root the server runs as the postgres user
# the package creates (else nobody), owning DIR.

pg_find_bin() {
    for d in "$(pg_config --bindir 2>/dev/null)" /usr/lib/postgresql/*/bin; do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
    done
    return 1
}

# Runs a command as the server's owner.
pg_as() {
    if [ -n "$PG_USER" ]; then runuser -u "$PG_USER" -- "$@"; else "$@"; fi
}

pg_start() {
    PG_DIR=$1 PG_SKIP= PG_USER=
    if ! PG_BIN=$(pg_find_bin); then
        PG_SKIP="no PostgreSQL server programs (initdb, pg_ctl): make deps installs the postgresql package"
        return 1
    fi
    if ! command -v psql >/dev/null 2>&1; then PG_SKIP="psql is missing (postgresql-client)"; return 1; fi
    if [ "$(id -u)" = 0 ]; then
        if id postgres >/dev/null 2>&1; then PG_USER=postgres; else PG_USER=nobody; fi
        if ! command -v runuser >/dev/null 2>&1; then PG_SKIP="running as root without runuser"; return 1; fi
        chown "$PG_USER" "$PG_DIR" || { PG_SKIP="cannot give $PG_DIR to $PG_USER"; return 1; }
        chmod 755 "$PG_DIR"
    fi
    if ! pg_as "$PG_BIN/initdb" -D "$PG_DIR/data" -U parlance -A trust -E UTF8 --locale=C \
            >"$PG_DIR/initdb.log" 2>&1; then
        PG_SKIP="initdb failed: $(tail -n 1 "$PG_DIR/initdb.log")"
        return 1
    fi
    PG_SOCK=$PG_DIR
    if ! pg_restart; then
        PG_SKIP="the server did not start: $(tail -n 1 "$PG_DIR/server.log")"
        return 1
    fi
    return 0
}

pg_restart() {
    pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
        -o "-k $PG_SOCK -c listen_addresses='' -c fsync=off -c max_connections=60" start >/dev/null 2>&1
}

pg_stop_now() {
    pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1
}

pg_stop() {
    [ -n "$PG_BIN" ] && [ -f "$PG_DIR/data/postmaster.pid" ] &&
        pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1
    return 0
}

pg_url() {
    psql -X -q -h "$PG_SOCK" -U parlance -d postgres -c "CREATE DATABASE \"$1\"" >/dev/null || return 1
    echo "postgresql:///$1?host=$PG_SOCK&user=parlance"
}
