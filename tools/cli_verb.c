/* SPDX-License-Identifier: MIT */
/* parlance verb WORD [--config FILE]: how one verb word matches. */
#include <stdlib.h>
#include "cli.h"

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
    parl_dialect_ctx ctx = { .config = cfg };
    parl_verb_match m;
    parl_match_verb(&ctx, word, strlen(word), &m);
    verb_match_json(stdout, &ctx, word, strlen(word), &m);
    putchar('\n');
    free(cfg);
    return 0;
}
