/* SPDX-License-Identifier: MIT */
/* intent_json: the one JSON form of an intent, shared by `parlance infer`
 * and the grammar checker so tests compare exactly what users see. Keys
 * that do not apply are left out (README, "Requests -> intents"). */
#include "cli.h"
#include "parlance.h"

/* Names of parl_refusal values in JSON. */
static const char *const refusal_names[] = { "none", "number", "too_large", "too_many_parts" };

const char *intent_refusal_name(parl_refusal r)
{
    return (unsigned)r < sizeof refusal_names / sizeof refusal_names[0] ? refusal_names[r] : "none";
}

int intent_refusal_from_name(const char *name)
{
    for (size_t i = 0; i < sizeof refusal_names / sizeof refusal_names[0]; i++)
        if (!strcmp(refusal_names[i], name)) return (int)i;
    return -1;
}

static void scope_json(FILE *f, const parl_region *s)
{
    fputs(",\"scope\":{", f);
    if (s->section) fprintf(f, "\"section\":\"%s\"", parl_section_name(s->section));
    else fprintf(f, "\"unit\":\"%s\",\"count\":%lld", parl_unit_name(s->unit), (long long)s->count);
    if (s->from_end) fputs(",\"from_end\":true", f);
    fputc('}', f);
}

void intent_json(FILE *f, const parl_intent *in, const char *req)
{
    fputs("{\"mode\":", f);
    json_str(f, parl_mode_name(in->mode), strlen(parl_mode_name(in->mode)));
    if (in->inner) fprintf(f, ",\"inner\":\"%s\"", parl_mode_name(in->inner));
    if (in->unit) fprintf(f, ",\"unit\":\"%s\"", parl_unit_name(in->unit));
    if (in->has_count) fprintf(f, ",\"count\":%lld", (long long)in->count);
    if (in->has_start) fprintf(f, ",\"start\":%lld", (long long)in->start);
    if (in->has_end) {
        if (in->end_open) fputs(",\"end\":null", f);
        else fprintf(f, ",\"end\":%lld", (long long)in->end);
    }
    if (in->has_search) {
        fputs(",\"search\":", f);
        json_str(f, req + in->search.off, in->search.len);
    }
    if (in->section) fprintf(f, ",\"section\":\"%s\"", parl_section_name(in->section));
    if (in->scope.unit || in->scope.section) scope_json(f, &in->scope);
    if (in->count_only) fputs(",\"count_only\":true", f);
    if (in->nparts) {
        fputs(",\"parts\":[", f);
        for (int i = 0; i < in->nparts; i++)
            fprintf(f, "%s{\"count\":%lld}", i ? "," : "", (long long)in->parts[i]);
        fputc(']', f);
    }
    if (in->refusal) {
        fprintf(f, ",\"refused\":\"%s\",\"phrase\":", intent_refusal_name(in->refusal));
        json_str(f, req + in->refused.off, in->refused.len);
    }
    fputc('}', f);
}
