/* TEMPORARY bootstrap stub, replaced by the real inference module. */
#include "gen.h"
int gen_infer(gen_ctx *g)
{
    FILE *f = gen_create(g, "parl_vocab.h", "grammar/*.yaml");
    if (!f) return 1;
    fputs("#ifndef PARL_VOCAB_H\n#define PARL_VOCAB_H\n"
          "typedef enum { PARL_MODE_NONE } parl_mode;\n"
          "typedef enum { PARL_UNIT_NONE } parl_unit;\n"
          "typedef enum { PARL_SECTION_NONE } parl_section;\n#endif\n", f);
    return gen_close(g, f);
}
