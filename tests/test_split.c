/* SPDX-License-Identifier: MIT */
/* test_split.c: sentence boundaries, spans and lines; the seed's step-9
 * list, every rule of issue 3, and streaming in windows. */
#include "parlance.h"
#include "cli.h"
#include "testlib.h"
#include <stdlib.h>

#define MAXS 64

typedef struct {
    size_t n;
    parl_sentence s[MAXS];
} result;

static void split_all(const char *text, size_t len, unsigned flags, result *r)
{
    parl_splitter it;
    parl_split_init(&it, text, len, flags);
    r->n = 0;
    while (r->n < MAXS && parl_split_next(&it, &r->s[r->n])) r->n++;
}

/* Splits TEXT and compares the sentence texts with WANT. */
static void expect(int line, const char *text, const char *const *want, size_t n)
{
    result r;
    split_all(text, strlen(text), 0, &r);
    int ok = r.n == n;
    for (size_t i = 0; ok && i < n; i++)
        ok = r.s[i].len == strlen(want[i]) && !memcmp(text + r.s[i].off, want[i], r.s[i].len);
    CHECK(ok, "line %d: splitting \"%s\"", line, text);
    if (!ok) {
        for (size_t i = 0; i < r.n; i++)
            fprintf(stderr, "   got  [%.*s]\n", (int)r.s[i].len, text + r.s[i].off);
        for (size_t i = 0; i < n; i++) fprintf(stderr, "   want [%s]\n", want[i]);
    }
}

#define EXPECT(text, ...) do { static const char *const w_[] = { __VA_ARGS__ }; \
    expect(__LINE__, text, w_, sizeof w_ / sizeof w_[0]); } while (0)
#define EXPECT_NONE(text) expect(__LINE__, text, NULL, 0)

/* ---------------------------------------------------------------- seed step 9 */

static void seed_cases(void)
{
    EXPECT_NONE("");
    EXPECT_NONE("   \n\n \t \r\n");
    EXPECT("Hello world", "Hello world");
    EXPECT("First paragraph. Still first.\n\nSecond paragraph.\n\n\nThird one",
           "First paragraph.", "Still first.", "Second paragraph.", "Third one");
    EXPECT("Mr. Smith went to D.C. yesterday. Dr. Jones stayed home.",
           "Mr. Smith went to D.C. yesterday.", "Dr. Jones stayed home.");
    EXPECT("Mr. Smith went to D.C.", "Mr. Smith went to D.C.");
    EXPECT("See https://example.com/page.html for more. Then leave.",
           "See https://example.com/page.html for more.", "Then leave.");
    EXPECT("Go to www.example.org. It works.", "Go to www.example.org.", "It works.");
    EXPECT("Version 3.14 is out. Pi is 3.14159. Done.", "Version 3.14 is out.",
           "Pi is 3.14159.", "Done.");
    EXPECT("# Title\nSome text here. More text.\n\n## Sub\n- one\n- two\n1. first\n2. second\n",
           "# Title", "Some text here.", "More text.", "## Sub", "- one", "- two", "1. first",
           "2. second");
    EXPECT("Before.\n```\nx = 1. Y = 2.\n\nZ = 3.\n```\nAfter.", "Before.",
           "```\nx = 1. Y = 2.\n\nZ = 3.\n```", "After.");
    EXPECT("        The space factory was quiet. Nobody\n            moved at all.\n\n"
           "        Then the alarm rang.",
           "The space factory was quiet.", "Nobody\n            moved at all.",
           "Then the alarm rang.");
    EXPECT("\"Vatueil? Captain Vatueil?\" The voice echoed through the hall.",
           "\"Vatueil? Captain Vatueil?\"", "The voice echoed through the hall.");
    EXPECT("She called, \"Vatueil? Captain Vatueil?\" and waited.",
           "She called, \"Vatueil? Captain Vatueil?\" and waited.");
    EXPECT("\xE2\x80\x9CVatueil? Captain Vatueil?\xE2\x80\x9D No answer came.",
           "\xE2\x80\x9CVatueil? Captain Vatueil?\xE2\x80\x9D", "No answer came.");
    EXPECT("Wait... what happened? I don't know... Maybe later.", "Wait... what happened?",
           "I don't know...", "Maybe later.");
}

/* The seed's deny-list: none of these ends a sentence before a number, a
 * name or a lower-case word. */
static void seed_abbreviations(void)
{
    static const char *const deny[] = { "Mr", "Mrs", "Ms", "Dr", "Prof", "Sr", "Jr", "St", "Ave",
        "Blvd", "Dept", "Div", "Est", "Fig", "Gen", "Gov", "Inc", "Ltd", "No", "Rev", "Sgt", "Vol",
        "vs", "etc", "i.e", "e.g", "U.S", "U.K", "U.N" };
    char buf[128];
    for (size_t i = 0; i < sizeof deny / sizeof deny[0]; i++) {
        const char *follow[] = { "12 of them", "and more", "Smith arrived" };
        for (size_t f = 0; f < 3; f++) {
            /* number-kind abbreviations only hold before numbers */
            if (f == 2 && (!strcmp(deny[i], "Fig") || !strcmp(deny[i], "No") ||
                           !strcmp(deny[i], "Vol")))
                continue;
            snprintf(buf, sizeof buf, "We saw %s. %s here.", deny[i], follow[f]);
            result r;
            split_all(buf, strlen(buf), 0, &r);
            CHECK(r.n == 1, "\"%s\" split into %zu", buf, r.n);
        }
    }
}

/* ---------------------------------------------------------------- issue rules */

static void issue_rules(void)
{
    /* runs of ?! end one sentence */
    EXPECT("Really?! Yes!! Fine?? Ok!?", "Really?!", "Yes!!", "Fine??", "Ok!?");
    /* closing quotes and brackets stay with their sentence */
    EXPECT("He said \"go.\" Then he left. (It was late.) We slept.", "He said \"go.\"",
           "Then he left.", "(It was late.)", "We slept.");
    EXPECT("She said 'fine.' Then 'Maybe.' Later.", "She said 'fine.'", "Then 'Maybe.'", "Later.");
    /* abbreviation followed by a sentence starter */
    EXPECT("Let's ask Jane and co. They should know.", "Let's ask Jane and co.",
           "They should know.");
    EXPECT("Apples, pears, etc. The rest is fruit.", "Apples, pears, etc.",
           "The rest is fruit.");
    EXPECT("It ended at 5 p.m. It was late.", "It ended at 5 p.m.", "It was late.");
    /* URLs, e-mail, files, decimals, versions, prices, ratios */
    EXPECT("Open report.final.pdf now. Write to jane.doe@mail.example.io today. "
           "Version v2.10.3 is stable. It costs $1,299.99 or 3.5:1 odds. Done.",
           "Open report.final.pdf now.", "Write to jane.doe@mail.example.io today.",
           "Version v2.10.3 is stable.", "It costs $1,299.99 or 3.5:1 odds.", "Done.");
    EXPECT("Her email is Jane.Doe@example.com. I sent her an email.",
           "Her email is Jane.Doe@example.com.", "I sent her an email.");
    /* an ellipsis ends a sentence only before a capitalised one */
    EXPECT("He paused... and went on. She waited... Nothing came.", "He paused... and went on.",
           "She waited...", "Nothing came.");
    EXPECT("Hmm\xE2\x80\xA6 Then what? Well\xE2\x80\xA6 maybe.", "Hmm\xE2\x80\xA6",
           "Then what?", "Well\xE2\x80\xA6 maybe.");
    EXPECT("\"Bohr [...] used the analogy [...]\" (Smith 55).",
           "\"Bohr [...] used the analogy [...]\" (Smith 55).");
    /* quoted dialogue and parentheticals stay whole */
    EXPECT("He left (he said it was late. Really late.) and slept. Fine.",
           "He left (he said it was late. Really late.) and slept.", "Fine.");
    EXPECT("\"Run! Now!\" she cried. They ran.", "\"Run! Now!\" she cried.", "They ran.");
    /* smileys do not open a parenthetical */
    EXPECT("I am sad :( Really. Yes.", "I am sad :( Really.", "Yes.");
    /* initials */
    EXPECT("J. K. Rowling wrote it. She is British.", "J. K. Rowling wrote it.",
           "She is British.");
    EXPECT("We make a good team, you and I. Did you see Albert I. Jones yesterday?",
           "We make a good team, you and I.", "Did you see Albert I. Jones yesterday?");
    /* a blank line always ends a sentence, even after an abbreviation */
    EXPECT("no period here\n\nnext paragraph", "no period here", "next paragraph");
    EXPECT("Ask Mr.\n\nSmith later", "Ask Mr.", "Smith later");
    EXPECT("Quote \"open\n\nstill open. Next.", "Quote \"open", "still open.", "Next.");
    /* a single line break does not */
    EXPECT("This sentence is\nwrapped over lines. And\nthis too.",
           "This sentence is\nwrapped over lines.", "And\nthis too.");
    EXPECT("Mr.\nsmith stays.", "Mr.\nsmith stays.");
    /* headings and list items are their own sentences */
    EXPECT("# Intro. Part one\nText follows", "# Intro. Part one", "Text follows");
    EXPECT("#hashtag is text. Yes.", "#hashtag is text.", "Yes.");
    EXPECT("Intro line\n* star item\n+ plus item\n  continued here. Second sentence.\na) letter item",
           "Intro line", "* star item", "+ plus item\n  continued here.", "Second sentence.",
           "a) letter item");
    EXPECT("1.) The first item 2.) The second item", "1.) The first item",
           "2.) The second item");
    EXPECT("a. The first item b. The second item c. The third list item", "a. The first item",
           "b. The second item", "c. The third list item");
    EXPECT("\xE2\x80\xA2 9. The first item \xE2\x80\xA2 10. The second item",
           "\xE2\x80\xA2 9. The first item", "\xE2\x80\xA2 10. The second item");
    EXPECT("I have 2 cats. 3 dogs live here.", "I have 2 cats.", "3 dogs live here.");
    /* code fences: nothing inside is split, tildes too, unclosed runs to the end */
    EXPECT("~~~\nA. B. C.\n~~~\n", "~~~\nA. B. C.\n~~~");
    EXPECT("Text.\n```c\nint x; /* Hi. There. */\n", "Text.", "```c\nint x; /* Hi. There. */");
    EXPECT("````\n```\nstill code. Yes.\n````\nOut. Here.", "````\n```\nstill code. Yes.\n````",
           "Out.", "Here.");
    /* block quotes */
    EXPECT("Before it.\n> quoted text. More\n> still quote\nNormal text.", "Before it.",
           "> quoted text.", "More\n> still quote", "Normal text.");
    /* a quoted line that opens with a lower-case word after a stop starts a
     * sentence (issue 19's lower-case rule; it was glued to "More." before) */
    EXPECT("> quoted text. More.\n> still quote", "> quoted text.", "More.", "> still quote");
    /* lower-case after ! or ? continues */
    EXPECT("She works at Yahoo! in the accounting department.",
           "She works at Yahoo! in the accounting department.");
}

/* The rules of grammar/sentences.yaml and the closer abbreviations (issue
 * 19), each decided on treebank text; these sentences are our own. */
static void treebank_rules(void)
{
    /* a lower-case word after a stop starts a sentence... */
    EXPECT("I will call you later. what are you doing tonight?", "I will call you later.",
           "what are you doing tonight?");
    EXPECT("The soup is cheap! and the staff are kind", "The soup is cheap!",
           "and the staff are kind");
    /* ...except after an abbreviation, a letter, a closing quote or a name with "!" */
    EXPECT("We met at 5 p.m. and left.", "We met at 5 p.m. and left.");
    EXPECT("Bring pens, paper etc. and a lamp.", "Bring pens, paper etc. and a lamp.");
    EXPECT("See Fig. and table.", "See Fig. and table.");
    EXPECT("Option a. was fine.", "Option a. was fine.");
    EXPECT("\"Stop it.\" he said.", "\"Stop it.\" he said.");
    EXPECT("I check Yahoo! at work. Yahoo! Mail is down.", "I check Yahoo! at work.",
           "Yahoo! Mail is down.");
    EXPECT("We watched Jeopardy! It was fun.", "We watched Jeopardy!", "It was fun.");
    /* a period inside a quotation ends a sentence before a capital; ! and ? do not */
    EXPECT("\"We came. We saw. We won.\" He smiled.", "\"We came.", "We saw.", "We won.\"",
           "He smiled.");
    EXPECT("\"Run! Hide!\" she said. Then quiet.", "\"Run! Hide!\" she said.", "Then quiet.");
    /* emoticons stay with the stop before them */
    EXPECT("That was fun! :) See you soon.", "That was fun! :)", "See you soon.");
    EXPECT("Great news. :-( Not really.", "Great news. :-(", "Not really.");
    /* a stop with no space after it, between words */
    EXPECT("The room was clean.The staff were rude.", "The room was clean.",
           "The staff were rude.");
    EXPECT("Is it open?yes it is.", "Is it open?", "yes it is.");
    EXPECT("Visit shop.Com today. Mr.Smith came. Open notes.final.txt now.",
           "Visit shop.Com today.", "Mr.Smith came.", "Open notes.final.txt now.");
    EXPECT("I waited...Nobody came. Then wait...what?", "I waited...", "Nobody came.",
           "Then wait...what?");
    /* closings */
    EXPECT("See you then. Best regards, Anna", "See you then.", "Best regards,", "Anna");
    EXPECT("Anyway, Tom left.", "Anyway, Tom left.");
    /* e-mail time stamps */
    EXPECT("Jane Roe 03/14/2002 09:30 AM Please call me.", "Jane Roe", "03/14/2002 09:30 AM",
           "Please call me.");
    EXPECT("It was sent on 03/14/2002 09:30 AM The file is here.",
           "It was sent on 03/14/2002 09:30 AM", "The file is here.");
    EXPECT("The call is at 10:30 AM EST today. It starts at 9:15 PM sharp.",
           "The call is at 10:30 AM EST today.", "It starts at 9:15 PM sharp.");
    /* web and e-mail addresses before a capitalised word or another address */
    EXPECT("Photos: http://a.example.org/x.jpg http://a.example.org/y.jpg",
           "Photos: http://a.example.org/x.jpg", "http://a.example.org/y.jpg");
    EXPECT("See www.example.org for more. Write to ann@example.org Thanks again.",
           "See www.example.org for more.", "Write to ann@example.org", "Thanks again.");
    EXPECT("Mail ann@example.org today.", "Mail ann@example.org today.");
    /* separator runs stand alone */
    EXPECT("First part. ***** Second part.", "First part.", "*****", "Second part.");
    EXPECT("Notes ---- more notes", "Notes", "----", "more notes");
    EXPECT("A well-known fact -- mostly true.", "A well-known fact -- mostly true.");
    /* closers (etc., a.m., p.m.) end a sentence of four words or more before a
     * capitalised word that is not in capitals */
    EXPECT("We sold pens, paper, etc. Everything went.", "We sold pens, paper, etc.",
           "Everything went.");
    EXPECT("At 5 a.m. Mr. Smith woke.", "At 5 a.m. Mr. Smith woke.");
    EXPECT("We left the office at 6 p.m. Jones stayed.", "We left the office at 6 p.m.",
           "Jones stayed.");
    EXPECT("The office closed at 3 p.m. EST then.", "The office closed at 3 p.m. EST then.");
    /* marks no sentence starts with; '?' glued to a colon is no stop */
    EXPECT("Really ? ? ? Yes.", "Really ? ? ?", "Yes.");
    EXPECT("It ended. , 2001 Acme", "It ended. , 2001 Acme");
    EXPECT("Phone:? 555 0100 Fax:? 555 0101", "Phone:? 555 0100 Fax:? 555 0101");
    EXPECT("P.S. Call me. PS. Bring cake.", "P.S. Call me.", "PS. Bring cake.");
}

/* Spans, lines, paragraphs and kinds. */
static void spans_and_lines(void)
{
    result r;
    const char *t = "   Hello there.   \n  Second\n line.\n\n# Head\n- item\n```\ncode\n```\n";
    split_all(t, strlen(t), 0, &r);
    CHECK_EQ_INT(r.n, 5);
    CHECK_EQ_INT(r.s[0].off, 3);
    CHECK_EQ_INT(r.s[0].len, 12);
    CHECK_EQ_INT(r.s[0].line, 1);
    CHECK_EQ_INT(r.s[0].end_line, 1);
    CHECK_EQ_INT(r.s[1].line, 2);
    CHECK_EQ_INT(r.s[1].end_line, 3);
    CHECK_EQ_INT(r.s[1].para, 1);
    CHECK_EQ_INT(r.s[2].line, 5);
    CHECK_EQ_INT(r.s[2].para, 2);
    CHECK_EQ_INT(r.s[2].kind, PARL_SENT_HEADING);
    CHECK_EQ_INT(r.s[3].kind, PARL_SENT_ITEM);
    CHECK_EQ_INT(r.s[4].kind, PARL_SENT_CODE);
    CHECK_EQ_INT(r.s[4].line, 7);
    CHECK_EQ_INT(r.s[4].end_line, 9);
    CHECK_EQ_INT(r.s[0].words, 0);   /* only counted in counting mode */

    /* CRLF is one line break, so is a lone CR */
    t = "One.\r\nTwo.\r\n\r\nThree.\rFour.";
    split_all(t, strlen(t), 0, &r);
    CHECK_EQ_INT(r.n, 4);
    CHECK_EQ_INT(r.s[1].line, 2);
    CHECK_EQ_INT(r.s[2].line, 4);
    CHECK_EQ_INT(r.s[2].para, 2);
    CHECK_EQ_INT(r.s[3].line, 5);
    CHECK_EQ_INT(r.s[3].para, 2);

    /* an unterminated sentence closed by a blank line stays in its paragraph */
    t = "- item one\n- item two\n\nafter the list";
    split_all(t, strlen(t), 0, &r);
    CHECK_EQ_INT(r.n, 3);
    CHECK_EQ_INT(r.s[1].para, 1);
    CHECK_EQ_INT(r.s[2].para, 2);

    /* counting mode: words per sentence */
    t = "Three words here. And four words too.\n\nOne";
    split_all(t, strlen(t), PARL_SPLIT_COUNT, &r);
    CHECK_EQ_INT(r.n, 3);
    CHECK_EQ_INT(r.s[0].words, 3);
    CHECK_EQ_INT(r.s[1].words, 4);
    CHECK_EQ_INT(r.s[2].words, 1);
    t = "1. The first item 2. The second one";
    split_all(t, strlen(t), PARL_SPLIT_COUNT, &r);
    CHECK_EQ_INT(r.n, 2);
    CHECK_EQ_INT(r.s[0].words, 4);
    CHECK_EQ_INT(r.s[1].words, 4);
}

/* Any bytes: invalid UTF-8 and NUL never crash and are counted. */
static void bad_bytes(void)
{
    static const char t[] = "Bad \xff\xfe bytes. Next\0 one. \xE2\x80 cut.";
    parl_splitter it;
    parl_sentence s;
    parl_split_init(&it, t, sizeof t - 1, 0);
    size_t n = 0;
    while (parl_split_next(&it, &s)) {
        CHECK(s.off + s.len <= sizeof t - 1, "span out of range");
        n++;
    }
    CHECK_EQ_INT(n, 3);
    CHECK_EQ_INT(parl_split_invalid_bytes(&it), 4);
    CHECK_EQ_INT(parl_split_nul_bytes(&it), 1);
    parl_split_init(&it, NULL, 5, 0);
    CHECK_EQ_INT(parl_split_next(&it, &s), 0);
}

/* ---------------------------------------------------------------- streaming */

/* Appends TEXT from *POS to BUF in steps of STEP bytes until it is full. */
static size_t refill(char *buf, size_t have, size_t win, const char *text, size_t len,
                     size_t *pos, size_t step)
{
    while (have < win && *pos < len) {
        size_t k = len - *pos < step ? len - *pos : step;
        if (k > win - have) k = win - have;
        memcpy(buf + have, text + *pos, k);
        have += k;
        *pos += k;
    }
    return have;
}

/* Splits TEXT the way the CLI does, in windows of WIN bytes (refilled in
 * steps of STEP bytes), into OUT; returns the count and the number of
 * forced cuts in *CUTS. */
static size_t split_stream(const char *text, size_t len, size_t win, size_t step,
                           parl_sentence *out, size_t max, int *cuts, unsigned flags)
{
    char *buf = malloc(win);
    size_t have = 0, pos = 0, n = 0;
    *cuts = 0;
    have = refill(buf, have, win, text, len, &pos, step);
    parl_splitter it;
    parl_sentence s;
    parl_split_init(&it, buf, have, flags | (pos < len ? PARL_SPLIT_MORE : 0));
    for (;;) {
        while (parl_split_next(&it, &s)) {
            CHECK(!memcmp(buf + (s.off - it.base), text + s.off, s.len), "window text differs");
            if (n < max) out[n] = s;
            n++;
        }
        if (!(it.flags & PARL_SPLIT_MORE)) break;
        size_t keep = parl_split_pending(&it);
        if (keep == 0 && have == win) {
            if (parl_split_force(&it, &s)) { if (n < max) out[n] = s; n++; }
            (*cuts)++;
            continue;
        }
        memmove(buf, buf + keep, have - keep);
        have -= keep;
        have = refill(buf, have, win, text, len, &pos, step);
        parl_split_feed(&it, buf, have, pos < len);
    }
    free(buf);
    return n;
}

static char *load_samples(size_t *len, size_t copies)
{
    static const char *const files[] = { "tests/samples/narrative.txt", "tests/samples/report.md",
                                         "tests/samples/letters.txt" };
    size_t cap = 1 << 20, n = 0;
    char *all = malloc(cap);
    for (size_t c = 0; c < copies; c++)
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
            size_t k;
            char *t = read_file(files[i], &k);
            if (!t) continue;
            while (n + k + 2 > cap) all = realloc(all, cap *= 2);
            memcpy(all + n, t, k);
            n += k;
            all[n++] = '\n';
            free(t);
        }
    *len = n;
    return all;
}

/* Split in windows, TEXT gives the sentences it gives whole (in counting
 * mode too, words included). */
static void check_windows_in(const char *what, const char *text, size_t len, unsigned flags,
                             const size_t (*wins)[2], size_t nwins)
{
    size_t max = len / 2 + 1;
    parl_sentence *whole = malloc(max * sizeof *whole), *part = malloc(max * sizeof *part);
    parl_splitter it;
    size_t n = 0;
    parl_split_init(&it, text, len, flags);
    while (n < max && parl_split_next(&it, &whole[n])) n++;
    for (size_t w = 0; w < nwins; w++) {
        int cuts;
        size_t m = split_stream(text, len, wins[w][0], wins[w][1], part, max, &cuts, flags);
        int same = m == n && cuts == 0;
        for (size_t i = 0; same && i < n; i++)
            same = part[i].off == whole[i].off && part[i].len == whole[i].len &&
                   part[i].line == whole[i].line && part[i].end_line == whole[i].end_line &&
                   part[i].para == whole[i].para && part[i].kind == whole[i].kind &&
                   part[i].words == whole[i].words;
        CHECK(same, "%s, window %zu/%zu: %zu sentences (%d cuts), whole text %zu", what,
              wins[w][0], wins[w][1], m, cuts, n);
    }
    free(whole);
    free(part);
}

static void check_windows(const char *what, const char *text, size_t len, unsigned flags)
{
    static const size_t wins[][2] = { { 4096, 4096 }, { 3000, 77 }, { 65536, 1000 }, { 2600, 1 } };
    check_windows_in(what, text, len, flags, wins, sizeof wins / sizeof wins[0]);
}

/* The same with one window of WIN bytes, filled at once and byte by byte. */
static void check_windows_at(const char *what, const char *text, size_t len, unsigned flags,
                             size_t win)
{
    const size_t wins[][2] = { { win, win }, { win, 1 } };
    check_windows_in(what, text, len, flags, wins, 2);
}

/* Text that exercises every rule of sentences.yaml, many times over. */
static char *rules_text(size_t *len)
{
    static const char *const parts[] = {
        "I will call you later. what are you doing tonight? ",
        "\"We came. We saw. 3 of us left.\" He smiled. That was fun! :) See you soon.\n",
        "The room was clean.The staff were rude. Best regards, Anna\n\n",
        "Jane Roe 03/14/2002 09:30 AM Please call me. ",
        "Photos: http://a.example.org/x.jpg http://a.example.org/y.jpg Done.\n",
        "Write to ann@example.org Thanks again. First part. ***** Second part.\n",
        "We sold pens, paper, etc. Everything went. I waited...Nobody came.\n\n",
        "Notes ---- more notes ____ Kay Mann 04/26/2001 07:17 AM Will you call?\n" };
    size_t cap = 1 << 18, n = 0;
    char *t = malloc(cap);
    for (size_t i = 0; n + 200 < cap; i++) {
        size_t k = strlen(parts[i % 8]);
        memcpy(t + n, parts[i % 8], k);
        n += k;
    }
    *len = n;
    return t;
}

/* A period inside an e-mail address ends its sentence at the address's end,
 * ahead of the scanner; the splitter saved its state there with the scanner
 * behind, so every window kept the address twice over and sentences that fit
 * (899 bytes in 1,100 past the margin) had to be cut. Once the scanner stops
 * past the boundary (at "(" here), that is where a window restarts. */
static void ahead_boundaries(void)
{
    size_t cap = 40000, n = 0;
    char *t = malloc(cap);
    while (n + 1300 < cap) {
        memcpy(t + n, "Write to a.b", 12);
        n += 12;
        for (int i = 0; i < 200; i++) t[n++] = 'x';
        memcpy(t + n, "@example.org Then (so) ", 23);
        n += 23;
        for (int i = 0; i < 177; i++) { memcpy(t + n, "word ", 5); n += 5; }
        memcpy(t + n, "end. ", 5);
        n += 5;
    }
    check_windows_at("ahead of the scanner", t, n, 0, PARL_SPLIT_MARGIN + 1100);
    check_windows_at("ahead of the scanner, counting", t, n, PARL_SPLIT_COUNT,
                     PARL_SPLIT_MARGIN + 1100);
    free(t);
}

static void streaming(void)
{
    size_t len;
    char *text = load_samples(&len, 4);
    CHECK(len > 20000, "samples missing (%zu bytes)", len);
    check_windows("samples", text, len, 0);
    check_windows("samples counting", text, len, PARL_SPLIT_COUNT);
    size_t rlen;
    char *rt = rules_text(&rlen);
    check_windows("issue 19 rules", rt, rlen, 0);
    check_windows("issue 19 rules counting", rt, rlen, PARL_SPLIT_COUNT);
    free(rt);
    size_t max = len / 4;
    parl_sentence *part = malloc(max * sizeof *part);
    /* a sentence longer than the window is cut, and nothing is lost */
    size_t big = 50000;
    char *t = malloc(big);
    for (size_t i = 0; i < big; i++) t[i] = i % 7 == 6 ? ' ' : 'a';
    memcpy(t + big - 6, " end.", 5);
    t[big - 1] = '\n';
    int cuts;
    size_t m = split_stream(t, big, 8192, 8192, part, max, &cuts, 0);
    CHECK(cuts > 0 && m == (size_t)cuts + 1, "long sentence: %zu pieces, %d cuts", m, cuts);
    size_t covered = 0;
    for (size_t i = 0; i < m && i < max; i++) covered += part[i].len;
    CHECK(covered + (m - 1) >= big - 2 && covered <= big, "cut pieces cover %zu of %zu", covered, big);
    free(t);
    free(part);
    free(text);
    ahead_boundaries();
}

int main(void)
{
    seed_cases();
    seed_abbreviations();
    issue_rules();
    treebank_rules();
    spans_and_lines();
    bad_bytes();
    streaming();
    return TEST_SUMMARY("test_split");
}
