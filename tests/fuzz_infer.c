/* SPDX-License-Identifier: MIT */
/* libFuzzer target: inference, the gate and number parsing on arbitrary
 * bytes. Checks the span invariants as well as memory safety. */
#include <stdlib.h>
#include "parlance.h"
#include "infer_internal.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *q = (const char *)data;
    parl_intent in;
    parl_mode m = parl_infer(q, size, &in);
    if (m >= PARL_MODE__COUNT || in.unit >= PARL_UNIT__COUNT || in.section >= PARL_SECTION__COUNT) abort();
    if (in.has_search && (in.search.off > size || in.search.len > size - in.search.off || !in.search.len)) abort();
    if (in.nparts < 0 || in.nparts > PARL_MAX_PARTS) abort();
    if (m != PARL_MODE_NONE && !parl_is_retrieval_request(q, size)) abort();   /* the gate is generous */
    /* the automaton's shortcut must give what trying every pattern gives */
    parl_intent slow;
    parl__infer_exhaustive(q, size, &slow);
    if (slow.mode != in.mode || slow.rule != in.rule || slow.count != in.count ||
        slow.start != in.start || slow.search.off != in.search.off ||
        slow.search.len != in.search.len || slow.nparts != in.nparts)
        abort();
    int64_t v;
    bool ord;
    if (parl_parse_number(q, size, &v, &ord) && (v < 0 || v > PARL_NUMBER_MAX)) abort();
    return 0;
}
