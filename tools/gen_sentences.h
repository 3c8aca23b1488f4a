/* SPDX-License-Identifier: MIT */
/* gen_sentences.h: what the two halves of the sentence generator share.
 * tools/gen_sentences.c compiles abbreviations.yaml and writes the lexers;
 * tools/gen_sentence_rules.c compiles sentences.yaml (the boundary rules and
 * their vocabulary) into switches and matchers. */
#ifndef PARL_GEN_SENTENCES_H
#define PARL_GEN_SENTENCES_H
#include "gen.h"

#define SL_MAX_WORD 32

/* A word or phrase from a list, with where it was written. */
typedef struct {
    const char *text;    /* as written in the YAML */
    char folded[SL_MAX_WORD + 1];
    int kind;            /* abbreviations: K_* below */
    int min_words;       /* closer abbreviations: words the sentence needs */
    int any_case;
    const ynode *at;
} sl_entry;

typedef struct {
    sl_entry *v;
    size_t n, cap;
} sl_entries;

void sl_push(sl_entries *e, sl_entry x);
void sl_fold(const char *s, char *out);
/* Sorts by folded text; a repeated entry is an error (returns the count). */
int sl_sort_unique(sl_entries *e, int by_fold);
/* Decodes one UTF-8 code point; returns its length, 0 when invalid. */
int sl_utf8_decode(const unsigned char *s, unsigned *cp);
/* Writes S as a re2c string: "..." (exact) or '...' (any case). */
void sl_put_re_string(FILE *f, const char *s, int any_case);
/* MAP's KEY, of KIND; NULL (reported) when missing or of another kind. */
const ynode *sl_need(const ynode *map, const char *key, ykind kind, const char *what);

/* The re2c configuration every matcher starts with. */
extern const char *const sl_api_conf;

/* ---------------------------------------------------------------- sentences.yaml */

enum {
    SL_LOWER, SL_QUOTES, SL_EMOTICONS, SL_NOSPACE, SL_CLOSINGS, SL_STAMPS, SL_WEB,
    SL_SEPARATORS, SL_RULES
};

typedef struct {
    ydoc *doc;
    int on[SL_RULES];
    sl_entries emoticons, bang_names, closings, clock, web, domains;
} sl_rules;

/* Loads and checks sentences.yaml; returns the number of errors. */
int sl_read_rules(gen_ctx *g, sl_rules *r);
void sl_rules_free(sl_rules *r);
/* The scanners' clock: from the colon of a time ":05 PM" (re2c). */
void sl_put_clock_def(FILE *f, const sl_rules *r);
/* The matchers (parl__sl_emoticon, _bang_name, _closing, _web, _domain). */
void sl_put_matchers(FILE *f, const sl_rules *r);
/* gen/sentence_rules.h: one switch per rule. */
int sl_put_rules_header(gen_ctx *g, const sl_rules *r);
#endif
