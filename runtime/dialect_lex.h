/* SPDX-License-Identifier: MIT */
/* dialect_lex.h: stage 1 of the action dialect, lexing (gen/dialect_lex.c,
 * generated from grammar/verbs.yaml): the tokens of an action and the
 * scanner for reconsideration phrases ("actually", "never mind"). Not
 * public; see dialect_vocab.h for the stages. */
#ifndef PARL_DIALECT_LEX_H
#define PARL_DIALECT_LEX_H
#include "dialect_vocab.h"

typedef enum {
    PARL__DTK_END, PARL__DTK_NEWLINE, PARL__DTK_SKIP,
    PARL__DTK_VERB, PARL__DTK_WORD, PARL__DTK_PUNCT, PARL__DTK_QWORD, PARL__DTK_MINUSWORD,
    PARL__DTK_PLUS, PARL__DTK_ARROW, PARL__DTK_STRING, PARL__DTK_TRIPLE, PARL__DTK_FENCE,
    PARL__DTK_QLINES, PARL__DTK_REF, PARL__DTK_REFURI, PARL__DTK_URL, PARL__DTK_SIGILWORD,
    PARL__DTK_MARKER, PARL__DTK_UNTERMINATED,
    PARL__DTK_COUNT
} parl__dtkind;

typedef struct {
    unsigned char kind;         /* parl__dtkind */
    bool space;                 /* blank (or line break) right before it */
    size_t start, end;          /* into the message */
} parl__dtok;

/* The token at POS of TEXT[0..N). Returns the position after it; END at N.
 * Blanks are skipped (and noted in t->space). */
size_t parl__dia_token(const char *text, size_t n, size_t pos, parl__dtok *t);

/* The first reconsideration phrase in TEXT that starts and ends on word
 * boundaries; 1 and its span, or 0. */
int parl__dia_reconsider(const char *text, size_t n, parl_span *found);
#endif
