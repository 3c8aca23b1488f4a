/* SPDX-License-Identifier: MIT */
/* dialect_internal.h: what the action-dialect runtime files and the sources
 * generated from grammar/verbs.yaml (gen/dialect_*.c) share. Not public.
 *
 * Data flow for one message:
 *   detect.c      finds `/verb` candidates line by line (skipping code),
 *                 resolves each head with verb_match.c, measures the action
 *                 with the token lexer and decides trailing / reconsidered;
 *   dialect.c     lexes each action (gen/dialect_lex.c), turns trailing
 *                 punctuation into markers, runs the Lemon grammar
 *                 (gen/dialect_grammar.c) to split the chain;
 *   intents.c     reads each command's arguments into an intent by shape;
 *   dialect_text.c renders hints and templates into caller buffers. */
#ifndef PARL_DIALECT_INTERNAL_H
#define PARL_DIALECT_INTERNAL_H
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
    parl__str malformed, list_separator, list_last;
    parl__str details[PARL_DETAIL_CHAIN_TOO_LONG + 1];   /* by parl_detail */
} parl__messages;

/* Placeholders of message and verb templates ("{options}"); their names
 * are in parl__dia_placeholders. */
typedef enum {
    PARL__PH_VERB, PARL__PH_GOT, PARL__PH_ARG, PARL__PH_OPTIONS, PARL__PH_SUGGESTION,
    PARL__PH_DETAIL, PARL__PH_CONTENT, PARL__PH_TARGET, PARL__PH_COUNT
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
/* gen/dialect_lex.c: the first reconsideration phrase in TEXT that starts
 * and ends on word boundaries; 1 and its span, or 0. */
int parl__dia_reconsider(const char *text, size_t n, parl_span *found);

/* --------------------------------------------------------------- tokens */
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

/* gen/dialect_lex.c: the token at POS of TEXT[0..N). Returns the position
 * after it; END at N. Blanks are skipped (and noted in t->space). */
size_t parl__dia_token(const char *text, size_t n, size_t pos, parl__dtok *t);

/* ------------------------------------------------------------- parsing */
#define PARL__DIA_MAX_TOKENS 160

typedef struct {
    int head;                   /* the VERB token */
    int arg_first, arg_end;     /* argument tokens [first, end) (SKIP ones ignored) */
    int mark_first, mark_end;   /* MARKER tokens */
} parl__dia_cmd;

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

/* -------------------------------------------------------- shared helpers */

/* phonetic.c: bit-parallel edit distance against a fixed word of at most
 * PARL_VERB_MAX_LEN bytes (case-folded). */
typedef struct {
    uint32_t eq[256];
    size_t m;
} parl__peq;
void parl__dia_peq_init(parl__peq *q, const char *p, size_t m);
int parl__dia_peq_distance(const parl__peq *q, const char *t, size_t n, int max);
/* verb_match.c: the end of the verb-like word at FROM (letters, digits,
 * _ and -; any byte >= 0x80). */
size_t parl__dia_word_end(const char *text, size_t from, size_t lim);

/* verb_match.c: resolves the verb at TEXT[from..lim) (after the sigil): the
 * longest multi-word alias, else the matcher on the first word. Sets
 * *end to the end of the verb text; returns 0 when no verb-like word is
 * there (not even an unknown one). */
int parl__dia_head(const parl_dialect_ctx *ctx, const char *text, size_t from, size_t lim,
                   size_t *end, parl_verb_match *m);
/* The sense of class CLS of word W, or NULL. */
const parl__dsense *parl__dia_sense(int w, parl__wclass cls);
/* The word index of TEXT if it has a sense of class CLS, with that sense. */
const parl__dsense *parl__dia_word_sense(const char *text, size_t n, parl__wclass cls);
/* "Did you mean" for modifiers: fills NAMES with up to PARL_MAX_CANDIDATES
 * words of class CLS at the smallest edit distance (1, else 2) that their
 * length allows; returns how many. */
int parl__dia_similar(const char *text, size_t n, parl__wclass cls, const char **names);
/* The configured verb entry of id VERB, or NULL. */
const parl_cfg_verb *parl__dia_cfg_verb(const parl_dialect_ctx *ctx, int verb);

/* intents.c: reads the arguments of command C into c->intent / c->hint. */
void parl__dia_intent(const parl_dialect_ctx *ctx, const char *msg, const parl__dtok *tok,
                      const parl__dia_cmd *pc, parl_command *c);

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
