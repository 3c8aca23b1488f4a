/* libFuzzer target: inference, the gate and number parsing on arbitrary
 * bytes. Checks the span invariants as well as memory safety. */
#include <stdlib.h>
#include "parlance.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *q = (const char *)data;
    parl_intent in;
    parl_mode m = parl_infer(q, size, &in);
    if (m >= PARL_MODE__COUNT || in.unit >= PARL_UNIT__COUNT || in.section >= PARL_SECTION__COUNT) abort();
    if (in.has_search && (in.search.off > size || in.search.len > size - in.search.off || !in.search.len)) abort();
    if (in.nparts < 0 || in.nparts > PARL_MAX_PARTS) abort();
    if (m != PARL_MODE_NONE && !parl_is_retrieval_request(q, size)) abort();   /* the gate is generous */
    int64_t v;
    bool ord;
    if (parl_parse_number(q, size, &v, &ord) && (v < 0 || v > PARL_NUMBER_MAX)) abort();
    return 0;
}
