/* SPDX-License-Identifier: MIT */
/* fuzz_yaml.c: libFuzzer target for the YAML loader (tools/yaml_doc.c) that
 * reads every grammar file and --config file, and for the config reader on
 * top of it (tools/dialect_config.c). Seeds: the YAML files of grammar/ and the
 * configs in tests/corpus.
 *
 * Input: one option byte (bit 0: also read it as a --config), then YAML.
 * Properties checked:
 *   - loading never crashes, whatever the nesting or size (a stack overflow
 *     on 40,000 '[' was the bug): a tree or an error, never both;
 *   - a tree keeps the loader's promises: nesting within YDOC_MAX_DEPTH,
 *     positions from 1:1 on, scalars with text, mapping keys scalars and
 *     never repeated;
 *   - the config reader takes any tree: it accepts or refuses, the counts
 *     it leaves within their capacities. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "yaml_doc.h"

#define REQUIRE(c) do { if (!(c)) __builtin_trap(); } while (0)

/* DEPTH: the node's, the root's 1. The limit counts collections: a scalar
 * may stand inside the deepest one allowed, one level further down (the
 * check before was off by one: 100 nested lists around a word). */
static void check_node(const ynode *n, int depth)
{
    REQUIRE(n->line >= 1 && n->col >= 1);
    if (n->kind == Y_SCALAR) { REQUIRE(depth <= YDOC_MAX_DEPTH + 1 && n->text != NULL); return; }
    REQUIRE(depth <= YDOC_MAX_DEPTH);
    if (n->kind == Y_MAP)
        for (size_t i = 0; i < n->n; i++) {
            REQUIRE(ymap_key(n, i)->kind == Y_SCALAR);
            for (size_t j = 0; j < i; j++) REQUIRE(strcmp(ymap_key(n, i)->text, ymap_key(n, j)->text) != 0);
        }
    size_t k = n->kind == Y_MAP ? 2 * n->n : n->n;
    for (size_t i = 0; i < k; i++) check_node(n->items[i], depth + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    unsigned opt = data[0];
    ydoc *d = ydoc_load_mem("fuzz.yaml", (const char *)data + 1, size - 1);
    if (!d) return 0;
    if (d->root) check_node(d->root, d->root->kind == Y_SCALAR ? 0 : 1);
    if (opt & 1) {
        parl_dialect_config *cfg = malloc(sizeof *cfg);
        REQUIRE(cfg);
        parl_config_init(cfg);
        dialect_config_apply(d, cfg);
        REQUIRE(cfg->nverbs >= 0 && cfg->nverbs <= PARL_CFG_MAX_VERBS);
        REQUIRE(cfg->naliases >= 0 && cfg->naliases <= PARL_CFG_MAX_ALIASES);
        free(cfg);
    }
    ydoc_free(d);
    return 0;
}
