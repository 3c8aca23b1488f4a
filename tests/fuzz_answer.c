/* SPDX-License-Identifier: MIT */
/* fuzz_answer.c: libFuzzer target for parl_answer(): the input is a request,
 * a NUL byte, then the document (no NUL: the request alone on an empty
 * document). Any bytes, any capacities: the answer and quotes stay within the
 * buffers, quotes point inside the document, and the sizes reported with
 * tiny buffers agree with a full run. */
#include "parlance.h"
#include <stdlib.h>
#include <string.h>

#define PCAP 64
#define SCAP 256

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *in = (const char *)data;
    const char *nul = memchr(in, 0, size);
    size_t qlen = nul ? (size_t)(nul - in) : size;
    const char *doc = nul ? nul + 1 : in + size;
    size_t dlen = nul ? size - qlen - 1 : 0;
    static parl_paragraph pa[PCAP];
    static parl_sentence se[SCAP];
    parl_profile p;
    parl_analyze(doc, dlen, NULL, &p, pa, PCAP, se, SCAP);
    parl_intent it;
    parl_infer(in, qlen, &it);
    char big[1 << 16], small[7];
    parl_quote qs[8];
    parl_answer_info a, b;
    memset(small, 0x5A, sizeof small);
    int r = parl_answer(doc, dlen, &p, pa, se, &it, in, qlen, 0, big, sizeof big, qs, 8, &a);
    parl_answer(doc, dlen, &p, pa, se, &it, in, qlen, 0, small, 4, NULL, 0, &b);
    if (a.needed != b.needed || a.nquotes != b.nquotes || a.matches != b.matches) abort();
    if (small[4] != 0x5A || small[a.needed < 4 ? a.needed - 1 : 3] != 0) abort();
    if (r != (a.needed > sizeof big || a.nquotes > 8)) abort();
    if (a.needed <= sizeof big && (a.len != a.needed - 1 || strlen(big) > a.len)) abort();
    for (size_t i = 0; i < a.nquotes && i < 8; i++)
        if (qs[i].start > qs[i].end || qs[i].end > dlen || qs[i].line < 1) abort();
    return 0;
}
