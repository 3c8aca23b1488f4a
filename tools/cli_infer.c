/* SPDX-License-Identifier: MIT */
/* parlance infer REQUEST... | infer --batch [FILE|-] ; parlance gate MESSAGE... */
#include "cli.h"

typedef struct infer_req {
    const char *q;
    size_t n;
} infer_req;

static size_t infer_write(const void *arg, char *out, size_t cap)
{
    const infer_req *r = arg;
    return parl_infer_json(r->q, r->n, out, cap);
}

static void infer_line(const char *q, size_t n)
{
    infer_req r = { q, n };
    json_print(stdout, infer_write, &r);
    putchar('\n');
}

/* One request per line of PATH ("-": stdin), one JSON object per line. */
static int infer_batch(const char *path)
{
    FILE *in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!in) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); return 1; }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, in)) >= 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
        infer_line(line, (size_t)n);
    }
    free(line);
    int err = ferror(in);
    if (in != stdin) fclose(in);
    if (err) fprintf(stderr, "parlance: %s: read error\n", path);
    return err ? 1 : 0;
}

int cmd_infer(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--batch", NULL, 0 }, { 0 } };
    cli_args a;
    if (cli_parse("infer", opts, argc, argv, &a)) return 2;
    if (a.val[0]) {
        if (a.npos > 1) return cli_usage_error("infer", "--batch takes one FILE, not '%s'", a.pos[1]);
        return infer_batch(a.npos ? a.pos[0] : "-");
    }
    if (a.npos == 0) return cli_usage_error("infer", "%s", "a REQUEST is needed (or --batch)");
    size_t n;
    char *q = cli_join(a.pos, a.npos, &n);
    if (!q) return 1;
    infer_line(q, n);
    free(q);
    return 0;
}

int cmd_gate(int argc, char **argv)
{
    cli_args a;
    if (cli_parse("gate", NULL, argc, argv, &a)) return 2;
    if (a.npos == 0) return cli_usage_error("gate", "%s", "a MESSAGE is needed");
    size_t n;
    char *q = cli_join(a.pos, a.npos, &n);
    if (!q) return 1;
    puts(parl_is_retrieval_request(q, n) ? "true" : "false");
    free(q);
    return 0;
}
