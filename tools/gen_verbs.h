/* SPDX-License-Identifier: MIT */
/* gen_verbs.h: what the dialect module of the generator (gen_verbs.c)
 * hands to the policy module (gen_policy.c), which reads the `roles:` and
 * `policy:` sections of grammar/verbs.yaml against the names the rest of
 * the file defines. */
#ifndef PARL_GEN_VERBS_H
#define PARL_GEN_VERBS_H
#include <stdio.h>
#include "gen.h"

/* Names in definition order, with where each was written. */
typedef struct {
    char **name;
    const ynode **at;
    int n;
} gen_names;

/* The dialect as far as policy needs it. */
typedef struct {
    const gen_names *ops, *authority, *markers;
    int nverbs;
    const char *const *verb_name;
    const ynode *const *verb_at;
    const int *verb_authority;      /* index into authority */
    const int *verb_decides;        /* `decides: true` (approve, deny, halt) */
} gen_dialect;

typedef struct gen_policy gen_policy;
/* Reads ROOT's `roles:` and `policy:`; NULL after reporting errors
 * (counted in *ERRORS). */
gen_policy *gen_policy_read(const ynode *root, const gen_dialect *d, int *errors);
/* The public enum parl_role, into parl_dialect.h. */
void gen_policy_enums(FILE *f, const gen_policy *p);
/* gen/policy_tables.c: the tables runtime/policy.h declares. */
int gen_policy_tables(gen_ctx *g, const gen_policy *p);
void gen_policy_free(gen_policy *p);
#endif
