/* SPDX-License-Identifier: MIT */
/* text_out: a document's text on the user's terminal. Text quoted from a
 * document may hold escape sequences (colours, cursor moves, a retitled
 * window, a rewritten screen); on a terminal every control character but
 * tab and line end is written visibly instead, as JSON writes it: C0, DEL
 * and the C1 code points (U+0080-U+009F, which some terminals obey too) as
 * \u001b, a carriage return not ending a line as \r. Into a pipe or a file
 * the bytes go as they are (`show --content` stays byte for byte there). */
#include <unistd.h>
#include "cli.h"

/* Bytes at S (N of them) that are a control to escape: 1 or 2 (a C1 code
 * point in UTF-8), 0 for anything else. */
static size_t control_at(const unsigned char *s, size_t n)
{
    if (s[0] == '\r') return n > 1 && s[1] == '\n' ? 0 : 1;
    if ((s[0] < 0x20 && s[0] != '\t' && s[0] != '\n') || s[0] == 0x7f) return 1;
    return s[0] == 0xC2 && n > 1 && s[1] >= 0x80 && s[1] <= 0x9F ? 2 : 0;
}

void text_out(FILE *f, const char *text, size_t n)
{
    if (!isatty(fileno(f))) {
        fwrite(text, 1, n, f);
        return;
    }
    const unsigned char *s = (const unsigned char *)text;
    size_t start = 0;
    for (size_t i = 0; i < n;) {
        size_t k = control_at(s + i, n - i);
        if (!k) { i++; continue; }
        fwrite(s + start, 1, i - start, f);
        if (s[i] == '\r') fputs("\\r", f);
        else fprintf(f, "\\u%04x", k == 2 ? s[i + 1] : s[i]);
        start = i += k;
    }
    fwrite(s + start, 1, n - start, f);
}
