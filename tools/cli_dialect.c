/* SPDX-License-Identifier: MIT */
/* parlance dialect [FILE|-] [--as ROLE] [--config FILE] [--blocks a,b,c]:
 * the actions of one message: which would run (with their intents and the
 * policy's decision for the writer's role, by default an agent) and which
 * are skipped, and why. Nothing is run: see `parlance act`. */
#include <stdlib.h>
#include "cli.h"

/* Splits a comma-separated list in place into BLOCKS (at most MAX). */
static size_t split_blocks(char *list, const char **blocks, size_t max)
{
    size_t n = 0;
    for (char *p = list; p && *p && n < max;) {
        char *c = strchr(p, ',');
        if (c) *c = 0;
        if (*p) blocks[n++] = p;
        p = c ? c + 1 : NULL;
    }
    return n;
}

int cmd_dialect(int argc, char **argv)
{
    const char *path = "-", *config = NULL, *as = "agent";
    char *blocks_arg = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--config") && i + 1 < argc) config = argv[++i];
        else if (!strcmp(argv[i], "--as") && i + 1 < argc) as = argv[++i];
        else if (!strcmp(argv[i], "--blocks") && i + 1 < argc) blocks_arg = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) {
            fputs("usage: parlance dialect [FILE|-] [--as ROLE] [--config FILE] [--blocks a,b,c]\n", stderr);
            return 2;
        } else path = argv[i];
    }
    int role = parl_role_from_name(as, strlen(as));
    if (role < 0) {
        fprintf(stderr, "parlance: unknown role '%s' (roles are in grammar/verbs.yaml)\n", as);
        return 2;
    }
    parl_dialect_config *cfg = NULL;
    if (config) {
        cfg = malloc(sizeof *cfg);
        if (!cfg || dialect_config_load(config, cfg)) { free(cfg); return 1; }
    }
    size_t len;
    char *msg = read_file(path, &len);
    if (!msg) { free(cfg); return 1; }
    const char *blocks[64];
    parl_dialect_ctx ctx = { .config = cfg, .blocks = blocks };
    ctx.nblocks = split_blocks(blocks_arg, blocks, 64);
    int rc = dialect_json(stdout, &ctx, msg, len, (parl_role)role);
    putchar('\n');
    free(msg);
    free(cfg);
    return rc;
}
