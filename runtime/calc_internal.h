/* SPDX-License-Identifier: MIT */
/* calc_internal.h: what runtime/calc.c (the arithmetic and the driver) and
 * the sources generated from grammar/calc.yaml (gen/calc_lex.c, the
 * lexer; gen/calc_grammar.c, the Lemon parser) share. Not public. */
#ifndef PARL_CALC_INTERNAL_H
#define PARL_CALC_INTERNAL_H
#include "parlance.h"

/* The operations the arithmetic implements; grammar/calc.yaml names them. */
typedef enum {
    PARL__CALC_OP_ADD, PARL__CALC_OP_SUB, PARL__CALC_OP_MUL, PARL__CALC_OP_DIV, PARL__CALC_OP_MOD,
    PARL__CALC_OP_POW, PARL__CALC_OP_NEG, PARL__CALC_OP_POS, PARL__CALC_OP_COUNT
} parl__calc_op;

/* A value (exact while it is a whole number that fits) and the text it
 * came from: a number, an operator, or a whole subexpression. */
typedef struct {
    bool is_int;
    int64_t i;
    double d;
    size_t off, len;
} parl__calc_val;

typedef struct {
    const char *text;
    size_t len, pos;
    int depth;                  /* open parentheses */
    int signs;                  /* prefix operators in a row */
    bool operand;               /* the last token ended an operand */
    parl_calc_result *out;      /* out->status is set on the first error */
    parl__calc_val result;
    bool done;
} parl__calc;

/* gen/calc_lex.c: the next token from c->pos (blanks skipped): a terminal
 * of gen/calc_grammar.h, 0 at the end, -1 for a byte no token starts with.
 * Sets *off and *len to its text and moves c->pos past it. */
int parl__calc_token(parl__calc *c, size_t *off, size_t *len);
/* gen/calc_grammar.c: parses c->text; c->result or c->out->status. */
void parl__calc_parse(parl__calc *c);
/* gen/calc_grammar.c: the deepest nesting grammar/calc.yaml allows. */
extern const int parl__calc_max_depth;

/* calc.c, for the parser: the next token and its value (a number's value
 * is read here); 0 at the end, -1 after an error. */
int parl__calc_next(parl__calc *c, parl__calc_val *v);
/* calc.c: OP applied to A (and B), the operator's text in AT. */
parl__calc_val parl__calc_apply(parl__calc *c, parl__calc_op op, parl__calc_val a, parl__calc_val b,
                                parl__calc_val at);
/* calc.c: a syntax error at the token V (its text; at the end, len 0). */
void parl__calc_syntax(parl__calc *c, parl__calc_val v);
#endif
