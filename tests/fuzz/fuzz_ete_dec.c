/* libFuzzer entry point for the whole ETE decoder (sw/ete/ete_decoder.c):
 * configuration, a small program image, then the trace.
 *
 * Input: 13 header bytes, the image, the trace.
 *   [0]     TRCIDR8.MAXSPEC (bits 5:0); bit 6 TRCIDR0.COMMOPT; bit 7 COMMTRANS
 *   [1]     TRCCONFIGR: bit 0 CCI, 1 CID, 2 VMID, 3 TS, 4 RS, 5 ITO;
 *           bit 6 TRCIDR0.TSSIZE 64-bit (else 48-bit); bit 7 TRCIDR2.WFXMODE
 *   [2..3]  image words n, little-endian, at most 4096
 *   [4..11] image base address, little-endian (word aligned)
 *   [12]    seed of the chunk sizes
 *   then 4n image bytes, then the trace.
 * The trace is decoded in one call and again in pieces of random size
 * through the streaming API; the elements, the error count and the last
 * error must be equal, and the work must stay within its bounds per byte
 * (docs/ete-decode.md, "Work per byte").  Any difference aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ete_decoder.h"
#include "ete_snapshot_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HDR       13u
#define MAX_WORDS 4096u
#define MAX_ELEMS 65536u

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct image {
    uint64_t base;
    const uint8_t *bytes;
    size_t words;
} image;

static int mem_read(void *ctx, uint64_t addr, unsigned el, int ns, uint32_t *w)
{
    const image *im = ctx;
    (void)el;
    (void)ns;
    if (addr < im->base || (addr & 3u) || (addr - im->base) / 4u >= im->words)
        return -1;
    const uint8_t *p = im->bytes + (addr - im->base);
    *w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return 0;
}

typedef struct out {
    ete_elem *e;
    size_t n;
    uint64_t total;
} out;

static void on_elem(void *ctx, const ete_elem *e)
{
    out *o = ctx;
    char line[160];
    require(e->kind < ETE_ELEM_KIND_COUNT);
    require(ete_elem_format(e, line, sizeof line) > 0);
    if (o->n < MAX_ELEMS)
        o->e[o->n++] = *e;
    o->total++;
}

static int same_elem(const ete_elem *a, const ete_elem *b)
{
    return a->kind == b->kind && a->p0_class == b->p0_class && a->taken == b->taken &&
           a->is_link == b->is_link && a->exc_type == b->exc_type && a->el == b->el &&
           a->ns == b->ns && a->sf == b->sf && a->cc_valid == b->cc_valid &&
           a->cid_valid == b->cid_valid && a->vmid_valid == b->vmid_valid &&
           a->event == b->event && a->n_insn == b->n_insn && a->contextid == b->contextid &&
           a->vmid == b->vmid && a->start == b->start && a->end == b->end &&
           a->addr == b->addr && a->ts == b->ts && a->cc == b->cc && a->offset == b->offset;
}

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* chunk == 0: one call; otherwise pieces of 1..64 bytes, or up to 4 KiB */
static ete_decoder *decode(const ete_dec_cfg *cfg, image *im, const uint8_t *t, size_t n,
                           uint64_t chunk_seed, out *o)
{
    char err[256];
    ete_decoder *d = ete_decoder_new(cfg, mem_read, im, on_elem, o, err, sizeof err);
    require(d != NULL);
    size_t pos = 0, used = 0;
    uint64_t s = chunk_seed * 0x9E3779B97F4A7C15ull + 1u;
    while (pos < n) {
        size_t k = n - pos;
        if (chunk_seed) {
            uint64_t r = rng(&s);
            size_t c = (r & 0x100u) ? 1u + (size_t)((r >> 16) % 4096u)
                                    : 1u + (size_t)((r >> 16) % 64u);
            if (c < k)
                k = c;
        }
        require(ete_decoder_feed(d, t + pos, k, &used) == 0 && used == k);
        pos += k;
    }
    ete_decoder_finish(d);
    return d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ete_elem e1[MAX_ELEMS], e2[MAX_ELEMS];
    if (size < HDR)
        return 0;
    ete_dec_cfg cfg;
    ete_cfg_defaults(&cfg);
    cfg.id.trcidr[8] = data[0] & 0x3Fu;                                 /* MAXSPEC */
    cfg.id.trcidr[0] &= ~(TRCIDR0_COMMOPT | TRCIDR0_COMMTRANS | TRCIDR0_TSSIZE_MASK);
    if (data[0] & 0x40u)
        cfg.id.trcidr[0] |= TRCIDR0_COMMOPT;
    if (data[0] & 0x80u)
        cfg.id.trcidr[0] |= TRCIDR0_COMMTRANS;
    cfg.id.trcidr[0] |= (data[1] & 0x40u ? TRCIDR0_TSSIZE_64 : 0x06u) << TRCIDR0_TSSIZE_SHIFT;
    if (!(data[1] & 0x80u))
        cfg.id.trcidr[2] &= ~TRCIDR2_WFXMODE;
    cfg.trcconfigr = TRCCONFIGR_RES1 | (data[1] & 1u ? TRCCONFIGR_CCI : 0) |
                     (data[1] & 2u ? TRCCONFIGR_CID : 0) | (data[1] & 4u ? TRCCONFIGR_VMID : 0) |
                     (data[1] & 8u ? TRCCONFIGR_TS : 0) | (data[1] & 16u ? TRCCONFIGR_RS : 0) |
                     (data[1] & 32u ? TRCCONFIGR_ITO : 0);
    image im;
    im.words = (size_t)(data[2] | data[3] << 8);
    if (im.words > MAX_WORDS)
        im.words = MAX_WORDS;
    im.base = 0;
    for (int i = 7; i >= 0; i--)
        im.base = im.base << 8 | data[4 + i];
    im.base &= ~(uint64_t)3;
    if ((size - HDR) / 4u < im.words)
        im.words = (size - HDR) / 4u;
    im.bytes = data + HDR;
    const uint8_t *trace = data + HDR + 4u * im.words;
    size_t n = size - HDR - 4u * im.words;
    uint64_t seed = (uint64_t)data[12] + 1u;

    out o1 = { e1, 0, 0 }, o2 = { e2, 0, 0 };
    ete_decoder *d1 = decode(&cfg, &im, trace, n, 0, &o1);
    ete_decoder *d2 = decode(&cfg, &im, trace, n, seed, &o2);
    require(o1.total == o2.total && o1.n == o2.n);
    for (size_t i = 0; i < o1.n; i++)
        require(same_elem(&e1[i], &e2[i]));
    require(ete_decoder_errors(d1) == ete_decoder_errors(d2));
    require(strcmp(ete_decoder_last_error(d1), ete_decoder_last_error(d2)) == 0);
    require(ete_decoder_insn_count(d1) == ete_decoder_insn_count(d2));
    /* Work per byte (docs/ete-decode.md): a byte yields at most 24 P0
     * elements (an Atom Format 6 packet), each stepping a bounded number of
     * queue entries and walking at most the image once. */
    uint64_t bound = 64u * ((uint64_t)n + 16u) * ((uint64_t)im.words + 16u);
    /* and the decoder's walk budget: 4096 per byte + 2^22, exceeded by at
     * most one walk of 2^16 instructions */
    uint64_t budget = 4096u * ((uint64_t)n + 1u) + (1u << 22) + (1u << 16);
    if (budget < bound)
        bound = budget;
    require(ete_decoder_work(d1) <= bound && ete_decoder_work(d2) <= bound);
    ete_decoder_free(d1);
    ete_decoder_free(d2);
    return 0;
}
