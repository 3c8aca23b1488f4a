/* SPDX-License-Identifier: MIT */
/* intents.h: stage 4 of the action dialect, intents (intents.c): reads
 * the arguments of a parsed command into a parl_dialect_intent by shape.
 * Not public; see dialect_vocab.h for the stages. */
#ifndef PARL_INTENTS_H
#define PARL_INTENTS_H
#include "command.h"

/* Reads the arguments of command PC (tokens TOK of MSG) into c->intent,
 * or a failure into c->hint. STEP is the command's place in its chain
 * (a later step may take its content from the one before). */
void parl__dia_intent(const parl_dialect_ctx *ctx, const char *msg, const parl__dtok *tok,
                      const parl__dia_cmd *pc, int step, parl_command *c);
#endif
