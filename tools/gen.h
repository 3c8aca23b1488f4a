/* SPDX-License-Identifier: MIT */
/* gen.h: the generator's driver interface. Each module reads its YAML specs
 * from the grammar directory and writes sources into a private temporary
 * directory; the driver then runs re2c and lemon on them, compiles and runs
 * the grammar checker against the result, and only when everything passed
 * moves the files into gen/. */
#ifndef PARL_GEN_H
#define PARL_GEN_H
#include <stdio.h>
#include "yaml_doc.h"

typedef struct gen_ctx gen_ctx;

/* Loads GRAMMAR_DIR/NAME, once: every module asking gets the same tree,
 * owned by the driver (never ydoc_free it). On error it has been reported
 * (once) and NULL is returned. */
ydoc *gen_load(gen_ctx *g, const char *name);
/* Path of a grammar file (for messages), in a static buffer per call site. */
const char *gen_grammar_path(gen_ctx *g, const char *name, char *buf, size_t n);
/* Creates NAME in the temporary output directory; writes a "generated" banner
 * naming SOURCE. Returns NULL (reported) on failure. */
FILE *gen_create(gen_ctx *g, const char *name, const char *source);
int gen_close(gen_ctx *g, FILE *f);
/* Does VALUE fit a field of a generated table whose C type holds at most
 * MAX? If not, reports at AT (the spec entry that pushed it over) that
 * WHAT would need VALUE, more than that limit, and returns 0. The runtime's
 * tables are narrow (16-bit word ids and offsets, 8-bit counts): a grammar
 * that outgrows one is refused, never compiled into a wrapped table. */
int gen_fits(const ynode *at, long long value, long long max, const char *what);
/* Writing C: S as a string literal (octal escapes, which never run into
 * the next byte; no trigraphs), and S in upper case (enum names). */
void gen_cstr(FILE *f, const char *s);
void gen_upper(FILE *f, const char *s);
/* The re2c settings of the generated lexers that read a span (pointer,
 * length) with bounds checks and no refill. */
#define GEN_RE2C_SPAN_API \
    "    re2c:api = custom;\n" \
    "    re2c:api:style = free-form;\n" \
    "    re2c:define:YYCTYPE = \"unsigned char\";\n" \
    "    re2c:define:YYPEEK = \"(cur < lim ? *cur : 0)\";\n" \
    "    re2c:define:YYSKIP = \"++cur;\";\n" \
    "    re2c:define:YYBACKUP = \"mar = cur;\";\n" \
    "    re2c:define:YYRESTORE = \"cur = mar;\";\n" \
    "    re2c:define:YYLESSTHAN = \"(size_t)(lim - cur) < @@\";\n"

/* Counts an error already printed. */
void gen_fail(gen_ctx *g);
int gen_failed(const gen_ctx *g);

typedef struct {
    const char *name;
    int (*run)(gen_ctx *g);   /* returns 0 on success */
} gen_module;

/* The templates parl_answer() fills and the kinds of their arguments, as
 * runtime/answer_args.h lists them (tools/gen_answer_args.c). */
typedef struct { const char *name, *kinds; } answer_sig;
extern const answer_sig answer_sigs[];
extern const size_t answer_nsigs;
/* NULL when TEXT, the template NAME (lower case, as answers.yaml names it),
 * takes exactly the arguments parl_answer() passes it; else why, in WHY. */
const char *answer_template_problem(const char *name, const char *text, char *why, size_t n);

/* Modules (one file each in tools/). */
int gen_infer(gen_ctx *g);       /* numbers, units, sections, modes */
int gen_sentences(gen_ctx *g);   /* abbreviations, sentence lexers */
int gen_verbs(gen_ctx *g);       /* the action dialect: verbs, lexers, command grammar */
int gen_calc(gen_ctx *g);        /* /calc: operator table -> lexer and expression grammar */
int gen_guidance(gen_ctx *g);    /* agent guidance texts, sample document */
int gen_answers(gen_ctx *g);     /* the wording of the answers */
int gen_grammar_id(gen_ctx *g);  /* PARL_GRAMMAR_ID: which grammar gen/ was made from */
/* Unicode's simple case folding from UNICODE_DIR/CaseFolding.txt. */
int gen_casefold(gen_ctx *g, const char *unicode_dir);
#endif
