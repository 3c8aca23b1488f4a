/* SPDX-License-Identifier: MIT */
/* db_pg: the PostgreSQL backend of db.h, through libpq, for many agents on
 * many machines writing one store at once.
 *
 * The URL goes to libpq as it is (postgres://user@host/db,
 * postgresql:///db?host=/run/dir for a Unix socket); what it leaves out
 * comes from libpq's variables (PGHOST, PGUSER, PGPASSWORD, ...).
 *
 * The components' SQL has SQLite's ?N parameters: they become $N here (the
 * only rewrite; everything else they write is SQL both servers take).
 * Statements run with text parameters and text results, one round trip
 * each. A lost connection is an error like any other, said plainly. */
#include "db.h"
#include <stddef.h>
#include <libpq-fe.h>
#include <stdlib.h>
#include <string.h>

#define PG_MAX_PARAMS 32

/* libpq is opened on the first PostgreSQL URL, not linked: its two dozen
 * libraries (TLS, Kerberos, LDAP...) cost every command about 5 ms of
 * start-up, the ones that never touch PostgreSQL included. */
#define PQ_FUNCS(X) X(PQclear) X(PQcmdTuples) X(PQconnectdb) X(PQerrorMessage) X(PQexec) X(PQexecParams) X(PQfinish) X(PQgetisnull) X(PQgetlength) X(PQgetvalue) X(PQnfields) X(PQntuples) X(PQresultErrorField) X(PQresultErrorMessage) X(PQresultStatus) X(PQsetNoticeProcessor) X(PQstatus) X(PQtransactionStatus)
#define PQ_FIELD(f) __typeof__(f) *f;
#define PQ_SYM(f) { #f, offsetof(struct pq_funcs, f) },
static struct pq_funcs {
    PQ_FUNCS(PQ_FIELD)
} pq;
static const db_sym pq_syms[] = { PQ_FUNCS(PQ_SYM) };
static db_lib pq_lib;

/* 0 when libpq is there, else 1 (said unless QUIET). */
static int pq_load(int quiet)
{
    static const char *const names[] = { "libpq.so.5" };
    if (!db_lib_load(&pq_lib, names, 1, pq_syms, sizeof pq_syms / sizeof pq_syms[0], &pq)) return 0;
    if (!quiet) fprintf(stderr, "parlance: PostgreSQL: libpq.so.5 is not installed (Debian: apt-get install libpq5)\n");
    return 1;
}

typedef struct {
    dbc base;
    PGconn *h;
    long long changes;
    char err[512];
} pg_conn;

typedef struct {
    dbst base;
    char *sql;
    int nparams;
    const char *val[PG_MAX_PARAMS];
    int len[PG_MAX_PARAMS];
    char *owned[PG_MAX_PARAMS];
    PGresult *res;
    int row, rows;
} pg_stmt;

static pg_conn *pg_c(dbc *db) { return (pg_conn *)db; }
static pg_stmt *pg_s(dbst *st) { return (pg_stmt *)st; }

/* libpq's message without its trailing newline, and what a lost
 * connection means for the command. */
static void pg_error(pg_conn *c, const PGresult *r)
{
    const char *m = r && pq.PQresultErrorMessage((PGresult *)r)[0] ? pq.PQresultErrorMessage((PGresult *)r)
                                                                 : pq.PQerrorMessage(c->h);
    int n = (int)strcspn(m, "\n");
    if (pq.PQstatus(c->h) == CONNECTION_BAD)
        snprintf(c->err, sizeof c->err, "the connection to the PostgreSQL server was lost (%.*s)", n, m);
    else snprintf(c->err, sizeof c->err, "%.*s", n, m);
}

/* Class 23: integrity constraint violation (unique, check, foreign key). */
static int pg_code(const PGresult *r)
{
    const char *state = pq.PQresultErrorField(r, PG_DIAG_SQLSTATE);
    return state && !strncmp(state, "23", 2) ? DB_CONSTRAINT : DB_ERROR;
}

static void pg_close(dbc *db)
{
    pq.PQfinish(pg_c(db)->h);
    free(db);
}

static int pg_exec(dbc *db, const char *sql)
{
    pg_conn *c = pg_c(db);
    PGresult *r = pq.PQexec(c->h, sql);
    ExecStatusType s = pq.PQresultStatus(r);
    int rc = s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK ? DB_OK : pg_code(r);
    if (rc != DB_OK) pg_error(c, r);
    pq.PQclear(r);
    return rc;
}

static const char *pg_errmsg(dbc *db) { return pg_c(db)->err; }

/* ?N -> $N outside quoted text. */
static char *pg_translate(const char *sql)
{
    char *out = malloc(strlen(sql) + 1), *o = out;
    char quote = 0;
    for (const char *p = sql; out && *p; p++) {
        if (quote) quote = *p == quote ? 0 : quote;
        else if (*p == '\'' || *p == '"') quote = *p;
        *o++ = !quote && *p == '?' && p[1] >= '0' && p[1] <= '9' ? '$' : *p;
    }
    if (out) *o = 0;
    return out;
}

static dbst *pg_prepare(dbc *db, const char *sql)
{
    pg_stmt *s = calloc(1, sizeof *s);
    if (s && (s->sql = pg_translate(sql))) {
        s->base.db = db;
        return &s->base;
    }
    free(s);
    snprintf(pg_c(db)->err, sizeof pg_c(db)->err, "out of memory");
    return NULL;
}

static void pg_set(pg_stmt *s, int i, const char *v, size_t n, char *owned)
{
    if (i < 1 || i > PG_MAX_PARAMS) { free(owned); return; }
    free(s->owned[i - 1]);
    s->owned[i - 1] = owned;
    s->val[i - 1] = v;
    s->len[i - 1] = (int)n;
    if (i > s->nparams) s->nparams = i;
}

static void pg_bind(dbst *st, int i, const char *v, size_t n, int copy)
{
    /* text parameters are read up to a NUL: a span inside a text is copied */
    char *c = v && (copy || v[n]) ? malloc(n + 1) : NULL;
    if (c) { memcpy(c, v, n); c[n] = 0; }
    pg_set(pg_s(st), i, c ? c : v, n, c);
}

static void pg_bind_int64(dbst *st, int i, long long v)
{
    char *c = malloc(24);
    if (c) snprintf(c, 24, "%lld", v);
    pg_set(pg_s(st), i, c, c ? strlen(c) : 0, c);
}

static void pg_clear(pg_stmt *s)
{
    pq.PQclear(s->res);
    s->res = NULL;
    s->row = s->rows = 0;
}

/* A parameter the SQL does not use (SQLite lets a statement skip some of
 * ?1..?N) is text to the server, which cannot infer a type for it. */
static void pg_types(const pg_stmt *s, Oid *types)
{
    for (int i = 0; i < s->nparams; i++) {
        char ref[8];
        int n = snprintf(ref, sizeof ref, "$%d", i + 1);
        const char *p = s->sql;
        while ((p = strstr(p, ref)) && p[n] >= '0' && p[n] <= '9') p += n;
        types[i] = p ? 0 : 25;   /* 25: text */
    }
}

static int pg_step(dbst *st)
{
    pg_stmt *s = pg_s(st);
    pg_conn *c = pg_c(st->db);
    if (!s->res) {
        Oid types[PG_MAX_PARAMS];
        pg_types(s, types);
        s->res = pq.PQexecParams(c->h, s->sql, s->nparams, types, s->val, s->len, NULL, 0);
        ExecStatusType t = pq.PQresultStatus(s->res);
        if (t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK) {
            int rc = pg_code(s->res);
            pg_error(c, s->res);
            pg_clear(s);
            return rc;
        }
        c->changes = atoll(pq.PQcmdTuples(s->res));
        s->rows = t == PGRES_TUPLES_OK ? pq.PQntuples(s->res) : 0;
        s->row = -1;
    }
    return ++s->row < s->rows ? DB_ROW : (s->row = s->rows, DB_DONE);
}

static void pg_reset(dbst *st) { pg_clear(pg_s(st)); }

static void pg_finalize(dbst *st)
{
    pg_stmt *s = pg_s(st);
    pg_clear(s);
    for (int i = 0; i < PG_MAX_PARAMS; i++) free(s->owned[i]);
    free(s->sql);
    free(s);
}

static int pg_has(pg_stmt *s, int i)
{
    return s->res && s->row < s->rows && i < pq.PQnfields(s->res) && !pq.PQgetisnull(s->res, s->row, i);
}

static const char *pg_column_text(dbst *st, int i)
{
    pg_stmt *s = pg_s(st);
    return pg_has(s, i) ? pq.PQgetvalue(s->res, s->row, i) : NULL;
}

static size_t pg_column_bytes(dbst *st, int i)
{
    pg_stmt *s = pg_s(st);
    return pg_has(s, i) ? (size_t)pq.PQgetlength(s->res, s->row, i) : 0;
}

static long long pg_column_int64(dbst *st, int i)
{
    const char *v = pg_column_text(st, i);
    return !v ? 0 : *v == 't' ? 1 : *v == 'f' ? 0 : atoll(v);
}

static long long pg_changes(dbc *db) { return pg_c(db)->changes; }

static int pg_in_tx(dbc *db)
{
    PGTransactionStatusType t = pq.PQtransactionStatus(pg_c(db)->h);
    return t == PQTRANS_INTRANS || t == PQTRANS_INERROR || t == PQTRANS_ACTIVE;
}

/* A text value's limit (1 GB) less room for the message around it. */
static long long pg_limit(dbc *db)
{
    (void)db;
    return 1000000000;
}

static int pg_lost(dbc *db) { return pq.PQstatus(pg_c(db)->h) == CONNECTION_BAD; }

static const db_ops pg_ops = {
    "PostgreSQL", pg_close, pg_exec, pg_errmsg, pg_prepare, pg_bind, pg_bind_int64, pg_step, pg_reset,
    pg_finalize, pg_column_text, pg_column_bytes, pg_column_int64, pg_changes, pg_in_tx, pg_limit, pg_lost,
};

/* The server's notices (CREATE ... IF NOT EXISTS skipping) are not ours to print. */
static void pg_quiet(void *arg, const char *msg)
{
    (void)arg, (void)msg;
}

dbc *db_pg_open(const char *url, int quiet)
{
    if (pq_load(quiet)) return NULL;
    PGconn *h = pq.PQconnectdb(url);
    if (pq.PQstatus(h) != CONNECTION_OK) {
        if (!quiet) {
            const char *m = pq.PQerrorMessage(h);
            fprintf(stderr, "parlance: cannot connect to PostgreSQL: %.*s\n", (int)strcspn(m, "\n"), m);
        }
        pq.PQfinish(h);
        return NULL;
    }
    pq.PQsetNoticeProcessor(h, pg_quiet, NULL);
    pg_conn *c = calloc(1, sizeof *c);
    if (!c) { pq.PQfinish(h); return NULL; }
    c->base.ops = &pg_ops;
    c->base.sql = &db_dialect_pg;
    c->h = h;
    if (pg_exec(&c->base, "SET client_encoding = 'UTF8'; SET TIME ZONE 'UTC'") != DB_OK) {
        if (!quiet) fprintf(stderr, "parlance: PostgreSQL: %s\n", c->err);
        pg_close(&c->base);
        return NULL;
    }
    return &c->base;
}
