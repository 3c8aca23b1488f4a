/* SPDX-License-Identifier: MIT */
#define PARL__DT_VERB                             1
#define PARL__DT_WORD                             2
#define PARL__DT_PUNCT                            3
#define PARL__DT_QWORD                            4
#define PARL__DT_MINUSWORD                        5
#define PARL__DT_PLUS                             6
#define PARL__DT_ARROW                            7
#define PARL__DT_STRING                           8
#define PARL__DT_TRIPLE                           9
#define PARL__DT_FENCE                           10
#define PARL__DT_QLINES                          11
#define PARL__DT_REF                             12
#define PARL__DT_REFURI                          13
#define PARL__DT_URL                             14
#define PARL__DT_SIGILWORD                       15
#define PARL__DT_MARKER                          16
#define PARL__DT_UNTERMINATED                    17
