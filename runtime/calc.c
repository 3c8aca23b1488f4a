/* SPDX-License-Identifier: MIT */
/* calc.c: the arithmetic of /calc and its driver. The lexer and the
 * grammar are generated from grammar/calc.yaml (gen/calc_lex.c,
 * gen/calc_grammar.c); this file reads numbers and applies operators.
 *
 * Whole numbers are int64_t while every step is exact (checked before
 * each operation, without wider types, so any C11 compiler builds it); a
 * step that would overflow, or a division that leaves a remainder, goes
 * on in double. A double result that is whole and below 2^53 becomes
 * exact again (7 / 2 * 2 is 7). Non-finite results are errors.
 *
 * No <math.h>: `cc main.c parlance.c` must link without -lm. The remainder
 * is exact (subtracting the divisor scaled by powers of two); a power with
 * a whole exponent multiplies by squaring; any other power is
 * exp(b * ln a) in long double. */
#include "calc_internal.h"
#include "calc_grammar.h"
#include <string.h>

#define EXACT_DOUBLE 9007199254740992.0   /* 2^53: doubles below hold whole numbers exactly */
#define HUGE_DOUBLE 1.7976931348623157e308

static bool is_nan(double d) { return d != d; }
static bool is_inf(double d) { return d == d && d - d != 0; }
static double absd(double d) { return d < 0 ? -d : d; }
/* Is D a whole number? (Every double from 2^53 on is.) */
static bool whole(double d) { return absd(d) >= EXACT_DOUBLE || d == (double)(int64_t)d; }

/* A % B for finite A and B != 0, exactly: R - T for B <= T <= R < 2T
 * loses nothing. */
static double rem_exact(double a, double b)
{
    double r = absd(a), m = absd(b);
    if (r < m) return a;
    double t = m;
    while (t <= r / 2) t *= 2;
    for (; t >= m; t /= 2)
        if (r >= t) r -= t;
    return a < 0 ? -r : r;
}

/* ln and exp are worked out in long double (wider than double where the
 * platform has it), so the double result is within an ulp or so. */
typedef long double wide;
#define LN2 0.693147180559945309417232121458176568L

/* ln X for X > 0: X = M * 2^E with M near 1, then the series of
 * 2 atanh((M - 1) / (M + 1)). */
static wide ln_pos(double x)
{
    int e = 0;
    while (x > 1.4142135623730951) { x /= 2; e++; }
    while (x < 0.7071067811865476) { x *= 2; e--; }
    wide s = ((wide)x - 1) / ((wide)x + 1), s2 = s * s, sum = 0;
    for (int k = 61; k > 0; k -= 2) sum = s2 * sum + 1.0L / k;   /* Horner */
    return e * LN2 + 2 * s * sum;
}

/* e^Y: Y = N ln 2 + R with |R| <= ln 2 / 2, the Taylor series of e^R (in
 * Horner form, the small terms first), times 2^N. */
static double exp_of(wide y)
{
    if (y > 709.8L) return HUGE_DOUBLE * 2;   /* inf: overflow */
    if (y < -745.2L) return 0;
    wide nf = y / LN2;
    int n = (int)(nf < 0 ? nf - 0.5L : nf + 0.5L);
    wide r = y - n * LN2, sum = 1;
    for (int k = 27; k > 0; k--) sum = 1 + sum * r / k;
    for (; n > 0; n--) sum *= 2;
    for (; n < 0; n++) sum /= 2;
    return (double)sum;
}

/* A ^ B in double: by squaring for a whole B, else exp(B ln A) (the
 * caller refuses a negative A then). */
static double pow_of(double a, double b)
{
    if (whole(b) && absd(b) < EXACT_DOUBLE) {
        double r = 1, x = a;
        int64_t n = (int64_t)(b < 0 ? -b : b);
        for (; n > 0; n >>= 1) {
            if (n & 1) r *= x;
            if (n > 1) x *= x;
        }
        return b < 0 ? 1 / r : r;
    }
    if (a <= 0) return 0;
    return exp_of((wide)b * ln_pos(a));
}

static parl__calc_val calc_fail(parl__calc *c, parl_calc_status st, size_t off, size_t len)
{
    if (!c->out->status) {
        c->out->status = st;
        c->out->at.off = off;
        c->out->at.len = len;
    }
    parl__calc_val v;
    memset(&v, 0, sizeof v);
    return v;
}

static parl__calc_val of_int(int64_t i)
{
    parl__calc_val v;
    memset(&v, 0, sizeof v);
    v.is_int = true;
    v.i = i;
    v.d = (double)i;
    return v;
}

/* A double result: an error when not finite, exact when whole and small. */
static parl__calc_val of_double(parl__calc *c, double d, parl__calc_val at)
{
    if (is_nan(d)) return calc_fail(c, PARL_CALC_E_DOMAIN, at.off, at.len);
    if (is_inf(d)) return calc_fail(c, PARL_CALC_E_OVERFLOW, at.off, at.len);
    if (absd(d) < EXACT_DOUBLE && whole(d)) return of_int((int64_t)d);
    parl__calc_val v;
    memset(&v, 0, sizeof v);
    v.d = d;
    return v;
}

/* A number token: digits with an optional decimal part. The digits are
 * gathered exactly (up to 19 of them) and scaled once, so "0.1" is the
 * double nearest 0.1. */
static parl__calc_val number(parl__calc *c, size_t off, size_t len)
{
    const char *s = c->text + off;
    uint64_t mant = 0;
    int scale = 0;
    bool frac = false, exact = true;
    double big = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '.') { frac = true; continue; }
        unsigned d = (unsigned)(s[i] - '0');
        if (exact && mant <= (UINT64_MAX - d) / 10) {
            mant = mant * 10 + d;
            scale += frac;
        } else if (!frac) {
            exact = false;   /* more integer digits than 64 bits hold: count in double */
            big = (big ? big : (double)mant) * 10 + d;
        }   /* fraction digits past 19 significant ones cannot change a double */
    }
    parl__calc_val at = { false, 0, 0, off, len };
    if (!exact) return of_double(c, big, at);
    if (!frac && mant <= (uint64_t)INT64_MAX) {
        parl__calc_val v = of_int((int64_t)mant);
        v.off = off;
        v.len = len;
        return v;
    }
    double ten = 1;
    for (int k = 0; k < scale; k++) ten *= 10;   /* exact up to 10^22 */
    return of_double(c, (double)mant / ten, at);
}

int parl__calc_next(parl__calc *c, parl__calc_val *v)
{
    size_t off, len;
    int code = parl__calc_token(c, &off, &len);
    memset(v, 0, sizeof *v);
    v->off = off;
    v->len = len;
    if (code < 0) {
        size_t n = 1;   /* the whole character, when it is UTF-8 */
        while (off + n < c->len && ((unsigned char)c->text[off + n] & 0xC0) == 0x80 && n < 4) n++;
        calc_fail(c, PARL_CALC_E_CHAR, off, n);
        return -1;
    }
    if (code == PARL__CT_NUM) {
        *v = number(c, off, len);
        v->off = off;
        v->len = len;
    }
    /* Nesting: parentheses, and operators in prefix position ("- - 1"). */
    bool prefix = code != PARL__CT_NUM && code != PARL__CT_OPEN && code != PARL__CT_CLOSE && code && !c->operand;
    c->depth += (code == PARL__CT_OPEN) - (code == PARL__CT_CLOSE);
    c->signs = prefix ? c->signs + 1 : 0;
    c->operand = code == PARL__CT_NUM || code == PARL__CT_CLOSE;
    if (c->depth + c->signs > parl__calc_max_depth) calc_fail(c, PARL_CALC_E_DEPTH, off, len);
    return c->out->status ? -1 : code;
}

void parl__calc_syntax(parl__calc *c, parl__calc_val v)
{
    calc_fail(c, v.len ? PARL_CALC_E_SYNTAX : PARL_CALC_E_END, v.off, v.len);
}

/* ------------------------------------------------------------ exact steps */

static bool add_ok(int64_t a, int64_t b) { return b > 0 ? a <= INT64_MAX - b : a >= INT64_MIN - b; }
static bool sub_ok(int64_t a, int64_t b) { return b < 0 ? a <= INT64_MAX + b : a >= INT64_MIN + b; }
static bool mul_ok(int64_t a, int64_t b)
{
    if (a == 0 || b == 0) return true;
    if (a > 0) return b > 0 ? a <= INT64_MAX / b : b >= INT64_MIN / a;
    return b > 0 ? a >= INT64_MIN / b : a >= INT64_MAX / b;
}

/* A ^ B for B >= 0 by squaring; false when it leaves 64 bits. */
static bool pow_exact(int64_t a, int64_t b, int64_t *r)
{
    int64_t acc = 1;
    while (b > 0) {
        if (b & 1) {
            if (!mul_ok(acc, a)) return false;
            acc *= a;
        }
        b >>= 1;
        if (b) {
            if (!mul_ok(a, a)) return false;
            a *= a;
        }
    }
    *r = acc;
    return true;
}

static bool exact_step(parl__calc_op op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case PARL__CALC_OP_ADD: if (!add_ok(a, b)) return false; *r = a + b; return true;
    case PARL__CALC_OP_SUB: if (!sub_ok(a, b)) return false; *r = a - b; return true;
    case PARL__CALC_OP_MUL: if (!mul_ok(a, b)) return false; *r = a * b; return true;
    case PARL__CALC_OP_DIV:
        if ((a == INT64_MIN && b == -1) || a % b) return false;
        *r = a / b;
        return true;
    case PARL__CALC_OP_MOD: *r = b == -1 ? 0 : a % b; return true;
    case PARL__CALC_OP_POW: return b >= 0 && pow_exact(a, b, r);
    case PARL__CALC_OP_NEG: if (a == INT64_MIN) return false; *r = -a; return true;
    case PARL__CALC_OP_POS: *r = a; return true;
    default: return false;
    }
}

static double double_step(parl__calc_op op, double a, double b)
{
    switch (op) {
    case PARL__CALC_OP_ADD: return a + b;
    case PARL__CALC_OP_SUB: return a - b;
    case PARL__CALC_OP_MUL: return a * b;
    case PARL__CALC_OP_DIV: return a / b;
    case PARL__CALC_OP_MOD: return rem_exact(a, b);
    case PARL__CALC_OP_POW: return pow_of(a, b);
    case PARL__CALC_OP_NEG: return -a;
    default: return a;
    }
}

parl__calc_val parl__calc_apply(parl__calc *c, parl__calc_op op, parl__calc_val a, parl__calc_val b,
                                parl__calc_val at)
{
    bool binary = op != PARL__CALC_OP_NEG && op != PARL__CALC_OP_POS;
    size_t from = binary || a.off < at.off ? a.off : at.off, to = (binary ? b.off + b.len : a.off + a.len);
    parl__calc_val r;
    if (c->out->status) return a;
    if ((op == PARL__CALC_OP_DIV || op == PARL__CALC_OP_MOD) && b.d == 0)
        return calc_fail(c, PARL_CALC_E_DIV_ZERO, at.off, at.len);
    if (op == PARL__CALC_OP_POW && a.d == 0 && b.d < 0) return calc_fail(c, PARL_CALC_E_DIV_ZERO, at.off, at.len);
    if (op == PARL__CALC_OP_POW && a.d < 0 && !whole(b.d)) return calc_fail(c, PARL_CALC_E_DOMAIN, at.off, at.len);
    int64_t i;
    if (a.is_int && b.is_int && exact_step(op, a.i, b.i, &i)) r = of_int(i);
    else r = of_double(c, double_step(op, a.d, b.d), at);
    r.off = from;
    r.len = to - from;
    return r;
}

parl_calc_status parl_calc(const char *expr, size_t len, parl_calc_result *out)
{
    memset(out, 0, sizeof *out);
    parl__calc c;
    memset(&c, 0, sizeof c);
    c.text = expr;
    c.len = len;
    c.out = out;
    size_t off, n;
    int first = parl__calc_token(&c, &off, &n);
    if (first == 0) {
        out->status = PARL_CALC_E_EMPTY;
        return out->status;
    }
    c.pos = 0;
    parl__calc_parse(&c);
    if (!out->status && !c.done) out->status = PARL_CALC_E_SYNTAX;
    if (out->status) return out->status;
    out->is_int = c.result.is_int;
    out->i = c.result.i;
    out->d = c.result.d;
    out->at.off = c.result.off;
    out->at.len = c.result.len;
    return PARL_CALC_OK;
}
