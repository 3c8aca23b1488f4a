/* SPDX-License-Identifier: MIT */
/* db: the one database the tools keep their records in, behind one
 * interface (db.h). Generic on purpose: opening picks the backend from the
 * --db value (a postgres:// URL, else a file path); each component has its
 * numbered migrations per backend (schema_*.c), applied once each and
 * recorded in schema_migrations.
 *
 * Where: --db VALUE, else $PARLANCE_DB, else
 * $XDG_DATA_HOME/parlance/parlance.db, else ~/.local/share/parlance/parlance.db.
 * A URL's missing parts come from libpq's own variables (PGHOST, PGUSER...). */
#include "db.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int db_is_url(const char *s)
{
    return s && (!strncmp(s, "postgres://", 11) || !strncmp(s, "postgresql://", 13));
}

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

dbc *db_open(const char *opt)
{
    char path[4096];
    db_path(opt, path, sizeof path);
    if (db_is_url(path)) return db_pg_open(path, 0);
    if (make_parent(path)) {
        fprintf(stderr, "parlance: cannot create the directory of %s: %s\n", path, strerror(errno));
        return NULL;
    }
    return db_sqlite_open(path, "mode=rwc", 0, 0);
}

static dbc *open_existing(const char *opt, int quiet)
{
    char path[4096];
    struct stat st;
    db_path(opt, path, sizeof path);
    if (db_is_url(path)) return db_pg_open(path, quiet);
    if (stat(path, &st) != 0) return NULL;
    return db_sqlite_open(path, "mode=rw", 0, quiet);
}

dbc *db_open_existing(const char *opt) { return open_existing(opt, 0); }
dbc *db_open_writable(const char *opt) { return open_existing(opt, 1); }

dbc *db_open_read(const char *opt)
{
    char path[4096];
    struct stat st;
    db_path(opt, path, sizeof path);
    if (db_is_url(path)) return db_pg_open(path, 0);
    if (stat(path, &st) != 0) return NULL;
    return db_sqlite_open(path, "mode=ro", 1, 0);
}

int db_lib_load(db_lib *l, const char *const *names, size_t nnames, const db_sym *syms, size_t nsyms, void *fns)
{
    for (size_t i = 0; !l->tried && i < nnames; i++) {
        if (!(l->handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL))) continue;
        l->tried = 1;
        for (size_t k = 0; l->handle && k < nsyms; k++)
            if (!(*(void **)((char *)fns + syms[k].off) = dlsym(l->handle, syms[k].name))) {
                dlclose(l->handle);
                l->handle = NULL;
            }
    }
    l->tried = 1;
    return !l->handle;
}

dbc *db_open_memory(void) { return db_sqlite_open(":memory:", NULL, 0, 0); }

void db_close(dbc *db)
{
    if (db) db->ops->close(db);
}

/* ------------------------------------------------------------ statements */

int db_exec(dbc *db, const char *sql)
{
    if (db->ops->exec(db, sql) == DB_OK) return 0;
    fprintf(stderr, "parlance: database: %s\n", db->ops->errmsg(db));
    return 1;
}

void db_exec_quiet(dbc *db, const char *sql) { db->ops->exec(db, sql); }
int db_begin(dbc *db) { return db_exec(db, db->sql->begin_write); }
const char *db_errmsg(dbc *db) { return db->ops->errmsg(db); }
long long db_changes(dbc *db) { return db->ops->changes(db); }
int db_in_tx(dbc *db) { return db->ops->in_tx(db); }
long long db_limit(dbc *db) { return db->ops->limit(db); }
const char *db_backend(dbc *db) { return db->ops->name; }
int db_lost(dbc *db) { return db && db->ops->lost(db); }

dbst *db_prepare(dbc *db, const char *sql)
{
    dbst *st = db->ops->prepare(db, sql);
    if (!st) fprintf(stderr, "parlance: database: %s\n", db->ops->errmsg(db));
    return st;
}

void db_bind_text(dbst *st, int i, const char *s, long long n)
{
    st->db->ops->bind(st, i, s, s && n < 0 ? strlen(s) : (size_t)n, 1);
}

void db_bind_static(dbst *st, int i, const char *s, size_t n) { st->db->ops->bind(st, i, s, n, 0); }
void db_bind_int64(dbst *st, int i, long long v) { st->db->ops->bind_int64(st, i, v); }
void db_bind_null(dbst *st, int i) { st->db->ops->bind(st, i, NULL, 0, 0); }
int db_step(dbst *st) { return st->db->ops->step(st); }
void db_reset(dbst *st) { st->db->ops->reset(st); }
const char *db_column_text(dbst *st, int i) { return st->db->ops->column_text(st, i); }
int db_column_bytes(dbst *st, int i) { return (int)st->db->ops->column_bytes(st, i); }
long long db_column_int64(dbst *st, int i) { return st->db->ops->column_int64(st, i); }
int db_column_int(dbst *st, int i) { return (int)st->db->ops->column_int64(st, i); }
int db_column_null(dbst *st, int i) { return !st->db->ops->column_text(st, i); }

void db_finalize(dbst *st)
{
    if (st) st->db->ops->finalize(st);
}

int db_step_once(dbc *db, dbst *st)
{
    int rc = db_step(st);
    if (rc != DB_DONE && rc != DB_ROW && rc != DB_CONSTRAINT) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc;
}

long long db_insert_id(dbc *db, dbst *st)
{
    int rc = db_step(st);
    long long id = rc == DB_ROW ? db_column_int64(st, 0) : -1;
    while (rc == DB_ROW) rc = db_step(st);
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc == DB_DONE ? id : -1;
}

long long *db_select_ids(dbc *db, dbst *st, size_t *n)
{
    size_t cap = 64;
    long long *ids = malloc(cap * sizeof *ids);
    int rc = DB_ROW;
    for (*n = 0; ids && (rc = db_step(st)) == DB_ROW;) {
        if (*n == cap) {
            long long *g = realloc(ids, (cap *= 2) * sizeof *ids);
            if (!g) { free(ids); ids = NULL; break; }
            ids = g;
        }
        ids[(*n)++] = db_column_int64(st, 0);
    }
    if (!ids) fputs("parlance: out of memory\n", stderr);
    else if (rc != DB_DONE) { fprintf(stderr, "parlance: database: %s\n", db_errmsg(db)); free(ids); ids = NULL; }
    db_finalize(st);
    return ids;
}

/* ------------------------------------------------------------ migrations */

/* 1 applied, 0 not (or no schema_migrations table yet), -1 error. */
static int applied(dbc *db, const char *component, int version)
{
    dbst *st = db->ops->prepare(db, "SELECT 1 FROM schema_migrations WHERE component = ?1 AND version = ?2");
    if (!st) return -1;
    db_bind_text(st, 1, component, -1);
    db_bind_int64(st, 2, version);
    int rc = db_step(st);
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

/* Has the database a schema_migrations table? 1, 0, -1 on error. */
static int has_migrations(dbc *db)
{
    dbst *st = db_prepare(db, db->sql->has_migrations);
    if (!st) return -1;
    int rc = db_step(st);
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

/* The backend's migrations of COMPONENT: *N of them from the returned one. */
static const db_migration *component_migrations(dbc *db, const char *component, int *n)
{
    const db_migration *m = db->sql->migrations, *first = NULL;
    *n = 0;
    for (int i = 0; i < db->sql->nmigrations; i++)
        if (!strcmp(m[i].component, component)) {
            if (!first) first = &m[i];
            ++*n;
        }
    return first;
}

int db_migrated(dbc *db, const char *component)
{
    int n, h = has_migrations(db);
    const db_migration *m = component_migrations(db, component, &n);
    if (h <= 0) return h;
    int a = n ? applied(db, component, m[n - 1].version) : 1;
    if (a == 1) return 1;
    if (a < 0) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    else if (n && applied(db, component, m[0].version) == 1) {
        fprintf(stderr, "parlance: the database is from an older parlance: a command that writes it (with"
                        " write access) brings it up to date\n");
        a = -1;
    }
    return a;
}

static int record(dbc *db, const char *component, int version)
{
    dbst *st = db_prepare(db, "INSERT INTO schema_migrations (component, version) VALUES (?1, ?2)");
    if (!st) return 1;
    db_bind_text(st, 1, component, -1);
    db_bind_int64(st, 2, version);
    return db_step_once(db, st) != DB_DONE;
}

/* Each migration runs in its own write transaction, re-checked inside it so
 * two processes starting together apply it once (PostgreSQL: the second
 * waits on an advisory lock held to the first one's commit). */
int db_migrate(dbc *db, const char *component)
{
    int n;
    const db_migration *m = component_migrations(db, component, &n);
    if (has_migrations(db) != 1 && db_exec(db, db->sql->migrations_table)) return 1;
    for (int i = 0; i < n; i++) {
        if (applied(db, component, m[i].version) == 1) continue;
        if (db_begin(db)) return 1;
        dbst *lock = db_prepare(db, db->sql->lock_name);
        if (lock) db_bind_text(lock, 1, "schema_migrations", -1);
        int a = lock && db_step_once(db, lock) != DB_ERROR ? applied(db, component, m[i].version) : -1;
        if (a == 0 && (db_exec(db, m[i].sql) || record(db, component, m[i].version))) a = -1;
        if (a < 0 || db_exec(db, "COMMIT")) { db_exec_quiet(db, "ROLLBACK"); return 1; }
    }
    return 0;
}
