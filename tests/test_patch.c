/* SPDX-License-Identifier: MIT */
/* test_patch.c: unified diff parsing, applying and creating. */
#include "parlance.h"
#include "testlib.h"
#include <stdlib.h>
#include <stdint.h>

/* ---------------------------------------------------------------- helpers */

static parl_patch_status check(const char *patch, parl_patch_report *r)
{
    return parl_patch_check(patch, strlen(patch), r);
}

/* The lines of the Nth (1-based) hunk as "op[text]" joined, '$' marking a
 * missing newline: " a|-b|+c$". */
static const char *hunk_lines(const char *patch, int n, parl_hunk *h)
{
    static char buf[4096];
    parl_patch_iter it;
    parl_hunk_lines hl;
    parl_patch_line pl;
    size_t len = 0;
    buf[0] = 0;
    parl_patch_begin(&it, patch, strlen(patch));
    for (int i = 0; i < n; i++)
        if (parl_patch_next(&it, h, NULL) != 1) return "(no hunk)";
    parl_hunk_lines_begin(&hl, patch, h);
    while (parl_hunk_lines_next(&hl, &pl)) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%c%.*s%s", len ? "|" : "", pl.op,
                                (int)pl.text.len, patch + pl.text.off, pl.no_newline ? "$" : "");
    }
    return buf;
}

static char out[1 << 16];

/* Applies PATCH to SRC into `out` (NUL-terminated on success). */
static parl_patch_status apply(const char *src, const char *patch, const parl_patch_opts *o,
                               parl_patch_report *r)
{
    parl_patch_status st = parl_patch_apply(patch, strlen(patch), src, strlen(src), out,
                                            sizeof out - 1, o, r);
    if (st == PARL_PATCH_OK) out[r->len] = 0;
    return st;
}

/* Diffs A and B into a heap string (NULL on error). */
static char *diff(const char *a, size_t alen, const char *b, size_t blen,
                  const parl_diff_opts *o, parl_patch_report *r)
{
    size_t ws = parl_diff_work_size(a, alen, b, blen);
    void *work = malloc(ws);
    char *res = NULL;
    if (parl_diff(a, alen, b, blen, o, work, ws, NULL, 0, r) == PARL_PATCH_E_SPACE) {
        res = malloc(r->needed + 1);
        if (parl_diff(a, alen, b, blen, o, work, ws, res, r->needed, r) == PARL_PATCH_OK)
            res[r->len] = 0;
        else { free(res); res = NULL; }
    } else if (r->status == PARL_PATCH_OK) {
        res = calloc(1, 1);
    }
    free(work);
    return res;
}

static char *diff_s(const char *a, const char *b, parl_patch_report *r)
{
    return diff(a, strlen(a), b, strlen(b), NULL, r);
}

/* Needs a parl_patch_report r in scope; leaves the report there. */
#define EXPECT_ERR(patch, st_, line_) do { \
    CHECK_EQ_INT(check(patch, &r), st_); CHECK_EQ_INT(r.status, st_); \
    CHECK_EQ_INT(r.line, line_); } while (0)

/* ---------------------------------------------------------------- parsing */

static void test_parse_basic(void)
{
    const char *p =
        "--- a/notes.txt\t2024-01-01 10:00:00\n"
        "+++ b/notes.txt\t2024-01-02 10:00:00\n"
        "@@ -1,3 +1,3 @@\n"
        " one\n"
        "-two\n"
        "+TWO\n"
        " three\n"
        "@@ -10 +10,2 @@ section text\n"
        " ten\n"
        "+eleven\n";
    parl_patch_report r;
    parl_patch_iter it;
    parl_hunk h;
    CHECK_EQ_INT(check(p, &r), PARL_PATCH_OK);
    CHECK_EQ_INT(r.hunks, 2);
    parl_patch_begin(&it, p, strlen(p));
    CHECK_EQ_INT(parl_patch_next(&it, &h, &r), 1);
    CHECK(it.old_name.len == 11 && !memcmp(p + it.old_name.off, "a/notes.txt", 11),
          "old name span");
    CHECK(it.new_name.len == 11 && !memcmp(p + it.new_name.off, "b/notes.txt", 11),
          "new name %zu", it.new_name.len);
    CHECK_EQ_INT(h.old_start, 1); CHECK_EQ_INT(h.old_count, 3);
    CHECK_EQ_INT(h.new_start, 1); CHECK_EQ_INT(h.new_count, 3);
    CHECK_EQ_INT(h.line, 3);
    CHECK_EQ_INT(parl_patch_next(&it, &h, &r), 1);
    CHECK_EQ_INT(h.old_start, 10); CHECK_EQ_INT(h.old_count, 1);   /* omitted: 1 */
    CHECK_EQ_INT(h.new_start, 10); CHECK_EQ_INT(h.new_count, 2);
    CHECK_EQ_INT(h.line, 8);
    CHECK_EQ_INT(parl_patch_next(&it, &h, &r), 0);
    CHECK_EQ_INT(r.hunks, 2);
    CHECK_EQ_STR(hunk_lines(p, 1, &h), " one|-two|+TWO| three");
    CHECK_EQ_STR(hunk_lines(p, 2, &h), " ten|+eleven");
}

static void test_parse_forms(void)
{
    parl_hunk h;
    parl_patch_report r;
    /* Omitted counts on both sides. */
    CHECK_EQ_INT(check("@@ -3 +3 @@\n-x\n+y\n", &r), PARL_PATCH_OK);
    CHECK_EQ_STR(hunk_lines("@@ -3 +3 @@\n-x\n+y\n", 1, &h), "-x|+y");
    CHECK_EQ_INT(h.old_count, 1); CHECK_EQ_INT(h.new_count, 1);
    /* Creation from an empty text and deletion of everything. */
    CHECK_EQ_STR(hunk_lines("@@ -0,0 +1,2 @@\n+a\n+b\n", 1, &h), "+a|+b");
    CHECK_EQ_INT(h.old_start, 0); CHECK_EQ_INT(h.old_count, 0);
    CHECK_EQ_STR(hunk_lines("@@ -1,2 +0,0 @@\n-a\n-b\n", 1, &h), "-a|-b");
    /* A removed "-- x" line is written "--- x": body, not a header. */
    const char *dash = "--- f\n+++ f\n@@ -1,3 +1,2 @@\n a\n--- x\n+++ y\n-b\n";
    CHECK_EQ_INT(check(dash, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(hunk_lines(dash, 1, &h), " a|--- x|+++ y|-b");
    /* A blank line inside a hunk is an empty context line. */
    CHECK_EQ_STR(hunk_lines("@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n", 1, &h), " a| |-b|+c");
    /* Preamble, blank lines between and after hunks. */
    const char *pre = "From: someone\nSubject: fix\n\ndiff --git a/f b/f\nindex 1..2 100644\n"
                      "--- a/f\n+++ b/f\n\n@@ -1 +1 @@\n-a\n+b\n\n\n@@ -5 +5 @@\n-c\n+d\n\n";
    CHECK_EQ_INT(check(pre, &r), PARL_PATCH_OK);
    CHECK_EQ_INT(r.hunks, 2);
    /* Without file headers. */
    CHECK_EQ_INT(check("some text\n@@ -1 +1 @@\n-a\n+b", &r), PARL_PATCH_OK);
    CHECK_EQ_STR(hunk_lines("@@ -1 +1 @@\n-a\n+b", 1, &h), "-a|+b");
}

static void test_parse_no_newline(void)
{
    parl_hunk h;
    const char *p1 = "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n";
    CHECK_EQ_STR(hunk_lines(p1, 1, &h), "-a$|+a");
    CHECK(h.old_no_newline && !h.new_no_newline, "old side only");
    const char *p2 = "@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n";
    CHECK_EQ_STR(hunk_lines(p2, 1, &h), "-a|+a$");
    CHECK(!h.old_no_newline && h.new_no_newline, "new side only");
    const char *p3 = "@@ -1,2 +1,2 @@\n-a\n+b\n c\n\\ No newline at end of file\n";
    CHECK_EQ_STR(hunk_lines(p3, 1, &h), "-a|+b| c$");
    CHECK(h.old_no_newline && h.new_no_newline, "context: both sides");
    const char *p4 = "@@ -1 +1,2 @@\n-x\n\\ No newline at end of file\n+x\n+y\n"
                     "\\ No newline at end of file\n";
    CHECK_EQ_STR(hunk_lines(p4, 1, &h), "-x$|+x|+y$");
    /* Any text after the backslash: diff(1) translates the message. */
    CHECK_EQ_STR(hunk_lines("@@ -1 +1 @@\n-a\n+b\n\\ Kein Zeilenumbruch\n", 1, &h), "-a|+b$");
}

static void test_parse_crlf(void)
{
    parl_hunk h;
    parl_patch_report r;
    /* A patch that travelled with CRLF line ends: the CRs are not content. */
    const char *t = "--- a\r\n+++ b\r\n@@ -1,2 +1,2 @@\r\n a\r\n-b\r\n+c\r\n"
                    "\\ No newline at end of file\r\n";
    CHECK_EQ_INT(check(t, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(hunk_lines(t, 1, &h), " a|-b|+c$");
    CHECK(h.crlf, "crlf transport");
    /* A diff of CRLF texts by diff(1): LF headers, CRs are content. */
    const char *d = "--- a\n+++ b\n@@ -1 +1 @@\n-b\r\n+c\r\n";
    CHECK_EQ_INT(check(d, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(hunk_lines(d, 1, &h), "-b\r|+c\r");
    CHECK(!h.crlf, "not transport");
    /* Structural lines tolerate a CR. */
    CHECK_EQ_INT(check("--- a\r\n+++ b\r\n@@ -1 +1 @@\r\n-b\n+c\n\r\n", &r), PARL_PATCH_OK);
}

static void test_parse_errors(void)
{
    parl_patch_report r;
    EXPECT_ERR("", PARL_PATCH_E_EMPTY, 1);
    EXPECT_ERR("hello\nworld\n", PARL_PATCH_E_EMPTY, 3);
    EXPECT_ERR("--- a\n+++ b\n", PARL_PATCH_E_EMPTY, 3);
    EXPECT_ERR("--- a\n@@ -1 +1 @@\n-a\n+b\n", PARL_PATCH_E_FILE_HEADER, 2);
    EXPECT_ERR("--- a", PARL_PATCH_E_FILE_HEADER, 2);
    EXPECT_ERR("text\n+++ b\n@@ -1 +1 @@\n-a\n+b\n", PARL_PATCH_E_FILE_HEADER, 2);
    EXPECT_ERR("--- a\n+++ b\n--- a\n+++ b\n", PARL_PATCH_E_FILE_HEADER, 3);

    EXPECT_ERR("@@ -1,2 +1,2\n a\n b\n", PARL_PATCH_E_HUNK_HEADER, 1);
    CHECK_EQ_INT(r.col, 13);
    CHECK_EQ_INT(r.hunk, 1);
    check("@@ -x +1 @@\n", &r);
    CHECK_EQ_INT(r.status, PARL_PATCH_E_HUNK_HEADER); CHECK_EQ_INT(r.col, 5);
    check("@@ -1, +1 @@\n", &r);
    CHECK_EQ_INT(r.status, PARL_PATCH_E_HUNK_HEADER); CHECK_EQ_INT(r.col, 7);
    check("@@ -0,1 +1 @@\n-a\n+b\n", &r);          /* line 0 with a count */
    CHECK_EQ_INT(r.status, PARL_PATCH_E_HUNK_HEADER); CHECK_EQ_INT(r.col, 5);
    check("@@ -99999999999999999999999 +1 @@\n", &r);
    CHECK_EQ_INT(r.status, PARL_PATCH_E_HUNK_HEADER);
    check("@@ -1,0 +1,0 @@\n", &r);                /* an empty hunk */
    CHECK_EQ_INT(r.status, PARL_PATCH_E_HUNK_HEADER);
    check("@@ -1 +1 @\n-a\n+b\n", &r);
    CHECK_EQ_INT(r.status, PARL_PATCH_E_HUNK_HEADER); CHECK_EQ_INT(r.col, 9);

    EXPECT_ERR("@@ -1,3 +1,3 @@\n a\n b\n", PARL_PATCH_E_SHORT, 4);
    CHECK_EQ_INT(r.old_due, 1); CHECK_EQ_INT(r.new_due, 1);
    EXPECT_ERR("@@ -1,2 +1,2 @@\n a\nxyz\n b\n", PARL_PATCH_E_SHORT, 3);
    EXPECT_ERR("@@ -1,2 +1,3 @@\n a\n b\n@@ -9 +10 @@\n-c\n+d\n", PARL_PATCH_E_SHORT, 4);
    CHECK_EQ_INT(r.old_due, 0); CHECK_EQ_INT(r.new_due, 1);
    CHECK_EQ_INT(r.hunk, 1);

    EXPECT_ERR("@@ -1 +1 @@\n-a\n+b\n+c\n", PARL_PATCH_E_LONG, 4);
    EXPECT_ERR("@@ -1,2 +1 @@\n-a\n-b\n-c\n+d\n", PARL_PATCH_E_LONG, 4);
    EXPECT_ERR("@@ -1,2 +1 @@\n a\n b\n", PARL_PATCH_E_LONG, 3);
    EXPECT_ERR("@@ -1 +1 @@\n-a\n+b\n\n c\n", PARL_PATCH_E_LONG, 5);

    EXPECT_ERR("@@ -1,2 +1,2 @@\n-a\n\\ No newline at end of file\n-b\n+x\n+y\n",
               PARL_PATCH_E_MARKER, 3);
    EXPECT_ERR("@@ -1 +1 @@\n\\ No newline\n-a\n+b\n", PARL_PATCH_E_MARKER, 2);
    EXPECT_ERR("@@ -1 +1 @@\n-a\n+b\n\\ x\n\\ y\n", PARL_PATCH_E_MARKER, 5);

    EXPECT_ERR("@@ -5 +5 @@\n-a\n+b\n@@ -1 +1 @@\n-c\n+d\n", PARL_PATCH_E_ORDER, 4);
    EXPECT_ERR("@@ -1,3 +1,3 @@\n a\n-b\n+x\n c\n@@ -3 +3 @@\n-c\n+y\n", PARL_PATCH_E_ORDER, 6);
    EXPECT_ERR("@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n@@ -3 +3 @@\n-c\n+d\n",
               PARL_PATCH_E_ORDER, 5);
    /* Touching is not overlapping: lines 1-2 then an insertion after 2. */
    CHECK_EQ_INT(check("@@ -1,2 +1 @@\n-a\n b\n@@ -2,0 +2 @@\n+c\n", &r), PARL_PATCH_OK);

    EXPECT_ERR("--- a\n+++ b\n@@ -1 +1 @@\n-a\n+b\n--- c\n+++ d\n@@ -1 +1 @@\n-x\n+y\n",
               PARL_PATCH_E_MULTIFILE, 6);
    EXPECT_ERR("@@ -1 +1 @@\n-a\n+b\nhello\n", PARL_PATCH_E_GARBAGE, 4);
    EXPECT_ERR("--- a\n+++ b\nhello\n@@ -1 +1 @@\n-a\n+b\n", PARL_PATCH_E_GARBAGE, 3);
    CHECK_EQ_INT(r.hunk, 0);
    EXPECT_ERR("@@ -1 +1 @@\n-a\n+b\n-- \n2.39\n", PARL_PATCH_E_LONG, 4);

    /* The iterator stays failed. */
    parl_patch_iter it;
    parl_hunk h;
    parl_patch_begin(&it, "@@ -1 +1 @@\n-a\nx\n", 17);
    CHECK_EQ_INT(parl_patch_next(&it, &h, &r), -1);
    CHECK_EQ_INT(parl_patch_next(&it, &h, &r), -1);
    /* NUL bytes and NULL are just bytes / nothing. */
    CHECK_EQ_INT(parl_patch_check("@@ -1 +1 @@\n-\0\n+\0\n", 18, &r), PARL_PATCH_OK);
    CHECK_EQ_INT(parl_patch_check(NULL, 5, &r), PARL_PATCH_E_EMPTY);
}

/* ---------------------------------------------------------------- applying */

static void test_apply_basic(void)
{
    parl_patch_report r;
    const char *src = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
    const char *p = "--- a\n+++ b\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n"
                    "@@ -8,3 +8,4 @@\n eight\n nine\n ten\n+eleven\n";
    CHECK_EQ_INT(apply(src, p, NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n");
    CHECK_EQ_INT(r.hunks, 2);
    CHECK_EQ_INT(r.drifted, 0);
    CHECK(!r.eol_adapted, "no eol adaptation");

    CHECK_EQ_INT(apply("", "@@ -0,0 +1,2 @@\n+a\n+b\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\nb\n");
    CHECK_EQ_INT(apply("a\nb\n", "@@ -1,2 +0,0 @@\n-a\n-b\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "");
    CHECK_EQ_INT(r.len, 0);
    CHECK_EQ_INT(apply("x\n", "@@ -0,0 +1 @@\n+top\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "top\nx\n");
    CHECK_EQ_INT(apply("x\ny\n", "@@ -1,0 +2 @@\n+mid\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "x\nmid\ny\n");
    /* Removing a "-- x" line. */
    CHECK_EQ_INT(apply("a\n-- x\nb\n", "@@ -1,3 +1,2 @@\n a\n--- x\n b\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\nb\n");
    /* Blank context line in the patch for an empty line of the text. */
    CHECK_EQ_INT(apply("a\n\nb\n", "@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\n\nc\n");
}

static void test_apply_no_newline(void)
{
    parl_patch_report r;
    CHECK_EQ_INT(apply("a", "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n", NULL, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\n");
    CHECK_EQ_INT(apply("a\n", "@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n", NULL, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a");
    CHECK_EQ_INT(apply("x\na", "@@ -1,2 +1,2 @@\n-x\n+y\n a\n\\ No newline at end of file\n",
                       NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "y\na");
    CHECK_EQ_INT(apply("a\n", "@@ -1 +1,2 @@\n a\n+b\n\\ No newline at end of file\n", NULL, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\nb");
    /* The patch expects a newline the text does not have, and the reverse. */
    CHECK_EQ_INT(apply("a\nb", "@@ -2 +2 @@\n-b\n+c\n", NULL, &r), PARL_PATCH_E_NEWLINE);
    CHECK_EQ_INT(r.src_line, 2); CHECK_EQ_INT(r.line, 2); CHECK_EQ_INT(r.hunk, 1);
    CHECK_EQ_INT(apply("a\nb\n", "@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+c\n", NULL, &r),
                 PARL_PATCH_E_NEWLINE);
    /* Appending after a last line that has no newline would glue lines. */
    CHECK_EQ_INT(apply("a\nb", "@@ -2,0 +3 @@\n+c\n", NULL, &r), PARL_PATCH_E_NEWLINE);
    /* A new last line without newline must end the text. */
    CHECK_EQ_INT(apply("a\nb\nc\n", "@@ -1 +1 @@\n-a\n+z\n\\ No newline at end of file\n", NULL, &r),
                 PARL_PATCH_E_NEWLINE);
}

static void test_apply_errors(void)
{
    parl_patch_report r;
    const char *src = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    const char *p = "@@ -1,2 +1,2 @@\n 1\n-2\n+two\n@@ -6,3 +6,3 @@\n 6\n-7\n+seven\n 9\n";
    memset(out, 'Z', sizeof out);
    CHECK_EQ_INT(parl_patch_apply(p, strlen(p), src, strlen(src), out, sizeof out, NULL, &r),
                 PARL_PATCH_E_MISMATCH);
    CHECK_EQ_INT(r.hunk, 2);
    CHECK_EQ_INT(r.line, 9);        /* " 9" in the patch */
    CHECK_EQ_INT(r.src_line, 8);    /* against "8" */
    size_t z = 0;
    while (z < sizeof out && out[z] == 'Z') z++;
    CHECK(z == sizeof out, "output untouched after a mismatch (first write at %zu)", z);

    CHECK_EQ_INT(apply("a\nb\n", "@@ -2,2 +2,2 @@\n b\n-c\n+d\n", NULL, &r), PARL_PATCH_E_EOF);
    CHECK_EQ_INT(r.line, 3); CHECK_EQ_INT(r.src_line, 3);
    CHECK_EQ_INT(apply("a\nb\n", "@@ -7 +7 @@\n-c\n+d\n", NULL, &r), PARL_PATCH_E_EOF);
    CHECK_EQ_INT(r.line, 1); CHECK_EQ_INT(r.src_line, 3);
    /* Parse errors come through apply too. */
    CHECK_EQ_INT(apply("a\n", "@@ -1 +1 @@\n-a\n", NULL, &r), PARL_PATCH_E_SHORT);
    CHECK_EQ_INT(r.line, 3);

    /* Too small: the size needed, nothing written; then it fits. */
    const char *q = "@@ -1 +1,3 @@\n-a\n+bb\n+cc\n+dd\n";
    char small[4] = "ZZZ";
    CHECK_EQ_INT(parl_patch_apply(q, strlen(q), "a\n", 2, small, 3, NULL, &r), PARL_PATCH_E_SPACE);
    CHECK_EQ_INT(r.needed, 9);
    CHECK_EQ_STR(small, "ZZZ");
    CHECK_EQ_INT(parl_patch_apply(q, strlen(q), "a\n", 2, NULL, 0, NULL, &r), PARL_PATCH_E_SPACE);
    CHECK_EQ_INT(r.needed, 9);
    char fit[9];
    CHECK_EQ_INT(parl_patch_apply(q, strlen(q), "a\n", 2, fit, 9, NULL, &r), PARL_PATCH_OK);
    CHECK(r.len == 9 && !memcmp(fit, "bb\ncc\ndd\n", 9), "exact fit");
}

static void test_apply_drift(void)
{
    parl_patch_report r;
    ptrdiff_t offs[4] = { 99, 99, 99, 99 };
    parl_patch_opts o = { 5, offs, 4 };
    const char *src = "x\ny\nz\na\nb\nc\nd\ne\nf\ng\nh\n";
    const char *p = "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -6,2 +6,2 @@\n f\n-g\n+G\n";
    CHECK_EQ_INT(apply(src, p, NULL, &r), PARL_PATCH_E_MISMATCH);
    CHECK_EQ_INT(r.hunk, 1); CHECK_EQ_INT(r.src_line, 1);
    CHECK_EQ_INT(apply(src, p, &o, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "x\ny\nz\na\nB\nc\nd\ne\nf\nG\nh\n");
    CHECK_EQ_INT(r.drifted, 2);
    CHECK_EQ_INT(offs[0], 3); CHECK_EQ_INT(offs[1], 3); CHECK_EQ_INT(offs[2], 99);
    /* Not far enough. */
    o.max_drift = 2;
    CHECK_EQ_INT(apply(src, p, &o, &r), PARL_PATCH_E_MISMATCH);
    /* Drift backwards, and a hunk whose stated line is past the end. */
    o.max_drift = 10;
    CHECK_EQ_INT(apply("a\nb\nc\n", "@@ -5,2 +5,2 @@\n b\n-c\n+C\n", &o, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\nb\nC\n");
    CHECK_EQ_INT(offs[0], -3);
    /* The nearest match wins, and later hunks never go back over earlier ones. */
    CHECK_EQ_INT(apply("k\nq\nk\nq\n", "@@ -2 +2 @@\n-k\n+K\n@@ -2 +2 @@\n-q\n+Q\n", &o, &r),
                 PARL_PATCH_E_ORDER);
    CHECK_EQ_INT(apply("k\nq\nk\nq\n", "@@ -2 +2 @@\n-k\n+K\n@@ -3 +3 @@\n-q\n+Q\n", &o, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "k\nq\nK\nQ\n");
    CHECK_EQ_INT(offs[0], 1); CHECK_EQ_INT(offs[1], 1);
    CHECK_EQ_INT(apply("q\nk\nq\n", "@@ -3 +3 @@\n-k\n+K\n@@ -4 +4 @@\n-q\n+Q\n", &o, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "q\nK\nQ\n");
    /* Unlimited drift: a search through the whole text. */
    o.max_drift = SIZE_MAX;
    CHECK_EQ_INT(apply("1\n2\n3\n4\n5\n6\n7\n8\n", "@@ -900 +900 @@\n-2\n+two\n", &o, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "1\ntwo\n3\n4\n5\n6\n7\n8\n");
    CHECK_EQ_INT(apply("1\n2\n", "@@ -900 +900 @@\n-x\n+y\n", &o, &r), PARL_PATCH_E_EOF);
    CHECK_EQ_INT(r.src_line, 3);
}

static void test_apply_crlf(void)
{
    parl_patch_report r;
    /* CRLF text, LF patch: lines compared and inserted CRLF. */
    CHECK_EQ_INT(apply("a\r\nb\r\nc\r\n", "@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n", NULL, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\r\nB\r\nB2\r\nc\r\n");
    CHECK(r.eol_adapted, "adapted");
    /* LF text, patch written by diff(1) on CRLF texts. */
    CHECK_EQ_INT(apply("a\nb\n", "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n", NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\nc\n");
    CHECK(r.eol_adapted, "adapted");
    /* CRLF text and a diff(1) patch of it: bytes as they are. */
    CHECK_EQ_INT(apply("a\r\nb\r\n", "--- x\n+++ y\n@@ -2 +2 @@\n-b\r\n+c\r\n", NULL, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\r\nc\r\n");
    CHECK(!r.eol_adapted, "not adapted");
    /* A whole patch carried with CRLF onto an LF text. */
    CHECK_EQ_INT(apply("a\nb\n", "--- x\r\n+++ y\r\n@@ -2 +2 @@\r\n-b\r\n+c\r\n", NULL, &r),
                 PARL_PATCH_OK);
    CHECK_EQ_STR(out, "a\nc\n");
    /* Mixed text: no adaptation, so an LF patch line does not match a CRLF line. */
    CHECK_EQ_INT(apply("a\r\nb\n", "@@ -1 +1 @@\n-a\n+c\n", NULL, &r), PARL_PATCH_E_MISMATCH);
    /* A last line without newline is compared as it is. */
    CHECK_EQ_INT(apply("a\r\nb", "@@ -1,2 +1,2 @@\n-a\n+x\n b\n\\ No newline at end of file\n",
                       NULL, &r), PARL_PATCH_OK);
    CHECK_EQ_STR(out, "x\r\nb");
}

/* ---------------------------------------------------------------- diffing */

static void test_diff_format(void)
{
    parl_patch_report r;
    char *d = diff_s("a\nb\nc\n", "a\nb\nc\n", &r);
    CHECK(d && !*d && r.hunks == 0 && r.status == PARL_PATCH_OK, "equal: empty diff");
    free(d);
    d = diff_s("a\nb\nc\n", "a\nB\nc\n", &r);
    CHECK_EQ_STR(d, "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    CHECK_EQ_INT(r.hunks, 1);
    free(d);
    d = diff_s("", "x\ny\n", &r);
    CHECK_EQ_STR(d, "@@ -0,0 +1,2 @@\n+x\n+y\n");
    free(d);
    d = diff_s("x\n", "", &r);
    CHECK_EQ_STR(d, "@@ -1 +0,0 @@\n-x\n");
    free(d);
    d = diff_s("a\nb", "a\nb\n", &r);
    CHECK_EQ_STR(d, "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
    free(d);
    d = diff_s("a\nb", "a\nc", &r);
    CHECK_EQ_STR(d, "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
                    "\\ No newline at end of file\n");
    free(d);
    d = diff_s("a\nb\nz", "a\nc\nz", &r);
    CHECK_EQ_STR(d, "@@ -1,3 +1,3 @@\n a\n-b\n+c\n z\n\\ No newline at end of file\n");
    free(d);
    /* Two changes far apart: two hunks; close together: one. */
    d = diff_s("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY\n12\n", &r);
    CHECK_EQ_STR(d, "@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n"
                    "@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+Y\n 12\n");
    CHECK_EQ_INT(r.hunks, 2);
    free(d);
    d = diff_s("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\nX\n3\n4\n5\n6\n7\nY\n9\n", &r);
    CHECK_EQ_STR(d, "@@ -1,9 +1,9 @@\n 1\n-2\n+X\n 3\n 4\n 5\n 6\n 7\n-8\n+Y\n 9\n");
    free(d);
    /* Context 0, file headers. */
    parl_diff_opts o = { 0, "old.txt", 7, "new.txt", 7, 0 };
    d = diff("1\n2\n3\n", 6, "1\n3\n4\n", 6, &o, &r);
    CHECK_EQ_STR(d, "--- old.txt\n+++ new.txt\n@@ -2 +1,0 @@\n-2\n@@ -3,0 +3 @@\n+4\n");
    free(d);
    d = diff("same\n", 5, "same\n", 5, &o, &r);
    CHECK_EQ_STR(d, "");       /* no headers either when equal */
    free(d);
    /* Lines with NUL bytes and CRs are just bytes. */
    d = diff("a\0\nb\r\n", 6, "a\0\nc\r\n", 6, NULL, &r);
    CHECK(d && r.len == 28 && !memcmp(d, "@@ -1,2 +1,2 @@\n a\0\n-b\r\n+c\r\n", 28), "binary-safe");
    free(d);
}

static void test_diff_memory(void)
{
    parl_patch_report r;
    const char *a = "a\nb\nc\n", *b = "a\nx\nc\nd\n";
    size_t ws = parl_diff_work_size(a, 6, b, 8);
    char *work = malloc(ws + 1);
    char buf[64];
    CHECK(ws > 0 && ws < 4096, "work size %zu", ws);
    CHECK_EQ_INT(parl_diff(a, 6, b, 8, NULL, work, ws - 1, buf, sizeof buf, &r), PARL_PATCH_E_WORK);
    CHECK_EQ_INT(r.needed, ws);
    CHECK_EQ_INT(parl_diff(a, 6, b, 8, NULL, NULL, 0, buf, sizeof buf, &r), PARL_PATCH_E_WORK);
    /* Misaligned work memory is fine. */
    memset(buf, 'Z', sizeof buf);
    CHECK_EQ_INT(parl_diff(a, 6, b, 8, NULL, work + 1, ws, buf, 10, &r), PARL_PATCH_E_SPACE);
    const char *want = "@@ -1,3 +1,4 @@\n a\n-b\n+x\n c\n+d\n";
    CHECK_EQ_INT(r.needed, strlen(want));
    CHECK(buf[0] == 'Z' && buf[10] == 'Z', "untouched");
    CHECK_EQ_INT(parl_diff(a, 6, b, 8, NULL, work + 1, ws, buf, strlen(want), &r), PARL_PATCH_OK);
    CHECK(r.len == strlen(want) && !memcmp(buf, want, r.len), "fits");
    free(work);
}

/* ---------------------------------------------------------------- round trips */

static uint64_t rng = 88172645463325252ULL;
static uint64_t rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}
static size_t rnd_below(size_t n) { return n ? (size_t)(rnd() % n) : 0; }

/* Few distinct lines, so that texts share lines in many places (the hard
 * case for alignment), plus the occasional odd byte. */
static const char *const pool[] = { "alpha", "beta", "gamma", "", "  indented", "}", "{", "-- dash",
                                    "+ plus", "\\ backslash", "@@ at", "x\ty" };

typedef struct text {
    char *p;
    size_t len, cap;
} text;

static void t_put(text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = 0;
}

static void random_line(text *t, bool crlf)
{
    if (rnd_below(20) == 0) {
        char odd[3] = { (char)rnd_below(256), (char)rnd_below(256), 0 };
        if (odd[0] == '\n') odd[0] = 'n';
        if (odd[1] == '\n') odd[1] = 'n';
        t_put(t, odd, 2);
    } else {
        const char *s = pool[rnd_below(sizeof pool / sizeof pool[0])];
        t_put(t, s, strlen(s));
    }
    t_put(t, crlf ? "\r\n" : "\n", crlf ? 2 : 1);
}

/* Builds A of N lines and B from A by random edits; returns the edit cost
 * (insert 1, delete 1, replace 2), an upper bound on the diff's size. */
static size_t random_pair(text *a, text *b, size_t n, size_t edits, bool crlf)
{
    size_t cost = 0;
    a->len = b->len = 0;
    t_put(a, "", 0);
    t_put(b, "", 0);
    /* Lines of A, remembered by offsets to copy them into B. */
    size_t *starts = malloc((n + 1) * sizeof *starts);
    for (size_t i = 0; i < n; i++) { starts[i] = a->len; random_line(a, crlf); }
    starts[n] = a->len;
    for (size_t i = 0; i <= n; i++) {
        while (edits && rnd_below(n + 1) < edits) {   /* insert before line i */
            random_line(b, crlf);
            edits--, cost++;
            if (rnd_below(2)) break;
        }
        if (i == n) break;
        size_t k = rnd_below(n + 1);
        if (edits && k < edits && rnd_below(2)) { edits--, cost++; continue; }          /* delete */
        if (edits && k < edits) { random_line(b, crlf); edits--, cost += 2; continue; } /* replace */
        t_put(b, a->p + starts[i], starts[i + 1] - starts[i]);
    }
    free(starts);
    /* Drop the final newline of either side now and then. */
    if (a->len && rnd_below(4) == 0) { a->len -= crlf && a->len > 1 ? 2 : 1; a->p[a->len] = 0; }
    if (b->len && rnd_below(4) == 0) { b->len -= crlf && b->len > 1 ? 2 : 1; b->p[b->len] = 0; }
    return cost;
}

/* Removed and added lines of a diff: '-' and '+' lines after the first
 * hunk header. */
static size_t count_changed(const char *d, size_t len)
{
    size_t n = 0;
    bool body = false;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(d + i, '\n', len - i);
        if (d[i] == '@') body = true;
        else if (body && (d[i] == '-' || d[i] == '+')) n++;
        if (!nl) break;
        i = (size_t)(nl - d) + 1;
    }
    return n;
}

/* diff(A, B) applied to A must give B, and likewise backwards. */
static int round_trip(const text *a, const text *b, const parl_diff_opts *o, size_t bound)
{
    parl_patch_report r;
    char *d = diff(a->p, a->len, b->p, b->len, o, &r);
    if (!d) { fprintf(stderr, "diff failed: %d\n", r.status); return 0; }
    size_t dlen = r.len, hunks = r.hunks;
    int ok = 1;
    if ((hunks == 0) != (a->len == b->len && !memcmp(a->p, b->p, a->len))) {
        fprintf(stderr, "hunks %zu for %s texts\n", hunks, hunks ? "equal" : "different");
        ok = 0;
    }
    if (hunks) {
        parl_patch_report pr;
        if (parl_patch_check(d, dlen, &pr) || pr.hunks != hunks) {
            fprintf(stderr, "own diff does not parse: %d line %zu\n", pr.status, pr.line);
            ok = 0;
        }
        char *res = malloc(b->len + 1);
        if (parl_patch_apply(d, dlen, a->p, a->len, res, b->len, NULL, &pr) != PARL_PATCH_OK ||
            pr.len != b->len || memcmp(res, b->p, b->len)) {
            fprintf(stderr, "apply: status %d hunk %zu line %zu\n", pr.status, pr.hunk, pr.line);
            ok = 0;
        }
        free(res);
    }
    if (bound != SIZE_MAX && count_changed(d, dlen) > bound) {
        fprintf(stderr, "diff not minimal: %zu changed lines > %zu\n", count_changed(d, dlen), bound);
        ok = 0;
    }
    if (!ok) fprintf(stderr, "--- A\n%s\n--- B\n%s\n--- diff\n%s\n", a->p, b->p, d);
    free(d);
    return ok;
}

static void test_round_trips(void)
{
    text a = { 0 }, b = { 0 };
    int ok = 0, total = 0;
    for (int i = 0; i < 3000; i++) {
        size_t n = rnd_below(i < 100 ? 4 : 40);
        size_t edits = rnd_below(n / 2 + 3);
        bool crlf = rnd_below(5) == 0;
        size_t cost = random_pair(&a, &b, n, edits, crlf);
        size_t ctx = (size_t[]){ 0, 1, 3, 3, 3, 7 }[rnd_below(6)];
        parl_diff_opts o = { ctx, NULL, 0, NULL, 0, 0 };
        if (i % 3 == 0) o.old_name = "a", o.old_name_len = 1, o.new_name = "b", o.new_name_len = 1;
        /* The edit cost bounds the changed lines except where the final
         * newline changed (that line counts twice on each side). */
        size_t bound = cost + 4;
        total += 2;
        ok += round_trip(&a, &b, &o, bound);
        ok += round_trip(&b, &a, &o, bound);
        /* A low cost limit forces the heuristic split: still exact. */
        o.max_cost = 1 + rnd_below(3);
        total += 1;
        ok += round_trip(&a, &b, &o, SIZE_MAX);
    }
    CHECK_EQ_INT(ok, total);

    /* Larger texts, heavily edited, with and without the heuristic. */
    for (int i = 0; i < 20; i++) {
        random_pair(&a, &b, 2000, 300 + rnd_below(1500), i & 1);
        parl_diff_opts o = { 3, NULL, 0, NULL, 0, i % 4 < 2 ? 0 : 8 };
        CHECK(round_trip(&a, &b, &o, SIZE_MAX), "large round trip %d", i);
    }
    /* Completely different texts. */
    a.len = b.len = 0;
    for (int i = 0; i < 500; i++) { t_put(&a, "left\n", 5); t_put(&b, "right\n", 6); }
    parl_diff_opts o = { 3, NULL, 0, NULL, 0, 0 };
    CHECK(round_trip(&a, &b, &o, 1000), "disjoint");
    free(a.p);
    free(b.p);
}

/* A diff applied to a text changed inside its context fails and writes nothing. */
static void test_stale_patch(void)
{
    text a = { 0 }, b = { 0 };
    int refused = 0, tried = 0;
    for (int i = 0; i < 300; i++) {
        random_pair(&a, &b, 30, 5, false);
        parl_patch_report r;
        char *d = diff(a.p, a.len, b.p, b.len, NULL, &r);
        if (!d || !r.hunks) { free(d); continue; }
        /* Change one old line that the first hunk covers. */
        parl_patch_iter it;
        parl_hunk h;
        parl_patch_begin(&it, d, r.len);
        parl_patch_next(&it, &h, NULL);
        if (!h.old_count) { free(d); continue; }
        size_t victim = h.old_start - 1 + rnd_below(h.old_count);
        text c = { 0 };
        t_put(&c, "", 0);
        size_t pos = 0;
        for (size_t ln = 0; pos < a.len; ln++) {
            const char *nl = memchr(a.p + pos, '\n', a.len - pos);
            size_t end = nl ? (size_t)(nl - a.p) + 1 : a.len;
            if (ln == victim) t_put(&c, "CHANGED\n", 8);
            else t_put(&c, a.p + pos, end - pos);
            pos = end;
        }
        char *res = malloc(c.len + b.len + 64);
        memset(res, 'Z', c.len + b.len + 64);
        parl_patch_status st = parl_patch_apply(d, r.len, c.p, c.len, res, c.len + b.len + 64,
                                                NULL, &r);
        tried++;
        size_t z = 0;
        while (z < c.len + b.len + 64 && res[z] == 'Z') z++;
        if (st != PARL_PATCH_OK && r.hunk == 1 && z == c.len + b.len + 64) refused++;
        else fprintf(stderr, "stale patch: status %d hunk %zu\n", st, r.hunk);
        free(res);
        free(c.p);
        free(d);
    }
    CHECK(tried > 100, "tried %d", tried);
    CHECK_EQ_INT(refused, tried);
    free(a.p);
    free(b.p);
}

/* --drift searches by rolling hashes of the old lines (patch_apply.c):
 * on texts of few distinct lines (many near-matches), big hunks stated
 * away from where their lines stand are found at the nearest place, as a
 * comparison at every place (here, in the test) finds it; CRLF texts get
 * LF patches, so the hashes follow the line-end adaptation. */
static bool block_at(const text *t, const size_t *ls, size_t nl, size_t p, const size_t *bs, const char *blk,
                     size_t h, bool crlf)
{
    if (p + h > nl) return false;
    for (size_t i = 0; i < h; i++) {
        size_t a = ls[p + i], an = ls[p + i + 1] - a - (crlf ? 2 : 1);
        size_t b = bs[i], bn = bs[i + 1] - b - 1;
        if (an != bn || memcmp(t->p + a, blk + b, an)) return false;
    }
    return true;
}

static void test_drift_search(void)
{
    static const char *const two[] = { "a", "b", "a", "a", "c" };
    int found = 0, refused = 0, wrong = 0;
    for (int round = 0; round < 400; round++) {
        bool crlf = round % 3 == 0;
        size_t nl = 40 + rnd_below(300), h = 8 + rnd_below(24), ls[400];
        text t = { 0 }, patch = { 0 }, blk = { 0 };
        t_put(&t, "", 0);
        size_t period = 1 + rnd_below(4), pat[4];
        for (size_t i = 0; i < period; i++) pat[i] = rnd_below(2);
        for (size_t i = 0; i < nl; i++) {   /* a short pattern repeated, a little noise */
            ls[i] = t.len;
            const char *w = two[rnd_below(30) ? pat[i % period] : rnd_below(5)];
            t_put(&t, w, strlen(w));
            t_put(&t, crlf ? "\r\n" : "\n", crlf ? 2 : 1);
        }
        ls[nl] = t.len;
        if (h > nl) h = nl;
        /* the old lines: from some place of the text, one line changed now and then */
        size_t from = rnd_below(nl - h + 1), bs[40], changed = rnd_below(3) ? h : rnd_below(h);
        t_put(&blk, "", 0);
        for (size_t i = 0; i < h; i++) {
            bs[i] = blk.len;
            size_t a = ls[from + i], an = ls[from + i + 1] - a - (crlf ? 2 : 1);
            if (i == changed) t_put(&blk, "d", 1);
            else t_put(&blk, t.p + a, an);
            t_put(&blk, "\n", 1);
        }
        bs[h] = blk.len;
        size_t stated = rnd_below(nl - h + 1), drift = rnd_below(nl);
        char head[64];
        snprintf(head, sizeof head, "@@ -%zu,%zu +%zu,%zu @@\n", stated + 1, h, stated + 1, h + 1);
        t_put(&patch, head, strlen(head));
        for (size_t i = 0; i < h; i++) {
            t_put(&patch, " ", 1);
            t_put(&patch, blk.p + bs[i], bs[i + 1] - bs[i]);
        }
        t_put(&patch, "+new\n", 5);
        /* where a comparison at every place finds it: nearest, up first */
        ptrdiff_t want = -1;
        for (size_t k = 0; k <= drift && want < 0; k++) {
            if (block_at(&t, ls, nl, stated + k, bs, blk.p, h, crlf)) want = (ptrdiff_t)(stated + k);
            else if (k && k <= stated && block_at(&t, ls, nl, stated - k, bs, blk.p, h, crlf))
                want = (ptrdiff_t)(stated - k);
        }
        ptrdiff_t off = 0;
        parl_patch_opts o = { drift, &off, 1 };
        parl_patch_report r;
        char *res = malloc(t.len + patch.len + 16);
        parl_patch_status st = parl_patch_apply(patch.p, patch.len, t.p, t.len, res, t.len + patch.len + 16, &o, &r);
        if (want < 0 && st != PARL_PATCH_OK) refused++;
        else if (want >= 0 && st == PARL_PATCH_OK && off == want - (ptrdiff_t)stated) found++;
        else {
            wrong++;
            fprintf(stderr, "drift search: round %d: status %d offset %td, want %td (stated %zu, drift %zu)\n",
                    round, st, off, want - (ptrdiff_t)stated, stated, drift);
        }
        free(res);
        free(t.p);
        free(patch.p);
        free(blk.p);
    }
    CHECK(found > 100 && refused > 20, "found %d, refused %d", found, refused);
    CHECK_EQ_INT(wrong, 0);
}

int main(void)
{
    test_parse_basic();
    test_parse_forms();
    test_parse_no_newline();
    test_parse_crlf();
    test_parse_errors();
    test_apply_basic();
    test_apply_no_newline();
    test_apply_errors();
    test_apply_drift();
    test_drift_search();
    test_apply_crlf();
    test_diff_format();
    test_diff_memory();
    test_round_trips();
    test_stale_patch();
    return TEST_SUMMARY("test_patch");
}
