/* SPDX-License-Identifier: MIT */
/* command.h: stage 3 of the action dialect, command parsing (command.c and
 * the Lemon grammar gen/dialect_grammar.c): an action's tokens, its chain
 * of commands `a -> b -> c`, each command's verb, arguments and markers.
 * Not public; see dialect_vocab.h for the stages. */
#ifndef PARL_COMMAND_H
#define PARL_COMMAND_H
#include "dialect_lex.h"
#include "verb_match.h"

#define PARL__DIA_MAX_TOKENS 160

/* One command of a chain: token indices. */
typedef struct {
    int head;                   /* the VERB token */
    int arg_first, arg_end;     /* argument tokens [first, end) (SKIP ones ignored) */
    int mark_first, mark_end;   /* MARKER tokens */
} parl__dia_cmd;

/* The grammar's input and output. */
typedef struct {
    const parl__dtok *tok;
    int ntok;
    int ncmds;
    parl__dia_cmd cmd[PARL_MAX_CHAIN];
    parl_detail error;
    int error_tok;              /* token index where the grammar stopped */
    int prev_kind;              /* last token fed (to spot a dangling ->) */
} parl__dia_pstate;

/* gen/dialect_grammar.c: runs the Lemon grammar over ps->tok; fills
 * ps->cmd or ps->error. */
void parl__dia_grammar(parl__dia_pstate *ps);

/* An action split into commands: its tokens and, per command, where its
 * arguments are. */
typedef struct {
    parl__dtok tok[PARL__DIA_MAX_TOKENS];
    int ntok;
    int ncmds;                  /* parsed commands (0 when the chain failed) */
    parl__dia_cmd cmd[PARL_MAX_CHAIN];
} parl__dia_chain;

/* command.c: lexes and parses action A of MSG into CH and fills a->cmds:
 * span, verb as written and matched, markers, tags; a verb that did not
 * match, bad markers or a malformed chain set the command's hint. The
 * arguments are left to the intents stage. */
void parl__dia_commands(const parl_dialect_ctx *ctx, const char *msg, parl_action *a,
                        parl__dia_chain *ch);
#endif
