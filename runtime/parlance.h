/* parlance.h: the public API of the parlance runtime.
 *
 * Everything here works on caller-owned memory: the library never allocates,
 * keeps no mutable globals and reports text as spans (offset, length) into the
 * caller's buffer. Inputs are byte strings with an explicit length; they may
 * hold any bytes (invalid UTF-8, NUL) and are never required to be
 * NUL-terminated.
 *
 * Vocabulary (number words, unit words, section names, phrases) lives in
 * the YAML files of grammar/ and reaches this library only through the generated gen/. */
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

#ifdef __cplusplus
}
#endif
#endif
