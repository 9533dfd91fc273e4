/* A small LZ77 compressor (hash chains, greedy matching) and its
 * decompressor, run over generated text; exits 0 when the round trip
 * restores the input. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "wl_text.h"

#define N        (32 * 1024)
#define WINDOW   4096
#define MIN_LEN  3
#define MAX_LEN  18
#define HBITS    12

static char text[N];
static uint8_t packed[N + N / 8 + 16];
static char restored[N];
static int head[1 << HBITS];
static int prev_pos[N];

static unsigned hash3(const char *p)
{
    return ((unsigned)(uint8_t)p[0] << 8 ^ (unsigned)(uint8_t)p[1] << 4 ^ (uint8_t)p[2]) &
           ((1u << HBITS) - 1u);
}

/* Output: groups of 8 items led by a flag byte; flag bit 1 = match
 * (12-bit distance, 4-bit length - MIN_LEN), 0 = literal. */
static size_t compress(const char *in, size_t n, uint8_t *out)
{
    size_t o = 0, flag_at = 0;
    unsigned nitems = 8;
    for (int i = 0; i < (1 << HBITS); i++)
        head[i] = -1;
    for (size_t i = 0; i < n;) {
        if (nitems == 8) {
            flag_at = o++;
            out[flag_at] = 0;
            nitems = 0;
        }
        size_t best = 0, dist = 0;
        if (i + MIN_LEN <= n) {
            unsigned h = hash3(in + i);
            int cand = head[h];
            for (int chain = 0; cand >= 0 && chain < 16; chain++) {
                if (i - (size_t)cand >= WINDOW)
                    break;
                size_t l = 0;
                while (l < MAX_LEN && i + l < n && in[(size_t)cand + l] == in[i + l])
                    l++;
                if (l > best) {
                    best = l;
                    dist = i - (size_t)cand;
                }
                cand = prev_pos[cand];
            }
        }
        size_t step = best >= MIN_LEN ? best : 1;
        if (best >= MIN_LEN) {
            out[flag_at] |= (uint8_t)(1u << nitems);
            out[o++] = (uint8_t)(dist >> 4);
            out[o++] = (uint8_t)((dist & 15u) << 4 | (best - MIN_LEN));
        } else {
            out[o++] = (uint8_t)in[i];
        }
        nitems++;
        for (size_t k = 0; k < step; k++, i++) {
            if (i + MIN_LEN <= n) {
                unsigned h = hash3(in + i);
                prev_pos[i] = head[h];
                head[h] = (int)i;
            }
        }
    }
    return o;
}

static size_t decompress(const uint8_t *in, size_t n, char *out, size_t cap)
{
    size_t i = 0, o = 0;
    while (i < n) {
        unsigned flags = in[i++];
        for (unsigned k = 0; k < 8 && i < n; k++) {
            if (flags & (1u << k)) {
                if (i + 2 > n)
                    return 0;
                size_t dist = (size_t)in[i] << 4 | in[i + 1] >> 4;
                size_t len = (in[i + 1] & 15u) + MIN_LEN;
                i += 2;
                if (dist == 0 || dist > o || o + len > cap)
                    return 0;
                for (size_t c = 0; c < len; c++, o++)
                    out[o] = out[o - dist];
            } else {
                if (o >= cap)
                    return 0;
                out[o++] = (char)in[i++];
            }
        }
    }
    return o;
}

int main(void)
{
    size_t n = wl_text(text, N, 2024u);
    size_t c = compress(text, n, packed);
    size_t d = decompress(packed, c, restored, sizeof restored);
    int ok = d == n && memcmp(text, restored, n) == 0;
    printf("compress: %zu -> %zu bytes (%.1f%%), round trip %s\n", n, c,
           100.0 * (double)c / (double)n, ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
