/* SPDX-License-Identifier: MIT */
/* cli_patch.c: `parlance patch apply|diff|check`, unified diffs from the
 * command line. The runtime reports status codes; the words for them live
 * here, in the tool. */
#include "cli.h"
#include "parlance.h"
#include <stdlib.h>
#include <string.h>
#include <errno.h>


/* What each status means, for messages. */
static const char *const status_text[] = {
    [PARL_PATCH_OK] = "ok",
    [PARL_PATCH_E_EMPTY] = "no hunk found",
    [PARL_PATCH_E_FILE_HEADER] = "file headers must be a '---' line followed by a '+++' line",
    [PARL_PATCH_E_HUNK_HEADER] = "malformed hunk header, want \"@@ -START[,COUNT] +START[,COUNT] @@\"",
    [PARL_PATCH_E_SHORT] = "hunk body ends before its header's counts are met",
    [PARL_PATCH_E_LONG] = "hunk has more lines than its header counts",
    [PARL_PATCH_E_MARKER] = "'\\' marker that does not follow the last old or new line",
    [PARL_PATCH_E_ORDER] = "hunk out of order, overlapping the previous one, or after the end of the file",
    [PARL_PATCH_E_MULTIFILE] = "headers of a second file: one file per patch",
    [PARL_PATCH_E_GARBAGE] = "line is no part of a unified diff",
    [PARL_PATCH_E_MISMATCH] = "does not match the text",
    [PARL_PATCH_E_EOF] = "runs past the end of the text",
    [PARL_PATCH_E_NEWLINE] = "disagrees with the text about a final newline",
    [PARL_PATCH_E_SPACE] = "output buffer too small",
    [PARL_PATCH_E_WORK] = "work memory too small",
};

static const char *status_msg(parl_patch_status st)
{
    if ((size_t)st < sizeof status_text / sizeof status_text[0] && status_text[st])
        return status_text[st];
    return "unknown error";
}

/* "PATCH:LINE[:COL]: hunk N: message" for a patch that does not parse. */
static void parse_error(const char *patch_name, const parl_patch_report *r)
{
    fprintf(stderr, "parlance patch: %s:%zu", patch_name, r->line);
    if (r->col) fprintf(stderr, ":%zu", r->col);
    fputs(": ", stderr);
    if (r->hunk) fprintf(stderr, "hunk %zu: ", r->hunk);
    fputs(status_msg(r->status), stderr);
    if (r->status == PARL_PATCH_E_SHORT)
        fprintf(stderr, " (%zu old and %zu new lines still due)", r->old_due, r->new_due);
    fputc('\n', stderr);
}

static void apply_error(const char *file, const char *patch_name, const parl_patch_report *r)
{
    if (r->status < PARL_PATCH_E_MISMATCH) { parse_error(patch_name, r); return; }
    fprintf(stderr, "parlance patch: %s:%zu: hunk %zu %s at %s:%zu\n", patch_name, r->line,
            r->hunk, status_msg(r->status), file, r->src_line);
}

/* A count given on the command line; NULL leaves *V alone. */
static int parse_size(const char *opt, const char *s, size_t *v)
{
    if (!s) return 0;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (!*s || *end || errno || *s == '-' || x > SIZE_MAX) {
        fprintf(stderr, "parlance patch: %s needs a whole number, not '%s'\n", opt, s);
        return -1;
    }
    *v = (size_t)x;
    return 0;
}

/* To OUT (replaced whole, never left half-written) or to stdout. */
static int write_all(const char *path, const char *p, size_t n)
{
    if (path) return file_replace(path, p, n);
    int bad = n && fwrite(p, 1, n, stdout) != n;
    bad |= fflush(stdout) != 0;
    if (bad) fputs("parlance patch: stdout: write failed\n", stderr);
    return bad ? -1 : 0;
}

/* ---------------------------------------------------------------- apply */

static int patch_apply(int argc, char **argv)
{
    static const cli_opt o[] = { { "-o", "--output", 1 }, { "--drift", NULL, 1 }, { 0 } };
    cli_args a;
    if (cli_parse("patch", o, argc, argv, &a)) return 2;
    if (a.npos != 2) return cli_usage_error("patch", "%s", "apply needs FILE and PATCH");
    const char *file = a.pos[0], *patch_name = a.pos[1], *out_path = a.val[0];
    parl_patch_opts opts = { 0, NULL, 0 };
    if (parse_size("--drift", a.val[1], &opts.max_drift)) return 2;
    if (!strcmp(file, "-") && !strcmp(patch_name, "-"))
        return cli_usage_error("patch", "%s", "FILE and PATCH cannot both be stdin");

    size_t src_len, patch_len;
    char *src = read_file(file, &src_len), *patch = src ? read_file(patch_name, &patch_len) : NULL;
    char *out = NULL;
    int rc = 1;
    parl_patch_report r;
    if (!patch) goto done;
    if (parl_patch_check(patch, patch_len, &r)) { parse_error(patch_name, &r); goto done; }
    opts.offsets_cap = r.hunks;
    opts.offsets = calloc(r.hunks, sizeof *opts.offsets);
    /* Measure, then write: the runtime never writes a partial result. */
    parl_patch_status st = parl_patch_apply(patch, patch_len, src, src_len, NULL, 0, &opts, &r);
    if (st == PARL_PATCH_E_SPACE) {
        out = malloc(r.needed + 1);
        if (!out || !opts.offsets) { fputs("parlance patch: out of memory\n", stderr); goto done; }
        st = parl_patch_apply(patch, patch_len, src, src_len, out, r.needed, &opts, &r);
    }
    if (st) { apply_error(file, patch_name, &r); goto done; }
    for (size_t h = 0; h < r.hunks; h++)
        if (opts.offsets[h])
            fprintf(stderr, "parlance patch: hunk %zu applied at offset %+td lines\n", h + 1,
                    opts.offsets[h]);
    if (r.eol_adapted)
        fputs("parlance patch: adapted the patch's line ends to the text's\n", stderr);
    rc = write_all(out_path, out, r.len) ? 1 : 0;
done:
    free(src);
    free(patch);
    free(out);
    free(opts.offsets);
    return rc;
}

/* ---------------------------------------------------------------- diff */

static int patch_diff(int argc, char **argv)
{
    static const cli_opt o[] = { { "-U", "--unified", 1 }, { 0 } };
    cli_args args;
    if (cli_parse("patch", o, argc, argv, &args)) return 2;
    if (args.npos != 2) return cli_usage_error("patch", "%s", "diff needs OLD and NEW");
    const char *old_name = args.pos[0], *new_name = args.pos[1];
    size_t context = PARL_DIFF_CONTEXT;
    if (parse_size("-U", args.val[0], &context)) return 2;
    if (!strcmp(old_name, "-") && !strcmp(new_name, "-"))
        return cli_usage_error("patch", "%s", "OLD and NEW cannot both be stdin");

    size_t a_len, b_len;
    char *a = read_file(old_name, &a_len), *b = a ? read_file(new_name, &b_len) : NULL;
    void *work = NULL;
    char *out = NULL;
    int rc = 2;
    if (!b) goto done;
    parl_diff_opts opts = { context, old_name, strlen(old_name), new_name, strlen(new_name), 0 };
    parl_patch_report r;
    size_t work_size = parl_diff_work_size(a, a_len, b, b_len);
    work = work_size == SIZE_MAX ? NULL : malloc(work_size);
    if (!work) { fputs("parlance patch: texts too large\n", stderr); goto done; }
    parl_patch_status st = parl_diff(a, a_len, b, b_len, &opts, work, work_size, NULL, 0, &r);
    if (st == PARL_PATCH_E_SPACE) {
        out = malloc(r.needed);
        if (!out) { fputs("parlance patch: out of memory\n", stderr); goto done; }
        st = parl_diff(a, a_len, b, b_len, &opts, work, work_size, out, r.needed, &r);
    }
    if (st) { fprintf(stderr, "parlance patch: %s\n", status_msg(st)); goto done; }
    if (write_all(NULL, out, r.len)) goto done;
    rc = r.hunks ? 1 : 0;   /* like diff(1) */
done:
    free(a);
    free(b);
    free(work);
    free(out);
    return rc;
}

/* ---------------------------------------------------------------- check */

static void json_span(const char *text, parl_span s)
{
    json_str(stdout, text + s.off, s.len);
}

static int patch_check(int argc, char **argv)
{
    cli_args a;
    if (cli_parse("patch", NULL, argc, argv, &a)) return 2;
    if (a.npos != 1) return cli_usage_error("patch", "%s", "check needs one PATCH");
    const char *name = a.pos[0];
    size_t len;
    char *patch = read_file(name, &len);
    if (!patch) return 1;
    parl_patch_iter it;
    parl_hunk h;
    parl_patch_report r;
    int got, rc = 0;
    if (parl_patch_check(patch, len, &r)) { parse_error(name, &r); free(patch); return 1; }
    parl_patch_begin(&it, patch, len);
    fputs("{\"hunks\": [", stdout);
    for (size_t n = 0; (got = parl_patch_next(&it, &h, &r)) == 1; n++) {
        size_t plus = 0, minus = 0;
        parl_hunk_lines hl;
        parl_patch_line pl;
        parl_hunk_lines_begin(&hl, patch, &h);
        while (parl_hunk_lines_next(&hl, &pl)) {
            plus += pl.op == '+';
            minus += pl.op == '-';
        }
        printf("%s{\"line\": %zu, \"old_start\": %zu, \"old_count\": %zu, \"new_start\": %zu, "
               "\"new_count\": %zu, \"removed\": %zu, \"added\": %zu, \"old_no_newline\": %s, "
               "\"new_no_newline\": %s}", n ? ", " : "", h.line, h.old_start, h.old_count,
               h.new_start, h.new_count, minus, plus, h.old_no_newline ? "true" : "false",
               h.new_no_newline ? "true" : "false");
    }
    fputs("], \"old\": ", stdout);
    if (it.old_name.len) json_span(patch, it.old_name); else fputs("null", stdout);
    fputs(", \"new\": ", stdout);
    if (it.new_name.len) json_span(patch, it.new_name); else fputs("null", stdout);
    fputs("}\n", stdout);
    if (got < 0) rc = 1;
    free(patch);
    return rc;
}

int cmd_patch(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "apply")) return patch_apply(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "diff")) return patch_diff(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "check")) return patch_check(argc - 1, argv + 1);
    if (argc < 2) return cli_usage_error("patch", "%s", "apply, diff or check?");
    return cli_usage_error("patch", "unknown subcommand '%s'", argv[1]);
}
