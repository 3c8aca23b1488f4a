/* SPDX-License-Identifier: MIT */
/* dialect.c: parl_dialect_parse(), stages 1-4 of the action dialect in
 * order: detection (detect.c, on lexing and verb matching) finds the
 * actions, command parsing (command.c) splits each into commands, the
 * intents stage (intents.c) reads each command's arguments. */
#include "intents.h"

int parl_dialect_parse_page(const parl_dialect_ctx *ctx, const char *msg, size_t len, int first,
                            parl_dialect_result *out)
{
    parl_detect_page(ctx, msg, len, first, out);
    for (int i = 0; i < out->nactions; i++) {
        parl_action *a = &out->actions[i];
        parl__dia_chain ch;
        parl__dia_commands(ctx, msg, a, &ch);
        for (int k = 0; k < ch.ncmds; k++)
            if (a->cmds[k].match.verb >= 0) parl__dia_intent(ctx, msg, ch.tok, &ch.cmd[k], k, &a->cmds[k]);
        if (a->verdict != PARL_RUN) continue;
        for (int k = 0; k < a->ncmds; k++)
            if (a->cmds[k].hint.failure) a->verdict = PARL_SKIP_FAILED;
    }
    return out->nactions;
}

int parl_dialect_parse(const parl_dialect_ctx *ctx, const char *msg, size_t len,
                       parl_dialect_result *out)
{
    return parl_dialect_parse_page(ctx, msg, len, 0, out);
}
