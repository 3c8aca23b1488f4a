/* SPDX-License-Identifier: MIT */
/* parlance dialect [FILE|-] [--config FILE] [--blocks a,b,c]: the actions of
 * one agent message: which run (with their intents) and which are skipped. */
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
    static const cli_opt opts[] = { { "--config", NULL, 1 }, { "--blocks", NULL, 1 }, { 0 } };
    cli_args a;
    if (cli_parse("dialect", opts, argc, argv, &a)) return 2;
    if (a.npos > 1) return cli_usage_error("dialect", "one FILE at a time, not also '%s'", a.pos[1]);
    const char *path = a.npos ? a.pos[0] : "-", *config = a.val[0];
    char *blocks_arg = (char *)a.val[1];   /* argv's own storage, split in place */
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
    parl_dialect_result *r = malloc(sizeof *r);
    if (!r) { free(msg); free(cfg); return 1; }
    parl_dialect_parse(&ctx, msg, len, r);
    dialect_json(stdout, &ctx, msg, r);
    putchar('\n');
    free(r);
    free(msg);
    free(cfg);
    return 0;
}
