/* SPDX-License-Identifier: MIT */
/* parlance infer QUERY | infer --batch ; parlance gate QUERY */
#include <stdlib.h>
#include "cli.h"

static void infer_line(const char *q, size_t n)
{
    parl_intent in;
    parl_infer(q, n, &in);
    intent_json(stdout, &in, q + in.search.off, in.search.len);
    putchar('\n');
}

/* Arguments after the command word, joined by spaces, so that
 * `parlance infer last two sentences` works without quotes. */
static char *join_args(int argc, char **argv, size_t *len)
{
    size_t n = 0;
    for (int i = 1; i < argc; i++) n += strlen(argv[i]) + 1;
    char *q = malloc(n + 1), *o = q;
    if (!q) return NULL;
    for (int i = 1; i < argc; i++) {
        if (i > 1) *o++ = ' ';
        size_t k = strlen(argv[i]);
        memcpy(o, argv[i], k);
        o += k;
    }
    *o = 0;
    *len = (size_t)(o - q);
    return q;
}

int cmd_infer(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--batch")) {
        char *line = NULL;
        size_t cap = 0;
        ssize_t n;
        while ((n = getline(&line, &cap, stdin)) >= 0) {
            while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
            infer_line(line, (size_t)n);
        }
        free(line);
        return ferror(stdin) ? 1 : 0;
    }
    if (argc < 2) {
        fputs("usage: parlance infer QUERY | parlance infer --batch < requests.txt\n", stderr);
        return 2;
    }
    size_t n;
    char *q = join_args(argc, argv, &n);
    if (!q) return 1;
    infer_line(q, n);
    free(q);
    return 0;
}

int cmd_gate(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: parlance gate QUERY\n", stderr);
        return 2;
    }
    size_t n;
    char *q = join_args(argc, argv, &n);
    if (!q) return 1;
    puts(parl_is_retrieval_request(q, n) ? "true" : "false");
    free(q);
    return 0;
}
