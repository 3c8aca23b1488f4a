/* SPDX-License-Identifier: MIT */
/* gen_grammar_id: writes gen/parl_grammar.h, whose PARL_GRAMMAR_ID names the
 * grammar a copy of gen/ was made from, so that a vendored copy can tell.
 *
 * The ID is the SHA-256, in hex, of every .yaml file of grammar/ taken in byte order
 * of their names, each as "NAME\nSIZE\n" and its bytes. tools/grammar_id.sh
 * computes the same in the shell: the Makefile uses it to see that a fresh
 * clone's gen/ matches grammar/ without building the generator, and t_fresh
 * checks that the two agree. */
#define _POSIX_C_SOURCE 200809L
#include "gen.h"
#include "sha256.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPECS 64

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_spec(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && name[0] != '.' && !strcmp(name + n - 5, ".yaml");
}

/* Adds "NAME\nSIZE\n" and the file's bytes to C; 0 or -1 (reported). */
static int hash_file(sha256_ctx *c, const char *dir, const char *name)
{
    char path[4096], head[512];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        fprintf(stderr, "parlgen: path too long: %s/%s\n", dir, name);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END)) {
        fprintf(stderr, "%s:1:1: cannot read\n", path);
        if (f) fclose(f);
        return -1;
    }
    long size = ftell(f);
    rewind(f);
    int n = snprintf(head, sizeof head, "%s\n%ld\n", name, size);
    sha256_update(c, head, (size_t)n);
    char buf[8192];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) sha256_update(c, buf, got);
    int bad = ferror(f);
    fclose(f);
    if (bad) fprintf(stderr, "%s:1:1: read error\n", path);
    return bad ? -1 : 0;
}

int gen_grammar_id(gen_ctx *g)
{
    char dir[4096];
    gen_grammar_path(g, ".", dir, sizeof dir);
    dir[strlen(dir) - 2] = '\0';   /* drop the "/." */
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: cannot open the grammar directory\n", dir);
        return 1;
    }
    char *names[MAX_SPECS];
    int n = 0, err = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (is_spec(e->d_name)) {
            if (n == MAX_SPECS) { fprintf(stderr, "%s: more than %d specs\n", dir, MAX_SPECS); err = 1; break; }
            names[n++] = strdup(e->d_name);
        }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    sha256_ctx c;
    sha256_init(&c);
    for (int i = 0; i < n && !err; i++) err = hash_file(&c, dir, names[i]) != 0;
    for (int i = 0; i < n; i++) free(names[i]);
    if (err) return 1;
    unsigned char dig[32];
    sha256_final(&c, dig);
    FILE *f = gen_create(g, "parl_grammar.h", "the specs in grammar/");
    if (!f) return 1;
    fputs("/* Which grammar this copy of gen/ was made from: the SHA-256 of\n"
          " * grammar/'s specs (see tools/gen_grammar_id.c). */\n"
          "#ifndef PARL_GRAMMAR_H\n#define PARL_GRAMMAR_H\n#define PARL_GRAMMAR_ID \"", f);
    for (int i = 0; i < 32; i++) fprintf(f, "%02x", dig[i]);
    fputs("\"\n#endif\n", f);
    return gen_close(g, f);
}
