/* SPDX-License-Identifier: MIT */
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

/* The library's version (semantic versioning: the API and ABI below change
 * incompatibly only with MAJOR) and the grammar it was generated from. */
#define PARL_VERSION_MAJOR 0
#define PARL_VERSION_MINOR 1
#define PARL_VERSION_PATCH 0
#define PARL_VERSION "0.1.0"
/* MAJOR * 1000000 + MINOR * 1000 + PATCH, for #if comparisons. */
#define PARL_VERSION_NUMBER 1000

/* Exported functions. Building the shared library defines PARL_BUILD
 * (symbols not marked stay hidden); Windows users of the DLL define
 * PARL_SHARED. Static builds and vendored copies need neither. */
#ifndef PARL_API
# if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(PARL_BUILD) && defined(PARL_SHARED)
#   define PARL_API __declspec(dllexport)
#  elif defined(PARL_SHARED)
#   define PARL_API __declspec(dllimport)
#  else
#   define PARL_API
#  endif
# elif defined(__GNUC__) && __GNUC__ >= 4
#  define PARL_API __attribute__((visibility("default")))
# else
#  define PARL_API
# endif
#endif

#include "parl_grammar.h" /* generated: PARL_GRAMMAR_ID */
#include "parl_vocab.h"   /* generated: parl_mode, parl_unit, parl_section enums */

#ifdef __cplusplus
extern "C" {
#endif

/* PARL_VERSION, PARL_VERSION_NUMBER and PARL_GRAMMAR_ID of the compiled
 * library, which may differ from the header a program was built with. */
PARL_API const char *parl_version(void);
PARL_API int parl_version_number(void);
PARL_API const char *parl_grammar_id(void);

/* A span of the caller's text. */
typedef struct parl_span {
    size_t off;
    size_t len;
} parl_span;

/* ------------------------------------------------------------------ inference
 * parl_infer() turns a natural-language retrieval request ("the last two
 * sentences", "lines five to ten", "every mention of data") into an intent. */

#define PARL_MAX_PARTS 16

/* Why a request that names numbers was refused (mode none): a number read
 * in part would be a wrong answer given with confidence. */
typedef enum parl_refusal {
    PARL_REFUSE_NONE = 0,
    PARL_REFUSE_NUMBER,      /* number words that make no number: "3.5", "five point five",
                                "twelve hundred thousand million", "nineteen eighty-four" */
    PARL_REFUSE_TOO_LARGE,   /* a number above PARL_NUMBER_MAX */
    PARL_REFUSE_TOO_MANY     /* a list of more than PARL_MAX_PARTS parts */
} parl_refusal;

/* Where a scoped request looks: "the first sentence of paragraph 4"
 * (unit paragraph, count 4), "in the abstract" (section abstract), "of the
 * last paragraph" (count 1, from_end). */
typedef struct parl_region {
    parl_unit unit;          /* paragraph, sentence or line; NONE for a section */
    parl_section section;    /* the section; NONE for a unit */
    int64_t count;           /* 1-based position of the unit */
    bool from_end;           /* counted from the end */
} parl_region;

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
    int rule;                /* index of the grammar pattern that matched, -1 if none */
    parl_mode inner;         /* scoped: what is asked inside the scope (first_n, nth, stats...) */
    parl_region scope;       /* scoped: where */
    parl_refusal refusal;    /* mode none: why the request was refused, if it was */
    parl_span refused;       /* the number phrase at fault, a span of the request */
    int nparts;              /* compound: "first and third sentences" */
    int64_t parts[PARL_MAX_PARTS];   /* the first nparts are set; the rest are not */
} parl_intent;

/* Fills *out. Returns out->mode. Never fails; any length, any bytes. */
PARL_API parl_mode parl_infer(const char *text, size_t len, parl_intent *out);

/* The generous validate gate: could this message be a document retrieval
 * request? True for everything parl_infer() recognises and for the gate
 * phrases of grammar/modes.yaml ("quote", "read", "show me"...). */
PARL_API bool parl_is_retrieval_request(const char *text, size_t len);

/* Parses a whole string as one number: digits ("42"), ordinal suffixes
 * ("21st"), cardinal and ordinal words and compounds ("twenty-one",
 * "one hundred and five", "twenty-first", "a dozen", "a couple of").
 * Returns 1 and sets *value on success, 0 when TEXT is not exactly a number
 * or is out of range (above PARL_NUMBER_MAX). *is_ordinal may be NULL. */
#define PARL_NUMBER_MAX 1000000000LL
PARL_API int parl_parse_number(const char *text, size_t len, int64_t *value, bool *is_ordinal);

/* Names for printing; never NULL ("none" for the NONE values). */
PARL_API const char *parl_mode_name(parl_mode m);
PARL_API const char *parl_unit_name(parl_unit u);
PARL_API const char *parl_section_name(parl_section s);
/* "number", "too_large", "too_many_parts" ("none" for NONE). */
PARL_API const char *parl_refusal_name(parl_refusal r);
/* Reverse lookups for tools; return -1 when unknown. */
PARL_API int parl_mode_from_name(const char *name);
PARL_API int parl_unit_from_name(const char *name);
PARL_API int parl_section_from_name(const char *name);
PARL_API int parl_refusal_from_name(const char *name);

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
    /* the fast scanner's block: when a scan starts at MAT of the window
     * with the mode MMODE (0: none; 1, 2: AVX2 without and with lines
     * passed, 3: SSE2), the 64 bytes at MBLK still hold the candidates
     * MBITS and the passed line breaks MPASS (gen/sentence_lex.c; a new
     * window or limit drops it) */
    unsigned char mmode;
    const unsigned char *mat, *mblk;
    unsigned long long mbits, mpass;
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
    unsigned char mark_kind, seen, done, in_block;
    unsigned char redo;               /* a token to handle again (0: none) */
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
PARL_API void parl_split_init(parl_splitter *it, const char *text, size_t len, unsigned flags);

/* Finds the next sentence. Returns 1 and fills *OUT, or 0 at the end of the
 * text. With PARL_SPLIT_MORE, 0 means "feed more": keep the bytes from
 * parl_split_pending() on, append new ones and call parl_split_feed(). */
PARL_API int parl_split_next(parl_splitter *it, parl_sentence *out);

/* Offset within the current window of the first byte the iterator still
 * needs (the start of the unfinished sentence). */
PARL_API size_t parl_split_pending(const parl_splitter *it);

/* Continues with a new window that starts with the bytes that were at
 * parl_split_pending() in the previous one. MORE: still not the end. */
PARL_API void parl_split_feed(parl_splitter *it, const char *text, size_t len, bool more);

/* For a window that is full yet holds no complete sentence (pending offset
 * 0): scans the rest of the window, ends the current sentence at its last
 * blank (or at its end) and returns it like parl_split_next(); then go on
 * with parl_split_next(). Always makes progress. */
PARL_API int parl_split_force(parl_splitter *it, parl_sentence *out);

/* Convenience: counts of invalid UTF-8 and NUL bytes scanned so far. */
PARL_API size_t parl_split_invalid_bytes(const parl_splitter *it);
PARL_API size_t parl_split_nul_bytes(const parl_splitter *it);

/* ---- document profile */

#define PARL_PROFILE_VERSION 3
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
PARL_API int parl_analyze(const char *text, size_t len, const char *analyzed_at, parl_profile *p,
                 parl_paragraph *paras, size_t pcap, parl_sentence *sents, size_t scap);

/* parl_analyze in steps, for a text too large to keep every paragraph and
 * sentence: each call returns the next sentence (PARL_ANALYSIS_SENTENCE,
 * *S filled) or, after the last sentence of a paragraph, that paragraph
 * (PARL_ANALYSIS_PARAGRAPH, *PARA filled), and 0 at the end; then
 * parl_analysis_profile fills the profile (its *_stored fields 0). TEXT
 * must stay valid throughout (the first and last lines are read at the
 * end); the state is fixed-size. parl_analyze is this loop. */
#define PARL_ANALYSIS_SENTENCE 1
#define PARL_ANALYSIS_PARAGRAPH 2
typedef struct parl_analysis {
    const char *text;
    size_t len;
    parl_splitter it;
    parl_sentence next;       /* the sentence read last */
    parl_paragraph cur;       /* the paragraph being read (index 0: none) */
    parl_span first_sentence, last_sentence;
    size_t sentences, paragraphs;
    int held, ended;
} parl_analysis;
PARL_API void parl_analysis_init(parl_analysis *a, const char *text, size_t len);
PARL_API int parl_analysis_next(parl_analysis *a, parl_sentence *s, parl_paragraph *para);
PARL_API void parl_analysis_profile(const parl_analysis *a, const char *analyzed_at, parl_profile *p);

/* Bytes of SPAN's text that hold at most MAX code points, never cutting a
 * UTF-8 sequence. *CUT (may be NULL): the span was longer. */
PARL_API size_t parl_utf8_prefix(const char *text, parl_span span, size_t max, bool *cut);

/* Code points in TEXT[0..LEN), an invalid byte counting as one (the rule of
 * parl_profile.char_count): turns byte offsets into character offsets. */
PARL_API size_t parl_char_count(const char *text, size_t len);

/* ------------------------------------------------------------------ answers
 * (issue 4) */

/* parl_answer() turns an intent (from parl_infer) into the answer quoted
 * verbatim from a document analysed with parl_analyze(): "Last 2
 * sentences:\n1. \"...\" (line 40)...". Nothing is allocated: the answer
 * goes to the caller's buffer and the quoted parts of the document come back
 * as spans (for highlighting).
 *
 * Searches fold case (Unicode simple case folding: "École" finds "école")
 * and match whole words: "data" does
 * not count "database" unless PARL_ANSWER_SUBSTRING is given; a single
 * search that finds no whole word falls back to part of a word and says so.
 * White space in the search text matches any run of white space. */

/* A quoted part of the document: byte offsets [start, end), 1-based line. */
typedef struct parl_quote {
    size_t start, end, line;
} parl_quote;

#define PARL_ANSWER_SUBSTRING 1u   /* searches also match inside words */
#define PARL_ANSWER_FULL_CHARS 5000  /* "full" quotes at most this many characters */
#define PARL_ANSWER_CONTEXT 50       /* search context, bytes each side, within the line */
#define PARL_ANSWER_MAX_MATCHES 50   /* "every mention" lists this many, then says how many more */

typedef struct parl_answer_info {
    size_t len;        /* answer bytes written (the buffer also gets a NUL if it has room) */
    size_t needed;     /* buffer size that holds the whole answer and its NUL */
    size_t nquotes;    /* quotes found (only the first QCAP were stored) */
    size_t matches;    /* search / search_all: matches counted */
    bool found;        /* false: out of range, not found, empty document or help */
} parl_answer_info;

/* Answers IN (parsed from REQ[0..REQ_LEN), which holds the search text) on
 * DOC[0..LEN), whose profile P, paragraphs and sentences come from
 * parl_analyze() with arrays large enough (P->truncated false; otherwise only
 * the stored entries are used). OUT may be NULL with CAP 0 and QUOTES NULL
 * with QCAP 0 to learn the sizes. Returns 0, or 1 when the buffer or the
 * quote array was too small (INFO tells how much is needed; the buffer then
 * holds a NUL-terminated prefix). Any bytes, any intent: never fails. */
PARL_API int parl_answer(const char *doc, size_t len, const parl_profile *p,
                const parl_paragraph *paras, const parl_sentence *sents,
                const parl_intent *in, const char *req, size_t req_len, unsigned flags,
                char *out, size_t cap, parl_quote *quotes, size_t qcap,
                parl_answer_info *info);

/* Headings found in DOC (markdown #, numbered "2. Methods", ALL-CAPS lines,
 * "Abstract:" prefixes) for section answers. */
typedef struct parl_heading {
    size_t line;           /* 1-based line of the heading */
    size_t off;            /* start of the heading line */
    parl_span title;       /* the heading's words */
    parl_section section;  /* PARL_SECTION_NONE when its words name no known section */
    int level;             /* markdown 1..6; 7 for the other kinds */
} parl_heading;

/* Iterator over the headings (fields private). Lines inside fenced code
 * blocks are never headings. */
typedef struct parl_heading_iter {
    const char *doc;
    size_t len, pos, line;
    bool fence, prev_blank;
} parl_heading_iter;
PARL_API void parl_heading_begin(parl_heading_iter *it, const char *doc, size_t len);
/* Returns 1 and fills *H with the next heading, or 0 at the end. */
PARL_API int parl_heading_next(parl_heading_iter *it, parl_heading *h);

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

PARL_API void parl_patch_begin(parl_patch_iter *it, const char *patch, size_t len);
/* 1: *h holds the next hunk; 0: no more hunks (rep->hunks = how many);
 * -1: malformed, details in *rep. REP may be NULL. */
PARL_API int parl_patch_next(parl_patch_iter *it, parl_hunk *h, parl_patch_report *rep);
/* Validates a whole patch; rep->hunks = number of hunks. */
PARL_API parl_patch_status parl_patch_check(const char *patch, size_t len, parl_patch_report *rep);

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
PARL_API void parl_hunk_lines_begin(parl_hunk_lines *c, const char *patch, const parl_hunk *h);
PARL_API bool parl_hunk_lines_next(parl_hunk_lines *c, parl_patch_line *out);

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
PARL_API parl_patch_status parl_patch_apply(const char *patch, size_t patch_len,
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
PARL_API size_t parl_diff_work_size(const char *old_text, size_t old_len,
                           const char *new_text, size_t new_len);

/* Writes the unified diff turning OLD into NEW to OUT ("" when equal:
 * rep->hunks == 0). On E_SPACE rep->needed is the full size and OUT is
 * untouched. OPTS may be NULL (3 lines of context, no file headers). WORK
 * must be suitably sized (E_WORK otherwise); any alignment is fine. */
PARL_API parl_patch_status parl_diff(const char *old_text, size_t old_len,
                            const char *new_text, size_t new_len,
                            const parl_diff_opts *opts,
                            void *work, size_t work_size,
                            char *out, size_t out_cap, parl_patch_report *rep);
/* ---- end diff/patch (issue 5) ---- */

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
#define PARL_MAX_OPTIONS      8  /* options a hint lists */

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

PARL_API void parl_config_init(parl_dialect_config *cfg);
/* Adds a verb; returns its id (>= PARL_VERB_COUNT) or an error. */
PARL_API int parl_config_add_verb(parl_dialect_config *cfg, const char *name, size_t len);
/* Adds an alias of any verb; the word is stored lower-cased. 0 or an error.
 * A word that already is an alias of VERB with the same operation (or OP
 * is PARL_OP_NONE) is accepted and changes nothing. */
PARL_API int parl_config_add_alias(parl_dialect_config *cfg, int verb, const char *word, size_t len,
                          parl_op op);
/* Copies TEXT into a field of a configured verb (a member of parl_cfg_verb
 * such as verbs[i].maps_to, of capacity CAP). 0 or PARL_CFG_TOO_LONG. */
PARL_API int parl_config_set(char *field, size_t cap, const char *text, size_t len);

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
PARL_API int parl_match_verb(const parl_dialect_ctx *ctx, const char *word, size_t len,
                    parl_verb_match *out);

/* Verb table access (compiled and configured verbs); NULL/none when unknown. */
PARL_API int parl_verb_total(const parl_dialect_ctx *ctx);
PARL_API const char *parl_verb_name(const parl_dialect_ctx *ctx, int verb);
PARL_API parl_intent_kind parl_verb_intent(const parl_dialect_ctx *ctx, int verb);
PARL_API parl_strictness parl_verb_strictness(const parl_dialect_ctx *ctx, int verb);
PARL_API parl_authority parl_verb_authority(const parl_dialect_ctx *ctx, int verb);
PARL_API const char *parl_verb_description(const parl_dialect_ctx *ctx, int verb);
PARL_API const char *parl_verb_example(const parl_dialect_ctx *ctx, int verb, int i);
/* The smallest edit distance from WORD to VERB's name or any of its
 * single-word aliases (at most MAX; MAX + 1 when farther). */
PARL_API int parl_verb_word_distance(const parl_dialect_ctx *ctx, int verb, const char *word, size_t len,
                            int max);
/* Looks a name or alias up exactly (case-insensitively): verb id or -1. */
PARL_API int parl_verb_lookup(const parl_dialect_ctx *ctx, const char *word, size_t len, parl_op *op);

/* Names of the generated enums (from grammar/verbs.yaml); "" when out of range. */
PARL_API const char *parl_intent_name(parl_intent_kind k);
PARL_API const char *parl_op_name(parl_op op);
PARL_API const char *parl_scope_name(parl_scope s);
PARL_API const char *parl_format_name(parl_format f);
PARL_API const char *parl_marker_name(parl_marker m);
PARL_API const char *parl_arg_name(parl_arg a);
PARL_API const char *parl_strictness_name(parl_strictness s);
PARL_API const char *parl_authority_name(parl_authority a);
PARL_API int parl_strictness_from_name(const char *name, size_t len);   /* -1 when unknown */
PARL_API int parl_op_from_name(const char *name, size_t len);           /* -1 when unknown */

/* Phonetic codes and bounded edit distance (ASCII letters, case-folded).
 * parl_soundex writes 4 characters and a NUL (returns 0 and "" without a
 * letter); parl_metaphone writes up to CAP-1 characters. parl_levenshtein
 * returns MAX + 1 when the distance exceeds MAX or an input is longer than
 * PARL_VERB_MAX_LEN. */
PARL_API size_t parl_soundex(const char *s, size_t n, char out[5]);
PARL_API size_t parl_metaphone(const char *s, size_t n, char *out, size_t cap);
PARL_API int parl_levenshtein(const char *a, size_t na, const char *b, size_t nb, int max);

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
    bool content_from_last; /* a later chain step without content: it takes
                               the previous step's output */
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
    PARL_DETAIL_TOO_LONG, PARL_DETAIL_CHAIN_TOO_LONG, PARL_DETAIL_BAD_PATCH,
    PARL_DETAIL_COUNT
} parl_detail;

typedef struct parl_hint {
    parl_failure failure;
    parl_hint_kind kind;
    parl_span got;          /* the offending word (unknown verb, modifier...) */
    parl_arg arg;           /* missing argument */
    int nopts;              /* options / similar words / candidates */
    const char *opts[PARL_MAX_OPTIONS];  /* static or config strings */
    bool verb_opts;         /* the options are verbs (shown with the sigil) */
    bool all_opts;          /* the options are every accepted word, not similar ones */
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
    int window_words;       /* words of prose seen after it, at most the
                               confirmation window (parl_confirmation_window) */
    bool streamed;          /* parl_stream_finish: it already ran early */
    parl_verdict verdict;
    int ncmds;              /* commands of the chain; cmds[1..] are the `then` */
    parl_command cmds[PARL_MAX_CHAIN];
} parl_action;

/* The actions of a message, a page of PARL_MAX_ACTIONS at a time: actions
 * [first, first + nactions) of the total found. */
typedef struct parl_dialect_result {
    int nactions;
    int first;              /* index of actions[0] among all the message's actions */
    int total;              /* actions in the whole message */
    bool truncated;         /* more actions follow this page (total > first + nactions) */
    parl_action actions[PARL_MAX_ACTIONS];
} parl_dialect_result;

/* Finds the actions of a message and decides which would run (no parsing:
 * ncmds is 0). Returns nactions. Any bytes, any length.
 *
 * An action runs when it is trailing (it starts a line and only other
 * actions follow) or marked `/do`, and no reconsideration phrase starts
 * within the confirmation window: the first parl_confirmation_window()
 * words of prose after it (grammar/verbs.yaml). */
PARL_API int parl_detect(const parl_dialect_ctx *ctx, const char *msg, size_t len,
                parl_dialect_result *out);
/* The same for the page of actions from index FIRST on (decisions are the
 * same as on any other page: they look at the whole message). */
PARL_API int parl_detect_page(const parl_dialect_ctx *ctx, const char *msg, size_t len, int first,
                     parl_dialect_result *out);
/* parl_detect, then parses every action's chain into intents. Actions whose
 * commands fail get PARL_SKIP_FAILED when they would otherwise run. */
PARL_API int parl_dialect_parse(const parl_dialect_ctx *ctx, const char *msg, size_t len,
                       parl_dialect_result *out);
PARL_API int parl_dialect_parse_page(const parl_dialect_ctx *ctx, const char *msg, size_t len,
                            int first, parl_dialect_result *out);
/* Words of prose after an action within which a reconsideration phrase
 * takes it back (grammar/verbs.yaml `confirmation_window`). */
PARL_API int parl_confirmation_window(void);

/* A reference inside content: `@last`, `@last.output`, `@thread`,
 * `@parent` (grammar/verbs.yaml `references`, `reference_fields`) or
 * `@[uri]`. Mentions (@alice, @discord) are not references. */
typedef struct parl_ref {
    parl_span span;         /* the reference as written */
    parl_reference ref;     /* PARL_REF_NONE for @[uri] */
    parl_ref_field field;   /* PARL_FIELD_NONE when it names none */
    parl_span uri;          /* @[uri]: the text inside the brackets */
} parl_ref;
/* The first reference in TEXT[from..len) that starts a word: 1 and *OUT,
 * or 0. A reference with more than one field, or an unknown field, is
 * none (the parser reports those). */
PARL_API int parl_ref_next(const char *text, size_t len, size_t from, parl_ref *out);

/* The text of a content span with quoting removed (escapes of "..." and the
 * `> ` prefixes of quoted lines). Writes at most CAP-1 bytes and a NUL;
 * returns the full length (like snprintf). */
PARL_API size_t parl_text_copy(const char *msg, const parl_text *t, char *buf, size_t cap);
/* The sentence for the agent about a failed command ("I couldn't tell if
 * you meant /post or /reply - which one?"), from grammar/verbs.yaml. */
PARL_API size_t parl_hint_message(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                         char *buf, size_t cap);
/* A configured verb's template with {content} (and {target}, {verb})
 * replaced; 0 and "" when the verb has no template. */
PARL_API size_t parl_custom_apply(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                         char *buf, size_t cap);

/* ---- /calc: arithmetic expressions.
 *
 * + - * / % ^ (and the other symbols of grammar/calc.yaml), parentheses,
 * unary minus and plus, decimals. Whole numbers stay exact while they fit
 * in 64 bits and become doubles beyond; a result that is not a finite
 * number is an error, never a value: division (or %) by zero, overflow
 * past the largest double, a power with no real value ((-8) ^ 0.5). % is
 * the remainder of truncated division (-7 % 3 is -1), as in C. Nothing is
 * allocated; the parser (Lemon, generated into gen/) runs on the stack,
 * and nothing needs <math.h> or -lm: the remainder is exact, other powers
 * are worked out in long double (within an ulp of libm's pow here). */
typedef enum {
    PARL_CALC_OK,
    PARL_CALC_E_EMPTY,      /* no expression */
    PARL_CALC_E_CHAR,       /* a character that is no part of an expression */
    PARL_CALC_E_SYNTAX,     /* a token where it cannot stand */
    PARL_CALC_E_END,        /* the expression ends too early ("2 +", "(1") */
    PARL_CALC_E_DIV_ZERO,   /* division or remainder by zero, 0 ^ negative */
    PARL_CALC_E_OVERFLOW,   /* beyond the largest double */
    PARL_CALC_E_DOMAIN,     /* no real result ((-8) ^ 0.5) */
    PARL_CALC_E_DEPTH       /* nested deeper than grammar/calc.yaml allows */
} parl_calc_status;

typedef struct parl_calc_result {
    parl_calc_status status;
    bool is_int;            /* a whole number, exact in i */
    int64_t i;
    double d;               /* the value (equal to i when is_int) */
    parl_span at;           /* OK: the expression; an error: the token or
                               operator at fault (length 0: the end) */
} parl_calc_result;

/* Evaluates EXPR[0..LEN). Returns out->status. Any bytes, any length. */
PARL_API parl_calc_status parl_calc(const char *expr, size_t len, parl_calc_result *out);

/* ---- policy: does a command run, wait for a human, or not run at all?
 *
 * The tables are grammar/verbs.yaml's `roles:` (the authority each role
 * holds) and `policy:` (what a writer lacking a verb's authority gets,
 * what each marker asks for). A command runs when the writer's role holds
 * its verb's authority (parl_verb_authority) and its marker asks for no
 * approval; a `?` marker queues it; a role lacking the authority gets it
 * queued for approval or refused, as `policy.lacking` says. Markers never
 * add authority: an agent's `/send ... .` still waits, and no agent ever
 * approves, denies or halts (the generator refuses a spec that would let
 * it). Nothing is allocated; the decision says why. */
typedef enum { PARL_DECIDE_RUN, PARL_DECIDE_QUEUE, PARL_DECIDE_REFUSE } parl_decision_kind;

typedef enum {
    PARL_WHY_ALLOWED,        /* run: the role holds the verb's authority */
    PARL_WHY_ASKED,          /* queue: the writer marked it `?` */
    PARL_WHY_NEEDS_APPROVAL, /* queue: the role lacks the authority, a human may grant it */
    PARL_WHY_NOT_PERMITTED,  /* refuse: the role lacks the authority, and it is never queued */
    PARL_WHY_UNPARSED,       /* refuse: the command did not parse (see its hint) */
    PARL_WHY_COUNT
} parl_policy_reason;

typedef struct parl_decision {
    parl_decision_kind kind;
    parl_policy_reason reason;
    int verb;                /* the command's verb, -1 when it has none */
    parl_role role;          /* who wrote the message */
    parl_authority needs;    /* the verb's authority */
    parl_authority holds;    /* the role's */
    bool urgent;             /* a marker asked for priority */
} parl_decision;

/* Decides command C (from parl_dialect_parse) written by ROLE, with its
 * marker (C->marker). Returns out->kind. An unknown role is refused. */
PARL_API parl_decision_kind parl_policy_decide(const parl_dialect_ctx *ctx, const parl_command *c,
                                               parl_role role, parl_decision *out);
/* The sentence saying why (grammar/verbs.yaml policy.messages), snprintf-style. */
PARL_API size_t parl_decision_message(const parl_dialect_ctx *ctx, const parl_decision *d, char *buf,
                                      size_t cap);
PARL_API const char *parl_role_name(parl_role r);                 /* "" when out of range */
PARL_API int parl_role_from_name(const char *name, size_t len);   /* -1 when unknown */
/* May C run before its message has ended? Only read-only verbs and
 * operations listed in policy.streaming_safe (never a configured verb). */
PARL_API bool parl_stream_safe(const parl_dialect_ctx *ctx, const parl_command *c);

/* ---- streaming detection: actions that may run before the message ends.
 *
 * Feed the message as it arrives, in chunks of any size. An action may
 * run early only when it is marked `/do`, every command of its chain is
 * streaming-safe (parl_stream_safe: read-only verbs and operations, from
 * grammar/verbs.yaml) and the policy runs it for the writer's role, its
 * line is complete (and nothing can continue it), and the confirmation
 * window (parl_confirmation_window() words of prose on complete lines)
 * has followed it without a reconsideration phrase. Whole-message
 * detection then runs it too: it can only be taken back within that
 * window. Everything else runs after the end, from parl_stream_finish.
 *
 * The state lives in the caller's memory: parl_stream_size(MAX) bytes
 * (aligned as malloc aligns) hold it and a copy of up to MAX bytes of the
 * message. Nothing is allocated. */
typedef struct parl_stream parl_stream;

PARL_API size_t parl_stream_size(size_t max_len);
/* Starts a stream in MEM[0..SIZE) (SIZE from parl_stream_size); CTX must
 * stay valid while it is used. NULL when SIZE is too small or MEM is
 * misaligned. */
PARL_API parl_stream *parl_stream_init(void *mem, size_t size, const parl_dialect_ctx *ctx, parl_role role);
/* Appends CHUNK. Returns how many actions became ready to run (take them
 * with parl_stream_next), or -1 when the message outgrew the capacity:
 * then nothing more runs early and parl_stream_finish sees only the part
 * that fit (parl_stream_overflowed). */
PARL_API int parl_stream_feed(parl_stream *s, const char *chunk, size_t n);
/* The next action ready to run, once each: 1 and *OUT (spans into
 * parl_stream_text), or 0. */
PARL_API int parl_stream_next(parl_stream *s, parl_action *out);
/* The end of the message: whole-message detection and parsing of page
 * FIRST (as parl_dialect_parse_page); actions that already ran have
 * `streamed` set. Returns out->nactions. */
PARL_API int parl_stream_finish(parl_stream *s, int first, parl_dialect_result *out);
PARL_API const char *parl_stream_text(const parl_stream *s, size_t *len);
PARL_API bool parl_stream_overflowed(const parl_stream *s);

/* ------------------------------------------------------------------ bindings
 * (issue 17) Every result as JSON, for hosts that call the library through
 * a foreign-function layer (TypeScript over WebAssembly, Rust, Python): no
 * struct layout, enum number or pointer array crosses that boundary, only
 * byte strings, sizes and opaque caller-owned blocks. The CLI prints exactly
 * these strings.
 *
 * The *_json functions write at most CAP-1 bytes and a NUL to OUT and return
 * the JSON's full length (like snprintf): when the return value is >= CAP,
 * call again with a buffer of return value + 1 bytes. OUT may be NULL with
 * CAP 0. Strings in the JSON are valid UTF-8: an invalid byte of the input
 * becomes U+FFFD. Names, never enum numbers, tell modes, units, verbs... */

/* Offsets ("start", "end" of sentences, paragraphs and quotes) count UTF-8
 * bytes unless a flag asks for code points (Python's str) or UTF-16 code
 * units (JavaScript's String); "charStart"/"charEnd" are always code points. */
#define PARL_JSON_CHARS        0x100u
#define PARL_JSON_UTF16        0x200u
#define PARL_JSON_NO_SENTENCES 0x400u   /* profile: leave out "sentences" */
/* parl_sentence_json and parl_profile_{paragraph,sentence}_json: move the
 * cursor C to the span's end rather than its start, so each byte is
 * counted once. The call is then not repeatable with the same C (to size
 * a buffer first, pass a copy). */
#define PARL_JSON_CURSOR_END   0x800u

/* Converting offsets: a cursor moving forward through a text, counting what
 * it passes in each unit. Start it at { 0, 0, 0 }. */
typedef struct parl_offsets {
    size_t byte, chars, utf16;
} parl_offsets;
/* Moves C forward to byte offset OFF (>= C->byte). WIN holds the text from
 * byte offset BASE on (the whole text: BASE 0), at least up to OFF. */
PARL_API void parl_offsets_advance(parl_offsets *c, const char *win, size_t base, size_t off);
/* OFF (a byte offset of TEXT) in the unit FLAGS name (PARL_JSON_CHARS,
 * PARL_JSON_UTF16, or bytes). */
PARL_API size_t parl_offset_convert(const char *text, size_t off, unsigned flags);

/* S[0..N) as a quoted, escaped JSON string. */
PARL_API size_t parl_json_string(const char *s, size_t n, char *out, size_t cap);

/* Sizes of the states a caller allocates (layouts differ between targets). */
PARL_API size_t parl_intent_size(void);
PARL_API size_t parl_splitter_size(void);
PARL_API size_t parl_heading_iter_size(void);
PARL_API size_t parl_patch_iter_size(void);
PARL_API size_t parl_dialect_result_size(void);
PARL_API size_t parl_dialect_config_size(void);

/* ---- requests: {"mode":"last_n","unit":"sentence","count":2} (`parlance infer`) */
PARL_API size_t parl_intent_json(const parl_intent *in, const char *req, char *out, size_t cap);
PARL_API size_t parl_infer_json(const char *text, size_t len, char *out, size_t cap);

/* ---- sentences: {"index":1,"start":0,"end":12,"charStart":0,"charEnd":12,
 * "line":1,"endLine":1,"paragraph":1,"kind":"text","text":"..."}, as a line
 * of `parlance split --jsonl`. parl_sentence_json writes one (S is the
 * INDEX-th sentence, 1-based, of a text whose bytes from BASE on are in WIN;
 * C converts its offsets and is moved to its start, or its end with
 * PARL_JSON_CURSOR_END, so sentences must come in order); parl_split_json
 * an array of all the sentences of TEXT. */
PARL_API size_t parl_sentence_json(const char *win, size_t base, const parl_sentence *s, size_t index,
                                   parl_offsets *c, unsigned flags, char *out, size_t cap);
PARL_API size_t parl_split_json(const char *text, size_t len, unsigned flags, char *out, size_t cap);

/* ---- documents: a text analysed once (parl_analyze) for profiles and
 * answers. parl_doc_init lays the profile and its paragraph and sentence
 * arrays out in one caller-owned block of parl_doc_size(TEXT) bytes (any
 * alignment); TEXT must outlive it. Programs with arrays of their own fill
 * the struct themselves. */
typedef struct parl_doc {
    const char *text;
    size_t len;
    parl_profile p;
    const parl_paragraph *paras;   /* p.paragraphs_stored entries */
    const parl_sentence *sents;    /* p.sentences_stored entries (NULL: none) */
} parl_doc;
PARL_API size_t parl_doc_size(const char *text, size_t len);
/* NULL when SIZE is too small. ANALYZED_AT as for parl_analyze(). */
PARL_API parl_doc *parl_doc_init(void *mem, size_t size, const char *text, size_t len,
                                 const char *analyzed_at);
/* The profile as `parlance profile` prints it (PARL_JSON_NO_SENTENCES: as
 * `parlance profile --no-sentences`, the document store's form). */
PARL_API size_t parl_analyze_json(const parl_doc *d, unsigned flags, char *out, size_t cap);
/* The same JSON in parts, for a profile written while its text is read
 * (parl_analysis): PARL_PROFILE_JSON_HEAD, the counts up to the paragraphs'
 * list; then parl_profile_paragraph_json for each paragraph (N: 1, 2, ...);
 * PARL_PROFILE_JSON_MIDDLE (ENTRIES: paragraphs written) up to the
 * sentences' list, or to the end with PARL_JSON_NO_SENTENCES; then
 * parl_profile_sentence_json for each sentence and PARL_PROFILE_JSON_TAIL
 * (ENTRIES: sentences written). Each list converts its offsets with a
 * cursor C of its own, started at { 0, 0, 0 }. */
#define PARL_PROFILE_JSON_HEAD 0
#define PARL_PROFILE_JSON_MIDDLE 1
#define PARL_PROFILE_JSON_TAIL 2
PARL_API size_t parl_profile_json_part(const char *text, const parl_profile *p, int part,
                                       size_t entries, unsigned flags, char *out, size_t cap);
PARL_API size_t parl_profile_paragraph_json(const char *text, const parl_paragraph *q, size_t n,
                                            parl_offsets *c, unsigned flags, char *out, size_t cap);
PARL_API size_t parl_profile_sentence_json(const char *text, const parl_sentence *s, size_t n,
                                           parl_offsets *c, unsigned flags, char *out, size_t cap);
/* COUNT entries of the sentences' list at once, S[0] the N-th: the bytes
 * of parl_profile_sentence_json for each in turn, without a call each. */
PARL_API size_t parl_profile_sentences_json(const char *text, const parl_sentence *s, size_t count,
                                            size_t n, parl_offsets *c, unsigned flags, char *out,
                                            size_t cap);
/* {"intent":{...},"answer":"...","spans":[{"start":..,"end":..,"line":..}]}
 * (`parlance ask --json`). FLAGS: PARL_ANSWER_SUBSTRING and the offsets. */
PARL_API size_t parl_answer_json(const parl_doc *d, const char *req, size_t req_len, unsigned flags,
                                 char *out, size_t cap);

/* ---- the agent guidance of grammar/guidance.yaml (`parlance describe
 * --json`): an ElizaOS-style action's name, description, similes and
 * examples (answered on the embedded sample document, in WORK of
 * parl_describe_work_size() bytes), the system prompt and the retrieval
 * instructions. Returns 0 when WORK is too small. */
PARL_API size_t parl_describe_work_size(void);
PARL_API size_t parl_describe_json(void *work, size_t work_size, char *out, size_t cap);

/* ---- the action dialect: `parlance verb WORD` and `parlance dialect`.
 * CFG may be NULL (compiled verbs only). parl_dialect_json parses every
 * action of MSG, a page at a time into WORK (parl_dialect_result_size()
 * bytes, suitably aligned), and writes {"execute":[...],"skipped":[...]}
 * with the policy's decision on each command for an agent writer;
 * parl_dialect_actions_json does the same with a context of the caller's
 * (memory block labels, a semantic matcher) for any ROLE. */
PARL_API size_t parl_verb_json(const parl_dialect_config *cfg, const char *word, size_t len, char *out,
                               size_t cap);
PARL_API size_t parl_dialect_json(const parl_dialect_config *cfg, const char *msg, size_t len,
                                  parl_dialect_result *work, char *out, size_t cap);
PARL_API size_t parl_dialect_actions_json(const parl_dialect_ctx *ctx, parl_role role, const char *msg,
                                          size_t len, parl_dialect_result *work, char *out, size_t cap);
/* The intent of command C ({"type":"recall","op":"search",...}) and a
 * policy decision ({"decision":"queue","reason":"needs_approval",
 * "message":"..."}), as parl_dialect_json shows them. */
PARL_API size_t parl_command_intent_json(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                                         char *out, size_t cap);
PARL_API size_t parl_decision_json(const parl_dialect_ctx *ctx, const parl_decision *d, char *out, size_t cap);
/* The hint of a failed command as JSON (what `parlance failures` stores). */
PARL_API size_t parl_hint_json(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                               char *out, size_t cap);
/* Sets a field of configured verb VERB by its YAML name: "maps_to",
 * "template", "description", "example", "target_type", "target_id",
 * "strictness" (a strictness name), "requires_permission" ("true"/"false").
 * 0, or PARL_CFG_INVALID / PARL_CFG_TOO_LONG. */
PARL_API int parl_config_set_field(parl_dialect_config *cfg, int verb, const char *field,
                                   const char *text, size_t len);
/* Reads a host's verbs and aliases: the JSON form of a --config file,
 * {"verbs": {"recall": {"extra_aliases": [...]}, "notify": {"maps_to": ...}}}
 * (see runtime/config_json.c). CFG is initialised first and left empty on
 * an error. 0, or -1 with a message ("config: byte 42: ...") in ERR. */
PARL_API int parl_config_from_json(parl_dialect_config *cfg, const char *json, size_t len, char *err,
                                   size_t errcap);
/* Names of the verb tiers, failures, verdicts and decisions, as in the JSON. */
PARL_API const char *parl_tier_name(parl_tier t);
PARL_API const char *parl_failure_name(parl_failure f);
PARL_API const char *parl_verdict_name(parl_verdict v);
PARL_API const char *parl_decision_name(parl_decision_kind k);
PARL_API const char *parl_policy_reason_name(parl_policy_reason r);

#ifdef __cplusplus
}
#endif
#endif
