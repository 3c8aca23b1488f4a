/* TEMPORARY bootstrap stub. */
#include "cli.h"
int cmd_infer(int argc, char **argv) { (void)argc; (void)argv; fputs("not yet\n", stderr); return 1; }
int cmd_gate(int argc, char **argv) { (void)argc; (void)argv; fputs("not yet\n", stderr); return 1; }
