/* Deterministic English-like text for the guest workloads (the same
 * generator as the host tool wl-gentext). */
#ifndef WL_TEXT_H
#define WL_TEXT_H

#include <stddef.h>
#include <stdint.h>

static inline uint32_t wl_rand(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7FFFu;
}

/* Fill buf with n bytes of text (words, punctuation, line breaks) from seed. */
static inline size_t wl_text(char *buf, size_t n, uint32_t seed)
{
    static const char *const wl_words[] = {
        "the", "trace", "unit", "emits", "packets", "for", "every", "branch", "that",
        "retires", "and", "an", "address", "when", "the", "target", "is", "indirect",
        "exception", "levels", "filter", "what", "is", "traced", "a", "decoder", "walks",
        "program", "image", "from", "one", "atom", "to", "next", "cycle", "counts",
        "timestamps", "context", "return", "stack", "compresses", "calls", "of", "in",
        "with", "memory", "cache", "line", "load", "store", "sample", "profile",
    };
    size_t len = 0, col = 0;
    const size_t nw = sizeof wl_words / sizeof wl_words[0];
    while (len < n) {
        const char *w = wl_words[wl_rand(&seed) % nw];
        for (; *w && len < n; w++, col++)
            buf[len++] = *w;
        if (len >= n)
            break;
        unsigned r = wl_rand(&seed) % 16u;
        char sep = r == 0 ? '.' : r == 1 ? ',' : ' ';
        if (sep != ' ' && len < n) {
            buf[len++] = sep;
            col++;
        }
        if (len < n) {
            buf[len++] = col > 68 ? '\n' : ' ';
            col = col > 68 ? 0 : col + 1;
        }
    }
    return len;
}

#endif
