/* SPDX-License-Identifier: MIT */
/* db: the one SQLite file the tools keep their records in (the parse-failure
 * log now; document tables later). Generic on purpose: opening resolves the
 * path and sets WAL mode; each component brings its own list of numbered
 * migrations, applied once each and recorded in schema_migrations.
 *
 * Path: --db PATH, else $PARLANCE_DB, else $XDG_DATA_HOME/parlance/parlance.db,
 * else ~/.local/share/parlance/parlance.db. It is a file path, never read as
 * a URI ("file:x.db?mode=memory" is a file of that name), and it must be a
 * regular file (--db /dev/full is refused, not given a -journal beside it).
 *
 * Writers wait for each other: the busy timeout is minutes, not seconds, so
 * sixteen bulk adds of large documents queue instead of failing "database
 * is locked". A command that only reads opens the file read-only, so a
 * store it may not write (a 444 file in a 555 directory) can still be read. */
#include "db.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DB_BUSY_MS 300000   /* how long a writer waits for another */

const char *db_path(const char *opt, char *buf, size_t n)
{
    const char *env = getenv("PARLANCE_DB"), *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (opt && *opt) snprintf(buf, n, "%s", opt);
    else if (env && *env) snprintf(buf, n, "%s", env);
    else if (xdg && *xdg) snprintf(buf, n, "%s/parlance/parlance.db", xdg);
    else snprintf(buf, n, "%s/.local/share/parlance/parlance.db", home && *home ? home : ".");
    return buf;
}

/* mkdir -p of the directory part of PATH. */
static int make_parent(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) return -1;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) return 0;
    *slash = 0;
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(dir, 0777) && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(dir, 0777) && errno != EEXIST ? -1 : 0;
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
    if (path_uri(path, query, uri, sizeof uri) ||
        sqlite3_open_v2(uri, &db, flags | SQLITE_OPEN_URI, NULL) != SQLITE_OK) {
        if (!quiet) fprintf(stderr, "parlance: %s: %s\n", path, db ? sqlite3_errmsg(db) : "path too long");
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_busy_timeout(db, DB_BUSY_MS);
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

/* WAL: readers see the last commit while a writer works, never half a
 * transaction. synchronous=NORMAL: in WAL mode a commit survives the
 * process being killed (it is in the OS's cache), only a power loss can
 * take back the last commits, and the file stays consistent either way;
 * FULL would cost an fsync per document on bulk adds. */
static sqlite3 *open_path(const char *path, const char *query, int flags, int quiet)
{
    if (not_a_file(path)) return NULL;
    sqlite3 *db = open_uri(path, query, flags, quiet);
    if (!db) return NULL;
    if (sqlite3_db_readonly(db, "main") == 1) {
        if (!quiet) fprintf(stderr, "parlance: %s: no write access\n", path);
        sqlite3_close(db);
        return NULL;
    }
    if (db_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")) {
        fprintf(stderr, "parlance: %s: cannot use this database\n", path);
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

sqlite3 *db_open(const char *opt)
{
    char path[4096];
    db_path(opt, path, sizeof path);
    if (make_parent(path)) {
        fprintf(stderr, "parlance: cannot create the directory of %s: %s\n", path, strerror(errno));
        return NULL;
    }
    return open_path(path, "mode=rwc", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, 0);
}

static sqlite3 *open_existing(const char *opt, int quiet)
{
    char path[4096];
    struct stat st;
    db_path(opt, path, sizeof path);
    if (stat(path, &st) != 0) return NULL;
    return open_path(path, "mode=rw", SQLITE_OPEN_READWRITE, quiet);
}

sqlite3 *db_open_existing(const char *opt) { return open_existing(opt, 0); }
sqlite3 *db_open_writable(const char *opt) { return open_existing(opt, 1); }

/* Reading a WAL database takes its -shm index; where it can be neither
 * opened nor made (a directory we may not write, no writer about), the
 * file is read as it stands (immutable): with no -wal file beside it,
 * everything committed is in it. */
static sqlite3 *open_read(const char *path)
{
    sqlite3 *db = open_uri(path, "mode=ro", SQLITE_OPEN_READONLY, 0);
    if (!db || sqlite3_exec(db, "PRAGMA schema_version", NULL, NULL, NULL) == SQLITE_OK) return db;
    char wal[4200];
    struct stat st;
    snprintf(wal, sizeof wal, "%s-wal", path);
    if (stat(wal, &st) == 0 && st.st_size > 0) {
        fprintf(stderr, "parlance: %s: %s\n", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_close(db);
    return open_uri(path, "immutable=1", SQLITE_OPEN_READONLY, 0);
}

sqlite3 *db_open_read(const char *opt)
{
    char path[4096];
    struct stat st;
    db_path(opt, path, sizeof path);
    if (stat(path, &st) != 0 || not_a_file(path)) return NULL;
    return open_read(path);
}

int db_exec(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) == SQLITE_OK) return 0;
    fprintf(stderr, "parlance: database: %s\n", err ? err : sqlite3_errmsg(db));
    sqlite3_free(err);
    return 1;
}

static int applied(sqlite3 *db, const char *component, int version)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM schema_migrations WHERE component = ?1 AND version = ?2",
                           -1, &st, NULL) != SQLITE_OK)
        return sqlite3_table_column_metadata(db, "main", "schema_migrations", NULL, NULL, NULL, NULL, NULL,
                                             NULL) == SQLITE_OK ? -1 : 0;   /* no table: nothing applied */
    sqlite3_bind_text(st, 1, component, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, version);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int db_migrated(sqlite3 *db, const char *component, const db_migration *m, int n)
{
    int a = n ? applied(db, component, m[n - 1].version) : 1;
    if (a == 1) return 1;
    if (a < 0) fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    else if (n && applied(db, component, m[0].version) == 1) {
        fprintf(stderr, "parlance: the database is from an older parlance: a command that writes it (with"
                        " write access) brings it up to date\n");
        a = -1;
    }
    return a;
}

/* Each migration runs in its own write transaction, re-checked inside it so
 * two processes starting together apply it once. */
int db_migrate(sqlite3 *db, const char *component, const db_migration *m, int n)
{
    if (db_exec(db, "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " component TEXT NOT NULL,"
                    " version INTEGER NOT NULL,"
                    " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),"
                    " PRIMARY KEY (component, version))"))
        return 1;
    for (int i = 0; i < n; i++) {
        if (applied(db, component, m[i].version) == 1) continue;
        if (db_exec(db, "BEGIN IMMEDIATE")) return 1;
        int a = applied(db, component, m[i].version);
        if (a == 0) {
            sqlite3_stmt *st = NULL;
            if (db_exec(db, m[i].sql) ||
                sqlite3_prepare_v2(db, "INSERT INTO schema_migrations (component, version) VALUES (?1, ?2)",
                                   -1, &st, NULL) != SQLITE_OK) {
                sqlite3_finalize(st);
                db_exec(db, "ROLLBACK");
                return 1;
            }
            sqlite3_bind_text(st, 1, component, -1, SQLITE_STATIC);
            sqlite3_bind_int(st, 2, m[i].version);
            int rc = sqlite3_step(st);
            sqlite3_finalize(st);
            if (rc != SQLITE_DONE) { db_exec(db, "ROLLBACK"); return 1; }
        }
        if (a < 0 || db_exec(db, "COMMIT")) { db_exec(db, "ROLLBACK"); return 1; }
    }
    return 0;
}

sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

int db_step_once(sqlite3 *db, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW && rc != SQLITE_CONSTRAINT)
        fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc;
}

long long *db_select_ids(sqlite3 *db, sqlite3_stmt *st, size_t *n)
{
    size_t cap = 64;
    long long *ids = malloc(cap * sizeof *ids);
    int rc = SQLITE_ROW;
    for (*n = 0; ids && (rc = sqlite3_step(st)) == SQLITE_ROW;) {
        if (*n == cap) {
            long long *g = realloc(ids, (cap *= 2) * sizeof *ids);
            if (!g) { free(ids); ids = NULL; break; }
            ids = g;
        }
        ids[(*n)++] = sqlite3_column_int64(st, 0);
    }
    if (!ids) fputs("parlance: out of memory\n", stderr);
    else if (rc != SQLITE_DONE) { fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db)); free(ids); ids = NULL; }
    sqlite3_finalize(st);
    return ids;
}

void db_bind_text_or_null(sqlite3_stmt *st, int i, const char *s)
{
    if (s) sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
    else sqlite3_bind_null(st, i);
}
