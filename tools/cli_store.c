/* SPDX-License-Identifier: MIT */
/* cli_store.c: the document store's commands (tables and queries in
 * tools/store.c).
 *
 *   add [--db PATH] [--name NAME] [-q] FILE...|-   store documents, profiled at ingest
 *   list [--db PATH] [--json]                      the inventory (the seed's provider lines)
 *   show [--db PATH] [--content] NAME              the stored profile JSON (or the content)
 *   rm [--db PATH] NAME...                         remove documents and their old versions
 *   backfill [--db PATH] [-q]                      profile documents missing one or with an old one
 *
 * Each document is written in its own transaction: killing a bulk add or a
 * backfill loses at most the document in flight, and running it again
 * finishes the rest. Ctrl-C stops after the current document. */
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "sha256.h"
#include "store.h"

enum { C_ADD = 1, C_LIST = 2, C_SHOW = 4, C_RM = 8, C_BACKFILL = 16 };

typedef struct store_opts {
    const char *db, *name;
    int json, content, quiet;
    char **pos;
    int npos;
} store_opts;

/* Each command's options (all take --db) and how many arguments it takes. */
static const struct {
    int cmd, min, max;
    const char *name, *what;
    cli_opt opts[4];
} store_cmds[] = {
    { C_ADD, 1, 1 << 30, "add", "FILE...", { { "--db", NULL, 1 }, { "--name", NULL, 1 }, { "--quiet", "-q", 0 }, { 0 } } },
    { C_LIST, 0, 0, "list", "no arguments", { { "--db", NULL, 1 }, { "--json", NULL, 0 }, { 0 } } },
    { C_SHOW, 1, 1, "show", "one NAME", { { "--db", NULL, 1 }, { "--content", NULL, 0 }, { 0 } } },
    { C_RM, 1, 1 << 30, "rm", "NAME...", { { "--db", NULL, 1 }, { 0 } } },
    { C_BACKFILL, 0, 0, "backfill", "no arguments", { { "--db", NULL, 1 }, { "--quiet", "-q", 0 }, { 0 } } },
};

/* Options anywhere, positional arguments in order ("--" ends options).
 * 0, or 2 after printing a usage error. */
static int parse(int argc, char **argv, int cmd, store_opts *o)
{
    memset(o, 0, sizeof *o);
    size_t k = 0;
    while (store_cmds[k].cmd != cmd) k++;
    cli_args a;
    if (cli_parse(store_cmds[k].name, store_cmds[k].opts, argc, argv, &a)) return 2;
    o->db = a.val[0];
    const char *second = a.val[1], *third = a.val[2];
    if (cmd == C_ADD) { o->name = second; o->quiet = third != NULL; }
    if (cmd == C_LIST) o->json = second != NULL;
    if (cmd == C_SHOW) o->content = second != NULL;
    if (cmd == C_BACKFILL) o->quiet = second != NULL;
    o->pos = a.pos;
    o->npos = a.npos;
    if (o->npos < store_cmds[k].min || o->npos > store_cmds[k].max)
        return cli_usage_error(store_cmds[k].name, "takes %s", store_cmds[k].what);
    return 0;
}

/* How a command opens the store. */
enum { S_READ, S_WRITE, S_CREATE };

/* The store at --db/$PARLANCE_DB/XDG, read-only for commands that only
 * read. Only add creates it; the others find an absent file (or one
 * without the documents' tables) empty: *ABSENT set, NULL returned,
 * nothing reported. */
static dbc *open_store(const store_opts *o, int how, int *absent)
{
    *absent = 0;
    dbc *db = how == S_CREATE ? db_open(o->db) : how == S_WRITE ? db_open_existing(o->db) : db_open_read(o->db);
    if (!db) {
        char path[4096];
        db_path(o->db, path, sizeof path);
        *absent = how != S_CREATE && !db_is_url(path) && access(path, F_OK) != 0;
        return NULL;
    }
    int ready = how == S_READ ? store_ready(db) : store_init(db) ? -1 : 1;
    if (ready == 1) return db;
    *absent = ready == 0;
    db_close(db);
    return NULL;
}

static const char *store_path(const store_opts *o)
{
    static char path[4096];
    return db_path(o->db, path, sizeof path);
}

/* ---------------------------------------------------------------- stop */

/* Ctrl-C / TERM during a bulk add or a backfill: finish the document in
 * flight (its transaction), then stop, say how to resume and exit 128+SIG.
 * A signal the caller ignores (INT in a script's background job) stays
 * ignored. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

static void catch_stops(void)
{
    static const int sigs[] = { SIGINT, SIGTERM };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(sigs[i], &sa, NULL);
    }
}

/* ---------------------------------------------------------------- profiles */

/* Computes R's profile and saves it, unless R was replaced meanwhile.
 * 0 when saved (R->profile is then the new JSON), 1 otherwise (reported). */
static int refresh_profile(dbc *db, store_row *r)
{
    char now[40];
    doc_profile dp;
    iso_now(now, sizeof now);
    if (doc_profile_build(r->content, r->len, now, &dp)) {
        fprintf(stderr, "parlance: %s: profiling failed (out of memory)\n", r->name);
        return 1;
    }
    int rc = store_set_profile(db, r->id, r->sha256, r->content, &dp);
    if (rc != 1) {
        if (rc == 0) fprintf(stderr, "parlance: %s: replaced while being profiled; not saved\n", r->name);
        doc_profile_free(&dp);
        return 1;
    }
    free(r->profile);
    r->profile = dp.json;
    r->profile_version = dp.p.profile_version;
    return 0;
}

int store_lookup(const char *dbopt, const char *name, store_row *r)
{
    store_opts o = { .db = dbopt };
    int absent;
    dbc *db = open_store(&o, S_READ, &absent);
    if (!db) return absent ? 0 : -1;
    int rc = store_get(db, name, r);
    db_close(db);
    /* A missing or old profile is saved for next time when the store can
     * be written; the answer does not need it (ask analyses the text). */
    if (rc == 1 && r->profile_version < PARL_PROFILE_VERSION && (db = db_open_writable(dbopt))) {
        if (!store_init(db)) refresh_profile(db, r);
        db_close(db);
    }
    return rc;
}

/* ---------------------------------------------------------------- add */

typedef struct add_item {
    const char *path;
    char *name;
} add_item;

/* The name a file is stored under: --name, else the path's last component. */
static char *name_of(const char *path, const char *opt)
{
    if (opt) return strdup(opt);
    size_t end = strlen(path);
    while (end > 1 && path[end - 1] == '/') end--;
    size_t start = end;
    while (start > 0 && path[start - 1] != '/') start--;
    return strndup(path + start, end - start);
}

static int cmp_items(const void *a, const void *b)
{
    return strcmp(((const add_item *)a)->name, ((const add_item *)b)->name);
}

/* Names for every argument, checked before anything is written: each valid,
 * none given twice (two files with one name would replace each other). */
static add_item *add_items(const store_opts *o)
{
    add_item *it = calloc((size_t)o->npos, sizeof *it), *sorted = calloc((size_t)o->npos, sizeof *it);
    int ok = it && sorted;
    for (int i = 0; ok && i < o->npos; i++) {
        it[i].path = o->pos[i];
        if (!strcmp(it[i].path, "-") && !o->name) {
            fputs("parlance add: a document from stdin needs a name: --name NAME\n", stderr);
            ok = 0;
        } else if (!(it[i].name = name_of(it[i].path, o->name))) ok = 0;
        else if (doc_name_problem(it[i].name)) {
            fprintf(stderr, "parlance add: %s: %s%s\n", it[i].path, doc_name_problem(it[i].name),
                    o->name ? "" : "; give one with --name");
            ok = 0;
        }
    }
    if (ok) {
        memcpy(sorted, it, (size_t)o->npos * sizeof *it);
        qsort(sorted, (size_t)o->npos, sizeof *sorted, cmp_items);
        for (int i = 1; ok && i < o->npos; i++)
            if (!strcmp(sorted[i - 1].name, sorted[i].name)) {
                fprintf(stderr, "parlance add: %s and %s would both be stored as '%s'; add one of them with --name\n",
                        sorted[i - 1].path, sorted[i].path, sorted[i].name);
                ok = 0;
            }
    }
    free(sorted);
    if (ok) return it;
    for (int i = 0; it && i < o->npos; i++) free(it[i].name);
    free(it);
    return NULL;
}

static const char *const status_word[] = {
    [STORE_ADDED] = "added", [STORE_UNCHANGED] = "unchanged", [STORE_REPLACED] = "replaced",
};

/* Profiles and stores one file. The store is opened (and made) for the
 * first file that can be stored: an add that refuses every file creates
 * no database. When it cannot be opened (reported), *BROKEN is set. */
static store_status add_one(dbc **db, const store_opts *o, const add_item *it, int *broken)
{
    size_t len;
    char *text = read_file(it->path, &len), why[256];
    if (!text) return STORE_FAILED;
    store_doc d = { .name = it->name, .content = text, .len = len };
    d.mime = doc_type(strcmp(it->path, "-") ? it->path : it->name, text, len, why, sizeof why);
    int absent;
    if (!d.mime) fprintf(stderr, "parlance: %s: %s\n", it->path, why);
    else if (!*db && (*db = open_store(o, S_CREATE, &absent))) catch_stops();
    *broken = d.mime && !*db;
    if (!d.mime || !*db) {
        free(text);
        return STORE_FAILED;
    }
    dbc *h = *db;
    int quiet = o->quiet;
    sha256_hex(text, len, d.sha256);
    char old[65];
    int known = store_sha(h, it->name, old);
    store_status s = known < 0 ? STORE_FAILED : STORE_UNCHANGED;
    doc_profile dp = { 0 };
    if (known == 0 || (known == 1 && strcmp(old, d.sha256))) {
        char now[40];
        iso_now(now, sizeof now);
        if (doc_profile_build(text, len, now, &dp))
            fprintf(stderr, "parlance: warning: %s: profiling failed (out of memory); stored without a"
                            " profile, `parlance backfill` will retry\n", it->name);
        else d.profile = store_profile_fits(h, &d, &dp);
        s = store_put(h, &d);
    }
    if (s != STORE_FAILED && !quiet)
        printf("%s %s%s\n", status_word[s], it->name,
               s == STORE_UNCHANGED ? "" : !d.profile ? " (no profile)"
               : s == STORE_REPLACED ? " (previous version kept)" : "");
    doc_profile_free(&dp);
    free(text);
    return s;
}

int cmd_add(int argc, char **argv)
{
    store_opts o;
    if (parse(argc, argv, C_ADD, &o)) return 2;
    if (o.name && o.npos != 1) {
        fputs("parlance add: --name goes with exactly one FILE\n", stderr);
        return 2;
    }
    add_item *items = add_items(&o);
    int counts[3] = { 0, 0, 0 }, failed = 0, done = 0, broken = 0;
    dbc *db = NULL;
    for (; items && done < o.npos && !stop_signal && !broken; done++) {
        store_status s = add_one(&db, &o, &items[done], &broken);
        if (s == STORE_FAILED && db_lost(db)) {   /* every later file would fail alike */
            fprintf(stderr, "parlance add: the connection to the database was lost at %s (file %d of %d); what"
                            " was reported added is stored; the same command finishes the rest\n",
                    items[done].path, done + 1, o.npos);
            broken = 1;
        }
        if (s == STORE_FAILED) failed++;
        else counts[s]++;
        if (!o.quiet) fflush(stdout);
    }
    if (items && !broken && (o.npos > 1 || stop_signal) && !o.quiet)
        fprintf(stderr, "parlance add: %d added, %d replaced, %d unchanged, %d failed\n", counts[STORE_ADDED],
                counts[STORE_REPLACED], counts[STORE_UNCHANGED], failed);
    if (stop_signal)
        fprintf(stderr, "parlance add: interrupted after %d of %d files; the same command finishes the rest\n",
                done, o.npos);
    int rc = !items ? 2 : broken ? 1 : stop_signal ? 128 + stop_signal : failed ? 1 : 0;
    for (int i = 0; items && i < o.npos; i++) free(items[i].name);
    free(items);
    db_close(db);
    return rc;
}

/* ---------------------------------------------------------------- list, show, rm */

int cmd_list(int argc, char **argv)
{
    store_opts o;
    int absent, rc = 2;
    if (!parse(argc, argv, C_LIST, &o)) {
        dbc *db = open_store(&o, S_READ, &absent);
        rc = db ? store_list(db, stdout, o.json) : !absent;
        if (absent && o.json) puts("[]");
        if (absent && access(store_path(&o), F_OK))
            fprintf(stderr, "parlance: no documents yet (%s does not exist)\n", store_path(&o));
        else if (absent) fprintf(stderr, "parlance: no documents yet in %s\n", store_path(&o));
        db_close(db);
    }
    return rc;
}

static int no_such(const store_opts *o, const char *name)
{
    fprintf(stderr, "parlance: no document named '%s' in %s\n", name, store_path(o));
    return 1;
}

int cmd_show(int argc, char **argv)
{
    store_opts o;
    if (parse(argc, argv, C_SHOW, &o)) return 2;
    int absent, rc = 1;
    store_row r;
    dbc *db = open_store(&o, S_READ, &absent);
    int got = db ? store_get(db, o.pos[0], &r) : 0;
    if (got == 0 && (db || absent)) rc = no_such(&o, o.pos[0]);
    else if (got == 1) {
        const char *t = o.content ? r.content : r.profile;
        if (t) text_out(stdout, t, o.content ? r.len : strlen(t));
        rc = t ? ferror(stdout) != 0 : 1;
    }
    if (got == 1 && !o.content && !r.profile)
        fprintf(stderr, "parlance: %s has no profile yet; `parlance backfill` computes it (so does"
                        " `parlance ask %s ...`)\n", r.name, r.name);
    if (got == 1) store_row_free(&r);
    db_close(db);
    return rc;
}

int cmd_rm(int argc, char **argv)
{
    store_opts o;
    if (parse(argc, argv, C_RM, &o)) return 2;
    int absent, missing = 0, rc = 1;
    int *versions = malloc((size_t)o.npos * sizeof *versions);
    dbc *db = versions ? open_store(&o, S_WRITE, &absent) : NULL;
    if (!db && absent) rc = no_such(&o, o.pos[0]);
    else if (db && (rc = store_remove(db, o.pos, o.npos, versions, &missing)) == 1) {
        no_such(&o, o.pos[missing]);
        fputs("parlance rm: nothing removed\n", stderr);
    }
    for (int i = 0; rc == 0 && i < o.npos; i++) {
        int dup = 0;
        for (int k = 0; k < i; k++) dup |= !strcmp(o.pos[k], o.pos[i]);
        if (dup) continue;
        if (versions[i]) printf("removed %s and %d older version%s\n", o.pos[i], versions[i], versions[i] > 1 ? "s" : "");
        else printf("removed %s\n", o.pos[i]);
    }
    rc = rc < 0 ? 1 : rc;
    db_close(db);
    free(versions);
    return rc;
}

/* ---------------------------------------------------------------- backfill */

#define PROGRESS_EVERY 1000     /* documents between progress lines in a log */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A counter rewritten in place on a terminal (at most 10 times a second),
 * a line every PROGRESS_EVERY documents otherwise. */
static void progress(size_t k, size_t n, int tty, double *last)
{
    if (tty) {
        double t = now_s();
        if (t - *last < 0.1 && k < n) return;
        *last = t;
        fprintf(stderr, "\rbackfill: %zu/%zu%s", k, n, k == n ? "\n" : "");
    } else if (k % PROGRESS_EVERY == 0 && k < n)
        fprintf(stderr, "backfill: %zu/%zu\n", k, n);
}

static int backfill(dbc *db, int quiet)
{
    size_t n, k = 0, done = 0, failed = 0, skipped = 0;
    long long *ids = store_stale(db, PARL_PROFILE_VERSION, &n);
    if (!ids) return 1;
    if (!n && !quiet) fprintf(stderr, "backfill: nothing to do; every profile is at version %d\n", PARL_PROFILE_VERSION);
    int tty = !quiet && isatty(2), err = 0;
    double last = 0;
    catch_stops();
    for (; k < n && !stop_signal && !err; k++) {
        store_row r;
        int got = store_get_id(db, ids[k], &r);
        err = got < 0;
        /* removed, or profiled by someone else since the list was made */
        if (got == 1 && r.profile_version >= PARL_PROFILE_VERSION) skipped++;
        else if (got == 1 && refresh_profile(db, &r)) failed++;
        else if (got == 1) done++;
        else skipped += got == 0;
        if (got == 1) store_row_free(&r);
        if (!quiet) progress(k + 1, n, tty, &last);
    }
    if (n && !quiet)
        fprintf(stderr, "%sbackfill: %zu profiled, %zu failed, %zu skipped\n", tty && k < n ? "\n" : "", done,
                failed, skipped);
    if (stop_signal)
        fprintf(stderr, "backfill: interrupted after %zu of %zu; run it again to finish\n", k, n);
    free(ids);
    return err ? 1 : stop_signal ? 128 + stop_signal : failed ? 1 : 0;
}

int cmd_backfill(int argc, char **argv)
{
    store_opts o;
    if (parse(argc, argv, C_BACKFILL, &o)) return 2;
    int absent, rc = 1;
    dbc *db = open_store(&o, S_WRITE, &absent);
    if (db) rc = backfill(db, o.quiet);
    else if (absent) {
        if (!o.quiet) fprintf(stderr, "backfill: nothing to do (%s does not exist)\n", store_path(&o));
        rc = 0;
    }
    db_close(db);
    return rc;
}
