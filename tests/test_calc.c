/* SPDX-License-Identifier: MIT */
/* test_calc: /calc's expressions (grammar/calc.yaml -> Lemon, runtime/calc.c):
 * precedence and grouping, exact whole numbers and decimals, every error
 * with the text it names, any bytes; and 20,000 random expressions checked
 * against a small recursive-descent evaluator written here. */
#include <math.h>
#include <stdlib.h>
#include "parlance.h"
#include "testlib.h"

static parl_calc_result R;

static void is_int(const char *e, int64_t want)
{
    parl_calc_status st = parl_calc(e, strlen(e), &R);
    CHECK(st == PARL_CALC_OK && R.is_int && R.i == want, "%s: status %d, int %d, %lld (want %lld)", e, st, R.is_int,
          (long long)R.i, (long long)want);
}

static void is_double(const char *e, double want)
{
    parl_calc_status st = parl_calc(e, strlen(e), &R);
    CHECK(st == PARL_CALC_OK && !R.is_int && fabs(R.d - want) <= 1e-12 * fabs(want), "%s: status %d, %.17g (want %.17g)",
          e, st, R.d, want);
}

/* An error, and the text it names. */
static void fails(const char *e, parl_calc_status want, const char *at)
{
    parl_calc_status st = parl_calc(e, strlen(e), &R);
    char got[64] = "";
    if (R.at.len < sizeof got) memcpy(got, e + R.at.off, R.at.len);
    CHECK(st == want && !strcmp(got, at), "%s: status %d at '%s' (want %d at '%s')", e, st, got, want, at);
}

static void test_values(void)
{
    is_int("17 * 23 + 4", 395);
    is_int("2 + 3 * 4", 14);
    is_int("(2 + 3) * 4", 20);
    is_int("8 - 3 - 2", 3);           /* left */
    is_int("2 ^ 3 ^ 2", 512);         /* right */
    is_int("2 ** 10", 1024);
    is_int("-2 ^ 2", -4);             /* the power binds tighter than the sign */
    is_int("(-2) ^ 2", 4);
    is_int("- - 3", 3);
    is_int("+5", 5);
    is_int("2 * -3", -6);
    is_int("7 % 3", 1);
    is_int("-7 % 3", -1);             /* truncated, as in C */
    is_int("6 / 3", 2);
    is_int("7 / 2 * 2", 7);           /* whole again */
    is_int("0.5 * 4", 2);
    is_int("12 × 3 ÷ 4 − 1", 8);
    is_int("9223372036854775807", INT64_MAX);
    is_int("-9223372036854775807 - 1", INT64_MIN);
    is_int("3037000499 ^ 2", 9223372030926249001LL);
    is_int("  ( ( 1 ) )  ", 1);
    is_int("2^62", 4611686018427387904LL);
    is_double("7 / 2", 3.5);
    is_double("0.1 + 0.2", 0.30000000000000004);
    is_double(".5 + 1.25", 1.75);
    is_double("2 ^ 0.5", sqrt(2.0));
    is_double("2 ^ -1", 0.5);
    is_double("2 ^ 64", 18446744073709551616.0);          /* past 64 bits: double */
    is_double("9223372036854775807 + 1", 9223372036854775808.0);
    is_double("99999999999999999999", 1e20);
    is_double("7.5 % 2", 1.5);
    is_double("3.14159265358979", 3.14159265358979);
    CHECK(parl_calc("1 + 2", 5, &R) == PARL_CALC_OK && R.at.off == 0 && R.at.len == 5, "the whole expression");
}

static void test_errors(void)
{
    fails("", PARL_CALC_E_EMPTY, "");
    fails("   ", PARL_CALC_E_EMPTY, "");
    fails("1 / 0", PARL_CALC_E_DIV_ZERO, "/");
    fails("1 / (2 - 2)", PARL_CALC_E_DIV_ZERO, "/");
    fails("5 % 0", PARL_CALC_E_DIV_ZERO, "%");
    fails("1.5 / 0.0", PARL_CALC_E_DIV_ZERO, "/");
    fails("0 ^ -1", PARL_CALC_E_DIV_ZERO, "^");
    fails("10 ^ 400", PARL_CALC_E_OVERFLOW, "^");
    fails("1e5", PARL_CALC_E_CHAR, "e");
    fails("2 * 10 ^ 308 * 10", PARL_CALC_E_OVERFLOW, "*");
    fails("(-8) ^ 0.5", PARL_CALC_E_DOMAIN, "^");
    fails("2 +", PARL_CALC_E_END, "");
    fails("(1 + 2", PARL_CALC_E_END, "");
    fails("1 + 2)", PARL_CALC_E_SYNTAX, ")");
    fails("1 2", PARL_CALC_E_SYNTAX, "2");
    fails("* 3", PARL_CALC_E_SYNTAX, "*");
    fails("()", PARL_CALC_E_SYNTAX, ")");
    fails("2 & 3", PARL_CALC_E_CHAR, "&");
    fails("2 € 3", PARL_CALC_E_CHAR, "€");
    fails("two plus two", PARL_CALC_E_CHAR, "t");
    fails("1..2", PARL_CALC_E_CHAR, ".");
    char deep[400];
    size_t n = 0;
    for (int i = 0; i < 100; i++) deep[n++] = '(';
    deep[n++] = '1';
    for (int i = 0; i < 100; i++) deep[n++] = ')';
    deep[n] = 0;
    CHECK(parl_calc(deep, n, &R) == PARL_CALC_E_DEPTH, "nested 100 deep");
    n = 0;
    for (int i = 0; i < 150; i++) { deep[n++] = '-'; deep[n++] = ' '; }
    deep[n++] = '1';
    deep[n] = 0;
    CHECK(parl_calc(deep, n, &R) == PARL_CALC_E_DEPTH, "150 signs");
    is_int("((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))", 1);
    CHECK(parl_calc("1+\0" "2", 4, &R) == PARL_CALC_E_CHAR && R.at.off == 2, "NUL is a character like any");
}

/* --------------------------------------------------- random expressions */

static unsigned long long rng = 88172645463325252ULL;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* A random expression of small numbers, + - * and parentheses (values
 * stay far inside 64 bits at this depth). */
static void gen(char *b, size_t *n, int depth)
{
    unsigned k = depth > 3 ? 0 : rnd(6);
    if (k == 0) { *n += (size_t)sprintf(b + *n, "%u", rnd(100)); return; }
    if (k == 1) { b[(*n)++] = '('; gen(b, n, depth + 1); b[(*n)++] = ')'; return; }
    if (k == 2) { b[(*n)++] = '-'; gen(b, n, depth + 1); return; }
    gen(b, n, depth + 1);
    b[(*n)++] = ' ';
    b[(*n)++] = "+-*"[k - 3];
    b[(*n)++] = ' ';
    gen(b, n, depth + 1);
}

/* The reference: recursive descent with the same precedence. */
static const char *P;
static int64_t ref_expr(void);
static void skip(void) { while (*P == ' ') P++; }
static int64_t ref_atom(void)
{
    skip();
    if (*P == '(') { P++; int64_t v = ref_expr(); skip(); P++; return v; }
    if (*P == '-') { P++; return -ref_atom(); }
    int64_t v = 0;
    while (*P >= '0' && *P <= '9') v = v * 10 + (*P++ - '0');
    return v;
}
static int64_t ref_term(void)
{
    int64_t v = ref_atom();
    for (skip(); *P == '*'; skip()) { P++; v *= ref_atom(); }
    return v;
}
static int64_t ref_expr(void)
{
    int64_t v = ref_term();
    for (skip(); *P == '+' || (*P == '-'); skip()) {
        char op = *P++;
        int64_t t = ref_term();
        v = op == '+' ? v + t : v - t;
    }
    return v;
}

static void test_random(void)
{
    int bad = 0;
    for (int i = 0; i < 20000 && bad < 5; i++) {
        char b[4096];
        size_t n = 0;
        gen(b, &n, 0);
        b[n] = 0;
        P = b;
        int64_t want = ref_expr();
        if (parl_calc(b, n, &R) != PARL_CALC_OK || !R.is_int || R.i != want) {
            bad++;
            CHECK(0, "%s: status %d, %lld, want %lld", b, R.status, (long long)R.i, (long long)want);
        }
    }
    CHECK(bad == 0, "random expressions agree with the reference");
    /* Any bytes: never a crash, always a status. */
    for (int i = 0; i < 20000; i++) {
        char b[32];
        size_t n = rnd(sizeof b);
        for (size_t k = 0; k < n; k++) b[k] = "0123456789+-*/%^() .x\xc3\x97\xff"[rnd(23)];
        parl_calc_status st = parl_calc(b, n, &R);
        if (st != PARL_CALC_OK && R.at.off + R.at.len > n) { CHECK(0, "error span out of the text"); break; }
    }
}

/* The runtime does without libm; here libm is the reference (a few ulps,
 * where long double is no wider than double). */
static void test_against_libm(void)
{
    int bad_pow = 0, bad_mod = 0;
    for (int i = 0; i < 20000; i++) {
        char e[128];
        double a = rnd(1000000) / 1000.0 + 0.001, b = (double)rnd(20000) / 1000.0 - 10.0;
        snprintf(e, sizeof e, "%.3f ^ %.3f", a, b);
        double want = pow(strtod(e, NULL), strtod(strchr(e, '^') + 1, NULL));
        if (parl_calc(e, strlen(e), &R) == PARL_CALC_OK && fabs(R.d - want) <= 1e-15 * fabs(want)) continue;
        if (R.status == PARL_CALC_E_OVERFLOW && !isfinite(want)) continue;
        if (bad_pow++ < 3) CHECK(0, "%s: %.17g, libm %.17g", e, R.d, want);
    }
    for (int i = 0; i < 20000; i++) {
        char e[128];
        double a = (double)rnd(100000000) / 997.0 - 50000.0, b = (double)rnd(100000) / 7.0 + 0.5;
        snprintf(e, sizeof e, "%.6f %% %.6f", a, b);
        double want = fmod(strtod(e, NULL), strtod(strchr(e, '%') + 1, NULL));
        if (parl_calc(e, strlen(e), &R) == PARL_CALC_OK && R.d == want) continue;
        if (bad_mod++ < 3) CHECK(0, "%s: %.17g, libm %.17g", e, R.d, want);
    }
    CHECK(bad_pow == 0 && bad_mod == 0, "powers within 1e-15 of libm (%d off), remainders exact (%d off)", bad_pow,
          bad_mod);
}

int main(void)
{
    test_values();
    test_errors();
    test_random();
    test_against_libm();
    return TEST_SUMMARY("test_calc");
}
