/* SPDX-License-Identifier: MIT */
/* parlance ask [--json] [--substring] [--db PATH] NAME|FILE|- [QUERY...]:
 * answers a request from a stored document or a file; without QUERY answers
 * each line of stdin.
 *
 * A name in the store wins over a file of the same name: the store is what
 * `parlance add` was given to answer from. To read the file instead, write
 * its path with a '/' (./notes.md): stored names never contain one. A
 * stored document whose profile is missing or old has it computed and saved
 * first (when the store can be written). */
#include <stdlib.h>
#include <unistd.h>
#include "cli.h"
#include "store.h"

typedef struct ask_req {
    const parl_doc *d;
    const char *q;
    size_t n;
    unsigned flags;
} ask_req;

static size_t ask_write(const void *arg, char *out, size_t cap)
{
    const ask_req *r = arg;
    return parl_answer_json(r->d, r->q, r->n, r->flags, out, cap);
}

static int answer(const parl_doc *d, const char *q, size_t n, unsigned flags, int json)
{
    if (json) {
        ask_req r = { d, q, n, flags };
        int rc = json_print(stdout, ask_write, &r);
        putchar('\n');
        return rc;
    }
    size_t len;
    char *out = doc_answer(d, q, n, flags, &len);
    if (!out) { fputs("parlance: out of memory\n", stderr); return 1; }
    text_out(stdout, out, len);
    putchar('\n');
    free(out);
    return 0;
}

/* The document's text: stored under NAME (in *ROW), else the file NAME. */
static char *open_doc(const char *dbopt, const char *name, store_row *row, size_t *len)
{
    /* A name with a '/' is a path: stored names have none (doc_name_problem). */
    int stored = strcmp(name, "-") && !strchr(name, '/') ? store_lookup(dbopt, name, row) : 0;
    if (stored == 1) {
        *len = row->len;
        return row->content;
    }
    if (stored == 0 && strcmp(name, "-") && access(name, F_OK) != 0) {
        char path[4096];
        fprintf(stderr, "parlance: '%s' is neither a document in the store (%s) nor a file\n", name,
                db_path(dbopt, path, sizeof path));
        return NULL;
    }
    /* after a store error (reported), the file still answers */
    char *text = read_file(name, len), why[256];
    if (text && doc_binary(text, *len, why, sizeof why)) {
        fprintf(stderr, "parlance: %s: %s; only text documents can be asked about\n", strcmp(name, "-") ? name : "stdin", why);
        free(text);
        return NULL;
    }
    if (text && doc_not_utf8(text, *len, why, sizeof why)) {   /* as add refuses it */
        fprintf(stderr, "parlance: %s: %s\n", strcmp(name, "-") ? name : "stdin", why);
        free(text);
        return NULL;
    }
    return text;
}

int cmd_ask(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--json", NULL, 0 }, { "--db", NULL, 1 },
                                    { "--substring", NULL, 0 }, { 0 } };
    cli_args a;
    if (cli_parse("ask", opts, argc, argv, &a)) return 2;
    if (a.npos == 0) return cli_usage_error("ask", "%s", "a document NAME, FILE or '-' is needed");
    int json = a.val[0] != NULL;
    const char *dbopt = a.val[1];
    unsigned flags = a.val[2] ? PARL_ANSWER_SUBSTRING : 0;
    const char *path = a.pos[0];
    if (a.npos == 1 && !strcmp(path, "-"))
        return cli_usage_error("ask", "%s", "with '-' (the document on stdin) the REQUEST must be given as arguments");
    parl_doc d = { 0 };
    store_row row = { 0 };
    size_t len;
    char *text = open_doc(dbopt, path, &row, &len);
    if (!text) return 1;
    int rc = 0;
    if (doc_analyze(text, len, NULL, &d)) { fputs("parlance: out of memory\n", stderr); rc = 1; }
    if (!rc && a.npos > 1) {
        size_t n;
        char *q = cli_join(a.pos + 1, a.npos - 1, &n);   /* no quotes needed */
        rc = q ? answer(&d, q, n, flags, json) : 1;
        free(q);
    } else if (!rc) {
        int tty = isatty(0);
        char *line = NULL;
        size_t lcap = 0;
        ssize_t n;
        for (;;) {
            if (tty) { fputs("ask> ", stdout); fflush(stdout); }
            if ((n = getline(&line, &lcap, stdin)) < 0) break;
            while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
            if (n == 0) continue;
            if ((rc = answer(&d, line, (size_t)n, flags, json))) break;
            if (!json) putchar('\n');
            fflush(stdout);
        }
        free(line);
    }
    doc_analysis_free(&d);
    if (text != row.content) free(text);
    store_row_free(&row);
    return rc;
}
