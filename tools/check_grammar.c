/* TEMPORARY bootstrap stub, replaced by the real test-matrix checker. */
#include <stdio.h>
int main(void) { puts("check_grammar: 0 passed, 0 failed"); return 0; }
