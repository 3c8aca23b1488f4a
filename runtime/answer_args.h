/* SPDX-License-Identifier: MIT */
/* answer_args.h: what parl_answer() passes to each template of
 * grammar/answers.yaml, in order; the one list of it. runtime/answer.c reads
 * the arguments of a template by it, and the generator (tools/gen_answers.c)
 * refuses a template whose directives do not take exactly these: a wording
 * edit can never make the runtime read an argument that is not there.
 *
 * One letter per argument (a kind), and the directives that print it:
 *   n  a number (size_t)                               %z, %N
 *   u  a unit (int, a parl_unit)                       %U, %S, %C, %P
 *   l  lines (size_t first, size_t last)               %L
 *   q  a quote (size_t offset, size_t length, size_t line)  %q, %Q
 *   s  a text (const char *, NUL-terminated)           %s
 *   r  the request's text (const char *, size_t length)     %r
 * %d and %D take none (see below); %% writes a '%'. */
#ifndef PARL_ANSWER_ARGS_H
#define PARL_ANSWER_ARGS_H

/* Directives and the kind each prints, position for position. */
#define PARL__ANSWER_DIRECTIVES "zNUSCPpLqQsr"
#define PARL__ANSWER_KINDS      "nnuuuuulqqsr"
/* Directives that take no argument: %d and %D, what is answered from ("the
 * document", "paragraph 4"), written by the templates marked '-' below,
 * which therefore may not use them. */
#define PARL__ANSWER_BARE "dD"
#define PARL__ANSWER_MAX_ARGS 8    /* kinds in one template, at most */

/* X(NAME, KINDS): PARL__ANS_<NAME> takes arguments of KINDS. */
#define PARL__ANSWER_ARGS(X) \
    X(EMPTY, "") \
    X(HELP, "") \
    X(STATS, "nnnnnn") \
    X(SCOPE_STATS, "nnnnnn") \
    X(STAT_ONE, "nu") \
    X(STAT_LINES, "nun") \
    X(NOT_FOUND, "unnu") \
    X(RANGE_NOT_FOUND, "unnnu") \
    X(ZERO, "uu") \
    X(REVERSED, "unnunn") \
    X(NONE_ASKED, "u") \
    X(HEAD_FIRST, "nu") \
    X(HEAD_LAST, "nu") \
    X(HEAD_RANGE, "unn") \
    X(ONLY, "n") \
    X(ONLY_NONEMPTY, "n") \
    X(HEAD_FIRST_NONEMPTY, "nu") \
    X(HEAD_LAST_NONEMPTY, "nu") \
    X(LABEL_FIRST_NONEMPTY, "u") \
    X(LABEL_LAST_NONEMPTY, "u") \
    X(LABEL_FIRST, "u") \
    X(LABEL_LAST, "u") \
    X(LABEL_NTH, "un") \
    X(LOC_LINE, "n") \
    X(LOC_NUM_LINE, "unn") \
    X(LOC_NUM_PARA, "unlnunu") \
    X(QUOTE, "q") \
    X(ROW_SENT, "nqn") \
    X(ROW_LINE, "nq") \
    X(ROW_PARA, "unlnunuq") \
    X(SPAN_ITEMS, "n") \
    X(FULL, "nq") \
    X(FULL_CUT, "nnn") \
    X(FOUND, "n") \
    X(FOUND_PART, "n") \
    X(NOT_MENTIONED, "r") \
    X(ALL_HEAD, "nsr") \
    X(ALL_HEAD_FROM, "nsrnn") \
    X(ALL_ROW, "nn") \
    X(ALL_MORE, "nrnr") \
    X(COUNT, "rns") \
    X(SECTION, "qlq") \
    X(SECTION_MISSING, "s") \
    X(SECTION_FALLBACK, "ss") \
    X(SECTION_INSTEAD, "s") \
    X(SECTIONS_HEAD, "n") \
    X(SECTIONS_ROW, "nqn") \
    X(NO_SECTIONS, "") \
    X(NO_SEARCH, "") \
    X(REFUSED_NUMBER, "r") \
    X(REFUSED_TOO_LARGE, "rn") \
    X(REFUSED_TOO_MANY, "nn") \
    X(THE_DOCUMENT, "-") \
    X(SCOPE_UNIT, "-un") \
    X(SCOPE_SECTION, "-s") \
    X(THE_DOCUMENT_CAP, "-") \
    X(SCOPE_UNIT_CAP, "-un") \
    X(SCOPE_SECTION_CAP, "-s") \
    X(SCOPE_HEAD, "l") \
    X(SCOPE_HOLDS, "u") \
    X(ELLIPSIS, "") \
    X(MENTION, "") \
    X(MENTIONS, "") \
    X(TIME, "") \
    X(TIMES, "") \
    X(FIRST, "") \
    X(LAST, "")
#endif
