/* SPDX-License-Identifier: MIT */
/* bench_store.c: the document store's throughput, wall clock, on a
 * temporary database:
 *   - `parlance add` of 10,000 small documents (one process, one transaction
 *     per document, each profiled at ingest): documents per second, median
 *     of RUNS runs on fresh databases;
 *   - the same add again (every document unchanged);
 *   - `parlance list` and `list --json` of the 10,000;
 *   - for the choice of one transaction per document: the store API
 *     in-process, per document vs batches of 100 (a savepoint each). */
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "sha256.h"
#include "store.h"
#include "benchlib.h"

#define DOCS 10000
#define RUNS 3
#define BATCH 100

extern char **environ;
static char dir[] = "/tmp/parl_bench_store_XXXXXX";

/* Small documents, 200-700 bytes, all different: a heading or not, two or
 * three paragraphs of sentences drawn by number. */
static const char *const words[] = { "The ledger", "A report", "Every survey", "Our team", "The ferry",
                                     "This draft", "The model", "Each table" };
static const char *const verbs[] = { "records", "compares", "describes", "questions", "summarises", "checks" };

static size_t make_doc(int i, char *buf, size_t cap)
{
    size_t n = 0;
    if (i % 3 == 0) n += (size_t)snprintf(buf + n, cap - n, "# Note %d\n\n", i);
    int sentences = 4 + i % 9;
    for (int s = 0; s < sentences && n + 128 < cap; s++) {
        n += (size_t)snprintf(buf + n, cap - n, "%s %s item %d of batch %d.%s", words[(i + s) % 8],
                              verbs[(i * 7 + s) % 6], s + 1, i, s % 4 == 3 ? "\n\n" : " ");
    }
    buf[n++] = '\n';
    return n;
}

static char **write_docs(void)
{
    char **paths = calloc(DOCS + 8, sizeof *paths), buf[2048], sub[256];
    snprintf(sub, sizeof sub, "%s/docs", dir);
    mkdir(sub, 0777);
    for (int i = 0; paths && i < DOCS; i++) {
        if (asprintf(&paths[i], "%s/doc%05d.txt", sub, i) < 0) exit(1);
        FILE *f = fopen(paths[i], "wb");
        size_t n = make_doc(i, buf, sizeof buf);
        if (!f || fwrite(buf, 1, n, f) != n || fclose(f)) { perror(paths[i]); exit(1); }
    }
    return paths;
}

/* Runs build/parlance with ARGS (NULL-terminated), stdout to /dev/null;
 * the wall time in seconds, or -1 when it failed. */
static double run(char **args)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int status;
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    if (posix_spawn(&pid, args[0], &fa, NULL, args, environ) != 0) return -1;
    waitpid(pid, &status, 0);
    double t = bench_seconds(CLOCK_MONOTONIC) - t0;
    posix_spawn_file_actions_destroy(&fa);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

static void db_file(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s/%s", dir, name);
    char wal[300];
    unlink(buf);
    snprintf(wal, sizeof wal, "%s-wal", buf);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", buf);
    unlink(wal);
}

static void bench_cli(char **paths)
{
    char db[256];
    char **args = calloc(DOCS + 8, sizeof *args);
    double add[RUNS], again[RUNS], list[5], json[5];
    for (int r = 0; r < RUNS; r++) {
        db_file(db, sizeof db, "cli.db");
        char *head[] = { "build/parlance", "add", "-q", "--db", db };
        memcpy(args, head, sizeof head);
        memcpy(args + 5, paths, DOCS * sizeof *paths);
        args[5 + DOCS] = NULL;
        add[r] = run(args);
        again[r] = run(args);
        if (add[r] < 0 || again[r] < 0) { fputs("bench_store: parlance add failed\n", stderr); exit(1); }
    }
    for (int r = 0; r < 5; r++) {
        char *l[] = { "build/parlance", "list", "--db", db, NULL }, *j[] = { "build/parlance", "list", "--json", "--db", db, NULL };
        list[r] = run(l);
        json[r] = run(j);
        if (list[r] < 0 || json[r] < 0) { fputs("bench_store: parlance list failed\n", stderr); exit(1); }
    }
    char label[96];
    snprintf(label, sizeof label, "parlance add, %d small documents (profiled, a transaction each)", DOCS);
    printf("%-66s %8.0f docs/s  (%.2f s, median of %d)\n", label, DOCS / bench_median(add, RUNS), bench_median(add, RUNS), RUNS);
    printf("%-66s %8.0f docs/s  (%.2f s)\n", "parlance add again (every document unchanged)",
           DOCS / bench_median(again, RUNS), bench_median(again, RUNS));
    snprintf(label, sizeof label, "parlance list, %d documents", DOCS);
    printf("%-66s %8.0f docs/s  (%.3f s, median of 5)\n", label, DOCS / bench_median(list, 5), bench_median(list, 5));
    printf("%-66s %8.0f docs/s  (%.3f s)\n", "parlance list --json", DOCS / bench_median(json, 5), bench_median(json, 5));
    free(args);
}

/* The store API in-process on texts already read: commits per document
 * against commits per BATCH documents. */
static double bench_api(const char *name, int batch)
{
    char db[256], buf[2048];
    db_file(db, sizeof db, name);
    dbc *h = db_open(db);
    if (!h || store_init(h)) exit(1);
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    for (int i = 0; i < DOCS; i++) {
        if (batch > 1 && i % batch == 0) db_begin(h);
        size_t n = make_doc(i, buf, sizeof buf);
        char docname[32];
        snprintf(docname, sizeof docname, "doc%05d.txt", i);
        store_doc d = { .name = docname, .content = buf, .len = n, .mime = "text/plain" };
        doc_profile dp;
        sha256_hex(buf, n, d.sha256);
        if (doc_profile_build(buf, n, "2024-01-01T00:00:00.000Z", &dp) == 0) d.profile = &dp;
        if (store_put(h, &d) != STORE_ADDED) exit(1);
        doc_profile_free(&dp);
        if (batch > 1 && (i % batch == batch - 1 || i == DOCS - 1)) db_exec(h, "COMMIT");
    }
    double t = bench_seconds(CLOCK_MONOTONIC) - t0;
    db_close(h);
    return t;
}

int main(void)
{
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
    char **paths = write_docs();
    bench_cli(paths);
    double one = bench_api("one.db", 1), batched = bench_api("batch.db", BATCH);
    char label[96];
    printf("%-66s %8.0f docs/s\n", "store API in-process, a transaction per document", DOCS / one);
    snprintf(label, sizeof label, "store API in-process, a transaction per %d documents", BATCH);
    printf("%-66s %8.0f docs/s\n", label, DOCS / batched);
    for (int i = 0; i < DOCS; i++) free(paths[i]);
    free(paths);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) != 0;
}
