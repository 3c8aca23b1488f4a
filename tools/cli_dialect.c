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

typedef struct dialect_req {
    const parl_dialect_ctx *ctx;
    parl_role role;
    const char *msg;
    size_t len;
    parl_dialect_result *work;
} dialect_req;

static size_t dialect_write(const void *arg, char *out, size_t cap)
{
    const dialect_req *q = arg;
    return parl_dialect_actions_json(q->ctx, q->role, q->msg, q->len, q->work, out, cap);
}

int cmd_dialect(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--config", NULL, 1 }, { "--blocks", NULL, 1 }, { "--as", NULL, 1 }, { 0 } };
    cli_args a;
    if (cli_parse("dialect", opts, argc, argv, &a)) return 2;
    if (a.npos > 1) return cli_usage_error("dialect", "one FILE at a time, not also '%s'", a.pos[1]);
    const char *path = a.npos ? a.pos[0] : "-", *config = a.val[0], *as = a.val[2] ? a.val[2] : "agent";
    char *blocks_arg = (char *)a.val[1];   /* argv's own storage, split in place */
    int role = parl_role_from_name(as, strlen(as));
    if (role < 0) return cli_usage_error("dialect", "unknown role '%s' (the roles are in grammar/verbs.yaml)", as);
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
    dialect_req q = { &ctx, (parl_role)role, msg, len, r };
    int rc = json_print(stdout, dialect_write, &q);
    putchar('\n');
    free(r);
    free(msg);
    free(cfg);
    return rc;
}
