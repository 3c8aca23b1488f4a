/* SPDX-License-Identifier: MIT */
#define PARL__CT_NUM                              1
#define PARL__CT_OPEN                             2
#define PARL__CT_CLOSE                            3
#define PARL__CT_OP_ADD                           4
#define PARL__CT_OP_SUB                           5
#define PARL__CT_OP_MUL                           6
#define PARL__CT_OP_DIV                           7
#define PARL__CT_OP_MOD                           8
#define PARL__CT_OP_POW                           9
#define PARL__CT_SIGN_NEG                        10
#define PARL__CT_SIGN_POS                        11
