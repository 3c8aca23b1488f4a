/* SPDX-License-Identifier: MIT */
/* testlib.h: a tiny test harness. Each test program ends with
 * TEST_SUMMARY(), which prints "NAME: N passed, N failed" and returns the
 * exit status; tests/run.sh adds the counts up. */
#ifndef PARL_TESTLIB_H
#define PARL_TESTLIB_H
#include <stdio.h>
#include <string.h>

static int t_pass, t_fail;

#define CHECK(cond, ...) do { \
    if (cond) t_pass++; \
    else { t_fail++; fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
           fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } \
} while (0)

#define CHECK_EQ_INT(got, want) do { long long g_ = (long long)(got), w_ = (long long)(want); \
    CHECK(g_ == w_, "%s: got %lld, want %lld", #got, g_, w_); } while (0)

#define CHECK_EQ_STR(got, want) do { const char *g_ = (got), *w_ = (want); \
    CHECK(g_ && w_ && strcmp(g_, w_) == 0, "%s: got \"%s\", want \"%s\"", #got, \
          g_ ? g_ : "(null)", w_ ? w_ : "(null)"); } while (0)

#define TEST_SUMMARY(name) \
    (printf("%s: %d passed, %d failed\n", name, t_pass, t_fail), t_fail ? 1 : 0)
#endif
