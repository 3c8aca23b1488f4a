/* SPDX-License-Identifier: MIT */
/* fuzz_calc: libFuzzer over /calc's expressions (runtime + gen only):
 * any bytes give a status, an error names a span inside the input, a
 * result is a finite number, and a whole result is exact. */
#include <stdint.h>
#include <stdlib.h>
#include "parlance.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parl_calc_result r;
    parl_calc_status st = parl_calc((const char *)data, size, &r);
    if ((int)st < PARL_CALC_OK || st > PARL_CALC_E_DEPTH) abort();
    if (r.at.off > size || r.at.len > size - r.at.off) abort();
    if (st == PARL_CALC_OK) {
        if (r.d != r.d || r.d - r.d != 0) abort();       /* NaN or infinite */
        if (r.is_int && (double)r.i != r.d) abort();
    }
    return 0;
}
