/* SPDX-License-Identifier: MIT */
/* store_io: export and import of a whole store as JSON lines (store_io.h).
 *
 * One line per row, the table's columns in a fixed order, integers as
 * numbers, text as JSON strings, NULL as null. Strings keep their bytes:
 * only '"', '\' and control bytes are escaped, anything else is written as
 * it is stored, so a round trip gives back every byte. The reader takes
 * exactly what the writer writes (this is a transfer format, not a JSON
 * library) and says which line and byte it could not read. */
#include <stdlib.h>
#include <string.h>
#include "act.h"
#include "json_internal.h"
#include "store_io.h"

#define IO_FORMAT "{\"format\":\"parlance-store\",\"version\":1}"
#define IO_MAX_COLS 20

/* The tables in the order rows may be inserted (a row's references
 * first); '#' marks an integer column. */
static const struct io_table {
    const char *table, *component;
    const char *cols[IO_MAX_COLS];
} io_tables[] = {
    { "documents", "documents",
      { "#id", "name", "content", "sha256", "#byte_size", "mime", "profile", "#profile_version", "analyzed_at",
        "#word_count", "#paragraph_count", "#sentence_count", "#line_count", "first_line", "last_line",
        "created_at", "updated_at" } },
    { "document_versions", "documents",
      { "#id", "#document_id", "content", "sha256", "#byte_size", "mime", "profile", "created_at", "replaced_at" } },
    { "parse_failures", "parse_failures",
      { "#id", "#created_at", "agent", "model", "session", "raw_input", "failure_type", "verb", "attempted",
        "details" } },
    { "memory_blocks", "memory_blocks", { "#id", "label", "content", "#version", "created_at", "updated_at" } },
    { "memory_block_versions", "memory_blocks",
      { "#id", "label", "#version", "content", "replaced_by", "replaced_at" } },
    { "action_queue", "action_queue",
      { "#id", "created_at", "requested_by", "role", "verb", "command", "intent", "content", "reason",
        "last_output", "last_input", "config", "#urgent", "status", "updated_at", "result" } },
    { "queue_decisions", "action_queue", { "#id", "#queue_id", "at", "decision", "decided_by", "reason" } },
    { "outbox", "outbox",
      { "#id", "created_at", "verb", "domain", "target", "message", "requested_by", "role", "#queue_id",
        "#urgent", "delivered_at" } },
};
#define IO_NTABLES (sizeof io_tables / sizeof io_tables[0])

static const char *col_name(const char *c) { return c + (*c == '#'); }

static int ncols(const struct io_table *t)
{
    int n = 0;
    while (n < IO_MAX_COLS && t->cols[n]) n++;
    return n;
}

/* "SELECT a, b FROM t ORDER BY id" or "INSERT INTO t (a, b) VALUES (?1, ?2)" */
static void io_sql(const struct io_table *t, int insert, char *buf, size_t n)
{
    size_t o = (size_t)snprintf(buf, n, insert ? "INSERT INTO %s (" : "SELECT ", t->table);
    for (int i = 0; i < ncols(t); i++) o += (size_t)snprintf(buf + o, n - o, "%s%s", i ? ", " : "", col_name(t->cols[i]));
    if (!insert) { snprintf(buf + o, n - o, " FROM %s ORDER BY id", t->table); return; }
    o += (size_t)snprintf(buf + o, n - o, ") VALUES (");
    for (int i = 0; i < ncols(t); i++) o += (size_t)snprintf(buf + o, n - o, "%s?%d", i ? ", " : "", i + 1);
    snprintf(buf + o, n - o, ")");
}

/* ------------------------------------------------------------ export */

static void io_str(FILE *out, const char *s, size_t n)
{
    static const char short_esc[32] = { ['\b'] = 'b', ['\t'] = 't', ['\n'] = 'n', ['\f'] = 'f', ['\r'] = 'r' };
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20 && short_esc[c]) fprintf(out, "\\%c", short_esc[c]);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

static int export_table(dbc *db, const struct io_table *t, FILE *out)
{
    char sql[1024];
    io_sql(t, 0, sql, sizeof sql);
    dbst *st = db_prepare(db, sql);
    if (!st) return 1;
    int rc;
    while ((rc = db_step(st)) == DB_ROW) {
        fprintf(out, "{\"table\":\"%s\"", t->table);
        for (int i = 0; i < ncols(t); i++) {
            fprintf(out, ",\"%s\":", col_name(t->cols[i]));
            if (db_column_null(st, i)) fputs("null", out);
            else if (*t->cols[i] == '#') fprintf(out, "%lld", db_column_int64(st, i));
            else io_str(out, db_column_text(st, i), (size_t)db_column_bytes(st, i));
        }
        fputs("}\n", out);
    }
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc != DB_DONE;
}

int store_export(dbc *db, FILE *out)
{
    fputs(IO_FORMAT "\n", out);
    for (size_t i = 0; i < IO_NTABLES; i++) {
        int ready = db_migrated(db, io_tables[i].component);
        if (ready < 0 || (ready == 1 && export_table(db, &io_tables[i], out))) return 1;
    }
    return fflush(out) != 0;
}

/* ------------------------------------------------------------ import */

typedef struct io_line {
    char *p, *end;   /* the unread rest */
    const char *why;
} io_line;

static int io_lit(io_line *l, const char *lit)
{
    size_t n = strlen(lit);
    if ((size_t)(l->end - l->p) < n || memcmp(l->p, lit, n)) return l->why = "unexpected text", 1;
    l->p += n;
    return 0;
}

static int io_hex4(const char *p, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return 1;
        *v = *v * 16 + (unsigned)d;
    }
    return 0;
}

/* A JSON string, unescaped in place (never longer than its escaped form):
 * *S and *N; 0, or 1 with the reason. */
static int io_string(io_line *l, char **s, size_t *n)
{
    if (l->p >= l->end || *l->p != '"') return l->why = "a string expected", 1;
    char *o = *s = ++l->p;
    static const char unesc[128] = { ['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b', ['f'] = '\f',
                                     ['n'] = '\n', ['r'] = '\r', ['t'] = '\t' };
    while (l->p < l->end && *l->p != '"') {
        char c = *l->p++;
        if (c != '\\') { *o++ = c; continue; }
        if (l->p >= l->end) break;
        unsigned char e = (unsigned char)*l->p++;
        unsigned cp, lo;
        if (e < 128 && unesc[e]) { *o++ = unesc[e]; continue; }
        if (e != 'u' || l->end - l->p < 4 || io_hex4(l->p, &cp)) return l->why = "a bad escape", 1;
        l->p += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && l->end - l->p >= 6 && l->p[0] == '\\' && l->p[1] == 'u' &&
            !io_hex4(l->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            l->p += 6;
        }
        o += parl__utf8_put(cp, o);
    }
    if (l->p >= l->end) return l->why = "an unterminated string", 1;
    l->p++;
    *n = (size_t)(o - *s);
    return 0;
}

static const struct io_table *io_find(const char *name, size_t n)
{
    for (size_t i = 0; i < IO_NTABLES; i++)
        if (strlen(io_tables[i].table) == n && !memcmp(io_tables[i].table, name, n)) return &io_tables[i];
    return NULL;
}

/* One value of column COL into parameter I of ST. */
static int io_value(io_line *l, dbst *st, int i, const char *col)
{
    if (l->end - l->p >= 4 && !memcmp(l->p, "null", 4)) { l->p += 4; db_bind_null(st, i); return 0; }
    if (*col != '#') {
        char *s;
        size_t n;
        if (io_string(l, &s, &n)) return 1;
        db_bind_static(st, i, s, n);   /* the line outlives the statement's step */
        return 0;
    }
    char *e;
    long long v = strtoll(l->p, &e, 10);
    if (e == l->p) return l->why = "an integer expected", 1;
    l->p = e;
    db_bind_int64(st, i, v);
    return 0;
}

/* Inserts the row of line L. */
static int io_row(dbc *db, io_line *l)
{
    char *name, sql[1024];
    size_t n;
    if (io_lit(l, "{\"table\":") || io_string(l, &name, &n)) return 1;
    const struct io_table *t = io_find(name, n);
    if (!t) return l->why = "an unknown table", 1;
    io_sql(t, 1, sql, sizeof sql);
    dbst *st = db_prepare(db, sql);
    if (!st) return l->why = "the insert failed", 1;
    int bad = 0;
    for (int i = 0; i < ncols(t) && !bad; i++) {
        char key[64];
        snprintf(key, sizeof key, ",\"%s\":", col_name(t->cols[i]));
        bad = io_lit(l, key) || io_value(l, st, i + 1, t->cols[i]);
    }
    if (!bad && (io_lit(l, "}") || l->p != l->end)) bad = 1, l->why = "text after the row";
    if (!bad && db_step(st) != DB_DONE) bad = 1, l->why = db_errmsg(db);
    db_finalize(st);
    return bad;
}

/* Nothing of the tables in DB yet: 1; else 0 (reported). */
static int io_empty(dbc *db)
{
    for (size_t i = 0; i < IO_NTABLES; i++) {
        char sql[128];
        snprintf(sql, sizeof sql, "SELECT 1 FROM %s LIMIT 1", io_tables[i].table);
        dbst *st = db_prepare(db, sql);
        int rc = st ? db_step(st) : DB_ERROR;
        db_finalize(st);
        if (rc == DB_DONE) continue;
        if (rc == DB_ROW)
            fprintf(stderr, "parlance import: the target already has %s; import into an empty store\n",
                    io_tables[i].table);
        return 0;
    }
    return 1;
}

/* After rows with their ids: the next id each table gives is past them. */
static int io_after(dbc *db)
{
    for (size_t i = 0; db->sql->after_import && i < IO_NTABLES; i++) {
        char sql[256];
        snprintf(sql, sizeof sql, db->sql->after_import, io_tables[i].table, io_tables[i].table);
        if (db_exec(db, sql)) return 1;
    }
    return 0;
}

int store_import(dbc *db, FILE *in)
{
    if (act_init(db) || !io_empty(db) || db_begin(db)) return 1;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    long long lineno = 0;
    io_line l = { NULL, NULL, NULL };
    while ((len = getline(&buf, &cap, in)) > 0) {
        lineno++;
        l.p = buf, l.end = buf + len - (buf[len - 1] == '\n'), l.why = NULL;
        if (lineno == 1 ? (size_t)(l.end - l.p) != strlen(IO_FORMAT) || memcmp(l.p, IO_FORMAT, strlen(IO_FORMAT))
                        : io_row(db, &l)) {
            if (!l.why) l.why = "not a parlance export (its first line names the format)";
            break;
        }
    }
    if (!l.why && lineno == 0) l.why = "empty input: not a parlance export";
    if (l.why) fprintf(stderr, "parlance import: line %lld, byte %lld: %s\n", lineno, (long long)(l.p - buf) + 1, l.why);
    free(buf);
    if (l.why || io_after(db) || db_exec(db, "COMMIT")) {
        db_exec_quiet(db, "ROLLBACK");
        return 1;
    }
    return 0;
}
