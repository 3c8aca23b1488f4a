/* SPDX-License-Identifier: MIT */
/* The runtime never touches the heap: every request of grammar/tests.yaml
 * goes through parl_infer, the gate and parl_parse_number while malloc and
 * friends count calls. (Under AddressSanitizer the allocator is not ours to
 * replace; t_noheap.sh also checks the objects' symbols.) */
#include <stdlib.h>
#include "testlib.h"
#include "parlance.h"
#include "yaml_doc.h"

#if defined(__SANITIZE_ADDRESS__)
#define COUNTING 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COUNTING 0
#endif
#endif
#ifndef COUNTING
#define COUNTING 1
#endif

static int counting, calls;

#if COUNTING
extern void *__libc_malloc(size_t), *__libc_calloc(size_t, size_t), *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
void *malloc(size_t n) { calls += counting; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { calls += counting; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { calls += counting; return __libc_realloc(p, n); }
void free(void *p) { calls += counting && p; __libc_free(p); }
#endif

int main(void)
{
    if (!COUNTING) {
        puts("test_alloc: 0 passed, 0 failed (skipped under ASan)");
        return 0;
    }
    /* The counter must see an allocation when there is one. */
    counting = 1;
    void *(*volatile alloc)(size_t) = malloc;
    void *volatile probe = alloc(16);
    counting = 0;
    free(probe);
    CHECK(calls == 1, "the counting allocator works");
    calls = 0;

    ydoc *d = ydoc_load("grammar/tests.yaml");
    CHECK(d != NULL, "tests.yaml loads");
    if (!d) return TEST_SUMMARY("test_alloc");
    int inputs = 0;
    for (size_t s = 0; s < d->root->n; s++) {
        const ynode *list = ymap_val(d->root, s);
        for (size_t i = 0; i < list->n; i++) {
            const ynode *q = ymap_get(list->items[i], "q");
            if (!q) continue;
            size_t n = strlen(q->text);
            parl_intent in;
            int64_t v;
            counting = 1;
            parl_infer(q->text, n, &in);
            parl_is_retrieval_request(q->text, n);
            parl_parse_number(q->text, n, &v, NULL);
            counting = 0;
            inputs++;
        }
    }
    CHECK(inputs > 200, "ran %d inputs", inputs);
    CHECK(calls == 0, "%d allocator calls inside the runtime", calls);
    printf("test_alloc: %d inputs, %d allocator calls\n", inputs, calls);
    ydoc_free(d);
    return TEST_SUMMARY("test_alloc");
}
