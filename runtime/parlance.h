/* parlance.h: the public API of the parlance runtime.
 *
 * Everything here works on caller-owned memory: the library never allocates,
 * keeps no mutable globals and reports text as spans (offset, length) into the
 * caller's buffer. Inputs are byte strings with an explicit length; they may
 * hold any bytes (invalid UTF-8, NUL) and are never required to be
 * NUL-terminated.
 *
 * Vocabulary (number words, unit words, section names, phrases) lives in
 * the YAML specs in grammar/ and reaches this library only through the
 * generated sources in gen/. */
#ifndef PARLANCE_H
#define PARLANCE_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "parl_vocab.h"   /* generated: parl_mode, parl_unit, parl_section enums */

#ifdef __cplusplus
extern "C" {
#endif

/* A span of the caller's text. */
typedef struct parl_span {
    size_t off;
    size_t len;
} parl_span;

/* ------------------------------------------------------------------ inference
 * parl_infer() turns a natural-language retrieval request ("the last two
 * sentences", "lines five to ten", "every mention of data") into an intent. */

#define PARL_MAX_PARTS 16

typedef struct parl_intent {
    parl_mode mode;          /* PARL_MODE_NONE when nothing matched */
    parl_unit unit;          /* PARL_UNIT_NONE when absent */
    parl_section section;    /* PARL_SECTION_NONE when absent */
    int64_t count;           /* valid when has_count */
    int64_t start;           /* valid when has_start (line number for line/range) */
    int64_t end;             /* valid when has_end && !end_open */
    bool has_count, has_start, has_end;
    bool end_open;           /* "to the end": the answer clamps to the document */
    bool count_only;         /* "how many times does X appear" */
    bool has_search;
    parl_span search;        /* cleaned search text, a span of the request */
    int nparts;              /* compound: "first and third sentences" */
    int64_t parts[PARL_MAX_PARTS];
    int rule;                /* index of the grammar pattern that matched, -1 if none */
} parl_intent;

/* Fills *out. Returns out->mode. Never fails; any length, any bytes. */
parl_mode parl_infer(const char *text, size_t len, parl_intent *out);

/* The generous validate gate: could this message be a document retrieval
 * request? True for everything parl_infer() recognises and for the gate
 * phrases of grammar/modes.yaml ("quote", "read", "show me"...). */
bool parl_is_retrieval_request(const char *text, size_t len);

/* Parses a whole string as one number: digits ("42"), ordinal suffixes
 * ("21st"), cardinal and ordinal words and compounds ("twenty-one",
 * "one hundred and five", "twenty-first", "a dozen", "a couple of").
 * Returns 1 and sets *value on success, 0 when TEXT is not exactly a number
 * or is out of range (above PARL_NUMBER_MAX). *is_ordinal may be NULL. */
#define PARL_NUMBER_MAX 1000000000LL
int parl_parse_number(const char *text, size_t len, int64_t *value, bool *is_ordinal);

/* Names for printing; never NULL ("none" for the NONE values). */
const char *parl_mode_name(parl_mode m);
const char *parl_unit_name(parl_unit u);
const char *parl_section_name(parl_section s);
/* Reverse lookups for tools; return -1 when unknown. */
int parl_mode_from_name(const char *name);
int parl_unit_from_name(const char *name);
int parl_section_from_name(const char *name);

/* ------------------------------------------------------------------ sentences and profiles
 * (issue 3) */

/* ------------------------------------------------------------------ answers
 * (issue 4) */

/* ------------------------------------------------------------------ action dialect
 * (issue 5) */

/* Agents write actions such as `/recall project deadlines` in their replies.
 * parl_dialect_parse() finds them, decides which ones to run (trailing or
 * `/do`, not taken back afterwards), matches each verb forgivingly and reads
 * its arguments into an intent. The vocabulary comes from grammar/verbs.yaml
 * (gen/parl_dialect.h has its enums: parl_verb, parl_intent_kind, parl_op,
 * parl_scope, parl_format, parl_marker, parl_arg...). A host may layer its
 * own verbs and aliases over the compiled ones with a parl_dialect_config. */
#include "parl_dialect.h"

#define PARL_VERB_MAX_LEN    32  /* longer verb words never match */
#define PARL_MAX_CANDIDATES   3  /* "did you mean" suggestions */
#define PARL_MAX_ACTIONS      8  /* actions kept per message */
#define PARL_MAX_CHAIN        4  /* commands per `a -> b -> c` chain */
#define PARL_MAX_TAGS         4  /* `?word` tags per command */

/* Verb matching tiers, tried in this order. */
typedef enum {
    PARL_TIER_NONE, PARL_TIER_EXACT, PARL_TIER_CASE, PARL_TIER_MORPH, PARL_TIER_SPELLING,
    PARL_TIER_TYPO, PARL_TIER_PHONETIC, PARL_TIER_SEMANTIC
} parl_tier;

/* ---- run-time extensions (a user's --config file), caller-owned */
#define PARL_CFG_MAX_VERBS   32
#define PARL_CFG_MAX_ALIASES 128
#define PARL_CFG_NAME_MAX    40   /* bytes, with the terminating NUL */
#define PARL_CFG_TEXT_MAX    256

typedef struct parl_cfg_verb {
    char name[PARL_CFG_NAME_MAX];
    char maps_to[PARL_CFG_NAME_MAX];        /* the tool or verb it delegates to */
    char target_type[PARL_CFG_NAME_MAX];    /* default_target: { type, id } */
    char target_id[PARL_CFG_NAME_MAX];
    char template_text[PARL_CFG_TEXT_MAX];  /* "{content}" is replaced */
    char description[PARL_CFG_TEXT_MAX];
    char example[PARL_CFG_TEXT_MAX];        /* the first example */
    parl_strictness strictness;
    bool requires_permission;
} parl_cfg_verb;

typedef struct parl_cfg_alias {
    char word[PARL_CFG_NAME_MAX];   /* lower case; words separated by one space */
    int verb;                       /* any verb id, compiled or configured */
    parl_op op;                     /* operation the alias implies, or PARL_OP_NONE */
} parl_cfg_alias;

typedef struct parl_dialect_config {
    int nverbs;
    int naliases;
    parl_cfg_verb verbs[PARL_CFG_MAX_VERBS];      /* verb id PARL_VERB_COUNT + i */
    parl_cfg_alias aliases[PARL_CFG_MAX_ALIASES];
} parl_dialect_config;

/* Errors of the config functions (negative). */
#define PARL_CFG_EXISTS   (-1)   /* the word already names a verb or alias */
#define PARL_CFG_FULL     (-2)   /* capacity reached */
#define PARL_CFG_TOO_LONG (-3)
#define PARL_CFG_INVALID  (-4)   /* empty, blank-edged, or an unknown verb id */

void parl_config_init(parl_dialect_config *cfg);
/* Adds a verb; returns its id (>= PARL_VERB_COUNT) or an error. */
int parl_config_add_verb(parl_dialect_config *cfg, const char *name, size_t len);
/* Adds an alias of any verb; the word is stored lower-cased. 0 or an error. */
int parl_config_add_alias(parl_dialect_config *cfg, int verb, const char *word, size_t len,
                          parl_op op);
/* Copies TEXT into a field of a configured verb (a member of parl_cfg_verb
 * such as verbs[i].maps_to, of capacity CAP). 0 or PARL_CFG_TOO_LONG. */
int parl_config_set(char *field, size_t cap, const char *text, size_t len);

/* ---- the matching context */

/* Tier 6: the host's embedding lookup. Returns the verb id most similar to
 * WORD and its confidence in [0, 1], or -1. */
typedef int (*parl_semantic_fn)(void *user, const char *word, size_t len, float *confidence);

typedef struct parl_dialect_ctx {
    const parl_dialect_config *config;  /* NULL: compiled verbs only */
    const char *const *blocks;          /* the host's memory block labels */
    size_t nblocks;                     /* (`/recall LABEL` reads when listed) */
    parl_semantic_fn semantic;          /* NULL: tier 6 off (the default) */
    void *semantic_user;
    float semantic_threshold;           /* 0: grammar/verbs.yaml's default */
} parl_dialect_ctx;                     /* a NULL context means all defaults */

typedef struct parl_verb_match {
    int verb;            /* verb id, or -1 (no match or ambiguous) */
    parl_tier tier;      /* PARL_TIER_NONE on a miss */
    int distance;        /* edit distance (typo tier), else 0 */
    float confidence;    /* 1 exact ... phonetic/semantic less */
    parl_op op;          /* operation implied by the alias (`forget` -> delete) */
    bool ambiguous;      /* equally good matches for different verbs */
    int ncandidates;     /* the tied verbs, or "did you mean" on a miss */
    int candidates[PARL_MAX_CANDIDATES];
} parl_verb_match;

/* Matches one verb word (no sigil). Returns out->verb. Words longer than
 * PARL_VERB_MAX_LEN bytes never match and get no candidates. */
int parl_match_verb(const parl_dialect_ctx *ctx, const char *word, size_t len,
                    parl_verb_match *out);

/* Verb table access (compiled and configured verbs); NULL/none when unknown. */
int parl_verb_total(const parl_dialect_ctx *ctx);
const char *parl_verb_name(const parl_dialect_ctx *ctx, int verb);
parl_intent_kind parl_verb_intent(const parl_dialect_ctx *ctx, int verb);
parl_strictness parl_verb_strictness(const parl_dialect_ctx *ctx, int verb);
parl_authority parl_verb_authority(const parl_dialect_ctx *ctx, int verb);
const char *parl_verb_description(const parl_dialect_ctx *ctx, int verb);
const char *parl_verb_example(const parl_dialect_ctx *ctx, int verb, int i);
/* The smallest edit distance from WORD to VERB's name or any of its
 * single-word aliases (at most MAX; MAX + 1 when farther). */
int parl_verb_word_distance(const parl_dialect_ctx *ctx, int verb, const char *word, size_t len,
                            int max);
/* Looks a name or alias up exactly (case-insensitively): verb id or -1. */
int parl_verb_lookup(const parl_dialect_ctx *ctx, const char *word, size_t len, parl_op *op);

/* Names of the generated enums (from grammar/verbs.yaml); "" when out of range. */
const char *parl_intent_name(parl_intent_kind k);
const char *parl_op_name(parl_op op);
const char *parl_scope_name(parl_scope s);
const char *parl_format_name(parl_format f);
const char *parl_marker_name(parl_marker m);
const char *parl_arg_name(parl_arg a);
const char *parl_strictness_name(parl_strictness s);
const char *parl_authority_name(parl_authority a);
int parl_strictness_from_name(const char *name, size_t len);   /* -1 when unknown */
int parl_op_from_name(const char *name, size_t len);           /* -1 when unknown */

/* Phonetic codes and bounded edit distance (ASCII letters, case-folded).
 * parl_soundex writes 4 characters and a NUL (returns 0 and "" without a
 * letter); parl_metaphone writes up to CAP-1 characters. parl_levenshtein
 * returns MAX + 1 when the distance exceeds MAX or an input is longer than
 * PARL_VERB_MAX_LEN. */
size_t parl_soundex(const char *s, size_t n, char out[5]);
size_t parl_metaphone(const char *s, size_t n, char *out, size_t cap);
int parl_levenshtein(const char *a, size_t na, const char *b, size_t nb, int max);

/* ---- intents */

/* How a piece of content was written. */
typedef enum {
    PARL_FORM_NONE,
    PARL_FORM_BARE,     /* unquoted words, as written */
    PARL_FORM_QUOTED,   /* "...": span is inside the quotes, escapes kept */
    PARL_FORM_TRIPLE,   /* """...""": inside */
    PARL_FORM_FENCED,   /* ```info\n...```: the lines inside */
    PARL_FORM_LINES,    /* `> ` quoted lines: the whole block, prefixes kept */
    PARL_FORM_REF       /* @last.output, @[uri]: the reference as written */
} parl_form;

typedef struct parl_text {
    parl_span span;     /* into the message */
    parl_form form;
} parl_text;

typedef struct parl_dialect_intent {
    parl_intent_kind kind;
    int verb;               /* the verb; for send/authority it is the mode/action */
    parl_op op;             /* recall, context, data */
    parl_text label;        /* memory block / data source */
    parl_text content;      /* content, query, message, expression, reason, diff */
    parl_text old_text;     /* context replace: the text to replace */
    parl_text target;       /* send target, custom target */
    parl_text url;          /* fetch */
    parl_text request;      /* authority: the request id or reference */
    parl_span domain;       /* send: the platform (@discord) */
    parl_scope scope;       /* search */
    parl_format format;     /* fetch */
    bool cont;              /* fetch: continue the last fetch */
    bool always;            /* authority: remember the decision */
    bool label_known;       /* recall read: the host lists the block */
} parl_dialect_intent;

/* ---- failures and hints */
typedef enum {
    PARL_FAIL_NONE, PARL_FAIL_UNKNOWN_VERB, PARL_FAIL_AMBIGUOUS_VERB, PARL_FAIL_AMBIGUOUS_ARGS,
    PARL_FAIL_MISSING_ARG, PARL_FAIL_UNKNOWN_MODIFIER, PARL_FAIL_INVALID_REFERENCE,
    PARL_FAIL_INVALID_MARKER, PARL_FAIL_MALFORMED
} parl_failure;

/* The seed's ParseHint: what kind of help the agent gets. */
typedef enum {
    PARL_HINT_NONE, PARL_HINT_AMBIGUOUS, PARL_HINT_MISSING_ARG, PARL_HINT_UNKNOWN_MODIFIER,
    PARL_HINT_UNKNOWN_VERB, PARL_HINT_MALFORMED
} parl_hint_kind;

typedef enum {
    PARL_DETAIL_NONE, PARL_DETAIL_UNTERMINATED, PARL_DETAIL_DANGLING_ARROW, PARL_DETAIL_SYNTAX,
    PARL_DETAIL_TOO_LONG, PARL_DETAIL_CHAIN_TOO_LONG
} parl_detail;

typedef struct parl_hint {
    parl_failure failure;
    parl_hint_kind kind;
    parl_span got;          /* the offending word (unknown verb, modifier...) */
    parl_arg arg;           /* missing argument */
    int nopts;              /* options / similar words / candidates */
    const char *opts[PARL_MAX_CANDIDATES];  /* static or config strings */
    bool verb_opts;         /* the options are verbs (shown with the sigil) */
    const char *suggestion; /* an example command */
    parl_detail detail;     /* malformed: why */
} parl_hint;

/* ---- detection and parsing */
typedef struct parl_command {
    parl_span span;         /* the command's text */
    parl_span verb_text;    /* the verb as written (without the sigil) */
    parl_verb_match match;
    parl_dialect_intent intent;
    parl_marker marker;     /* PARL_MARKER_NONE when absent */
    int ntags;
    parl_span tags[PARL_MAX_TAGS];   /* `?public` -> "public" */
    parl_hint hint;         /* hint.failure == PARL_FAIL_NONE when it parsed */
} parl_command;

typedef enum {
    PARL_RUN,               /* execute */
    PARL_SKIP_NOT_TRAILING, /* text follows and there is no /do */
    PARL_SKIP_RECONSIDERED, /* a reconsideration phrase follows */
    PARL_SKIP_FAILED        /* it would run, but a command did not parse */
} parl_verdict;

typedef struct parl_action {
    parl_span span;         /* from `/do` or the sigil to the end of its content */
    size_t cmd_off;         /* the sigil of the first command */
    parl_span verb_text;    /* the first verb as written, and how it matched */
    parl_verb_match match;
    bool line_start;        /* only blanks before it on its line */
    bool trailing;          /* at a line start, nothing but actions after it */
    bool has_do;
    bool reconsidered;
    parl_span reconsideration;  /* the phrase that took it back */
    parl_verdict verdict;
    int ncmds;              /* commands of the chain; cmds[1..] are the `then` */
    parl_command cmds[PARL_MAX_CHAIN];
} parl_action;

typedef struct parl_dialect_result {
    int nactions;
    bool truncated;         /* more than PARL_MAX_ACTIONS actions */
    parl_action actions[PARL_MAX_ACTIONS];
} parl_dialect_result;

/* Finds the actions of a message and decides which would run (no parsing:
 * ncmds is 0). Returns nactions. Any bytes, any length. */
int parl_detect(const parl_dialect_ctx *ctx, const char *msg, size_t len,
                parl_dialect_result *out);
/* parl_detect, then parses every action's chain into intents. Actions whose
 * commands fail get PARL_SKIP_FAILED when they would otherwise run. */
int parl_dialect_parse(const parl_dialect_ctx *ctx, const char *msg, size_t len,
                       parl_dialect_result *out);

/* The text of a content span with quoting removed (escapes of "..." and the
 * `> ` prefixes of quoted lines). Writes at most CAP-1 bytes and a NUL;
 * returns the full length (like snprintf). */
size_t parl_text_copy(const char *msg, const parl_text *t, char *buf, size_t cap);
/* The sentence for the agent about a failed command ("I couldn't tell if
 * you meant /post or /reply - which one?"), from grammar/verbs.yaml. */
size_t parl_hint_message(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                         char *buf, size_t cap);
/* A configured verb's template with {content} (and {target}, {verb})
 * replaced; 0 and "" when the verb has no template. */
size_t parl_custom_apply(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                         char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
