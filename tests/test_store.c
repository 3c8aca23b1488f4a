/* SPDX-License-Identifier: MIT */
/* test_store: the document store's C layer (tools/store.c, doc_type.c) on
 * a real SQLite file in a temporary directory: put/get/replace/remove,
 * transactions seen from a second connection, a reader running beside a
 * writer process (never half a document), and the MIME and name checks. */
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "sha256.h"
#include "store.h"
#include "testlib.h"

static char dir[] = "/tmp/parl_store_XXXXXX";
static char path[256];

/* A document: its name, text and profile, ready for store_put. */
typedef struct {
    store_doc d;
    doc_profile dp;
} doc;

static void doc_make(doc *x, const char *name, const char *text)
{
    memset(x, 0, sizeof *x);
    x->d.name = name;
    x->d.content = text;
    x->d.len = strlen(text);
    x->d.mime = "text/plain";
    sha256_hex(text, x->d.len, x->d.sha256);
    if (doc_profile_build(text, x->d.len, "2024-01-01T00:00:00.000Z", &x->dp) == 0) x->d.profile = &x->dp;
}

static long long count(dbc *db, const char *sql)
{
    dbst *st;
    long long n = -1;
    if ((st = db_prepare(db, sql)) && db_step(st) == DB_ROW)
        n = db_column_int64(st, 0);
    db_finalize(st);
    return n;
}

static void put_get_replace(dbc *db)
{
    doc a, b;
    doc_make(&a, "a.txt", "First version. It has two sentences.\n");
    doc_make(&b, "a.txt", "Second version.\n\nNow two paragraphs.\n");
    CHECK(a.d.profile && b.d.profile, "profiles built");
    CHECK_EQ_INT(store_put(db, &a.d), STORE_ADDED);
    long long changes = sqlite3_total_changes(db_sqlite_handle(db));
    CHECK_EQ_INT(store_put(db, &a.d), STORE_UNCHANGED);
    CHECK_EQ_INT(sqlite3_total_changes(db_sqlite_handle(db)) - changes, 0);   /* the unchanged put wrote nothing */
    CHECK_EQ_INT(store_put(db, &b.d), STORE_REPLACED);
    CHECK_EQ_INT(count(db, "SELECT count(*) FROM document_versions"), 1);
    store_row r;
    CHECK_EQ_INT(store_get(db, "a.txt", &r), 1);
    CHECK_EQ_STR(r.content, b.d.content);
    CHECK_EQ_STR(r.sha256, b.d.sha256);
    CHECK_EQ_STR(r.profile, b.dp.json);
    CHECK_EQ_INT(r.profile_version, PARL_PROFILE_VERSION);
    store_row_free(&r);
    CHECK_EQ_INT(count(db, "SELECT paragraph_count FROM documents WHERE name = 'a.txt'"), 2);
    char sha[65];
    CHECK_EQ_INT(store_sha(db, "a.txt", sha), 1);
    CHECK_EQ_STR(sha, b.d.sha256);
    CHECK_EQ_INT(store_sha(db, "none", sha), 0);
    CHECK_EQ_INT(store_get(db, "none", &r), 0);
    store_row_free(&r);

    /* Saving a profile only lands on the content it was computed from. */
    CHECK_EQ_INT(store_set_profile(db, 1, a.d.sha256, a.d.content, &a.dp), 0);
    CHECK_EQ_INT(store_set_profile(db, 1, b.d.sha256, b.d.content, &b.dp), 1);

    char *names[] = { "a.txt", "missing" };
    int versions[2], missing = -1;
    CHECK_EQ_INT(store_remove(db, names, 2, versions, &missing), 1);
    CHECK_EQ_INT(missing, 1);
    CHECK_EQ_INT(count(db, "SELECT count(*) FROM documents"), 1);   /* all or nothing */
    CHECK_EQ_INT(store_remove(db, names, 1, versions, &missing), 0);
    CHECK_EQ_INT(versions[0], 1);
    CHECK_EQ_INT(count(db, "SELECT count(*) FROM documents") + count(db, "SELECT count(*) FROM document_versions"), 0);
    doc_profile_free(&a.dp);
    doc_profile_free(&b.dp);
}

/* A second connection sees nothing of an open transaction, then all of it;
 * a rolled-back batch leaves nothing. store_put nests as a savepoint. */
static void isolation(dbc *w, dbc *r)
{
    doc x, y;
    doc_make(&x, "x.md", "# X\n\nThe x document.\n");
    doc_make(&y, "y.md", "# Y\n\nThe y document.\n");
    db_exec(w, "BEGIN IMMEDIATE");
    CHECK_EQ_INT(store_put(w, &x.d), STORE_ADDED);
    CHECK_EQ_INT(store_put(w, &y.d), STORE_ADDED);
    CHECK_EQ_INT(count(r, "SELECT count(*) FROM documents"), 0);
    db_exec(w, "COMMIT");
    CHECK_EQ_INT(count(r, "SELECT count(*) FROM documents WHERE profile IS NOT NULL"), 2);
    doc z;
    doc_make(&z, "z.md", "Never committed.\n");
    db_exec(w, "BEGIN IMMEDIATE");
    CHECK_EQ_INT(store_put(w, &z.d), STORE_ADDED);
    db_exec(w, "ROLLBACK");
    CHECK_EQ_INT(count(r, "SELECT count(*) FROM documents"), 2);
    size_t n = 9;
    long long *ids = store_stale(r, PARL_PROFILE_VERSION, &n);
    CHECK(ids && n == 0, "nothing stale: %zu", n);
    free(ids);
    db_exec(w, "UPDATE documents SET profile = NULL, profile_version = NULL, word_count = NULL WHERE name = 'y.md'");
    ids = store_stale(r, PARL_PROFILE_VERSION, &n);
    CHECK(ids && n == 1, "one stale: %zu", n);
    free(ids);
    doc_profile_free(&x.dp);
    doc_profile_free(&y.dp);
    doc_profile_free(&z.dp);
}

/* ------------------------------------------------------- writer and reader */

#define WRITES 300

/* The child: adds and replaces documents of growing size (up to ~40 KB,
 * several pages each), one transaction each, pausing between them so the
 * reader's snapshots fall part-way. */
static void writer(void)
{
    dbc *db = db_open(path);
    size_t cap = 200000;
    char *text = malloc(cap), name[32];
    for (int i = 0; db && text && i < WRITES; i++) {
        size_t n = 0;
        for (int k = 0; k <= i * 4 && n + 64 < cap; k++)
            n += (size_t)snprintf(text + n, cap - n, "Sentence %d of document %d.%s", k, i, k % 7 ? " " : "\n\n");
        snprintf(name, sizeof name, "w%d.txt", i % 200);   /* the last 100 replace */
        doc x;
        doc_make(&x, name, text);
        if (store_put(db, &x.d) == STORE_FAILED) _exit(1);
        doc_profile_free(&x.dp);
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
    }
    free(text);
    db_close(db);
    _exit(0);
}

/* One snapshot: every document whole. Returns how many there were. */
static long long check_snapshot(dbc *db, int *bad)
{
    dbst *st;
    long long n = 0;
    if (!(st = db_prepare(db, "SELECT content, sha256, byte_size, profile, word_count FROM documents"
                               " WHERE name LIKE 'w%'"))) { (*bad)++; return -1; }
    while (db_step(st) == DB_ROW) {
        const char *text = (const char *)db_column_text(st, 0);
        size_t len = (size_t)db_column_bytes(st, 0);
        char sha[65], want[48];
        sha256_hex(text, len, sha);
        const char *profile = (const char *)db_column_text(st, 3);
        snprintf(want, sizeof want, "\"byteCount\": %zu,", len);
        doc_profile dp;
        int same_words = doc_profile_build(text, len, NULL, &dp) == 0 &&
                         (long long)dp.p.word_count == db_column_int64(st, 4);
        doc_profile_free(&dp);
        *bad += strcmp(sha, (const char *)db_column_text(st, 1)) != 0 ||
                (size_t)db_column_int64(st, 2) != len || !profile || !strstr(profile, want) || !same_words;
        n++;
    }
    db_finalize(st);
    return n;
}

static void reader_beside_writer(void)
{
    pid_t pid = fork();
    if (pid == 0) writer();
    dbc *db = db_open(path);
    int bad = 0, snapshots = 0, partial = 0, status = 0;
    for (;;) {
        int done = waitpid(pid, &status, WNOHANG) == pid;
        long long n = check_snapshot(db, &bad);
        snapshots++;
        partial += n > 0 && n < 200;
        if (done) break;
    }
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer failed");
    CHECK_EQ_INT(bad, 0);
    CHECK(partial > 0, "no snapshot caught the writer part-way (%d snapshots)", snapshots);
    CHECK_EQ_INT(count(db, "SELECT count(*) FROM documents WHERE name LIKE 'w%'"), 200);
    CHECK_EQ_INT(count(db, "SELECT count(*) FROM document_versions"), 100);
    db_close(db);
}

/* ------------------------------------------------------- the commands */

/* Runs a command in-process (so ASan watches the CLI code too) with stdout
 * and stderr in files; OUT gets stdout, ERR stderr. Returns its status. */
static int run(char *out, char *err, int (*cmd)(int, char **), const char *const *args)
{
    char *argv[16], o[300], e[300];
    int argc = 0;
    while (args[argc] && argc < 15) { argv[argc] = (char *)args[argc]; argc++; }
    argv[argc] = NULL;
    snprintf(o, sizeof o, "%s/out", dir);
    snprintf(e, sizeof e, "%s/err", dir);
    fflush(stdout);
    fflush(stderr);
    int so = dup(1), se = dup(2);
    if (!freopen(o, "w", stdout) || !freopen(e, "w", stderr)) return -1;
    int rc = cmd(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    size_t len;
    char *t;
    if ((t = read_file(o, &len))) { snprintf(out, 4096, "%s", t); free(t); }
    if ((t = read_file(e, &len))) { snprintf(err, 4096, "%s", t); free(t); }
    return rc;
}

static void write_file(const char *name, const char *text, size_t n)
{
    char p[300];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    if (f) { fwrite(text, 1, n, f); fclose(f); }
}

static void commands(void)
{
    char out[4096], err[4096], db[300], a[300], b[300], bad[300];
    snprintf(db, sizeof db, "%s/cli.db", dir);
    snprintf(a, sizeof a, "%s/one.md", dir);
    snprintf(b, sizeof b, "%s/two.txt", dir);
    snprintf(bad, sizeof bad, "%s/bad.txt", dir);
    static const char one[] = "# One\n\nThe first document. It is short.\n";
    write_file("one.md", one, sizeof one - 1);
    write_file("two.txt", "Two.\n", 5);
    write_file("bad.txt", "bad \xff\n", 6);
    CHECK_EQ_INT(run(out, err, cmd_add, (const char *[]){ "add", "--db", db, a, b, bad, NULL }), 1);
    CHECK_EQ_STR(out, "added one.md\nadded two.txt\n");
    CHECK(strstr(err, "is not valid UTF-8 (byte 0xFF at offset 4, line 1)"), "add: %s", err);
    CHECK_EQ_INT(run(out, err, cmd_add, (const char *[]){ "add", "--db", db, a, NULL }), 0);
    CHECK_EQ_STR(out, "unchanged one.md\n");
    CHECK_EQ_INT(run(out, err, cmd_list, (const char *[]){ "list", "--db", db, NULL }), 0);
    CHECK_EQ_STR(out, "- one.md | 8 words, 2 paragraphs, 3 sentences, 2 lines\n"
                      "  First: \"# One\"\n  Last: \"The first document. It is short.\"\n"
                      "- two.txt | 1 words, 1 paragraphs, 1 sentences, 1 lines\n"
                      "  First: \"Two.\"\n  Last: \"Two.\"\n");
    CHECK_EQ_INT(run(out, err, cmd_list, (const char *[]){ "list", "--db", db, "--json", NULL }), 0);
    CHECK(strstr(out, "\"name\":\"two.txt\",\"mime\":\"text/plain\",\"byteSize\":5"), "list --json: %s", out);
    CHECK_EQ_INT(run(out, err, cmd_show, (const char *[]){ "show", "--db", db, "two.txt", NULL }), 0);
    CHECK(strstr(out, "\"wordCount\": 1,") && !strstr(out, "\"sentences\""), "show: %s", out);
    CHECK_EQ_INT(run(out, err, cmd_ask, (const char *[]){ "ask", "--db", db, "one.md", "how", "many", "words", NULL }), 0);
    CHECK_EQ_STR(out, "The document has 8 words.\n");
    dbc *h = db_open(db);
    CHECK_EQ_INT(db_exec(h, "UPDATE documents SET profile = NULL, profile_version = NULL WHERE name = 'two.txt'"), 0);
    CHECK_EQ_INT(db_changes(h), 1);
    CHECK_EQ_INT(run(out, err, cmd_list, (const char *[]){ "list", "--db", db, NULL }), 0);
    CHECK(strstr(out, "- two.txt (0KB, no profile available)\n"), "list without a profile: %s", out);
    CHECK_EQ_INT(run(out, err, cmd_list, (const char *[]){ "list", "--db", db, "--json", NULL }), 0);
    CHECK(strstr(out, "\"olderVersions\":0,\"profile\":null}"), "list --json without a profile: %s", out);
    CHECK_EQ_INT(run(out, err, cmd_show, (const char *[]){ "show", "--db", db, "two.txt", NULL }), 1);
    CHECK(strstr(err, "two.txt has no profile yet"), "show without a profile: %s", err);
    CHECK_EQ_INT(run(out, err, cmd_backfill, (const char *[]){ "backfill", "--db", db, NULL }), 0);
    CHECK_EQ_STR(err, "backfill: 1 profiled, 0 failed, 0 skipped\n");
    CHECK_EQ_INT(count(h, "SELECT profile_version FROM documents WHERE name = 'two.txt'"), PARL_PROFILE_VERSION);
    CHECK_EQ_INT(run(out, err, cmd_rm, (const char *[]){ "rm", "--db", db, "one.md", "two.txt", NULL }), 0);
    CHECK_EQ_STR(out, "removed one.md\nremoved two.txt\n");
    CHECK_EQ_INT(count(h, "SELECT count(*) FROM documents"), 0);
    CHECK_EQ_INT(run(out, err, cmd_rm, (const char *[]){ "rm", "--db", db, "one.md", NULL }), 1);
    db_close(h);
}

/* ------------------------------------------------------- types and names */

static void types(void)
{
    static const struct { const char *name, *text, *mime; } cases[] = {
        { "a.md", "plain words\n", "text/markdown" },
        { "a.MARKDOWN", "x\n", "text/markdown" },
        { "a.txt", "<html><body>x</body></html>\n", "text/plain" },   /* the extension wins */
        { "a.htm", "x\n", "text/html" },
        { "noext", "\xEF\xBB\xBF  <!DOCTYPE HTML>\n<html></html>\n", "text/html" },
        { "noext", "Intro.\n\n### Part\n", "text/markdown" },
        { "noext", "~~~\ncode\n~~~\n", "text/markdown" },
        { "noext", "#hashtag is not a heading\n", "text/plain" },
        { "dir.md/file", "x\n", "text/plain" },   /* a dot in a directory is no extension */
        { "x.c", "int main(void) { return 0; }\n\tform\ffeed\x1b[0m\n", "text/plain" },
        { "utf8.txt", "na\xC3\xAFve caf\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x98\x80\n", "text/plain" },
    };
    char why[256];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *m = doc_type(cases[i].name, cases[i].text, strlen(cases[i].text), why, sizeof why);
        CHECK(m && !strcmp(m, cases[i].mime), "%s %zu: %s, want %s", cases[i].name, i, m ? m : why, cases[i].mime);
    }
    static const struct { const char *text; size_t len; const char *why; } refused[] = {
        { "", 0, "is empty" },
        { "a\0b", 3, "a NUL byte at offset 1" },
        { "\x89PNG\r\n\x1a\n", 8, "is a PNG image" },
        { "\xFF\xFEh\0i\0", 6, "UTF-16 text" },
        { "ok \xC3\x28", 5, "byte 0xC3 at offset 3" },          /* bad continuation */
        { "\xED\xA0\x80", 3, "byte 0xED at offset 0" },          /* a surrogate */
        { "\xC0\xAF", 2, "byte 0xC0 at offset 0" },              /* overlong */
        { "abc\xE2\x82", 5, "byte 0xE2 at offset 3" },           /* cut short at the end */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        const char *m = doc_type("f.txt", refused[i].text, refused[i].len, why, sizeof why);
        CHECK(!m && strstr(why, refused[i].why), "refused %zu: %s (want '%s')", i, m ? m : why, refused[i].why);
    }
    CHECK(doc_name_problem("notes.md") == NULL, "plain name");
    CHECK(doc_name_problem("caf\xC3\xA9 notes.md") == NULL, "space, UTF-8");
    /* ask NAME reads a NAME with '/' as a path: no stored name looks like one */
    CHECK(doc_name_problem("./paper.md") != NULL, "./ refused");
    CHECK(doc_name_problem("docs/notes.md") != NULL, "slash refused");
    CHECK(doc_name_problem("..") != NULL && doc_name_problem(".") != NULL, "dot names refused");
    CHECK(doc_name_problem("") != NULL, "empty name");
    CHECK(doc_name_problem("a\tb") != NULL, "tab");
    CHECK(doc_name_problem("a\x1b[31m") != NULL, "escape");
    CHECK(doc_name_problem("caf\xE9") != NULL, "latin-1");
}

/* What stderr said while F ran (F's messages are the subject). */
static const char *said(void (*f)(dbc *), dbc *db)
{
    static char buf[2048];
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s/stderr.txt", dir);
    fflush(stderr);
    int saved = dup(2);
    FILE *cap = fopen(tmp, "w+");
    if (!cap || saved < 0) return "";
    dup2(fileno(cap), 2);
    f(db);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(cap);
    size_t n = fread(buf, 1, sizeof buf - 1, cap);
    buf[n] = 0;
    fclose(cap);
    return buf;
}

/* Sizes against SQLite's length limit (lowered here; 1,000,000,000 by
 * default): a profile over it is dropped, the document kept; content over
 * it is refused, naming its own size (a 500 MB file was refused for the
 * 1.1 GB of its profile, as "too large (1135393780 bytes)"). */
static store_status limit_status;
static void put_big_profile(dbc *db)
{
    doc x;
    static char text[3000];
    for (size_t i = 0; i + 1 < sizeof text; i++) text[i] = "Ab.\n\n"[i % 5];   /* 600 paragraphs */
    doc_make(&x, "big-profile.txt", text);
    CHECK(x.d.profile && x.dp.len > 3000, "a profile larger than its text (%zu bytes)", x.dp.len);
    x.d.profile = store_profile_fits(db, &x.d, &x.dp);
    CHECK(x.d.profile == NULL, "the profile over the limit is dropped");
    limit_status = store_put(db, &x.d);
    doc_profile_free(&x.dp);
}
static void put_big_content(dbc *db)
{
    doc x;
    static char text[5000];
    memset(text, 'a', sizeof text - 1);
    doc_make(&x, "big.txt", text);
    limit_status = store_put(db, &x.d);
    doc_profile_free(&x.dp);
}

static void limits(void)
{
    char p2[300];
    snprintf(p2, sizeof p2, "%s/limits.db", dir);
    dbc *db = db_open(p2);
    CHECK(db && !store_init(db), "open");
    sqlite3_limit(db_sqlite_handle(db), SQLITE_LIMIT_LENGTH, 4000);
    const char *m = said(put_big_profile, db);
    CHECK_EQ_INT(limit_status, STORE_ADDED);
    CHECK(strstr(m, "big-profile.txt: its profile (") && strstr(m, "bytes of JSON) is larger than the store takes (4000"
          " bytes); stored without a profile"), "profile message: %s", m);
    CHECK_EQ_INT(count(db, "SELECT count(*) FROM documents WHERE name = 'big-profile.txt' AND profile IS NULL"), 1);
    m = said(put_big_content, db);
    CHECK_EQ_INT(limit_status, STORE_FAILED);
    CHECK(strstr(m, "big.txt: too large for the store (4999 bytes; SQLite's limit is 4000)") != NULL, "content message: %s", m);
    db_close(db);
}

int main(void)
{
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
    snprintf(path, sizeof path, "%s/store.db", dir);
    dbc *w = db_open(path), *r = db_open(path);
    CHECK(w && r && !store_init(w) && !store_init(r), "open and migrate twice");
    CHECK_EQ_INT(count(w, "SELECT count(*) FROM schema_migrations WHERE component = 'documents'"), 1);
    put_get_replace(w);
    isolation(w, r);
    db_close(w);
    db_close(r);
    reader_beside_writer();
    commands();
    types();
    limits();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) fprintf(stderr, "could not remove %s\n", dir);
    return TEST_SUMMARY("test_store");
}
