/* SPDX-License-Identifier: MIT */
/* db.h: the tools' database (tools/db.c): one interface, two backends.
 * A path names an SQLite file (tools/db_sqlite.c); a postgres:// or
 * postgresql:// URL names a PostgreSQL server (tools/db_pg.c, libpq).
 * Components (the documents, the parse-failure log, ...) write their SQL
 * once, with ?N parameters and the functions both backends have; what
 * differs (the tables' DDL, how a writer starts) lives in one file per
 * backend (tools/schema_sqlite.c, tools/schema_pg.c). */
#ifndef PARL_DB_H
#define PARL_DB_H
#include <stdio.h>
#include <stddef.h>

typedef struct dbc dbc;     /* a connection */
typedef struct dbst dbst;   /* a prepared statement */

/* What db_step returns (the values of SQLite's codes). */
enum { DB_OK = 0, DB_ERROR = 1, DB_CONSTRAINT = 19, DB_ROW = 100, DB_DONE = 101 };

/* What a backend does; the SQL it is given is the components' portable SQL. */
typedef struct db_ops {
    const char *name;                            /* "SQLite", "PostgreSQL" */
    void (*close)(dbc *db);
    int (*exec)(dbc *db, const char *sql);       /* DB_OK or an error (message in errmsg) */
    const char *(*errmsg)(dbc *db);
    dbst *(*prepare)(dbc *db, const char *sql);  /* NULL: errmsg says why */
    void (*bind)(dbst *st, int i, const char *s, size_t n, int copy);   /* S NULL: SQL NULL */
    void (*bind_int64)(dbst *st, int i, long long v);
    int (*step)(dbst *st);
    void (*reset)(dbst *st);
    void (*finalize)(dbst *st);
    const char *(*column_text)(dbst *st, int i);   /* NULL for SQL NULL */
    size_t (*column_bytes)(dbst *st, int i);
    long long (*column_int64)(dbst *st, int i);
    long long (*changes)(dbc *db);                /* rows the last statement changed */
    int (*in_tx)(dbc *db);                        /* a transaction is open */
    long long (*limit)(dbc *db);                  /* the largest text a value may hold */
    int (*lost)(dbc *db);                         /* the connection is gone (a server stopped) */
} db_ops;

/* What differs in SQL between the backends (schema_*.c). */
typedef struct db_migration {
    const char *component;
    int version;
    const char *sql;
} db_migration;
typedef struct db_dialect {
    const char *migrations_table;     /* CREATE TABLE IF NOT EXISTS schema_migrations */
    const char *has_migrations;       /* a row when schema_migrations exists */
    const char *begin_write;          /* a transaction that writes */
    const char *claim;                /* appended to a SELECT that claims a row for one executor */
    const char *lock_name;            /* ?1 a name: writers of one name wait for each other */
    const char *after_import;         /* %s %s a table twice: ids given after rows with theirs, or NULL */
    const db_migration *migrations;   /* every component's, in version order per component */
    int nmigrations;
} db_dialect;
extern const db_dialect db_dialect_sqlite, db_dialect_pg;

struct dbc {
    const db_ops *ops;
    const db_dialect *sql;
};
struct dbst {
    dbc *db;
};

/* The time now in SQL, as SQLite's strftime('%Y-%m-%dT%H:%M:%fZ','now')
 * writes it (both backends define parl_now()). */
#define DB_NOW "parl_now()"

/* Is OPT (a --db value or $PARLANCE_DB) a PostgreSQL URL? */
int db_is_url(const char *s);
/* The database: OPT, $PARLANCE_DB, $XDG_DATA_HOME/parlance/parlance.db
 * or ~/.local/share/parlance/parlance.db, written into BUF. */
const char *db_path(const char *opt, char *buf, size_t n);
/* Opens (creating directories and the file, for SQLite). NULL (reported)
 * on failure. */
dbc *db_open(const char *opt);
/* The same, but only when the database exists already: NULL, silently, when
 * it does not (commands that merely look things up create no database). A
 * server always exists. */
dbc *db_open_existing(const char *opt);
/* The same, silent also when it cannot be written: for work that may be
 * skipped (saving a profile computed by a reader). */
dbc *db_open_writable(const char *opt);
/* Read-only, for commands that only read: NULL, silently, when the file
 * does not exist; nothing is created or changed. Components are not
 * migrated: see db_migrated(). */
dbc *db_open_read(const char *opt);
/* An empty in-memory SQLite database (readers of a store that has none). */
dbc *db_open_memory(void);
void db_close(dbc *db);

/* A client library the backends open with dlopen on first use instead of
 * linking it (every command would pay for loading it): the first of NAMES
 * dlopen finds, each of SYMS (a function's name and the offset of its
 * pointer in FNS) bound. Tried once; 0 when it is there with every
 * function, else 1. */
typedef struct db_lib {
    int tried;
    void *handle;
} db_lib;
typedef struct db_sym {
    const char *name;
    size_t off;
} db_sym;
int db_lib_load(db_lib *l, const char *const *names, size_t nnames, const db_sym *syms, size_t nsyms, void *fns);

/* The backends (db_sqlite.c, db_pg.c): NULL after reporting, or silently
 * when QUIET. */
dbc *db_sqlite_open(const char *path, const char *query, int readonly, int quiet);
dbc *db_pg_open(const char *url, int quiet);
/* The SQLite handle of DB, NULL for another backend (tests reach below). */
struct sqlite3 *db_sqlite_handle(dbc *db);

/* Runs SQL; 0, or 1 after printing the error. */
int db_exec(dbc *db, const char *sql);
/* Runs SQL, saying nothing (a rollback after an error already reported). */
void db_exec_quiet(dbc *db, const char *sql);
/* Starts a transaction that writes: the write lock up front on SQLite, so a
 * concurrent writer waits instead of failing half-way. 0, or 1 (reported). */
int db_begin(dbc *db);
const char *db_errmsg(dbc *db);
long long db_changes(dbc *db);
int db_in_tx(dbc *db);
long long db_limit(dbc *db);
const char *db_backend(dbc *db);   /* "SQLite" or "PostgreSQL", for messages */
/* Is the connection gone (the server stopped or dropped it)? Nothing more
 * can be done with DB; a rerun of the command, once it is back, goes on. */
int db_lost(dbc *db);

/* A component's schema, the backend's migrations for it: each is applied
 * once and recorded in schema_migrations (component, version), which is
 * made when missing. Idempotent. */
int db_migrate(dbc *db, const char *component);
/* Are a component's migrations all applied? 1; 0 when none is (its tables
 * are not there: nothing stored yet); -1 when only some are, or on error
 * (reported). For readers, which migrate nothing. */
int db_migrated(dbc *db, const char *component);

/* A prepared statement, or NULL after printing the error. */
dbst *db_prepare(dbc *db, const char *sql);
/* Binds N bytes of S (N < 0: up to its NUL) to parameter I, copied; NULL S
 * binds NULL. */
void db_bind_text(dbst *st, int i, const char *s, long long n);
/* The same, not copied: S stays valid until the statement is stepped. */
void db_bind_static(dbst *st, int i, const char *s, size_t n);
void db_bind_int64(dbst *st, int i, long long v);
void db_bind_null(dbst *st, int i);
#define db_bind_text_or_null(st, i, s) db_bind_text(st, i, s, -1)
int db_step(dbst *st);
void db_reset(dbst *st);
void db_finalize(dbst *st);
const char *db_column_text(dbst *st, int i);
int db_column_bytes(dbst *st, int i);
long long db_column_int64(dbst *st, int i);
int db_column_int(dbst *st, int i);
int db_column_null(dbst *st, int i);
/* Steps ST once and finalizes it; the db_step code (errors other than a
 * constraint printed). */
int db_step_once(dbc *db, dbst *st);
/* Steps ST, an INSERT ... RETURNING id, and finalizes it: the id, or -1
 * (reported). */
long long db_insert_id(dbc *db, dbst *st);
/* The first column of every row ST selects, as a heap array of *N (ST is
 * finalized); NULL after printing the error. */
long long *db_select_ids(dbc *db, dbst *st, size_t *n);

#endif
