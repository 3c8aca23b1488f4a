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

/* ---- diff/patch (issue 5) --------------------------------------------------
 * Unified diffs as written by `diff -u`: parse them, apply them to a text with
 * context verification, and create them between two texts.
 *
 * A text is a sequence of lines, each ended by '\n' except perhaps the last
 * ("no newline at end of file"). Bytes are compared exactly; '\r' is content.
 * Nothing here allocates: the parser is an iterator over the caller's patch
 * text, apply and diff write into caller buffers and report the size they
 * need when a buffer is too small. */

typedef enum parl_patch_status {
    PARL_PATCH_OK = 0,
    /* parsing (rep.line, rep.col: where; rep.hunk: which hunk) */
    PARL_PATCH_E_EMPTY,        /* no hunk in the text */
    PARL_PATCH_E_FILE_HEADER,  /* '---' without '+++' after it, or '+++' alone */
    PARL_PATCH_E_HUNK_HEADER,  /* malformed "@@ -a,b +c,d @@" (rep.col points at it) */
    PARL_PATCH_E_SHORT,        /* the body ends before the header's counts are met
                                  (rep.old_due / rep.new_due lines still due) */
    PARL_PATCH_E_LONG,         /* more old or new lines than the header counts */
    PARL_PATCH_E_MARKER,       /* a '\' line that does not follow the last old/new line */
    PARL_PATCH_E_ORDER,        /* hunks out of order, overlapping, or after end of file */
    PARL_PATCH_E_MULTIFILE,    /* a second file's headers: one file per patch */
    PARL_PATCH_E_GARBAGE,      /* a line that is no part of a patch, after the first header */
    /* applying (rep.hunk, rep.line: the patch line; rep.src_line: the text's line) */
    PARL_PATCH_E_MISMATCH,     /* a context or removed line differs from the text */
    PARL_PATCH_E_EOF,          /* the text ends before the hunk's lines */
    PARL_PATCH_E_NEWLINE,      /* lines agree but the final newline does not */
    /* memory */
    PARL_PATCH_E_SPACE,        /* output buffer too small: rep.needed bytes */
    PARL_PATCH_E_WORK          /* diff work memory too small: rep.needed bytes */
} parl_patch_status;

/* What happened, for every call below. Fields not listed for a status are 0. */
typedef struct parl_patch_report {
    parl_patch_status status;
    size_t line;       /* 1-based line of the patch text at fault */
    size_t col;        /* 1-based column for E_HUNK_HEADER */
    size_t hunk;       /* 1-based hunk at fault */
    size_t src_line;   /* 1-based line of the text where a hunk failed to match
                          (at the hunk's stated position) */
    size_t old_due, new_due; /* E_SHORT: lines still due */
    size_t needed;     /* E_SPACE, E_WORK: bytes needed */
    size_t len;        /* OK: bytes written to the output buffer */
    size_t hunks;      /* parse/apply: hunks in the patch; diff: hunks written */
    size_t drifted;    /* apply: hunks applied away from their stated line */
    bool eol_adapted;  /* apply: patch and text disagreed on CRLF vs LF and the
                          patch's lines were adapted to the text's line ends */
} parl_patch_report;

/* One hunk. Line numbers are as in the header: count 0 means START is the
 * line after which the hunk applies (0: before the first line). */
typedef struct parl_hunk {
    size_t old_start, old_count, new_start, new_count;
    size_t line;           /* 1-based line of the "@@" header in the patch */
    parl_span body;        /* the body lines (markers included) in the patch */
    bool old_no_newline;   /* the last old line has no final newline */
    bool new_no_newline;   /* the last new line has no final newline */
    bool crlf;             /* the patch came with CRLF line ends: they are not content */
} parl_hunk;

/* The parser. Treat the fields as private; old_name / new_name are spans of
 * the '---' / '+++' header names (len 0 without headers), valid once
 * parl_patch_next() has returned a hunk.
 *
 * Accepted: lines before the first '---' or '@@' (a preamble: mail text,
 * "diff --git", "index"...); blank lines between and after hunks; a blank
 * line inside a hunk as an empty context line; CRLF line ends throughout.
 * Everything else must be exact: counts agree with the body (so a removed
 * "-- x" line, written "--- x", is body, not a header), hunks ascend without
 * overlap, a '\' marker follows the last old and/or new line only, and any
 * other line after the first header is an error naming its line. */
typedef struct parl_patch_iter {
    const char *text;
    size_t len, pos, line;
    int state;
    bool crlf;
    size_t nhunks, next_lo;
    bool ended;             /* a hunk reached the end of the file */
    parl_span old_name, new_name;
} parl_patch_iter;

void parl_patch_begin(parl_patch_iter *it, const char *patch, size_t len);
/* 1: *h holds the next hunk; 0: no more hunks (rep->hunks = how many);
 * -1: malformed, details in *rep. REP may be NULL. */
int parl_patch_next(parl_patch_iter *it, parl_hunk *h, parl_patch_report *rep);
/* Validates a whole patch; rep->hunks = number of hunks. */
parl_patch_status parl_patch_check(const char *patch, size_t len, parl_patch_report *rep);

/* The lines of one hunk's body, in order. op is ' ', '-' or '+'; text is the
 * line without its prefix and line end; no_newline marks the old/new text's
 * last line when it has no final newline. */
typedef struct parl_patch_line {
    char op;
    parl_span text;
    bool no_newline;
    size_t line;           /* 1-based line in the patch */
} parl_patch_line;
typedef struct parl_hunk_lines {
    const char *text;
    size_t pos, end, line;
    bool crlf;
} parl_hunk_lines;
void parl_hunk_lines_begin(parl_hunk_lines *c, const char *patch, const parl_hunk *h);
bool parl_hunk_lines_next(parl_hunk_lines *c, parl_patch_line *out);

/* Applying. max_drift: when a hunk's lines are not at its stated line, also
 * try up to this many lines after and before (0: exact positions only); later
 * hunks follow the same offset, never overlap earlier ones. offsets, when not
 * NULL, receives each hunk's offset (applied line - stated line) for the
 * first offsets_cap hunks. */
typedef struct parl_patch_opts {
    size_t max_drift;
    ptrdiff_t *offsets;
    size_t offsets_cap;
} parl_patch_opts;

/* Applies PATCH to SRC, writing the result to OUT (which must not overlap
 * SRC). All hunks are verified before the first byte is written: on any
 * error OUT is untouched. OUT may be NULL with out_cap 0 to learn the size
 * (E_SPACE, rep->needed, unless the result is empty). OPTS may be NULL
 * (exact positions).
 * Line ends: when the text uses CRLF throughout and the patch's lines LF (or
 * the reverse), the patch's lines are adapted (rep->eol_adapted). */
parl_patch_status parl_patch_apply(const char *patch, size_t patch_len,
                                   const char *src, size_t src_len,
                                   char *out, size_t out_cap,
                                   const parl_patch_opts *opts, parl_patch_report *rep);

/* Creating. Myers' O(ND) algorithm in linear space on caller work memory. */
#define PARL_DIFF_CONTEXT 3
typedef struct parl_diff_opts {
    size_t context;              /* lines of context (PARL_DIFF_CONTEXT) */
    const char *old_name;        /* '---' name; NULL: no '---'/'+++' lines */
    size_t old_name_len;
    const char *new_name;        /* '+++' name */
    size_t new_name_len;
    size_t max_cost;             /* 0: default. Edit-path length after which
                                    the search settles for a good, not minimal,
                                    split, bounding time on very different texts */
} parl_diff_opts;

/* Bytes of work memory parl_diff() needs for these texts: about 6 machine
 * words per line of both texts plus a hash table of 2..4 words per line. */
size_t parl_diff_work_size(const char *old_text, size_t old_len,
                           const char *new_text, size_t new_len);

/* Writes the unified diff turning OLD into NEW to OUT ("" when equal:
 * rep->hunks == 0). On E_SPACE rep->needed is the full size and OUT is
 * untouched. OPTS may be NULL (3 lines of context, no file headers). WORK
 * must be suitably sized (E_WORK otherwise); any alignment is fine. */
parl_patch_status parl_diff(const char *old_text, size_t old_len,
                            const char *new_text, size_t new_len,
                            const parl_diff_opts *opts,
                            void *work, size_t work_size,
                            char *out, size_t out_cap, parl_patch_report *rep);
/* ---- end diff/patch (issue 5) ---- */

#ifdef __cplusplus
}
#endif
#endif
