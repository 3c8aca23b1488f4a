/* SPDX-License-Identifier: MIT */
/* split_internal.h: the contract between the sentence splitter
 * (runtime/split.c) and its generated lexers (gen/sentence_lex.c, compiled
 * by tools/gen_sentences.c from grammar/abbreviations.yaml).
 *
 * The main scanner is a re2c DFA that skips ordinary text in a tight loop and
 * stops only at the few bytes that can matter for a sentence boundary. It
 * comes in two variants: a fast one for splitting and a counting one that
 * also counts words and code points without leaving the DFA (for profiles). */
#ifndef PARL_SPLIT_INTERNAL_H
#define PARL_SPLIT_INTERNAL_H
#include <stddef.h>
#include "parlance.h"

/* Tokens returned by the scanners. */
enum {
    PARL__T_END,      /* the scan limit */
    PARL__T_EOL,      /* a line break (CRLF, LF or CR) and the ASCII blanks after it */
    PARL__T_TERM,     /* a run of . ! ? */
    PARL__T_ELLIPSIS, /* U+2026 */
    PARL__T_DQ,       /* " (opening or closing depends on context) */
    PARL__T_LQ,       /* an opening double quote: U+201C U+201E U+00AB */
    PARL__T_RQ,       /* a closing double quote: U+201D U+00BB */
    PARL__T_LP,       /* ( */
    PARL__T_RP,       /* ) */
    PARL__T_BULLET,   /* a bullet from grammar/abbreviations.yaml list_bullets */
    PARL__T_STAMP,    /* a time stamp, with its date if any: "08/16/2000 12:05 PM" */
    PARL__T_COMMA,    /* a comma before a blank and a capital (the token is the comma) */
    PARL__T_SEP       /* a separator run: *** === ---- ____ */
};

/* The scanner state (struct parl__sl) is declared in parlance.h so that the
 * public iterator can embed it. The counters are only maintained by the
 * counting scanner, except BAD and NUL, which both maintain. */

/* Scan from L->pos to the next token; never reads at or past LIM (a window
 * offset). TEXT is the window, BASE its document offset. With LINES, a line
 * break before a line that starts with ordinary text (parl__sl_line_fast,
 * both bytes before LIM) is no token: it is counted in *LINES (the caller
 * passes it only when such a line needs nothing but its count). */
int parl__sl_scan(const unsigned char *text, size_t base, size_t lim, parl__sl *L,
                  size_t *lines, parl_splitter *take);
/* With TAKE (the splitter; only when it splits a whole document, not in
 * windows), a quote or parenthesis token that ends before LIM is first
 * offered to parl__sl_take (runtime/split.c), which does with it what
 * parl_split_next would when that is only a change of state, and then
 * returns 1: the scanner goes on without returning it. */
int parl__sl_take(parl_splitter *it, int t, size_t tok);
/* The counting scanner does the same with S (the state L is part of): such
 * a line break is passed to parl__sl_text_line (runtime/split.c), which
 * keeps the line counts, with the words counted so far. */
int parl__sl_scan_count(const unsigned char *text, size_t base, size_t lim, parl__sl *L,
                        parl_split_state *S);
void parl__sl_text_line(parl_split_state *s, size_t eol, size_t next, size_t words);

/* Abbreviation kinds (grammar/abbreviations.yaml behaviour). */
enum { PARL__ABBR_NONE, PARL__ABBR_PREFIX, PARL__ABBR_SUFFIX, PARL__ABBR_CLOSER,
       PARL__ABBR_NUMBER };
/* Kind of the whole token S[0..N) (written without its final period), plus
 * for a closer the words its sentence needs times 16 (PARL__ABBR_KIND and
 * PARL__ABBR_MIN_WORDS take them apart). Dotted initialisms (U.S.A, a.m)
 * that are not listed count as suffix. */
int parl__sl_abbr(const unsigned char *s, size_t n);
#define PARL__ABBR_KIND(v) ((v) & 15)
#define PARL__ABBR_MIN_WORDS(v) ((size_t)(v) >> 4)
/* 1 when the ASCII word S[0..N) is a sentence starter. */
int parl__sl_starter(const unsigned char *s, size_t n);

/* The vocabulary of grammar/sentences.yaml. parl__sl_emoticon and
 * parl__sl_web return the length of the emoticon or web address prefix S
 * starts with (0: none); the others whether all of S[0..N) is one (a
 * phrase's spaces match any run of blanks). */
size_t parl__sl_emoticon(const unsigned char *s, size_t n);
int parl__sl_bang_name(const unsigned char *s, size_t n);
int parl__sl_closing(const unsigned char *s, size_t n);
size_t parl__sl_web(const unsigned char *s, size_t n);
int parl__sl_domain(const unsigned char *s, size_t n);
/* The bytes that the entries of the last three end with (whole entries end
 * there), and those that emoticons and web address prefixes start with: a
 * caller can rule them all out at once. */
extern const unsigned char parl__sl_bang_name_last[256], parl__sl_closing_last[256],
    parl__sl_domain_last[256], parl__sl_emoticon_first[256], parl__sl_web_first[256];

/* Character classes seen by the boundary rules. */
enum { PARL__C_END, PARL__C_LOWER, PARL__C_UPPER, PARL__C_DIGIT, PARL__C_SPACE,
       PARL__C_EOL, PARL__C_OPENER, PARL__C_CLOSER, PARL__C_EITHER, PARL__C_BULLET,
       PARL__C_OTHER };
/* C_EITHER: " ' * _ open or close depending on context.
 * Class of the character at S[0..N); *LEN gets its byte length (1 for an
 * invalid byte, 0 at the end). */
int parl__sl_class(const unsigned char *s, size_t n, size_t *len);
/* The classes of the ASCII characters (what parl__sl_class returns for them,
 * CRLF aside), for inline lookups. */
extern const unsigned char parl__sl_ascii[128];

/* What a line starts with (after its indentation). */
enum { PARL__LS_TEXT, PARL__LS_BLANK, PARL__LS_HEADING, PARL__LS_FENCE, PARL__LS_QUOTE,
       PARL__LS_BULLET, PARL__LS_NUMBER, PARL__LS_LETTER };
/* Classifies the line start S[0..N). For LS_FENCE, *VAL is the fence
 * character times 256 plus its length and *REST is 1 when only blanks follow
 * the fence on its line (a possible closing fence); for LS_NUMBER the number,
 * for LS_LETTER the letter. */
int parl__sl_line(const unsigned char *s, size_t n, unsigned *val, int *rest);
/* Line starts that parl__sl_line would call PARL__LS_TEXT, known from one
 * or two bytes: a byte with PARL__LF_TEXT, or one with PARL__LF_PAIR followed
 * by one with PARL__LF_SECOND. */
enum { PARL__LF_TEXT = 1, PARL__LF_PAIR = 2, PARL__LF_SECOND = 4 };
extern const unsigned char parl__sl_line_fast[256];

/* [A, B) of TEXT without its outer white space (runtime/split.c). */
parl_span parl__sl_trim(const unsigned char *text, size_t len, size_t a, size_t b);
#endif
