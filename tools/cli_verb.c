/* SPDX-License-Identifier: MIT */
/* parlance verb WORD [--config FILE]: how one verb word matches. */
#include <stdlib.h>
#include "cli.h"

typedef struct verb_req {
    const parl_dialect_config *cfg;
    const char *word;
} verb_req;

static size_t verb_write(const void *arg, char *out, size_t cap)
{
    const verb_req *r = arg;
    return parl_verb_json(r->cfg, r->word, strlen(r->word), out, cap);
}

int cmd_verb(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--config", NULL, 1 }, { 0 } };
    cli_args a;
    if (cli_parse("verb", opts, argc, argv, &a)) return 2;
    if (a.npos != 1) return cli_usage_error("verb", "%s", "one WORD is needed");
    const char *word = a.pos[0], *config = a.val[0];
    parl_dialect_config *cfg = NULL;
    if (config) {
        cfg = malloc(sizeof *cfg);
        if (!cfg || dialect_config_load(config, cfg)) { free(cfg); return 1; }
    }
    verb_req r = { cfg, word };
    json_print(stdout, verb_write, &r);
    putchar('\n');
    free(cfg);
    return 0;
}
