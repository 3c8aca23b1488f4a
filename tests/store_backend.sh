# SPDX-License-Identifier: MIT
# store_backend.sh: the store tests on either backend, sourced after the
# test has made $tmp. STORE_BACKEND=pg runs them on PostgreSQL (the server
# of tests/t_store_pg.sh when it exports PG_SOCK, else one started here and
# stopped on exit); unset or sqlite, on SQLite files in $tmp.
#
#   store_db NAME        the --db value of a fresh, empty database NAME
#   store_sql DB SQL     runs SQL on DB, rows as "a|b" lines (sqlite3 / psql -At)
#   store_dump DB        the whole database as text (to compare before and after)
#   store_skip           0 when the backend cannot run here (STORE_SKIP says why)
#   on_sqlite            0 on SQLite: for checks of SQLite's own (WAL, PRAGMAs, paths)
# jx COL KEY: SQL reading KEY of the JSON in COL as text, on either backend.

B=${STORE_BACKEND:-sqlite}
STORE_SKIP=
on_sqlite() { [ "$B" = sqlite ]; }

if [ "$B" = pg ]; then
    . "$(dirname "$0")/pg_server.sh"
    if [ -z "$PG_SOCK" ]; then
        pgdir=$(mktemp -d)   # its own: the server's user may not enter $tmp
        if pg_start "$pgdir"; then
            trap 'pg_stop; rm -rf "$tmp" "$pgdir"' EXIT
        else
            STORE_SKIP=$PG_SKIP
            rm -rf "$pgdir"
        fi
    fi
fi
store_skip() { [ -n "$STORE_SKIP" ]; }

# A database name of NAME (a path's characters, made unique per test run).
store_pgname() { printf 'd%s_%s' "$$" "$1" | tr -c 'a-zA-Z0-9_\n' '_'; }

store_db() {
    if on_sqlite; then echo "$tmp/$1.db"; else pg_url "$(store_pgname "$1")"; fi
}

store_sql() {
    case $1 in
        postgres*://*) _pgdb=${1#*:///}; _pgdb=${_pgdb%%\?*}
                       psql -X -q -At -h "$PG_SOCK" -U parlance -d "$_pgdb" -c "$2" ;;
        *) sqlite3 "$1" "$2" ;;
    esac
}

store_dump() {
    case $1 in
        postgres*://*) _pgdb=${1#*:///}; _pgdb=${_pgdb%%\?*}
                       pg_dump -h "$PG_SOCK" -U parlance --data-only --inserts "$_pgdb" | grep -v '^--\|^SET\|^SELECT pg_catalog\|^.restrict\|^.unrestrict' ;;
        *) sqlite3 "$1" .dump ;;
    esac
}

jx() {
    if on_sqlite; then echo "CAST(json_extract($1, '\$.$2') AS TEXT)"; else echo "($1::jsonb->>'$2')"; fi
}
