/* SPDX-License-Identifier: MIT */
/* db_sqlite: the SQLite backend of db.h, the embedded default.
 *
 * The path is a file path, never read as a URI ("file:x.db?mode=memory" is
 * a file of that name), and it must be a regular file (--db /dev/full is
 * refused, not given a -journal beside it).
 *
 * Writers wait for each other: the busy timeout is minutes, not seconds, so
 * sixteen bulk adds of large documents queue instead of failing "database
 * is locked". A command that only reads opens the file read-only, so a
 * store it may not write (a 444 file in a 555 directory) can still be read.
 *
 * parl_now() is the one SQL function the components use that SQLite lacks:
 * the time as strftime('%Y-%m-%dT%H:%M:%fZ','now') writes it. */
#include "db.h"
#include <stddef.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define DB_BUSY_MS 300000   /* how long a writer waits for another */

/* libsqlite3 is opened on the first store command, not linked: loading it
 * cost every command about 0.3 ms of start-up (a quarter of a one-request
 * `parlance infer`), split, profile and infer included, which never touch
 * a store. libpq is opened the same way (db_pg.c). */
#define SQ_FUNCS(X) X(sqlite3_bind_int64) X(sqlite3_bind_null) X(sqlite3_bind_text64) X(sqlite3_busy_timeout) \
    X(sqlite3_changes) X(sqlite3_close) X(sqlite3_column_bytes) X(sqlite3_column_int64) X(sqlite3_column_text) \
    X(sqlite3_create_function) X(sqlite3_db_readonly) X(sqlite3_errmsg) X(sqlite3_exec) X(sqlite3_finalize) \
    X(sqlite3_get_autocommit) X(sqlite3_limit) X(sqlite3_open_v2) X(sqlite3_prepare_v2) X(sqlite3_reset) \
    X(sqlite3_result_text) X(sqlite3_sleep) X(sqlite3_step)
#define SQ_FIELD(f) __typeof__(f) *f;
#define SQ_SYM(f) { #f, offsetof(struct sq_funcs, f) },
static struct sq_funcs {
    SQ_FUNCS(SQ_FIELD)
} sq;
static const db_sym sq_syms[] = { SQ_FUNCS(SQ_SYM) };
static db_lib sq_lib;

/* 0 when libsqlite3 is there, else 1 (said unless QUIET). The names are
 * the shared library's on Linux and on macOS. */
static int sq_load(int quiet)
{
    static const char *const names[] = { "libsqlite3.so.0", "libsqlite3.0.dylib", "libsqlite3.dylib" };
    if (!db_lib_load(&sq_lib, names, sizeof names / sizeof names[0], sq_syms, sizeof sq_syms / sizeof sq_syms[0], &sq))
        return 0;
    if (!quiet)
        fprintf(stderr, "parlance: SQLite: libsqlite3.so.0 is not installed or lacks a function"
                        " (Debian: apt-get install libsqlite3-0)\n");
    return 1;
}

typedef struct {
    dbc base;
    sqlite3 *h;
} sq_conn;

typedef struct {
    dbst base;
    sqlite3_stmt *st;
} sq_stmt;

static sqlite3 *sq_h(dbc *db) { return ((sq_conn *)db)->h; }
static sqlite3_stmt *sq_st(dbst *st) { return ((sq_stmt *)st)->st; }

static void sq_close(dbc *db)
{
    sq.sqlite3_close(sq_h(db));
    free(db);
}

static int sq_exec(dbc *db, const char *sql)
{
    return sq.sqlite3_exec(sq_h(db), sql, NULL, NULL, NULL) == SQLITE_OK ? DB_OK : DB_ERROR;
}

static const char *sq_errmsg(dbc *db) { return sq.sqlite3_errmsg(sq_h(db)); }

static dbst *sq_prepare(dbc *db, const char *sql)
{
    sq_stmt *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->base.db = db;
    if (sq.sqlite3_prepare_v2(sq_h(db), sql, -1, &s->st, NULL) == SQLITE_OK) return &s->base;
    sq.sqlite3_finalize(s->st);
    free(s);
    return NULL;
}

static void sq_bind(dbst *st, int i, const char *s, size_t n, int copy)
{
    if (!s) sq.sqlite3_bind_null(sq_st(st), i);
    else sq.sqlite3_bind_text64(sq_st(st), i, s, n, copy ? SQLITE_TRANSIENT : SQLITE_STATIC, SQLITE_UTF8);
}

static void sq_bind_int64(dbst *st, int i, long long v) { sq.sqlite3_bind_int64(sq_st(st), i, v); }

static int sq_step(dbst *st)
{
    int rc = sq.sqlite3_step(sq_st(st));
    return rc == SQLITE_ROW ? DB_ROW : rc == SQLITE_DONE ? DB_DONE : (rc & 0xff) == SQLITE_CONSTRAINT ? DB_CONSTRAINT
                                                                                                    : DB_ERROR;
}

static void sq_reset(dbst *st) { sq.sqlite3_reset(sq_st(st)); }

static void sq_finalize(dbst *st)
{
    sq.sqlite3_finalize(sq_st(st));
    free(st);
}

static const char *sq_text(dbst *st, int i) { return (const char *)sq.sqlite3_column_text(sq_st(st), i); }
static size_t sq_bytes(dbst *st, int i) { return (size_t)sq.sqlite3_column_bytes(sq_st(st), i); }
static long long sq_int64(dbst *st, int i) { return sq.sqlite3_column_int64(sq_st(st), i); }
static long long sq_changes(dbc *db) { return sq.sqlite3_changes(sq_h(db)); }
static int sq_in_tx(dbc *db) { return !sq.sqlite3_get_autocommit(sq_h(db)); }
static long long sq_limit(dbc *db) { return sq.sqlite3_limit(sq_h(db), SQLITE_LIMIT_LENGTH, -1); }
static int sq_lost(dbc *db) { (void)db; return 0; }   /* a file is not lost */

static const db_ops sq_ops = {
    "SQLite", sq_close, sq_exec, sq_errmsg, sq_prepare, sq_bind, sq_bind_int64, sq_step, sq_reset,
    sq_finalize, sq_text, sq_bytes, sq_int64, sq_changes, sq_in_tx, sq_limit, sq_lost,
};

/* ------------------------------------------------------------ opening */

static void sq_now(sqlite3_context *c, int argc, sqlite3_value **argv)
{
    (void)argc, (void)argv;
    struct timespec ts;
    struct tm tm;
    char buf[40];
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:", &tm);
    snprintf(buf + n, sizeof buf - n, "%02d.%03ldZ", tm.tm_sec, ts.tv_nsec / 1000000);
    sq.sqlite3_result_text(c, buf, -1, SQLITE_TRANSIENT);
}

/* PATH as a URI that names that file and nothing else: every byte but
 * the plain ones percent-encoded, so '?', '#' and '%' in a file name are
 * part of it; QUERY says how SQLite opens it. */
static int path_uri(const char *path, const char *query, char *buf, size_t n)
{
    size_t o = (size_t)snprintf(buf, n, "file:");
    while (path[0] == '/' && path[1] == '/') path++;   /* "file://x" would name a host */
    for (const unsigned char *p = (const unsigned char *)path; *p && o + 4 < n; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("/._-~", *p))
            buf[o++] = (char)*p;
        else o += (size_t)snprintf(buf + o, n - o, "%%%02X", *p);
    }
    return o + strlen(query) + 2 > n ? -1 : (snprintf(buf + o, n - o, "?%s", query), 0);
}

static sqlite3 *open_uri(const char *path, const char *query, int flags, int quiet)
{
    char uri[3 * 4096 + 64];
    sqlite3 *db = NULL;
    if ((query && path_uri(path, query, uri, sizeof uri)) ||
        sq.sqlite3_open_v2(query ? uri : path, &db, flags | SQLITE_OPEN_URI, NULL) != SQLITE_OK) {
        if (!quiet) fprintf(stderr, "parlance: %s: %s\n", path, db ? sq.sqlite3_errmsg(db) : "path too long");
        sq.sqlite3_close(db);
        return NULL;
    }
    sq.sqlite3_busy_timeout(db, DB_BUSY_MS);
    sq.sqlite3_create_function(db, "parl_now", 0, SQLITE_UTF8, NULL, sq_now, NULL, NULL);
    return db;
}

/* Only a regular file (or nothing yet) can be the database. */
static int not_a_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode)) return 0;
    fprintf(stderr, "parlance: %s: not a regular file; --db names a database file\n", path);
    return 1;
}

/* Switching a new file to WAL needs an exclusive lock. When several
 * processes open a fresh database at once, each holds a shared lock and
 * wants to upgrade; SQLite answers SQLITE_BUSY at once rather than call
 * the busy handler (waiting could deadlock), so the switch is retried
 * here, for as long as a writer would wait for another. */
static int set_modes(sqlite3 *db)
{
    int rc, waited = 0;
    for (int ms = 1;; ms = ms < 64 ? 2 * ms : ms) {
        rc = sq.sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
                          NULL, NULL, NULL);
        if ((rc & 0xff) != SQLITE_BUSY || waited >= DB_BUSY_MS) return rc;
        waited += sq.sqlite3_sleep(ms);
    }
}

/* WAL: readers see the last commit while a writer works, never half a
 * transaction. synchronous=NORMAL: in WAL mode a commit survives the
 * process being killed (it is in the OS's cache), only a power loss can
 * take back the last commits, and the file stays consistent either way;
 * FULL would cost an fsync per document on bulk adds. */
static sqlite3 *open_rw(const char *path, const char *query, int quiet)
{
    int flags = SQLITE_OPEN_READWRITE | (strstr(query, "rwc") ? SQLITE_OPEN_CREATE : 0);
    sqlite3 *db = open_uri(path, query, flags, quiet);
    if (!db) return NULL;
    if (sq.sqlite3_db_readonly(db, "main") == 1) {
        if (!quiet) fprintf(stderr, "parlance: %s: no write access\n", path);
        sq.sqlite3_close(db);
        return NULL;
    }
    if (set_modes(db) != SQLITE_OK) {
        fprintf(stderr, "parlance: database: %s\nparlance: %s: cannot use this database\n", sq.sqlite3_errmsg(db), path);
        sq.sqlite3_close(db);
        return NULL;
    }
    return db;
}

/* Reading a WAL database takes its -shm index; where it can be neither
 * opened nor made (a directory we may not write, no writer about), the
 * file is read as it stands (immutable): with no -wal file beside it,
 * everything committed is in it. */
static sqlite3 *open_ro(const char *path)
{
    sqlite3 *db = open_uri(path, "mode=ro", SQLITE_OPEN_READONLY, 0);
    if (!db || sq.sqlite3_exec(db, "PRAGMA schema_version", NULL, NULL, NULL) == SQLITE_OK) return db;
    char wal[4200];
    struct stat st;
    snprintf(wal, sizeof wal, "%s-wal", path);
    if (stat(wal, &st) == 0 && st.st_size > 0) {
        fprintf(stderr, "parlance: %s: %s\n", path, sq.sqlite3_errmsg(db));
        sq.sqlite3_close(db);
        return NULL;
    }
    sq.sqlite3_close(db);
    return open_uri(path, "immutable=1", SQLITE_OPEN_READONLY, 0);
}

sqlite3 *db_sqlite_handle(dbc *db)
{
    return db->ops == &sq_ops ? sq_h(db) : NULL;
}

dbc *db_sqlite_open(const char *path, const char *query, int readonly, int quiet)
{
    if (sq_load(quiet) || (query && not_a_file(path))) return NULL;
    sqlite3 *h = !query ? open_uri(path, NULL, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, quiet)
               : readonly ? open_ro(path) : open_rw(path, query, quiet);
    sq_conn *c = h ? calloc(1, sizeof *c) : NULL;
    if (!c) {
        sq.sqlite3_close(h);
        return NULL;
    }
    c->base.ops = &sq_ops;
    c->base.sql = &db_dialect_sqlite;
    c->h = h;
    return &c->base;
}
