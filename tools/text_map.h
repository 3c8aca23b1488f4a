/* SPDX-License-Identifier: MIT */
/* text_map.h: a file's text as one read-only mapping, for a command that
 * walks a document once from start to end (profile). The pages it has
 * passed can be given back (text_map_release): they stay readable, the
 * kernel reads them again from the file when touched, so the memory a
 * command holds is what it is looking at, not the file's size. Input that
 * is not a regular file (standard input or a named path that is a pipe,
 * FIFO or terminal: `parlance profile <(zcat doc.gz)`) is first copied into
 * an unlinked temporary file. */
#ifndef PARL_TEXT_MAP_H
#define PARL_TEXT_MAP_H
#include <stddef.h>

typedef struct text_map {
    const char *text;   /* the whole text ("" when empty) */
    size_t len;
    void *map;          /* the mapping (NULL when empty) */
    size_t released;    /* bytes from the start already given back */
    int fd;             /* text_map_file's 2: the descriptor to read as a stream */
} text_map;

/* PATH "-": standard input. 0, or 1 after saying why on stderr. */
int text_map_open(const char *path, text_map *m);
/* The same, but 2 (nothing said, nothing read: the caller reads M->fd as a
 * stream, 0 for standard input, and closes it) when the input is a pipe,
 * FIFO or terminal, or when the file cannot be mapped (no address space
 * for it: ulimit -v). A FIFO is opened once only: opening it again could
 * leave its writer without a reader for a moment. */
int text_map_file(const char *path, text_map *m);
/* The reader has reached byte OFF: every 8 MB, the pages more than a
 * megabyte behind it (the splitter looks back less) are given back. Called
 * per sentence, so the test is inline and the work is not. */
#define TEXT_MAP_STEP (8u << 20)
#define TEXT_MAP_KEEP (1u << 20)
void text_map_release(text_map *m, size_t off);
static inline void text_map_passed(text_map *m, size_t off)
{
    if (off >= m->released + TEXT_MAP_STEP + TEXT_MAP_KEEP && m->map) text_map_release(m, off);
}
/* Gives back every page, for a reader that starts again from the start
 * (none when none was given back yet: the text is all there still). */
void text_map_rewind(text_map *m);
void text_map_close(text_map *m);
#endif
