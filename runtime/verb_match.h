/* SPDX-License-Identifier: MIT */
/* verb_match.h: stage 2 of the action dialect, verb matching
 * (verb_match.c, phonetic.c, verb_table.c): the forgiving tiers behind
 * parl_match_verb(), the verb at the head of a command, and "did you mean"
 * for modifier words. Not public; see dialect_vocab.h for the stages. */
#ifndef PARL_VERB_MATCH_H
#define PARL_VERB_MATCH_H
#include "dialect_vocab.h"

/* phonetic.c: bit-parallel edit distance against a fixed word of at most
 * PARL_VERB_MAX_LEN bytes (case-folded). */
typedef struct {
    uint32_t eq[256];
    size_t m;
} parl__peq;
void parl__dia_peq_init(parl__peq *q, const char *p, size_t m);
int parl__dia_peq_distance(const parl__peq *q, const char *t, size_t n, int max);

/* The end of the verb-like word at FROM (letters, digits, _ and -; any
 * byte >= 0x80). */
size_t parl__dia_word_end(const char *text, size_t from, size_t lim);

/* Resolves the verb at TEXT[from..lim) (after the sigil): the longest
 * multi-word alias, else the matcher on the first word. Sets *end to the
 * end of the verb text; returns 0 when no verb-like word is there (not
 * even an unknown one). */
int parl__dia_head(const parl_dialect_ctx *ctx, const char *text, size_t from, size_t lim,
                   size_t *end, parl_verb_match *m);

/* "Did you mean" for modifiers: fills NAMES with up to PARL_MAX_CANDIDATES
 * words of class CLS at the smallest edit distance (1, else 2) that their
 * length allows; returns how many. */
int parl__dia_similar(const char *text, size_t n, parl__wclass cls, const char **names);
#endif
