/* SPDX-License-Identifier: MIT */
/* db: the one SQLite file the tools keep their records in (the parse-failure
 * log now; document tables later). Generic on purpose: opening resolves the
 * path and sets WAL mode; each component brings its own list of numbered
 * migrations, applied once each and recorded in schema_migrations.
 *
 * Path: --db PATH, else $PARLANCE_DB, else $XDG_DATA_HOME/parlance/parlance.db,
 * else ~/.local/share/parlance/parlance.db. */
#include "db.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* WAL: readers see the last commit while a writer works, never half a
 * transaction. synchronous=NORMAL: in WAL mode a commit survives the
 * process being killed (it is in the OS's cache), only a power loss can
 * take back the last commits, and the file stays consistent either way;
 * FULL would cost an fsync per document on bulk adds. */
static sqlite3 *open_path(const char *path, int flags)
{
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
        fprintf(stderr, "parlance: %s: %s\n", path, db ? sqlite3_errmsg(db) : "cannot open");
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_busy_timeout(db, 5000);
    if (db_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;") ||
        db_exec(db, "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " component TEXT NOT NULL,"
                    " version INTEGER NOT NULL,"
                    " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),"
                    " PRIMARY KEY (component, version))")) {
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
    return open_path(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
}

sqlite3 *db_open_existing(const char *opt)
{
    char path[4096];
    struct stat st;
    db_path(opt, path, sizeof path);
    if (stat(path, &st) != 0) return NULL;
    return open_path(path, SQLITE_OPEN_READWRITE);
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
        return -1;
    sqlite3_bind_text(st, 1, component, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, version);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

/* Each migration runs in its own write transaction, re-checked inside it so
 * two processes starting together apply it once. */
int db_migrate(sqlite3 *db, const char *component, const db_migration *m, int n)
{
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
