/* SPDX-License-Identifier: MIT */
/* gen_casefold: compiles Unicode's CaseFolding.txt (the Debian package
 * unicode-data installs it in /usr/share/unicode; `parlgen --unicode DIR`
 * names another directory) into gen/casefold.c: the simple case folding
 * (statuses C and S) as runs of code points that fold by one offset, every
 * one or every other code point, found by halves at run time. Searches in
 * answers fold both sides with it. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gen.h"

#define FOLD_MAX 4096   /* CaseFolding 15.0 has about 1,500 C and S entries */

typedef struct { uint32_t from, to; } fold_pair;
typedef struct { uint32_t start; int32_t delta; uint16_t count; uint8_t stride; } fold_run;

/* Reads "CODE; STATUS; MAPPING; # NAME" lines; 0 and reported on error. */
static int read_folds(const char *path, fold_pair *pairs, int *n, char *version, size_t vn)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot read the Unicode case folding data (the Debian package "
                        "unicode-data installs it: make deps; or parlgen --unicode DIR)\n", path);
        return 0;
    }
    char line[512];
    int lineno = 0, ok = 1;
    *n = 0;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        if (lineno == 1 && line[0] == '#') {
            const char *v = line + 1 + strspn(line + 1, " ");
            snprintf(version, vn, "%.*s", (int)strcspn(v, "\r\n"), v);
            continue;
        }
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == 0) continue;
        char *p = line, *end;
        unsigned long from = strtoul(p, &end, 16);
        char status = 0;
        unsigned long to = 0;
        if (end != p && *end == ';') {
            p = end + 1;
            while (*p == ' ') p++;
            status = *p++;
            if (*p == ';') {
                p++;
                to = strtoul(p, &end, 16);
                if (end == p || (*end != ';' && *end != ' ')) status = 0;
            } else status = 0;
        }
        if (!strchr("CSFT", status ? status : '?') || from > 0x10FFFF || to > 0x10FFFF) {
            fprintf(stderr, "%s:%d:%d: expected 'CODE; STATUS; MAPPING; # NAME'\n", path, lineno,
                    (int)(p - line) + 1);
            ok = 0;
        } else if (status == 'C' || status == 'S') {
            if (*n == FOLD_MAX) {
                fprintf(stderr, "%s:%d:1: more than %d simple case foldings\n", path, lineno, FOLD_MAX);
                ok = 0;
            } else {
                pairs[(*n)++] = (fold_pair){ (uint32_t)from, (uint32_t)to };
            }
        }
    }
    fclose(f);
    return ok;
}

static int cmp_pair(const void *a, const void *b)
{
    uint32_t x = ((const fold_pair *)a)->from, y = ((const fold_pair *)b)->from;
    return x < y ? -1 : x > y;
}

/* Groups PAIRS (sorted) into runs: the same offset, every code point
 * (A-Z) or every other one (Latin Extended-A: Ā ā Ă ă ...). */
static int make_runs(const fold_pair *pairs, int n, fold_run *runs)
{
    int nr = 0;
    for (int i = 0; i < n;) {
        fold_run r = { pairs[i].from, (int32_t)pairs[i].to - (int32_t)pairs[i].from, 1, 1 };
        if (i + 1 < n && pairs[i + 1].to - pairs[i + 1].from == pairs[i].to - pairs[i].from &&
            pairs[i + 1].from - pairs[i].from <= 2)
            r.stride = (uint8_t)(pairs[i + 1].from - pairs[i].from);
        int j = i + 1;
        while (j < n && r.count < 0xffff && pairs[j].from == pairs[j - 1].from + r.stride &&
               (int32_t)pairs[j].to - (int32_t)pairs[j].from == r.delta) {
            r.count++;
            j++;
        }
        runs[nr++] = r;
        i = j;
    }
    return nr;
}

/* What goes before entry I of an array written PER to a line. */
static const char *sep(int i, int per) { return !i ? "\n    " : i % per ? ", " : ",\n    "; }

static void emit(FILE *f, const fold_run *runs, int nr, const char *version)
{
    fprintf(f, "/* Unicode simple case folding (%s, statuses C and S): runs of code\n"
               " * points that fold by one offset, every code point or every other one. */\n"
               "#include <stdint.h>\n#include \"casefold.h\"\n\n", version);
    fprintf(f, "static const uint32_t casefold_start[%d] = {", nr);
    for (int i = 0; i < nr; i++) fprintf(f, "%s0x%05x", sep(i, 8), runs[i].start);
    fprintf(f, "\n};\n/* count << 1 | (stride - 1) */\nstatic const uint32_t casefold_span[%d] = {", nr);
    for (int i = 0; i < nr; i++)
        fprintf(f, "%s%u", sep(i, 12), (unsigned)runs[i].count << 1 | (runs[i].stride - 1u));
    fprintf(f, "\n};\nstatic const int32_t casefold_delta[%d] = {", nr);
    for (int i = 0; i < nr; i++) fprintf(f, "%s%d", sep(i, 12), runs[i].delta);
    fprintf(f, "\n};\n\n"
               "uint32_t parl__casefold(uint32_t cp)\n{\n"
               "    if (cp < 0x80) return cp - 'A' < 26 ? cp | 0x20 : cp;\n"
               "    int lo = 0, hi = %d;   /* the last run starting at or before CP */\n"
               "    if (cp < casefold_start[0]) return cp;\n"
               "    while (hi - lo > 1) {\n"
               "        int mid = (lo + hi) / 2;\n"
               "        if (casefold_start[mid] <= cp) lo = mid; else hi = mid;\n"
               "    }\n"
               "    uint32_t off = cp - casefold_start[lo], stride = (casefold_span[lo] & 1) + 1;\n"
               "    if (off %% stride || off / stride >= casefold_span[lo] >> 1) return cp;\n"
               "    return (uint32_t)((int32_t)cp + casefold_delta[lo]);\n}\n", nr);
}

int gen_casefold(gen_ctx *g, const char *unicode_dir)
{
    char path[4096], version[128] = "CaseFolding.txt";
    snprintf(path, sizeof path, "%s/CaseFolding.txt", unicode_dir);
    fold_pair *pairs = calloc(FOLD_MAX, sizeof *pairs);
    fold_run *runs = calloc(FOLD_MAX, sizeof *runs);
    int n = 0, ok = pairs && runs && read_folds(path, pairs, &n, version, sizeof version);
    if (ok && !n) {
        fprintf(stderr, "%s:1:1: no simple case foldings found\n", path);
        ok = 0;
    }
    if (ok) {
        qsort(pairs, (size_t)n, sizeof *pairs, cmp_pair);
        int nr = make_runs(pairs, n, runs);
        FILE *f = gen_create(g, "casefold.c", "Unicode's CaseFolding.txt (package unicode-data)");
        if (f) {
            emit(f, runs, nr, version);
            gen_close(g, f);
        }
        if ((f = gen_create(g, "casefold.h", "Unicode's CaseFolding.txt (package unicode-data)"))) {
            fputs("#ifndef PARL_CASEFOLD_H\n#define PARL_CASEFOLD_H\n#include <stdint.h>\n"
                  "/* The simple case folding of CP (CP itself when it has none). */\n"
                  "uint32_t parl__casefold(uint32_t cp);\n#endif\n", f);
            gen_close(g, f);
        }
    }
    free(pairs);
    free(runs);
    return !ok;
}
