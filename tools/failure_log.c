/* SPDX-License-Identifier: MIT */
/* failure_log: what agents tried that the dialect could not run, kept in
 * the tools' SQLite file so the vocabulary can learn from it: which unknown
 * verbs come up (and which known verb they are close to), which models
 * struggle, which failure patterns are common. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "failure_log.h"


int flog_init(dbc *db)
{
    return db_migrate(db, "parse_failures");
}

int flog_ready(dbc *db)
{
    return db_migrated(db, "parse_failures");
}

/* ---------------------------------------------------------------- time */

static void iso_time(long long t, char *buf, size_t n)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || !strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm)) snprintf(buf, n, "%lld", t);
}

/* Days from 1970-01-01 to Y-M-D (proleptic Gregorian). */
static long long days_from_civil(long long y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int parse_time(const char *s, long long now, long long *t)
{
    char *end;
    if (!s || !*s) return 1;
    long long v = strtoll(s, &end, 10);
    if (end != s && !*end) { *t = v; return 0; }
    if (end != s && end[1] == 0 && v >= 0) {
        long long unit = *end == 'd' ? 86400 : *end == 'h' ? 3600 : *end == 'm' ? 60 : *end == 's' ? 1 : 0;
        if (unit) { *t = now - v * unit; return 0; }
    }
    int y, mo, d, h = 0, mi = 0, se = 0, k = 0;
    if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &k) != 3) return 1;
    if (s[k] == 'T' || s[k] == ' ') {
        int k2 = 0;
        if (sscanf(s + k + 1, "%2d:%2d%n", &h, &mi, &k2) != 2) return 1;
        k += 1 + k2;
        if (s[k] == ':') {
            if (sscanf(s + k + 1, "%2d%n", &se, &k2) != 1) return 1;
            k += 1 + k2;
        }
        if (s[k] == 'Z') k++;
    }
    if (s[k] || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return 1;
    *t = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
    return 0;
}

/* ------------------------------------------------------------- records */

/* The word a failure is about, into BUF. */
static void attempted(const char *msg, const parl_command *c, char *buf, size_t n)
{
    const parl_hint *h = &c->hint;
    const char *s = "";
    size_t len = 0;
    switch (h->failure) {
    case PARL_FAIL_UNKNOWN_VERB: case PARL_FAIL_AMBIGUOUS_VERB:
        s = msg + c->verb_text.off;
        len = c->verb_text.len;
        break;
    case PARL_FAIL_MISSING_ARG: s = parl_arg_name(h->arg); len = strlen(s); break;
    case PARL_FAIL_MALFORMED: break;
    default: s = msg + h->got.off; len = h->got.len; break;
    }
    if (len >= n) len = n - 1;
    memcpy(buf, s, len);
    buf[len] = 0;
}

static void bind_opt(dbst *st, int i, const char *s)
{
    if (s && *s) db_bind_text(st, i, s, -1);
    else db_bind_null(st, i);
}

size_t flog_hint_write(const void *arg, char *out, size_t cap)
{
    const flog_hint *h = arg;
    return parl_hint_json(h->ctx, h->msg, h->c, out, cap);
}

int flog_add(dbc *db, const flog_meta *meta, const flog_entry *e)
{
    dbst *st = db_prepare(db, "INSERT INTO parse_failures (created_at, agent, model, session, raw_input,"
                              " failure_type, verb, attempted, details)"
                              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    if (!st) return -1;
    db_bind_int64(st, 1, meta->at);
    db_bind_text(st, 2, meta->agent ? meta->agent : "", -1);
    db_bind_text(st, 3, meta->model ? meta->model : "", -1);
    bind_opt(st, 4, meta->session);
    db_bind_text(st, 5, e->raw_input, (long long)e->raw_len);
    db_bind_text(st, 6, e->type, -1);
    bind_opt(st, 7, e->verb);
    bind_opt(st, 8, e->attempted);
    bind_opt(st, 9, e->details);
    int rc = db_step(st);
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc == DB_DONE ? 0 : -1;
}

int flog_action(dbc *db, const parl_dialect_ctx *ctx, const char *msg, const parl_action *a,
                const flog_meta *meta)
{
    int logged = 0;
    for (int k = 0; k < a->ncmds; k++) {
        const parl_command *c = &a->cmds[k];
        if (!c->hint.failure) continue;
        char word[256];
        size_t dlen = 0;
        attempted(msg, c, word, sizeof word);
        flog_hint h = { ctx, msg, c };
        char *details = json_alloc(flog_hint_write, &h, &dlen);
        flog_entry e = { msg + a->span.off, a->span.len, parl_failure_name(c->hint.failure),
                         c->match.verb >= 0 ? parl_verb_name(ctx, c->match.verb) : NULL, word, details };
        int rc = flog_add(db, meta, &e);
        free(details);
        if (rc) return -1;
        logged++;
    }
    return logged;
}

int flog_record(dbc *db, const parl_dialect_ctx *ctx, const char *msg, size_t len, const flog_meta *meta)
{
    parl_dialect_result *r = malloc(sizeof *r);
    if (!r || db_begin(db)) { free(r); return -1; }
    int logged = 0;
    for (int first = 0, more = 1; more && logged >= 0; first += PARL_MAX_ACTIONS) {
        parl_dialect_parse_page(ctx, msg, len, first, r);
        more = r->truncated;
        for (int i = 0; i < r->nactions && logged >= 0; i++) {
            if (r->actions[i].verdict != PARL_SKIP_FAILED) continue;
            int n = flog_action(db, ctx, msg, &r->actions[i], meta);
            logged = n < 0 ? -1 : logged + n;
        }
    }
    free(r);
    if (logged < 0) { db_exec(db, "ROLLBACK"); return -1; }
    return db_exec(db, "COMMIT") ? -1 : logged;
}

/* ------------------------------------------------------------- queries */

static void json_col(FILE *out, dbst *st, int i)
{
    const char *s = db_column_text(st, i);
    if (s) json_str(out, (const char *)s, (size_t)db_column_bytes(st, i));
    else fputs("null", out);
}

/* Up to 3 recent raw inputs of failures of TYPE about WORD. */
static void examples(dbc *db, FILE *out, const char *type, const char *word, long long since)
{
    dbst *st = db_prepare(db, "SELECT raw_input FROM parse_failures WHERE failure_type = ?1"
                                   " AND lower(attempted) = ?2 AND created_at >= ?3"
                                   " ORDER BY created_at DESC, id DESC LIMIT 3");
    fputs("[", out);
    if (st) {
        db_bind_text(st, 1, type, -1);
        db_bind_text(st, 2, word, -1);
        db_bind_int64(st, 3, since);
        for (int k = 0; db_step(st) == DB_ROW; k++) {
            if (k) fputc(',', out);
            json_col(out, st, 0);
        }
        db_finalize(st);
    }
    fputs("]", out);
}

static const char *const unknown_sql =
    "SELECT lower(attempted) AS w, count(*) AS n FROM parse_failures"
    " WHERE failure_type = 'unknown_verb' AND created_at >= ?1 AND attempted IS NOT NULL"
    " GROUP BY w ORDER BY n DESC, w LIMIT 200";

int flog_unknown_verbs(dbc *db, const parl_dialect_ctx *ctx, long long since, FILE *out)
{
    dbst *st = db_prepare(db, unknown_sql);
    if (!st) return 1;
    db_bind_int64(st, 1, since);
    fputs("[", out);
    for (int k = 0; db_step(st) == DB_ROW; k++) {
        const char *w = (const char *)db_column_text(st, 0);
        parl_verb_match m;
        parl_match_verb(ctx, w, strlen(w), &m);
        fprintf(out, "%s{\"attempted\":", k ? "," : "");
        json_col(out, st, 0);
        fprintf(out, ",\"count\":%d,\"now_matches\":", db_column_int(st, 1));
        if (m.verb >= 0) json_str(out, parl_verb_name(ctx, m.verb), strlen(parl_verb_name(ctx, m.verb)));
        else fputs("null", out);
        fputs(",\"candidates\":[", out);
        for (int i = 0; m.verb < 0 && i < m.ncandidates; i++) {
            const char *name = parl_verb_name(ctx, m.candidates[i]);
            if (i) fputc(',', out);
            json_str(out, name, strlen(name));
        }
        fputs("],\"examples\":", out);
        examples(db, out, "unknown_verb", w, since);
        fputs("}", out);
    }
    fputs("]\n", out);
    db_finalize(st);
    return 0;
}

static void failure_row_json(FILE *out, dbst *st)
{
    char when[40];
    iso_time(db_column_int64(st, 0), when, sizeof when);
    fprintf(out, "{\"at\":\"%s\",\"agent\":", when);
    json_col(out, st, 1);
    fputs(",\"model\":", out);
    json_col(out, st, 2);
    fputs(",\"type\":", out);
    json_col(out, st, 3);
    fputs(",\"verb\":", out);
    json_col(out, st, 4);
    fputs(",\"attempted\":", out);
    json_col(out, st, 5);
    fputs(",\"input\":", out);
    json_col(out, st, 6);
    fputs(",\"details\":", out);
    const char *d = db_column_text(st, 7);
    if (d && *d == '{') fputs((const char *)d, out);   /* stored as JSON by hint_json */
    else fputs("null", out);
    fputs("}", out);
}

int flog_by_model(dbc *db, const char *model, long long since, int limit, FILE *out)
{
    dbst *st;
    if (model) {
        st = db_prepare(db, "SELECT created_at, agent, model, failure_type, verb, attempted, raw_input, details"
                         " FROM parse_failures WHERE model = ?1 AND created_at >= ?2"
                         " ORDER BY created_at DESC, id DESC LIMIT ?3");
        if (!st) return 1;
        db_bind_text(st, 1, model, -1);
        db_bind_int64(st, 2, since);
        db_bind_int64(st, 3, limit);
        fputs("[", out);
        for (int k = 0; db_step(st) == DB_ROW; k++) {
            if (k) fputc(',', out);
            failure_row_json(out, st);
        }
        fputs("]\n", out);
        db_finalize(st);
        return 0;
    }
    /* Every model: its total and its failures by type. */
    st = db_prepare(db, "SELECT model, failure_type, count(*) FROM parse_failures WHERE created_at >= ?1"
                     " GROUP BY model, failure_type ORDER BY model, failure_type");
    if (!st) return 1;
    db_bind_int64(st, 1, since);
    fputs("[", out);
    char prev[512] = "";
    int open = 0, total = 0;
    char types[4096];
    size_t tl = 0;
    for (;;) {
        int rc = db_step(st);
        const char *m = rc == DB_ROW ? (const char *)db_column_text(st, 0) : NULL;
        if (open && (!m || strcmp(m, prev))) {
            fprintf(out, ",\"count\":%d,\"types\":{%.*s}}", total, (int)tl, types);
            open = 0;
        }
        if (!m) break;
        if (!open) {
            fprintf(out, "%s{\"model\":", prev[0] || total ? "," : "");
            json_str(out, m, strlen(m));
            snprintf(prev, sizeof prev, "%s", m);
            open = 1;
            total = 0;
            tl = 0;
        }
        int n = db_column_int(st, 2);
        total += n;
        if (tl < sizeof types - 64)
            tl += (size_t)snprintf(types + tl, sizeof types - tl, "%s\"%s\":%d", tl ? "," : "",
                                   (const char *)db_column_text(st, 1), n);
    }
    fputs("]\n", out);
    db_finalize(st);
    return 0;
}

/* How to make a pattern go away (for people reading the report). */
static void suggested_fix(FILE *out, const char *type, const char *verb, const char *word)
{
    char buf[512];
    if (!strcmp(type, "unknown_verb"))
        snprintf(buf, sizeof buf, "add '%s' as an alias (see suggest-aliases) or show agents the verb list", word);
    else if (!strcmp(type, "ambiguous_verb"))
        snprintf(buf, sizeof buf, "'%s' is as close to two verbs: spell the verb out in the instructions", word);
    else if (!strcmp(type, "missing_arg"))
        snprintf(buf, sizeof buf, "show /%s with its %s in the examples", verb, word);
    else if (!strcmp(type, "unknown_modifier"))
        snprintf(buf, sizeof buf, "add '%s' to the modifier words of /%s or correct the examples", word, verb);
    else if (!strcmp(type, "invalid_reference"))
        snprintf(buf, sizeof buf, "list the references (@last, @thread, @parent) in the instructions");
    else if (!strcmp(type, "invalid_marker"))
        snprintf(buf, sizeof buf, "list the permission markers in the instructions");
    else if (!strcmp(type, "ambiguous_args"))
        snprintf(buf, sizeof buf, "show /%s examples with + for adding content", verb);
    else snprintf(buf, sizeof buf, "show complete examples; close quotes and fences");
    json_str(out, buf, strlen(buf));
}

int flog_patterns(dbc *db, long long since, FILE *out)
{
    dbst *st = db_prepare(db, "SELECT failure_type, coalesce(verb, ''), count(*) AS n FROM parse_failures"
                                   " WHERE created_at >= ?1 GROUP BY failure_type, coalesce(verb, '')"
                                   " ORDER BY n DESC, failure_type, 2");
    dbst *mods = db_prepare(db, "SELECT DISTINCT model FROM parse_failures WHERE failure_type = ?1"
                                     " AND coalesce(verb, '') = ?2 AND created_at >= ?3 ORDER BY model");
    dbst *top = db_prepare(db, "SELECT min(coalesce(attempted, '')), count(*) AS c FROM parse_failures"
                                    " WHERE failure_type = ?1 AND coalesce(verb, '') = ?2 AND created_at >= ?3"
                                    " GROUP BY lower(attempted) ORDER BY c DESC, 1 LIMIT 1");
    if (!st || !mods || !top) {
        db_finalize(st);
        db_finalize(mods);
        db_finalize(top);
        return 1;
    }
    db_bind_int64(st, 1, since);
    fputs("[", out);
    for (int k = 0; db_step(st) == DB_ROW; k++) {
        const char *type = (const char *)db_column_text(st, 0);
        const char *verb = (const char *)db_column_text(st, 1);
        fprintf(out, "%s{\"type\":\"%s\",\"verb\":", k ? "," : "", type);
        if (*verb) json_str(out, verb, strlen(verb));
        else fputs("null", out);
        fprintf(out, ",\"count\":%d,\"models\":[", db_column_int(st, 2));
        dbst *q[2] = { mods, top };
        for (int j = 0; j < 2; j++) {
            db_reset(q[j]);
            db_bind_text(q[j], 1, type, -1);
            db_bind_text(q[j], 2, verb, -1);
            db_bind_int64(q[j], 3, since);
        }
        for (int i = 0; db_step(mods) == DB_ROW; i++) {
            if (i) fputc(',', out);
            json_col(out, mods, 0);
        }
        fputs("],\"top\":", out);
        char word[256] = "";
        if (db_step(top) == DB_ROW) {
            snprintf(word, sizeof word, "%s", (const char *)db_column_text(top, 0));
            fprintf(out, "{\"attempted\":");
            json_str(out, word, strlen(word));
            fprintf(out, ",\"count\":%d}", db_column_int(top, 1));
        } else fputs("null", out);
        fputs(",\"suggested_fix\":", out);
        suggested_fix(out, type, verb, word);
        fputs("}", out);
    }
    fputs("]\n", out);
    db_finalize(st);
    db_finalize(mods);
    db_finalize(top);
    return 0;
}

typedef struct {
    char word[64];
    int verb, count;
    double confidence;
} alias_candidate;

static int by_impact(const void *a, const void *b)
{
    const alias_candidate *x = a, *y = b;
    double sx = x->count * x->confidence, sy = y->count * y->confidence;
    if (sx != sy) return sx < sy ? 1 : -1;
    return strcmp(x->word, y->word);
}

/* Would WORD make a safe alias of VERB? Never of a strict verb (approve,
 * deny, halt must be typed on purpose), and never a word one edit away
 * from two verbs (an alias would settle a tie by guessing). */
static int alias_safe(const parl_dialect_ctx *ctx, int verb, const char *w, size_t len)
{
    if (parl_verb_strictness(ctx, verb) == PARL_STRICTNESS_STRICT) return 0;
    int near = 0;
    for (int v = 0; v < parl_verb_total(ctx); v++) near += parl_verb_word_distance(ctx, v, w, len, 1) <= 1;
    return near < 2;
}

/* Frequent unknown verbs close to a known verb that are not yet aliases.
 * Closeness is lexical here (edit distance to the verb's nearest name or
 * alias); a host with embeddings can rank semantically through the
 * matcher's semantic tier. */
int flog_suggest_aliases(dbc *db, const parl_dialect_ctx *ctx, long long since, int min_count,
                         FILE *out)
{
    dbst *st = db_prepare(db, unknown_sql);
    if (!st) return 1;
    db_bind_int64(st, 1, since);
    alias_candidate *c = NULL;
    int n = 0, cap = 0;
    while (db_step(st) == DB_ROW) {
        const char *w = (const char *)db_column_text(st, 0);
        int count = db_column_int(st, 1);
        size_t len = strlen(w);
        if (count < min_count || len == 0 || len >= sizeof c->word) continue;
        parl_verb_match m;
        if (parl_verb_lookup(ctx, w, len, NULL) >= 0 || parl_match_verb(ctx, w, len, &m) >= 0 || !m.ncandidates ||
            !alias_safe(ctx, m.candidates[0], w, len))
            continue;
        int d = parl_verb_word_distance(ctx, m.candidates[0], w, len, PARL_VERB_MAX_LEN);
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            alias_candidate *g = realloc(c, (size_t)cap * sizeof *c);
            if (!g) break;
            c = g;
        }
        snprintf(c[n].word, sizeof c[n].word, "%s", w);
        c[n].verb = m.candidates[0];
        c[n].count = count;
        c[n].confidence = 1.0 - (double)d / (double)(len + 1);
        if (c[n].confidence < 0) c[n].confidence = 0;
        n++;
    }
    db_finalize(st);
    if (n) qsort(c, (size_t)n, sizeof *c, by_impact);
    fputs("[", out);
    for (int i = 0; i < n; i++) {
        const char *name = parl_verb_name(ctx, c[i].verb);
        fprintf(out, "%s{\"alias\":", i ? "," : "");
        json_str(out, c[i].word, strlen(c[i].word));
        fputs(",\"verb\":", out);
        json_str(out, name, strlen(name));
        fprintf(out, ",\"count\":%d,\"confidence\":%.2f,\"examples\":", c[i].count, c[i].confidence);
        examples(db, out, "unknown_verb", c[i].word, since);
        fputs("}", out);
    }
    fputs("]\n", out);
    free(c);
    return 0;
}
