/* SPDX-License-Identifier: MIT */
/* gen_calc: the /calc module of the generator.
 *
 * Reads grammar/calc.yaml (an operator table: operation, symbols, infix or
 * prefix, level, grouping) and writes
 *   gen/calc_lex.re       re2c: numbers, parentheses and the symbols
 *   gen/calc_grammar.y    Lemon: one rule per operator and symbol, with
 *                         precedence declarations by level
 * runtime/calc.c does the arithmetic. It refuses a table in which a symbol
 * could mean two operators of one kind, an operation is listed twice, or a
 * prefix operator shares a level with infix ones (its grouping would be a
 * guess). */
#include "gen.h"
#include <stdlib.h>
#include <string.h>

#define SPEC "calc.yaml"
#define SRC "grammar/calc.yaml"
#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_OPS 16
#define MAX_SYMS 8

/* The operations runtime/calc.c implements, in the order of parl__calc_op. */
static const char *const known_ops[] = { "add", "sub", "mul", "div", "mod", "pow", "neg", "pos" };
static const char *const assoc_names[] = { "left", "right", "none" };
static const char *const lemon_assoc[] = { "%left", "%right", "%nonassoc" };

typedef struct {
    int op;                       /* index of known_ops */
    int prefix;                   /* prefix, else infix */
    int level, assoc;
    const char *sym[MAX_SYMS];
    int nsym;
    const ynode *at;
} calc_op;

typedef struct {
    calc_op ops[MAX_OPS];
    int nops;
    const char *open, *close;
    int max_depth;
    int errors;
} calc_spec;

static int index_of(const char *const *list, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i], s)) return (int)i;
    return -1;
}

/* A symbol: 1 to 8 bytes, none of them a letter, digit, blank, quote,
 * backslash or the decimal point. */
static int good_symbol(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 8 || !strcmp(s, ".")) return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p <= ' ' ||
            *p == '"' || *p == '\\' || *p == '\'' || *p == 0x7f)
            return 0;
    return 1;
}

static const char *read_symbol(calc_spec *s, const ynode *n)
{
    if (!yis_scalar(n) || !good_symbol(n->text)) {
        s->errors += yerr(n, "a symbol is 1 to 8 bytes of punctuation (no letters, digits, blanks, quotes, '.')");
        return NULL;
    }
    return n->text;
}

static int read_level(calc_spec *s, const ynode *n)
{
    char *end;
    long v = yis_scalar(n) ? strtol(n->text, &end, 10) : 0;
    if (!yis_scalar(n) || !*n->text || *end || v < 1 || v > 100) {
        s->errors += yerr(n, "a level is a whole number from 1 to 100");
        return 1;
    }
    return (int)v;
}

static void read_operator(calc_spec *s, const ynode *e)
{
    static const char *const keys[] = { "op", "symbols", "arity", "level", "assoc" };
    if (e->kind != Y_MAP) { s->errors += yerr(e, "an operator is { op, symbols, arity, level, assoc }"); return; }
    for (size_t i = 0; i < e->n; i++)
        if (index_of(keys, N(keys), ymap_key(e, i)->text) < 0)
            s->errors += yerr(ymap_key(e, i), "unknown key '%s'", ymap_key(e, i)->text);
    if (s->nops == MAX_OPS) { s->errors += yerr(e, "at most %d operators", MAX_OPS); return; }
    calc_op *o = &s->ops[s->nops];
    memset(o, 0, sizeof *o);
    o->at = e;
    const ynode *op = ymap_get(e, "op"), *syms = ymap_get(e, "symbols"), *ar = ymap_get(e, "arity"),
                *lv = ymap_get(e, "level"), *as = ymap_get(e, "assoc");
    if (!op || !syms || !ar || !lv) { s->errors += yerr(e, "an operator needs op, symbols, arity and level"); return; }
    o->op = yis_scalar(op) ? index_of(known_ops, N(known_ops), op->text) : -1;
    if (o->op < 0)
        s->errors += yerr(op, "unknown operation '%s' (runtime/calc.c knows add sub mul div mod pow neg pos)",
                          yis_scalar(op) ? op->text : "?");
    for (int k = 0; k < s->nops; k++)
        if (o->op >= 0 && s->ops[k].op == o->op) s->errors += yerr(op, "'%s' is listed twice", op->text);
    o->prefix = yis_scalar(ar) && !strcmp(ar->text, "prefix");
    if (!yis_scalar(ar) || (!o->prefix && strcmp(ar->text, "infix")))
        s->errors += yerr(ar, "arity is infix or prefix");
    o->level = read_level(s, lv);
    if (o->prefix && as) s->errors += yerr(as, "a prefix operator has no grouping (assoc)");
    if (!o->prefix) {
        o->assoc = as && yis_scalar(as) ? index_of(assoc_names, N(assoc_names), as->text) : -1;
        if (o->assoc < 0) s->errors += yerr(as ? as : e, "an infix operator needs assoc: left, right or none");
    }
    if (syms->kind != Y_SEQ || syms->n == 0 || syms->n > MAX_SYMS) {
        s->errors += yerr(syms, "symbols: a list of 1 to %d symbols", MAX_SYMS);
        return;
    }
    for (size_t i = 0; i < syms->n; i++)
        if ((o->sym[o->nsym] = read_symbol(s, syms->items[i]))) o->nsym++;
    s->nops++;
}

/* The infix operator written SYM (-1): its terminal names the symbol. */
static int infix_of(const calc_spec *s, const char *sym)
{
    for (int i = 0; i < s->nops; i++)
        for (int k = 0; !s->ops[i].prefix && k < s->ops[i].nsym; k++)
            if (!strcmp(s->ops[i].sym[k], sym)) return i;
    return -1;
}

static void check(calc_spec *s, const ynode *root)
{
    int infix = 0;
    for (int i = 0; i < s->nops; i++) {
        const calc_op *o = &s->ops[i];
        infix += !o->prefix;
        for (int k = 0; k < o->nsym; k++) {
            if (!strcmp(o->sym[k], s->open) || !strcmp(o->sym[k], s->close))
                s->errors += yerr(o->at, "'%s' is a parenthesis", o->sym[k]);
            for (int j = 0; j < i; j++)
                for (int m = 0; m < s->ops[j].nsym; m++)
                    if (s->ops[j].prefix == o->prefix && !strcmp(s->ops[j].sym[m], o->sym[k]))
                        s->errors += yerr(o->at, "'%s' already writes the %s operator '%s' (line %d)", o->sym[k],
                                          o->prefix ? "prefix" : "infix", known_ops[s->ops[j].op], s->ops[j].at->line);
        }
        for (int j = 0; j < s->nops; j++)
            if (o->prefix && !s->ops[j].prefix && s->ops[j].level == o->level)
                s->errors += yerr(o->at, "prefix '%s' shares level %d with infix '%s': give it a level of its own",
                                  known_ops[o->op], o->level, known_ops[s->ops[j].op]);
            else if (!o->prefix && !s->ops[j].prefix && s->ops[j].level == o->level && s->ops[j].assoc != o->assoc)
                s->errors += yerr(o->at, "'%s' and '%s' share level %d but group differently", known_ops[o->op],
                                  known_ops[s->ops[j].op], o->level);
    }
    if (!infix) s->errors += yerr(root, "at least one infix operator");
    if (!strcmp(s->open, s->close)) s->errors += yerr(root, "open and close must differ");
}

static void read_spec(calc_spec *s, const ynode *root)
{
    static const char *const keys[] = { "operators", "open", "close", "max_depth" };
    for (size_t i = 0; i < root->n; i++)
        if (index_of(keys, N(keys), ymap_key(root, i)->text) < 0)
            s->errors += yerr(ymap_key(root, i), "unknown key '%s'", ymap_key(root, i)->text);
    const ynode *ops = ymap_get(root, "operators"), *o = ymap_get(root, "open"), *c = ymap_get(root, "close"),
                *d = ymap_get(root, "max_depth");
    if (!ops || ops->kind != Y_SEQ) { s->errors += yerr(ops ? ops : root, "operators: a list of operators"); return; }
    if (!o || !c || !d) { s->errors += yerr(root, "missing open, close or max_depth"); return; }
    s->open = read_symbol(s, o);
    s->close = read_symbol(s, c);
    s->max_depth = read_level(s, d);
    for (size_t i = 0; i < ops->n; i++) read_operator(s, ops->items[i]);
    if (!s->errors) check(s, root);
}

/* ------------------------------------------------------------------ output */

/* A symbol as an re2c string ("\xc3\x97" for a multi-byte one). */
static void re_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p >= 0x80 || *p == '"' || *p == '\\') fprintf(f, "\\x%02x", *p);
        else fputc(*p, f);
    fputc('"', f);
}

/* The terminal of a symbol: the infix operator's, else the prefix one's. */
static void terminal(FILE *f, const calc_spec *s, const calc_op *o, const char *sym)
{
    int i = infix_of(s, sym);
    fputs("OP_", f);
    gen_upper(f, known_ops[(i >= 0 ? &s->ops[i] : o)->op]);
}

static int emit_lexer(gen_ctx *g, const calc_spec *s)
{
    FILE *f = gen_create(g, "calc_lex.re", SRC);
    if (!f) return 1;
    fputs("/* The /calc lexer: numbers, parentheses and the operator symbols of\n"
          " * grammar/calc.yaml; the longest symbol wins (\"**\" over \"*\"). */\n"
          "#include \"calc_internal.h\"\n#include \"calc_grammar.h\"\n\n"
          "int parl__calc_token(parl__calc *c, size_t *off, size_t *len)\n{\n"
          "    const unsigned char *base = (const unsigned char *)c->text, *lim = base + c->len;\n"
          "    const unsigned char *cur = base + c->pos, *mar = cur, *tok;\n"
          "    int code;\n    (void)mar;\n"
          "again:\n    tok = cur;\n"
          "    /*!re2c\n"
          GEN_RE2C_SPAN_API
          "    re2c:yyfill:enable = 0;\n    re2c:eof = 0;\n\n"
          "    $ { code = 0; goto token; }\n"
          "    [ \\t\\r\\n\\f\\v]+ { goto again; }\n"
          "    [0-9]+ (\".\" [0-9]+)? | \".\" [0-9]+ { code = PARL__CT_NUM; goto token; }\n    ", f);
    re_string(f, s->open);
    fputs(" { code = PARL__CT_OPEN; goto token; }\n    ", f);
    re_string(f, s->close);
    fputs(" { code = PARL__CT_CLOSE; goto token; }\n", f);
    for (int i = 0; i < s->nops; i++) {
        const calc_op *o = &s->ops[i];
        for (int k = 0; k < o->nsym; k++) {
            if (o->prefix && infix_of(s, o->sym[k]) >= 0) continue;   /* the infix rule reads it */
            fputs("    ", f);
            re_string(f, o->sym[k]);
            fputs(" { code = PARL__CT_", f);
            terminal(f, s, o, o->sym[k]);
            fputs("; goto token; }\n", f);
        }
    }
    fputs("    * { code = -1; goto token; }\n    */\n"
          "token:\n"
          "    *off = (size_t)(tok - base);\n    *len = (size_t)(cur - tok);\n"
          "    c->pos = (size_t)(cur - base);\n    return code;\n}\n", f);
    return gen_close(g, f);
}

static int emit_grammar(gen_ctx *g, const calc_spec *s)
{
    FILE *f = gen_create(g, "calc_grammar.y", SRC);
    if (!f) return 1;
    fprintf(f, "// The /calc expression grammar, one rule per operator symbol, with the\n"
               "// levels of grammar/calc.yaml as precedence declarations. Values carry\n"
               "// the text they came from, for errors that name it.\n"
               "%%name parl__calc_parser\n%%token_prefix PARL__CT_\n"
               "%%token_type {parl__calc_val}\n%%default_type {parl__calc_val}\n"
               "%%extra_argument {parl__calc *c}\n%%stack_size %d\n"
               "%%token_destructor { (void)c; (void)yypminor; }\n"
               "%%syntax_error { (void)yymajor; parl__calc_syntax(c, yyminor); }\n"
               "%%parse_failure { if (!c->out->status) c->out->status = PARL_CALC_E_SYNTAX; }\n"
               "%%stack_overflow { c->out->status = PARL_CALC_E_DEPTH; }\n"
               "%%include {\n/* SPDX-License-Identifier: MIT */\n"
               "/* The parser's trace hooks are mutable globals; the runtime has none. */\n"
               "#ifndef NDEBUG\n#define NDEBUG 1\n#endif\n#define YYNOERRORRECOVERY 1\n"
               "#include \"calc_internal.h\"\n#define parl__calc_parser_ENGINEALWAYSONSTACK 1\n}\n\n",
            s->max_depth * 3 + 8);
    /* Terminals: NUM OPEN CLOSE, each infix operator's, each prefix-only
     * symbol's, then the prefix operators' precedence markers. */
    fputs("%token NUM OPEN CLOSE", f);
    for (int i = 0; i < s->nops; i++) {
        const calc_op *o = &s->ops[i];
        int own = !o->prefix;
        for (int k = 0; o->prefix && k < o->nsym; k++) own |= infix_of(s, o->sym[k]) < 0;
        if (own) { fputs(" OP_", f); gen_upper(f, known_ops[o->op]); }
    }
    for (int i = 0; i < s->nops; i++)
        if (s->ops[i].prefix) { fputs(" SIGN_", f); gen_upper(f, known_ops[s->ops[i].op]); }
    fputs(".\n\n", f);
    for (int lv = 1; lv <= 100; lv++) {
        int first = 1;
        for (int i = 0; i < s->nops; i++) {
            const calc_op *o = &s->ops[i];
            if (o->level != lv) continue;
            if (first) fputs(o->prefix ? "%right" : lemon_assoc[o->assoc], f);
            first = 0;
            fputs(o->prefix ? " SIGN_" : " OP_", f);
            gen_upper(f, known_ops[o->op]);
        }
        if (!first) fputs(".\n", f);
    }
    fputs("\ninput ::= expr(A).                { c->result = A; c->done = true; }\n"
          "expr(R) ::= NUM(A).               { R = A; }\n"
          "expr(R) ::= OPEN(O) expr(A) CLOSE(E). { R = A; R.off = O.off; R.len = E.off + E.len - O.off; }\n", f);
    for (int i = 0; i < s->nops; i++) {
        const calc_op *o = &s->ops[i];
        if (!o->prefix) {
            fputs("expr(R) ::= expr(A) OP_", f);
            gen_upper(f, known_ops[o->op]);
            fputs("(O) expr(B). { R = parl__calc_apply(c, PARL__CALC_OP_", f);
            gen_upper(f, known_ops[o->op]);
            fputs(", A, B, O); }\n", f);
            continue;
        }
        /* One rule per distinct terminal among its symbols. */
        for (int k = 0; k < o->nsym; k++) {
            int dup = 0;
            for (int j = 0; j < k; j++) dup |= infix_of(s, o->sym[j]) == infix_of(s, o->sym[k]);
            if (dup) continue;
            fputs("expr(R) ::= ", f);
            terminal(f, s, o, o->sym[k]);
            fputs("(O) expr(A). [SIGN_", f);
            gen_upper(f, known_ops[o->op]);
            fputs("] { R = parl__calc_apply(c, PARL__CALC_OP_", f);
            gen_upper(f, known_ops[o->op]);
            fputs(", A, A, O); }\n", f);
        }
    }
    fprintf(f, "\n%%code {\nconst int parl__calc_max_depth = %d;\n\n"
               "/* Feeds the tokens of c->text to the parser, which lives on this\n"
               " * function's stack: no heap. Stops at the first error. */\n"
               "void parl__calc_parse(parl__calc *c)\n{\n"
               "    yyParser p;\n    parl__calc_parserInit(&p);\n"
               "    for (;;) {\n"
               "        parl__calc_val v;\n"
               "        int code = parl__calc_next(c, &v);\n"
               "        if (code < 0) break;\n"
               "        parl__calc_parser(&p, code, v, c);\n"
               "        if (code == 0 || c->out->status) break;\n"
               "    }\n"
               "    parl__calc_parserFinalize(&p);\n}\n}\n", s->max_depth);
    return gen_close(g, f);
}

int gen_calc(gen_ctx *g)
{
    ydoc *d = gen_load(g, SPEC);
    if (!d) return 1;
    calc_spec s;
    memset(&s, 0, sizeof s);
    read_spec(&s, d->root);
    return s.errors || emit_lexer(g, &s) || emit_grammar(g, &s);
}
