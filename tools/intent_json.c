/* SPDX-License-Identifier: MIT */
/* intent_json: the one JSON form of an intent, shared by `parlance infer`
 * and the grammar checker so tests compare exactly what users see. */
#include "cli.h"
#include "parlance.h"

void intent_json(FILE *f, const parl_intent *in, const char *search, size_t search_len)
{
    fputs("{\"mode\":", f);
    json_str(f, parl_mode_name(in->mode), strlen(parl_mode_name(in->mode)));
    if (in->unit) fprintf(f, ",\"unit\":\"%s\"", parl_unit_name(in->unit));
    if (in->has_count) fprintf(f, ",\"count\":%lld", (long long)in->count);
    if (in->has_start) fprintf(f, ",\"start\":%lld", (long long)in->start);
    if (in->has_end) {
        if (in->end_open) fputs(",\"end\":null", f);
        else fprintf(f, ",\"end\":%lld", (long long)in->end);
    }
    if (in->has_search) {
        fputs(",\"search\":", f);
        json_str(f, search, search_len);
    }
    if (in->section) fprintf(f, ",\"section\":\"%s\"", parl_section_name(in->section));
    if (in->count_only) fputs(",\"count_only\":true", f);
    if (in->nparts) {
        fputs(",\"parts\":[", f);
        for (int i = 0; i < in->nparts; i++)
            fprintf(f, "%s{\"count\":%lld}", i ? "," : "", (long long)in->parts[i]);
        fputc(']', f);
    }
    fputc('}', f);
}
