/* PE retirement stream: program image, records and the stream file. */
#include "pe_stream.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- image ----------------------------------------------------------- */
static const pe_segment *find_seg(const pe_image *img, uint64_t addr)
{
    for (size_t i = 0; i < img->nseg; i++) {
        const pe_segment *s = &img->seg[i];
        if (addr >= s->base && addr - s->base < s->len)
            return s;
    }
    return NULL;
}

int pe_image_read32(const pe_image *img, uint64_t addr, uint32_t *word)
{
    const pe_segment *s = find_seg(img, addr);
    if (!s || s->len - (addr - s->base) < 4)
        return -1;
    const uint8_t *p = s->data + (addr - s->base);
    *word = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
            (uint32_t)p[3] << 24;
    return 0;
}

size_t pe_image_read(const pe_image *img, uint64_t addr, uint8_t *buf, size_t len)
{
    const pe_segment *s = find_seg(img, addr);
    if (!s)
        return 0;
    uint64_t avail = s->len - (addr - s->base);
    size_t n = avail < len ? (size_t)avail : len;
    memcpy(buf, s->data + (addr - s->base), n);
    return n;
}

int pe_image_add(pe_image *img, uint64_t base, const uint8_t *data, uint64_t len)
{
    pe_segment *ns = realloc(img->seg, (img->nseg + 1) * sizeof *ns);
    if (!ns)
        return -1;
    img->seg = ns;
    uint8_t *copy = malloc(len ? (size_t)len : 1);
    if (!copy)
        return -1;
    if (len)
        memcpy(copy, data, (size_t)len);
    ns[img->nseg].base = base;
    ns[img->nseg].len = len;
    ns[img->nseg].data = copy;
    img->nseg++;
    return 0;
}

void pe_image_free(pe_image *img)
{
    for (size_t i = 0; i < img->nseg; i++)
        free(img->seg[i].data);
    free(img->seg);
    img->seg = NULL;
    img->nseg = 0;
}

/* ---- stream ---------------------------------------------------------- */
void pe_stream_init(pe_stream *s)
{
    memset(s, 0, sizeof *s);
}

void pe_stream_free(pe_stream *s)
{
    pe_image_free(&s->image);
    free(s->rec);
    pe_stream_init(s);
}

int pe_stream_push(pe_stream *s, const pe_rec *r)
{
    if (s->nrec == s->cap) {
        size_t ncap = s->cap ? s->cap * 2 : 1024;
        pe_rec *nr = realloc(s->rec, ncap * sizeof *nr);
        if (!nr)
            return -1;
        s->rec = nr;
        s->cap = ncap;
    }
    s->rec[s->nrec++] = *r;
    return 0;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

/* Records are stored in the host's struct layout, which is the file's
 * little-endian layout on every host this project builds for. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "the stream file stores pe_rec as laid out on a little-endian host");

int pe_stream_write(const pe_stream *s, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    uint8_t h[64] = {0};
    memcpy(h, PE_STREAM_MAGIC, 8);
    put_u32(h + 8, PE_STREAM_VERSION);
    put_u32(h + 12, (uint32_t)sizeof(pe_rec));
    put_u64(h + 16, s->nrec);
    put_u32(h + 24, (uint32_t)s->image.nseg);
    put_u64(h + 32, s->seed);
    int ok = fwrite(h, 1, 64, f) == 64;
    static const uint8_t zero[8] = {0};
    for (size_t i = 0; ok && i < s->image.nseg; i++) {
        const pe_segment *sg = &s->image.seg[i];
        uint8_t sh[16];
        put_u64(sh, sg->base);
        put_u64(sh + 8, sg->len);
        ok = fwrite(sh, 1, 16, f) == 16 &&
             fwrite(sg->data, 1, (size_t)sg->len, f) == sg->len &&
             fwrite(zero, 1, (size_t)((8 - sg->len % 8) % 8), f) == (8 - sg->len % 8) % 8;
    }
    if (ok && s->nrec)
        ok = fwrite(s->rec, sizeof(pe_rec), s->nrec, f) == s->nrec;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok) {
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    return 0;
}

int pe_stream_read(pe_stream *s, const char *path, char *err, size_t errlen)
{
    pe_stream_init(s);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0) {
        snprintf(err, errlen, "%s: cannot seek", path);
        fclose(f);
        return -1;
    }
    long fsz = ftell(f);
    rewind(f);
    uint64_t size = fsz < 0 ? 0 : (uint64_t)fsz;
    uint8_t h[64];
    uint64_t off = 0;
    if (size < 64 || fread(h, 1, 64, f) != 64) {
        snprintf(err, errlen, "%s: offset 0: file too short for the 64-byte header", path);
        goto fail;
    }
    if (memcmp(h, PE_STREAM_MAGIC, 8) != 0) {
        snprintf(err, errlen, "%s: offset 0: bad magic (not a PE stream file)", path);
        goto fail;
    }
    if (get_u32(h + 8) != PE_STREAM_VERSION) {
        snprintf(err, errlen, "%s: offset 8: unsupported version %u", path, get_u32(h + 8));
        goto fail;
    }
    if (get_u32(h + 12) != sizeof(pe_rec)) {
        snprintf(err, errlen, "%s: offset 12: record size %u, expected %zu", path,
                 get_u32(h + 12), sizeof(pe_rec));
        goto fail;
    }
    uint64_t nrec = get_u64(h + 16);
    uint32_t nseg = get_u32(h + 24);
    s->seed = get_u64(h + 32);
    off = 64;
    for (uint32_t i = 0; i < nseg; i++) {
        uint8_t sh[16];
        if (size - off < 16 || fread(sh, 1, 16, f) != 16) {
            snprintf(err, errlen, "%s: offset %" PRIu64 ": truncated segment header %u", path, off, i);
            goto fail;
        }
        uint64_t base = get_u64(sh), len = get_u64(sh + 8);
        off += 16;
        uint64_t padded = len + (8 - len % 8) % 8;
        if (len > size - off || padded > size - off) {
            snprintf(err, errlen, "%s: offset %" PRIu64 ": segment %u length %" PRIu64
                     " runs past the end of the file", path, off - 8, i, len);
            goto fail;
        }
        uint8_t *buf = malloc(padded ? (size_t)padded : 1);
        if (!buf || fread(buf, 1, (size_t)padded, f) != padded) {
            free(buf);
            snprintf(err, errlen, "%s: offset %" PRIu64 ": cannot read segment %u", path, off, i);
            goto fail;
        }
        int r = pe_image_add(&s->image, base, buf, len);
        free(buf);
        if (r) {
            snprintf(err, errlen, "%s: out of memory", path);
            goto fail;
        }
        off += padded;
    }
    if (nrec > (size - off) / sizeof(pe_rec) || (size - off) % sizeof(pe_rec) != 0 ||
        nrec != (size - off) / sizeof(pe_rec)) {
        snprintf(err, errlen, "%s: offset %" PRIu64 ": header says %" PRIu64
                 " records but %" PRIu64 " bytes follow", path, off, nrec, size - off);
        goto fail;
    }
    s->rec = malloc(nrec ? (size_t)nrec * sizeof(pe_rec) : 1);
    if (!s->rec || fread(s->rec, sizeof(pe_rec), (size_t)nrec, f) != nrec) {
        snprintf(err, errlen, "%s: offset %" PRIu64 ": cannot read records", path, off);
        goto fail;
    }
    s->nrec = s->cap = (size_t)nrec;
    fclose(f);
    return 0;
fail:
    fclose(f);
    pe_stream_free(s);
    return -1;
}

/* ---- names and text dump --------------------------------------------- */
const char *pe_kind_name(unsigned kind)
{
    static const char *const n[] = {"insn", "exc", "reset", "tfail"};
    return kind < PE_KIND_COUNT ? n[kind] : "?";
}

const char *pe_iclass_name(unsigned ic)
{
    static const char *const n[] = {"other", "b", "bcond", "bl", "br", "blr", "ret",
                                    "eret", "isb", "wfx", "excgen", "tstart",
                                    "tcommit", "tcancel"};
    return ic < PE_IC_COUNT ? n[ic] : "?";
}

const char *pe_exc_name(unsigned type)
{
    switch (type) {
    case PE_EXC_PE_RESET: return "pe-reset";
    case PE_EXC_DEBUG_HALT: return "debug-halt";
    case PE_EXC_CALL: return "call";
    case PE_EXC_TRAP: return "trap";
    case PE_EXC_SERROR: return "serror";
    case PE_EXC_INST_DEBUG: return "inst-debug";
    case PE_EXC_DATA_DEBUG: return "data-debug";
    case PE_EXC_ALIGNMENT: return "alignment";
    case PE_EXC_INST_FAULT: return "inst-fault";
    case PE_EXC_DATA_FAULT: return "data-fault";
    case PE_EXC_IRQ: return "irq";
    case PE_EXC_FIQ: return "fiq";
    default: return (type >= 0x10 && type <= 0x17) ? "impdef" : "?";
    }
}

void pe_rec_print(FILE *f, const pe_rec *r)
{
    fprintf(f, "%-5s pc=0x%016" PRIx64 " el%u%s cyc=%" PRIu64 " ts=%" PRIu64,
            pe_kind_name(r->kind), r->pc, r->el, (r->flags & PE_F_NS) ? "ns" : "s",
            r->cycle, r->timestamp);
    switch (r->kind) {
    case PE_KIND_INSN:
        fprintf(f, " op=%08" PRIx32 " %s", r->opcode, pe_iclass_name(r->iclass));
        if (r->iclass != PE_IC_OTHER)
            fprintf(f, " %s tgt=0x%" PRIx64, (r->flags & PE_F_TAKEN) ? "T" : "N", r->target);
        break;
    case PE_KIND_EXC:
        fprintf(f, " type=%s(%u) from=el%u vec=0x%" PRIx64, pe_exc_name(r->exc_type),
                r->exc_type, r->from_el, r->target);
        break;
    case PE_KIND_TFAIL:
        fprintf(f, " cause=%u restart=0x%" PRIx64, r->tfail_cause, r->target);
        break;
    default:
        break;
    }
    fprintf(f, " cid1=%" PRIx32 " cid2=%" PRIx32 " vmid=%" PRIx32, r->contextidr_el1,
            r->contextidr_el2, r->vmid);
    if (r->flags & PE_F_TSTATE)
        fputs(" tstate", f);
    if (r->ext_in)
        fprintf(f, " extin=%x", r->ext_in);
    if (r->ls & PE_LS_MASK)
        fprintf(f, " ls=%u va=0x%" PRIx64 " pa=0x%" PRIx64 " sz=%u lat=%u/%u/%u ev=%" PRIx32
                " src=%u", r->ls, r->va, r->pa, 1u << r->size_log2, r->lat_total,
                r->lat_issue, r->lat_xlat, r->spe_events, r->data_source);
    if (r->flags & PE_F_MISPRED)
        fputs(" mispred", f);
    fputc('\n', f);
}
