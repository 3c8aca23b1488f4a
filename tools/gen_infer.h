/* SPDX-License-Identifier: MIT */
/* gen_infer.h: the inference grammar as the generator holds it after
 * reading numbers.yaml, units.yaml, sections.yaml and modes.yaml; shared by
 * gen_infer.c (reading, checking, tables) and gen_infer_dfa.c (the pattern
 * automaton). */
#ifndef PARL_GEN_INFER_H
#define PARL_GEN_INFER_H
#include <stdint.h>
#include <stdio.h>
#include "yaml_doc.h"

/* Lemon terminals of gen/quantity.y, in declaration order. */
enum { Q_NONE, Q_ZERO, Q_ONES, Q_TEENS, Q_TENS, Q_HUNDRED, Q_SCALE, Q_ORD_ONES, Q_ORD_TEENS,
       Q_ORD_TENS, Q_ORD_HUNDRED, Q_ORD_SCALE, Q_DIGITS, Q_DIGITORD, Q_QTYWORD, Q_QTYPLURAL,
       Q_HALF, Q_NOTWHOLE, Q_ARTICLE, Q_OF, Q_AND, Q_COMMA, Q_DASH, Q_TO, Q_COUNT };
/* Their names in gen/quantity.y (PARL_Q_<name>), by Q_*. */
extern const char *const qty_terminals[Q_COUNT];

typedef struct {
    char *text;          /* normalized */
    int qclass;          /* Q_* or Q_NONE */
    int64_t value;
    int unit, section;   /* 1-based ids, 0 = none */
    const ynode *meaning;/* where its meaning was given (NULL: only a literal) */
    const ynode *at;     /* where it was first written */
    const char *role;    /* what the meaning is, for messages */
    int id;              /* final token id (1-based, sorted) */
    int *parts, nparts;  /* a phrase ("related work"): its words */
} word;

typedef struct {
    char *name;
    const ynode *at;
} named;

typedef struct {
    const ynode *at;
    char *name;
    int *words;          /* word indices */
    int n;
} wclass;

/* Pattern elements. */
enum { E_WORD = 1, E_SET, E_GAP, E_NUMBER, E_DIGITS, E_ORDINAL, E_NTH, E_RANGE, E_LIST,
       E_UNIT, E_SECTION, E_TEXT, E_QUOTED, E_END, E_SCOPE };
/* Variant groups: rule patterns, gate, cleanup tails and heads, scopes. */
enum { G_RULES, G_GATE, G_TAILS, G_HEADS, G_SCOPES, G_COUNT };
#define GAP_MAX 4

typedef struct {
    int op;
    int *words;          /* E_WORD (1) / E_SET (n): word indices, sorted */
    int n;
    int *cols;           /* source column of each literal word; 0 = from a class */
    uint32_t mask;       /* E_UNIT / E_SECTION restriction (0 = any) */
} elem;

typedef struct {
    elem *e;
    int n;
} seq;

typedef struct {
    int group;           /* G_* */
    int rule;            /* index into rules (rules and scopes), else -1 */
    const ynode *at;     /* the pattern string */
    seq s;
} variant;

typedef struct {
    const ynode *at;
    int mode;            /* index into modes */
    int count_only, end_open;
    int has_count; int64_t count;
    int unit, section;   /* constants, 0 = none */
    int start_slot; int64_t start_add;   /* E_* slot feeding start, 0 = default */
    int inner;           /* a scoped rule: the mode answered inside its scope */
    int from_end;        /* a scope counted from the end */
} rule;

typedef struct {
    word *w; int nw, cw;
    int *whash; size_t whmask;   /* word index by text (-1 empty) */
    named *modes; int nmodes;
    named *units; int nunits;
    named *sections; int nsections;
    wclass *classes; int nclasses;
    rule *rules; int nrules, crules;   /* rules of the cascade, then one per scope */
    int ncascade;        /* rules of the cascade */
    variant *v; int nv, cv;
    int64_t max;
    char trim[64];
    int err;
} infer;

/* Writes "DECL[N] = { V... };". DECL names the element's C type
 * ("const uint16_t name"); 1 when that type cannot hold a value. The
 * gen_fits() checks come first and say why; a value they missed is a
 * defect of theirs, reported here unless REPORTED (errors already said). */
int emit_int_array(FILE *f, const char *decl, const int *v, int n, int reported);

/* The PARL__W_* flags of every word, by index in I->w (xcalloc'd): the
 * reader's (parl__words[].flags) and the scan's (parl__class_plain). */
int *infer_word_flags(const infer *I);

/* Does slot OP (restricted by MASK) accept the literal word W on its own? */
int infer_slot_takes_word(const infer *I, int op, uint32_t mask, int w);

/* Writes gen/infer_dfa.h and gen/infer_dfa.c: the automaton over request
 * items that finds which patterns may match (gen_infer_dfa.c). Returns the
 * number of errors reported. */
int emit_infer_dfa(const infer *I, FILE *h, FILE *c);
#endif
