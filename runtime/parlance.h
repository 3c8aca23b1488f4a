/* parlance.h: the public API of the parlance runtime.
 *
 * Everything here works on caller-owned memory: the library never allocates,
 * keeps no mutable globals and reports text as spans (offset, length) into the
 * caller's buffer. Inputs are byte strings with an explicit length; they may
 * hold any bytes (invalid UTF-8, NUL) and are never required to be
 * NUL-terminated.
 *
 * Vocabulary (number words, unit words, section names, phrases) lives in
 * grammar/*.yaml and reaches this library only through the generated gen/. */
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
 * (issue 3)
 *
 * A sentence is a span of the caller's text with its outer white space
 * excluded. Every non-blank byte of a document belongs to exactly one
 * sentence: a markdown heading line, a list item's text, a fenced code block
 * (never split inside) are sentences of their own kinds. Offsets are byte
 * offsets into the text; lines are 1-based and CRLF, LF and a lone CR each
 * end one line. A paragraph is a run of non-blank lines (blank lines inside
 * a code fence do not end one). */

typedef enum parl_sentence_kind {
    PARL_SENT_TEXT = 0,   /* ordinary prose */
    PARL_SENT_HEADING,    /* a markdown heading line (# ...) */
    PARL_SENT_ITEM,       /* the first sentence of a list item */
    PARL_SENT_QUOTE,      /* the first sentence of a block quote (> ...) */
    PARL_SENT_CODE        /* a whole fenced code block, fences included */
} parl_sentence_kind;

typedef struct parl_sentence {
    size_t off;          /* document byte offset of the first byte */
    size_t len;          /* byte length */
    size_t line;         /* 1-based line of the first byte */
    size_t end_line;     /* 1-based line of the last byte */
    size_t para;         /* 1-based paragraph number */
    size_t words;        /* white-space separated words (counting mode only, else 0) */
    parl_sentence_kind kind;
} parl_sentence;

/* Flags for parl_split_init(). */
#define PARL_SPLIT_COUNT 1u   /* also count words, code points, lines (parl_analyze uses it) */
#define PARL_SPLIT_MORE  2u   /* the text is a prefix of the document: more will be fed */

/* Bytes a streaming window must hold beyond a boundary decision: the
 * splitter looks at most this far ahead, so a decision never depends on
 * where the caller's chunks end. */
#define PARL_SPLIT_MARGIN 1024

/* Scanner state shared with the generated lexer (private; see
 * runtime/split_internal.h). Offsets are document offsets. */
typedef struct parl__sl {
    size_t pos;        /* in: where to start; out: just after the token */
    size_t tok;        /* out: where the token starts */
    size_t words;      /* white-space separated words started so far */
    size_t cont;       /* continuation bytes of valid UTF-8 sequences */
    size_t bad;        /* bytes that are not valid UTF-8 */
    size_t nul;        /* NUL bytes */
    int sp;            /* the previous byte was white space (or start of text) */
} parl__sl;

/* The iterator's state; treat the fields as private. */
typedef struct parl_split_state {
    parl__sl sc;                      /* scanner position and counters */
    size_t line;                      /* line at pos */
    size_t bnd, bnd_line, bnd_words;  /* start of the current sentence */
    size_t first;                     /* its first non-blank byte, or SIZE_MAX if unknown */
    size_t quiet;                     /* tokens before this were handled by lookahead */
    size_t eol_at;                    /* start of the last line break */
    size_t line_at, line_words;       /* start of the current line, words before it */
    size_t dq_at, paren_at;           /* where the open quote / parenthesis began */
    size_t para;                      /* paragraph of the last sentence */
    size_t nonempty_lines;            /* counting mode: non-blank lines so far */
    size_t first_line[2], last_line[2];   /* counting mode: first/last non-blank line */
    unsigned mark_val, fence;
    unsigned short paren;
    unsigned char dq, kind, heading, fence_end, ls_pending, para_break, quote_line;
    unsigned char mark_kind, seen, done, had_lines;
} parl_split_state;

typedef struct parl_splitter {
    const unsigned char *text;   /* the current window */
    size_t len;                  /* its length */
    size_t base;                 /* document offset of text[0] */
    size_t lim;                  /* scan limit within the window */
    unsigned flags;
    int force;
    parl_split_state s, saved;   /* current state; state after the last sentence */
} parl_splitter;

/* Document structure seen so far (parl_split_state.seen bits). */
#define PARL_SEEN_HEADING 1u
#define PARL_SEEN_CODE    2u
#define PARL_SEEN_LIST    4u
#define PARL_SEEN_QUOTE   8u

/* Starts splitting TEXT[0..LEN). No allocation; the iterator keeps pointers
 * into TEXT, which must stay valid while it is used. */
void parl_split_init(parl_splitter *it, const char *text, size_t len, unsigned flags);

/* Finds the next sentence. Returns 1 and fills *OUT, or 0 at the end of the
 * text. With PARL_SPLIT_MORE, 0 means "feed more": keep the bytes from
 * parl_split_pending() on, append new ones and call parl_split_feed(). */
int parl_split_next(parl_splitter *it, parl_sentence *out);

/* Offset within the current window of the first byte the iterator still
 * needs (the start of the unfinished sentence). */
size_t parl_split_pending(const parl_splitter *it);

/* Continues with a new window that starts with the bytes that were at
 * parl_split_pending() in the previous one. MORE: still not the end. */
void parl_split_feed(parl_splitter *it, const char *text, size_t len, bool more);

/* For a window that is full yet holds no complete sentence (pending offset
 * 0): scans the rest of the window, ends the current sentence at its last
 * blank (or at its end) and returns it like parl_split_next(); then go on
 * with parl_split_next(). Always makes progress. */
int parl_split_force(parl_splitter *it, parl_sentence *out);

/* Convenience: counts of invalid UTF-8 and NUL bytes scanned so far. */
size_t parl_split_invalid_bytes(const parl_splitter *it);
size_t parl_split_nul_bytes(const parl_splitter *it);

/* ---- document profile */

#define PARL_PROFILE_VERSION 1
#define PARL_FIRST_LINE_CHARS 120     /* firstLine, lastLine */
#define PARL_SENTENCE_CHARS 200       /* firstSentence, lastSentence */
#define PARL_PREVIEW_CHARS 80         /* paragraph preview */

typedef struct parl_paragraph {
    size_t index;            /* 1-based */
    size_t start_line, end_line;
    size_t sentence_count, word_count;
    size_t first_sentence;   /* 0-based index of its first sentence */
    parl_span span;          /* first to last byte of its sentences */
    parl_span preview;       /* the first PARL_PREVIEW_CHARS characters of span */
} parl_paragraph;

typedef struct parl_profile {
    size_t char_count;             /* code points; an invalid byte counts as one */
    size_t byte_count;
    size_t word_count;             /* white-space separated words */
    size_t line_count;             /* lines, blank ones included; a final line break
                                      does not start another line */
    size_t non_empty_line_count;
    size_t paragraph_count;
    size_t sentence_count;
    parl_span first_line, last_line;           /* trimmed, truncated to 120 characters */
    parl_span first_sentence, last_sentence;   /* truncated to 200 characters */
    bool first_line_cut, last_line_cut, first_sentence_cut, last_sentence_cut;
    bool has_headings, has_code_blocks, has_list, has_block_quotes;
    char language[8];              /* from grammar/abbreviations.yaml */
    int profile_version;           /* PARL_PROFILE_VERSION */
    char analyzed_at[40];          /* supplied by the caller (the runtime has no clock) */
    double avg_words_per_sentence, avg_sentences_per_paragraph;
    size_t invalid_utf8_bytes, nul_bytes;
    size_t paragraphs_stored, sentences_stored;   /* entries written to the arrays */
    bool truncated;                /* some paragraphs or sentences did not fit */
} parl_profile;

/* Analyses TEXT in one pass. Fills *P and the caller's arrays: up to PCAP
 * paragraphs and SCAP sentences (either array may be NULL with capacity 0).
 * Counts are exact even when the arrays are too small; then P->truncated is
 * set. ANALYZED_AT (may be NULL) is copied into P->analyzed_at.
 * Returns 0, or 1 when the arrays were too small. */
int parl_analyze(const char *text, size_t len, const char *analyzed_at, parl_profile *p,
                 parl_paragraph *paras, size_t pcap, parl_sentence *sents, size_t scap);

/* Bytes of SPAN's text that hold at most MAX code points, never cutting a
 * UTF-8 sequence. *CUT (may be NULL): the span was longer. */
size_t parl_utf8_prefix(const char *text, parl_span span, size_t max, bool *cut);

/* Code points in TEXT[0..LEN), an invalid byte counting as one (the rule of
 * parl_profile.char_count): turns byte offsets into character offsets. */
size_t parl_char_count(const char *text, size_t len);

/* ------------------------------------------------------------------ answers
 * (issue 4) */

/* ------------------------------------------------------------------ action dialect
 * (issue 5) */

#ifdef __cplusplus
}
#endif
#endif
