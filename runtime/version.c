/* SPDX-License-Identifier: MIT */
/* version: which library, and which grammar, a program is running. */
#include "parlance.h"

const char *parl_version(void) { return PARL_VERSION; }
int parl_version_number(void) { return PARL_VERSION_NUMBER; }
const char *parl_grammar_id(void) { return PARL_GRAMMAR_ID; }
