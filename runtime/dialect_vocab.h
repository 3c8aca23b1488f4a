/* SPDX-License-Identifier: MIT */
/* dialect_vocab.h: the action dialect's vocabulary, which every stage of
 * the dialect reads: the tables generated from grammar/verbs.yaml
 * (gen/dialect_tables.c), the whole-word lookup (gen/dialect_lex.c), the
 * verbs a host configured at run time, and character classes. Not public.
 *
 * The dialect is a one-way pipeline; each stage has its own header and
 * includes only the headers of the stages before it:
 *
 *   dialect_vocab.h   vocabulary (this file)
 *   dialect_lex.h     1 lexing: tokens, reconsideration phrases
 *                       gen/dialect_lex.c
 *   verb_match.h      2 verb matching: tiers, command heads, "did you mean"
 *                       verb_match.c, phonetic.c, verb_table.c
 *   (parl_detect)       detection: which `/verb`s are actions, which run
 *                       detect.c (lexing + verb matching)
 *   command.h         3 command parsing: chains, markers, the Lemon grammar
 *                       command.c, gen/dialect_grammar.c
 *   intents.h         4 intents: a command's arguments by shape
 *                       intents.c; dialect.c drives stages 1-4
 *   policy.h          5 policy: run, queue or refuse; streaming detection
 *                       policy.c, stream.c, gen/policy_tables.c
 *   (tools/)          6 execution: tools/act_*.c (SQLite, the host)
 *
 * Text for people (hints, templates, policy reasons) is rendered by
 * dialect_text.c from any stage's results. tests/t_layers.sh checks that
 * no file includes a later stage's header. */
#ifndef PARL_DIALECT_VOCAB_H
#define PARL_DIALECT_VOCAB_H
#include "parlance.h"

/* ------------------------------------------------------------ vocabulary */

/* What a vocabulary word means in a given place (one word may have several
 * senses: "archive" is a recall alias and a context subcommand). */
typedef enum {
    PARL__WC_VERB,              /* value: verb id; op: implied operation */
    PARL__WC_SUBCOMMAND,        /* value: verb id; op: the operation */
    PARL__WC_SCOPE,             /* value: parl_scope */
    PARL__WC_SEARCH_IN,
    PARL__WC_SEARCH_EVERYWHERE,
    PARL__WC_SEARCH_ABOUT,
    PARL__WC_FORMAT,            /* value: parl_format */
    PARL__WC_FETCH_AS,
    PARL__WC_FETCH_CONTINUE,
    PARL__WC_CONTEXT_WITH,
    PARL__WC_AUTH_ALWAYS,
    PARL__WC_AUTH_BECAUSE,
    PARL__WC_DOMAIN,
    PARL__WC_REFERENCE,
    PARL__WC_REF_FIELD,
    PARL__WC_MARKER,            /* value: parl_marker (`?ask`) */
    PARL__WC_DO,                /* the `/do` marker word */
    PARL__WC_COUNT
} parl__wclass;

typedef struct {
    unsigned char cls;          /* parl__wclass */
    unsigned char op;           /* parl_op */
    short value;
} parl__dsense;

/* The tables hold no pointers (so they are plain read-only data even in
 * position-independent code): every string is an offset into one pool. */
typedef unsigned short parl__str;
extern const char parl__dia_str[];
#define PARL__S(off) (parl__dia_str + (off))

typedef struct {
    parl__str text;             /* lower case, words joined by one space */
    unsigned char len;
    unsigned char words;        /* number of words */
    unsigned short first;       /* senses [first, first + nsenses) */
    unsigned char nsenses;
} parl__dword;

/* Single-word verb names and aliases, for the typo and phonetic tiers. */
typedef struct {
    parl__str text;
    unsigned char len;
    unsigned char op;
    short verb;
} parl__verb_word;

typedef struct {
    parl__str name;
    unsigned char intent;       /* parl_intent_kind */
    unsigned char strictness;   /* parl_strictness */
    unsigned char authority;    /* parl_authority */
    unsigned char nexamples;
    unsigned requires;          /* bit (1 << parl_arg): arguments it cannot run without */
    bool bare_target;           /* send: a first bare word is the target */
    parl__str description;
    unsigned short first_example;   /* into parl__dia_examples */
} parl__verb_spec;

typedef struct {
    unsigned char typo;         /* largest edit distance */
    bool phonetic;
    bool semantic;
} parl__strict_spec;

/* A morphological suffix rule or a spelling rule. */
typedef struct {
    parl__str from, to;
    unsigned char from_len, to_len;
    bool undouble;
} parl__rewrite;

typedef struct {
    parl__str word;             /* irregular form */
    parl__str base;
    unsigned char word_len, base_len;
} parl__irregular;

typedef struct {
    parl__str symbol;           /* ".", "?", "!" */
    unsigned char len;
    unsigned char marker;       /* parl_marker */
} parl__marker_symbol;

/* Sentences (grammar/verbs.yaml `messages`). */
typedef struct {
    parl__str ambiguous_verb, ambiguous_args, missing_arg, unknown_modifier;
    parl__str unknown_verb, unknown_verb_plain, invalid_reference, invalid_marker;
    parl__str malformed, unknown_choice, list_separator, list_last;
    parl__str details[PARL_DETAIL_COUNT];   /* by parl_detail */
} parl__messages;

/* Placeholders of message and verb templates ("{options}"); their names
 * are in parl__dia_placeholders. */
typedef enum {
    PARL__PH_VERB, PARL__PH_GOT, PARL__PH_ARG, PARL__PH_OPTIONS, PARL__PH_SUGGESTION,
    PARL__PH_DETAIL, PARL__PH_CONTENT, PARL__PH_TARGET, PARL__PH_ROLE, PARL__PH_AUTHORITY, PARL__PH_COUNT
} parl__placeholder;

/* Generated tables (gen/dialect_tables.c). */
extern const parl__str parl__dia_placeholders[PARL__PH_COUNT];
extern const parl__dword parl__dia_words[];
extern const int parl__dia_nwords;
extern const int parl__dia_max_phrase_words;
extern const parl__dsense parl__dia_senses[];
extern const parl__verb_word parl__dia_verb_words[];
extern const int parl__dia_nverb_words;
extern const parl__verb_spec parl__dia_verbs[PARL_VERB_COUNT];
extern const parl__str parl__dia_examples[];
extern const parl__strict_spec parl__dia_strict[PARL_STRICTNESS_COUNT];
extern const unsigned char parl__dia_min_len_for_distance[4];  /* by distance 0..3 */
extern const int parl__dia_suggest_distance;
extern const int parl__dia_window_words;         /* the confirmation window, in words */
extern const int parl__dia_default_strictness;   /* of configured verbs */
extern const int parl__dia_permission_authority; /* of configured verbs requiring permission */
extern const float parl__dia_phonetic_confidence;
extern const float parl__dia_semantic_threshold;
extern const parl__irregular parl__dia_irregulars[];
extern const int parl__dia_nirregulars;
extern const parl__rewrite parl__dia_suffixes[];
extern const int parl__dia_nsuffixes;
extern const int parl__dia_min_stem;
extern const parl__rewrite parl__dia_spellings[];
extern const int parl__dia_nspellings;
extern const parl__marker_symbol parl__dia_marker_symbols[];
extern const int parl__dia_nmarker_symbols;
extern const parl__messages parl__dia_messages;
extern const char parl__dia_sigil;
extern const parl__str parl__dia_intent_names[PARL_INTENT_COUNT];
extern const parl__str parl__dia_op_names[PARL_OP_COUNT];
extern const parl__str parl__dia_scope_names[PARL_SCOPE_COUNT];
extern const parl__str parl__dia_format_names[PARL_FORMAT_COUNT];
extern const parl__str parl__dia_marker_names[PARL_MARKER_COUNT];
extern const parl__str parl__dia_arg_names[PARL_ARG_COUNT];
extern const parl__str parl__dia_strictness_names[PARL_STRICTNESS_COUNT];
extern const parl__str parl__dia_authority_names[PARL_AUTHORITY_COUNT];

/* gen/dialect_lex.c: the word index of the whole span TEXT (case-insensitive,
 * any run of blanks between words), or -1. */
int parl__dia_lookup(const char *text, size_t n);

/* The sense of class CLS of word W (an index of parl__dia_words), or NULL. */
static inline const parl__dsense *parl__dia_sense(int w, parl__wclass cls)
{
    if (w < 0) return (const parl__dsense *)0;
    const parl__dword *wd = &parl__dia_words[w];
    for (int i = 0; i < wd->nsenses; i++)
        if (parl__dia_senses[wd->first + i].cls == cls) return &parl__dia_senses[wd->first + i];
    return (const parl__dsense *)0;
}
/* The sense of word W that is a subcommand of VERB ("append" is one of
 * recall and one of context), or NULL. */
static inline const parl__dsense *parl__dia_subcommand(int w, int verb)
{
    if (w < 0) return (const parl__dsense *)0;
    const parl__dword *wd = &parl__dia_words[w];
    for (int i = 0; i < wd->nsenses; i++) {
        const parl__dsense *s = &parl__dia_senses[wd->first + i];
        if (s->cls == PARL__WC_SUBCOMMAND && s->value == verb) return s;
    }
    return (const parl__dsense *)0;
}
/* The sense of class CLS of the whole span TEXT, or NULL. */
static inline const parl__dsense *parl__dia_word_sense(const char *text, size_t n, parl__wclass cls)
{
    return parl__dia_sense(parl__dia_lookup(text, n), cls);
}
/* The configured verb of id VERB (>= PARL_VERB_COUNT), or NULL. */
static inline const parl_cfg_verb *parl__dia_cfg_verb(const parl_dialect_ctx *ctx, int verb)
{
    if (!ctx || !ctx->config || verb < PARL_VERB_COUNT) return (const parl_cfg_verb *)0;
    int i = verb - PARL_VERB_COUNT;
    return i < ctx->config->nverbs ? &ctx->config->verbs[i] : (const parl_cfg_verb *)0;
}

static inline bool parl__is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
static inline unsigned char parl__lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}
static inline bool parl__is_alpha(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static inline bool parl__is_wordch(unsigned char c)
{
    return parl__is_alpha(c) || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}
#endif
