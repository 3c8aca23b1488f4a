/* SPDX-License-Identifier: MIT */
/* parlance verb WORD [--config FILE]: how one verb word matches. */
#include <stdlib.h>
#include "cli.h"

int cmd_verb(int argc, char **argv)
{
    const char *word = NULL, *config = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--config") && i + 1 < argc) config = argv[++i];
        else if (!word) word = argv[i];
        else word = NULL, i = argc;
    }
    if (!word) {
        fputs("usage: parlance verb WORD [--config FILE]\n", stderr);
        return 2;
    }
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
