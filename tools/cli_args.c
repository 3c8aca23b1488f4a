/* SPDX-License-Identifier: MIT */
/* cli_args: one way for every command to read its options. Options may
 * stand anywhere before "--" (`parlance ask paper.md "last line" --json`);
 * "--name=value" and "--name value" both work; "-" is an argument (stdin);
 * "--" makes everything after it an argument (`parlance infer -- -5 lines`).
 * An unknown option or a missing value is a usage error naming the option. */
#include "cli.h"

static int opt_index(const cli_opt *opts, const char *arg, size_t n)
{
    for (int k = 0; opts && opts[k].name; k++) {
        if (strlen(opts[k].name) == n && !strncmp(opts[k].name, arg, n)) return k;
        if (opts[k].alt && strlen(opts[k].alt) == n && !strncmp(opts[k].alt, arg, n)) return k;
    }
    return -1;
}

int cli_usage_error(const char *cmd, const char *fmt, const char *what)
{
    fprintf(stderr, "parlance %s: ", cmd);
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\nTry 'parlance help %s'.\n", cmd);
    return 2;
}

int cli_parse(const char *cmd, const cli_opt *opts, int argc, char **argv, cli_args *a)
{
    memset(a->val, 0, sizeof a->val);
    a->pos = argv + 1;
    a->npos = 0;
    int options = 1;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        if (!options || arg[0] != '-' || !arg[1]) { a->pos[a->npos++] = arg; continue; }
        if (!strcmp(arg, "--")) { options = 0; continue; }
        const char *eq = arg[1] == '-' ? strchr(arg, '=') : NULL;
        int k = opt_index(opts, arg, eq ? (size_t)(eq - arg) : strlen(arg));
        if (k < 0 || k >= CLI_MAX_OPTS) return cli_usage_error(cmd, "unknown option '%s'", arg);
        if (!opts[k].value) {
            if (eq) return cli_usage_error(cmd, "option '%s' takes no value", opts[k].name);
            a->val[k] = opts[k].name;
        } else if (eq) {
            a->val[k] = eq + 1;
        } else if (i + 1 < argc) {
            a->val[k] = argv[++i];
        } else {
            return cli_usage_error(cmd, "option '%s' needs a value", opts[k].name);
        }
    }
    return 0;
}

/* Arguments joined by single spaces into a heap string, so that
 * `parlance infer last two sentences` needs no quotes. */
char *cli_join(char *const *args, int n, size_t *len)
{
    size_t total = 1;
    for (int i = 0; i < n; i++) total += strlen(args[i]) + 1;
    char *s = malloc(total), *o = s;
    if (!s) { fputs("parlance: out of memory\n", stderr); return NULL; }
    for (int i = 0; i < n; i++) {
        if (i) *o++ = ' ';
        size_t k = strlen(args[i]);
        memcpy(o, args[i], k);
        o += k;
    }
    *o = 0;
    *len = (size_t)(o - s);
    return s;
}
