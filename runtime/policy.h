/* SPDX-License-Identifier: MIT */
/* policy.h: stage 5 of the action dialect, policy (policy.c, stream.c and
 * the tables gen/policy_tables.c generated from grammar/verbs.yaml
 * `roles:` and `policy:`): whether a parsed command runs, waits for a
 * human's approval or is refused, and which may run while a message is
 * still streaming. Not public; see dialect_vocab.h for the stages. */
#ifndef PARL_POLICY_H
#define PARL_POLICY_H
#include "dialect_vocab.h"

/* What a writer lacking an authority level gets (parl__pol_lacking). */
enum { PARL__POL_RUN, PARL__POL_QUEUE, PARL__POL_REFUSE };
/* What a marker asks for (parl__pol_marker). */
enum { PARL__MARK_NONE, PARL__MARK_QUEUE, PARL__MARK_URGENT };

extern const unsigned char parl__pol_role_authority[PARL_ROLE_COUNT];   /* parl_authority */
extern const unsigned char parl__pol_lacking[PARL_AUTHORITY_COUNT];
extern const unsigned char parl__pol_marker[PARL_MARKER_COUNT];
/* Streaming-safe verbs: bit 0 any operation, bit N operation N; 0 unsafe. */
extern const uint32_t parl__pol_stream_ops[PARL_VERB_COUNT];
/* Role names and decision sentences: offsets into parl__pol_str. */
extern const char parl__pol_str[];
extern const unsigned short parl__pol_role_names[PARL_ROLE_COUNT];
extern const unsigned short parl__pol_messages[PARL_WHY_COUNT];
#endif
