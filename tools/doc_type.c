/* SPDX-License-Identifier: MIT */
/* doc_type: what a file given to `parlance add` is. The store keeps text
 * only (it is profiled and quoted), so the checks refuse what would be
 * stored wrongly: empty files, binary formats, NUL bytes, text in another
 * encoding than UTF-8. The MIME type comes from the extension when it is a
 * known text type, else from a sniff of the content. */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "store.h"

static const struct { const char *ext, *mime; } by_extension[] = {
    { "md", "text/markdown" }, { "markdown", "text/markdown" }, { "mdown", "text/markdown" },
    { "mkd", "text/markdown" }, { "txt", "text/plain" }, { "text", "text/plain" },
    { "html", "text/html" }, { "htm", "text/html" }, { "csv", "text/csv" },
    { "json", "application/json" }, { "xml", "application/xml" }, { "yaml", "application/yaml" },
    { "yml", "application/yaml" },
};

/* Signatures of common binary formats, so the refusal can say what it is.
 * Compared with length, as several contain NUL bytes. */
static const struct { const char *magic; size_t len; const char *what; } signatures[] = {
    { "%PDF-", 5, "a PDF document" }, { "\x89PNG", 4, "a PNG image" }, { "GIF8", 4, "a GIF image" },
    { "\xFF\xD8\xFF", 3, "a JPEG image" }, { "PK\x03\x04", 4, "a ZIP archive (or docx, xlsx, epub)" },
    { "\x1F\x8B", 2, "gzip data" }, { "\x7F" "ELF", 4, "an executable" },
    { "\xFD" "7zXZ", 5, "xz data" }, { "SQLite format 3", 16, "an SQLite database" },
    { "\xFF\xFE", 2, "UTF-16 text (convert it to UTF-8)" }, { "\xFE\xFF", 2, "UTF-16 text (convert it to UTF-8)" },
    { "\xD0\xCF\x11\xE0", 4, "an MS Office document" },
};

#define SNIFF_BYTES 65536       /* how much of the start the sniffs look at */
#define CONTROL_PERCENT 5       /* more control bytes than this: binary */

static const char *extension_type(const char *name)
{
    const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');
    if (!dot || (slash && dot < slash)) return NULL;
    for (size_t i = 0; i < sizeof by_extension / sizeof by_extension[0]; i++)
        if (!strcasecmp(dot + 1, by_extension[i].ext)) return by_extension[i].mime;
    return NULL;
}

/* Control bytes other than tab, line ends, form feed and escape. */
static int is_control(unsigned char c)
{
    return (c < 0x20 && !strchr("\t\n\v\f\r\x1b", c)) || c == 0x7f;
}

const char *doc_binary(const char *text, size_t len, char *why, size_t n)
{
    for (size_t i = 0; i < sizeof signatures / sizeof signatures[0]; i++)
        if (len >= signatures[i].len && !memcmp(text, signatures[i].magic, signatures[i].len)) {
            snprintf(why, n, "is %s, not text", signatures[i].what);
            return why;
        }
    const char *nul = memchr(text, 0, len);
    if (nul) {
        snprintf(why, n, "is binary (a NUL byte at offset %zu)", (size_t)(nul - text));
        return why;
    }
    size_t m = len < SNIFF_BYTES ? len : SNIFF_BYTES, controls = 0;
    for (size_t i = 0; i < m; i++) controls += is_control((unsigned char)text[i]);
    if (controls * 100 > m * CONTROL_PERCENT) {
        snprintf(why, n, "is binary (%zu control bytes in its first %zu)", controls, m);
        return why;
    }
    return NULL;
}

const char *doc_not_utf8(const char *text, size_t len, char *why, size_t n)
{
    size_t bad = utf8_valid_prefix(text, len);
    if (bad == len) return NULL;
    size_t line = 1;
    for (size_t i = 0; i < bad; i++) line += text[i] == '\n';
    snprintf(why, n, "is not valid UTF-8 (byte 0x%02X at offset %zu, line %zu); convert it first,"
             " e.g. iconv -f latin1 -t utf-8", (unsigned char)text[bad], bad, line);
    return why;
}

/* Does a line of the start begin with PREFIX (ASCII case ignored)? */
static int some_line_starts(const char *text, size_t len, const char *prefix)
{
    size_t k = strlen(prefix);
    for (size_t i = 0; i < len; i++) {
        if (i && text[i - 1] != '\n') continue;
        if (len - i >= k && !strncasecmp(text + i, prefix, k)) return 1;
    }
    return 0;
}

/* HTML by its first tag, markdown by a heading or a code fence. */
static const char *sniff_type(const char *text, size_t len)
{
    size_t i = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    while (i < len && isspace((unsigned char)text[i])) i++;
    if ((len - i >= 14 && !strncasecmp(text + i, "<!doctype html", 14)) ||
        (len - i >= 5 && !strncasecmp(text + i, "<html", 5)))
        return "text/html";
    size_t m = len < SNIFF_BYTES ? len : SNIFF_BYTES;
    static const char *const markdown[] = { "# ", "## ", "### ", "#### ", "```", "~~~" };
    for (size_t k = 0; k < sizeof markdown / sizeof markdown[0]; k++)
        if (some_line_starts(text, m, markdown[k])) return "text/markdown";
    return "text/plain";
}

const char *doc_type(const char *name, const char *text, size_t len, char *why, size_t n)
{
    if (len == 0) {
        snprintf(why, n, "is empty; there is nothing to store");
        return NULL;
    }
    if (doc_binary(text, len, why, n)) {
        size_t k = strlen(why);
        snprintf(why + k, n - k, "; only text documents can be stored");
        return NULL;
    }
    if (doc_not_utf8(text, len, why, n)) return NULL;
    const char *mime = extension_type(name);
    return mime ? mime : sniff_type(text, len);
}

#define NAME_MAX_BYTES 1024

const char *doc_name_problem(const char *name)
{
    size_t n = strlen(name);
    if (n == 0) return "a document name cannot be empty";
    if (n > NAME_MAX_BYTES) return "a document name is at most 1024 bytes";
    if (utf8_valid_prefix(name, n) != n) return "a document name must be valid UTF-8";
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
            return "a document name cannot contain control characters or line breaks";
    /* `ask NAME` reads an argument with a '/' as a file: a stored name that
     * looked like a path (./paper.md) would shadow the file or be
     * unreachable. */
    if (strchr(name, '/')) return "a document name cannot contain '/' (a NAME with '/' is read as a path)";
    if (!strcmp(name, ".") || !strcmp(name, "..") || !strcmp(name, "-"))
        return "'.', '..' and '-' cannot name a document";
    return NULL;
}
