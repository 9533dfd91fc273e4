/* The file mappings of a captured process (perf_maps.h). */
#define _XOPEN_SOURCE 700   /* realpath */
#include "perf_maps.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_read.h"

#define EM_AARCH64  183u
#define ET_EXEC     2u
#define ET_DYN      3u
#define PT_LOAD     1u
#define PT_DYNAMIC  2u
#define PT_INTERP   3u
#define PF_X        1u
#define DT_NULL     0u
#define DT_NEEDED   1u
#define DT_STRTAB   5u
#define PAGE        UINT64_C(0x1000)
#define MAX_FILES   64u
#define MAX_VOTES   32u
#define ENOUGH_VOTES 8u
#define USER_TOP    (UINT64_C(1) << 48)

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* ---- ELF files ------------------------------------------------------------ */

typedef struct phdr {
    uint32_t type, flags;
    uint64_t offset, vaddr, filesz;
} phdr;

typedef struct elf {
    char path[PATH_MAX];
    uint8_t *data;
    size_t len;
    unsigned type;
    phdr *ph;
    size_t nph;
} elf;

static void elf_free(elf *e)
{
    free(e->data);
    free(e->ph);
    e->data = NULL;
    e->ph = NULL;
}

/* Parse the header and program headers; err names the file. */
static int elf_parse(elf *e, char *err, size_t errlen)
{
    const uint8_t *d = e->data;
    if (e->len < 64 || memcmp(d, "\177ELF", 4) != 0)
        return fail(err, errlen, "%s: not an ELF file", e->path);
    if (d[4] != 2 || d[5] != 1)
        return fail(err, errlen, "%s: not a 64-bit little-endian ELF file (class %u, data %u)",
                    e->path, d[4], d[5]);
    unsigned mach = rd16(d + 18);
    if (mach != EM_AARCH64)
        return fail(err, errlen, "%s: ELF machine %u, not AArch64 (%u)", e->path, mach,
                    EM_AARCH64);
    e->type = rd16(d + 16);
    if (e->type != ET_EXEC && e->type != ET_DYN)
        return fail(err, errlen, "%s: ELF type %u is not an executable or shared object",
                    e->path, e->type);
    uint64_t phoff = rd64(d + 32);
    unsigned phentsize = rd16(d + 54), phnum = rd16(d + 56);
    if (phentsize < 56 || phoff > e->len || (uint64_t)phnum * phentsize > e->len - phoff)
        return fail(err, errlen, "%s: program headers at offset 0x%" PRIx64 " lie outside the file",
                    e->path, phoff);
    e->ph = calloc(phnum ? phnum : 1, sizeof *e->ph);
    if (!e->ph)
        return fail(err, errlen, "%s: out of memory", e->path);
    e->nph = phnum;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *p = d + phoff + (uint64_t)i * phentsize;
        phdr *h = &e->ph[i];
        h->type = rd32(p);
        h->flags = rd32(p + 4);
        h->offset = rd64(p + 8);
        h->vaddr = rd64(p + 16);
        h->filesz = rd64(p + 32);
        if ((h->type == PT_LOAD || h->type == PT_INTERP || h->type == PT_DYNAMIC) &&
            (h->offset > e->len || h->filesz > e->len - h->offset))
            return fail(err, errlen, "%s: segment %u (offset 0x%" PRIx64 ", size 0x%" PRIx64
                        ") lies outside the file", e->path, i, h->offset, h->filesz);
    }
    return 0;
}

static int elf_load(elf *e, const char *path, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (!realpath(path, e->path))
        return fail(err, errlen, "%s: %s", path, strerror(errno));
    char ferr[512];
    if (file_read_all(e->path, &e->data, &e->len, ferr, sizeof ferr))
        return fail(err, errlen, "%s", ferr);
    if (elf_parse(e, err, errlen)) {
        elf_free(e);
        return -1;
    }
    return 0;
}

int perf_elf_check(const char *path, int *dynamic, char *err, size_t errlen)
{
    elf e;
    if (elf_load(&e, path, err, errlen))
        return -1;
    if (dynamic) {
        *dynamic = 0;
        for (size_t i = 0; i < e.nph; i++)
            if (e.ph[i].type == PT_INTERP)
                *dynamic = 1;
    }
    elf_free(&e);
    return 0;
}

/* file offset of virtual address va, or -1 */
static int64_t elf_va_off(const elf *e, uint64_t va)
{
    for (size_t i = 0; i < e->nph; i++) {
        const phdr *h = &e->ph[i];
        if (h->type == PT_LOAD && va >= h->vaddr && va - h->vaddr < h->filesz)
            return (int64_t)(h->offset + (va - h->vaddr));
    }
    return -1;
}

/* ---- the file list: program, interpreter, DT_NEEDED ----------------------- */

typedef struct files {
    elf *f;
    size_t n;
} files;

static int files_have(const files *fs, const char *real)
{
    for (size_t i = 0; i < fs->n; i++)
        if (strcmp(fs->f[i].path, real) == 0)
            return 1;
    return 0;
}

static int files_add(files *fs, const char *path, char *err, size_t errlen)
{
    char real[PATH_MAX];
    if (!realpath(path, real))
        return fail(err, errlen, "%s: %s", path, strerror(errno));
    if (files_have(fs, real))
        return 0;
    if (fs->n == MAX_FILES)
        return fail(err, errlen, "%s: more than %u files to map", path, MAX_FILES);
    if (elf_load(&fs->f[fs->n], real, err, errlen))
        return -1;
    fs->n++;
    return 0;
}

static int exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* a library name under the sysroot's library folders */
static int find_lib(const char *sysroot, const char *name, char *out, size_t outlen)
{
    static const char *const dirs[] = {"/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
                                       "/lib", "/usr/lib", "/lib64", "/usr/lib64"};
    if (strchr(name, '/')) {
        if ((size_t)snprintf(out, outlen, "%s/%s", sysroot, name) < outlen && exists(out))
            return 0;
        return -1;
    }
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        if ((size_t)snprintf(out, outlen, "%s%s/%s", sysroot, dirs[i], name) < outlen &&
            exists(out))
            return 0;
    return -1;
}

/* add the interpreter and the DT_NEEDED libraries of fs->f[i] */
static int add_deps(files *fs, size_t i, const char *sysroot, char *err, size_t errlen)
{
    char path[PATH_MAX + 512];
    for (size_t k = 0; k < fs->f[i].nph; k++) {
        const elf *e = &fs->f[i];
        const phdr *h = &e->ph[k];
        if (h->type == PT_INTERP && h->filesz > 1) {
            char name[PATH_MAX];
            size_t n = h->filesz < sizeof name ? (size_t)h->filesz : sizeof name - 1;
            memcpy(name, e->data + h->offset, n);
            name[n] = 0;
            name[strnlen(name, n)] = 0;
            if (find_lib(sysroot, name, path, sizeof path))
                return fail(err, errlen, "%s: interpreter %s not found under %s", e->path,
                            name, sysroot);
            if (files_add(fs, path, err, errlen))
                return -1;
        }
    }
    const elf *e = &fs->f[i];
    const phdr *dyn = NULL;
    for (size_t k = 0; k < e->nph; k++)
        if (e->ph[k].type == PT_DYNAMIC)
            dyn = &e->ph[k];
    if (!dyn)
        return 0;
    uint64_t strtab = 0;
    int have_strtab = 0;
    for (uint64_t o = 0; o + 16 <= dyn->filesz; o += 16) {
        const uint8_t *p = e->data + dyn->offset + o;
        uint64_t tag = rd64(p);
        if (tag == DT_NULL)
            break;
        if (tag == DT_STRTAB) {
            strtab = rd64(p + 8);
            have_strtab = 1;
        }
    }
    if (!have_strtab)
        return 0;
    int64_t stroff = elf_va_off(e, strtab);
    if (stroff < 0)
        return fail(err, errlen, "%s: DT_STRTAB 0x%" PRIx64 " is not in a loaded segment",
                    e->path, strtab);
    for (uint64_t o = 0; o + 16 <= dyn->filesz; o += 16) {
        e = &fs->f[i];
        const uint8_t *p = e->data + dyn->offset + o;
        uint64_t tag = rd64(p);
        if (tag == DT_NULL)
            break;
        if (tag != DT_NEEDED)
            continue;
        uint64_t at = (uint64_t)stroff + rd64(p + 8);
        if (at >= e->len || !memchr(e->data + at, 0, e->len - at))
            return fail(err, errlen, "%s: DT_NEEDED name at 0x%" PRIx64 " is outside the file",
                        e->path, at);
        const char *name = (const char *)e->data + at;
        if (find_lib(sysroot, name, path, sizeof path))
            return fail(err, errlen, "%s: library %s not found under %s", e->path, name,
                        sysroot);
        if (files_add(fs, path, err, errlen))
            return -1;
    }
    return 0;
}

/* ---- matching the image against a segment --------------------------------- */

/* Do the executed (non-zero) words of image segment s equal the file bytes
 * of h when h is loaded with bias? */
static int seg_matches(const pe_segment *s, const elf *e, const phdr *h, uint64_t bias)
{
    uint64_t lo = h->vaddr + bias;
    if (s->base < lo || s->base - lo > h->filesz || s->len > h->filesz - (s->base - lo))
        return 0;
    const uint8_t *f = e->data + h->offset + (s->base - lo);
    for (uint64_t i = 0; i + 4 <= s->len; i += 4) {
        uint32_t w = rd32(s->data + i);
        if (w != 0 && w != rd32(f + i))
            return 0;
    }
    return 1;
}

typedef struct vote {
    uint64_t bias;
    unsigned n;
} vote;

static void add_vote(vote *v, unsigned *nv, uint64_t bias)
{
    for (unsigned i = 0; i < *nv; i++)
        if (v[i].bias == bias) {
            v[i].n++;
            return;
        }
    if (*nv < MAX_VOTES) {
        v[*nv].bias = bias;
        v[*nv].n = 1;
        (*nv)++;
    }
}

/* The load bias of executable segment h of an ET_DYN file: the bias most
 * image segments agree on.  Returns 1 and *bias, or 0 if none matches. */
static int find_bias(const pe_image *img, const unsigned char *claimed, const elf *e,
                     const phdr *h, uint64_t *bias)
{
    vote v[MAX_VOTES];
    unsigned nv = 0;
    const uint8_t *f = e->data + h->offset;
    uint64_t first = (4 - (h->vaddr & 3)) & 3;
    for (size_t s = 0; s < img->nseg; s++) {
        const pe_segment *sg = &img->seg[s];
        if (claimed[s] || sg->len < 4 || sg->base >= USER_TOP || (sg->base & 3))
            continue;
        uint32_t w0 = rd32(sg->data);
        if (w0 == 0)
            continue;
        for (uint64_t o = first; o + 4 <= h->filesz; o += 4) {
            if (rd32(f + o) != w0)
                continue;
            uint64_t b = sg->base - (h->vaddr + o);
            if ((b & (PAGE - 1)) == 0 && seg_matches(sg, e, h, b))
                add_vote(v, &nv, b);
        }
        unsigned best = 0;
        for (unsigned i = 0; i < nv; i++)
            if (v[i].n > best)
                best = v[i].n;
        if (best >= ENOUGH_VOTES)
            break;
    }
    unsigned best = 0;
    for (unsigned i = 0; i < nv; i++)
        if (v[i].n > best) {
            best = v[i].n;
            *bias = v[i].bias;
        }
    return best > 0;
}

/* ---- the result ----------------------------------------------------------- */

static int add_map(perf_maps *m, size_t *cap, uint64_t addr, uint64_t len, uint64_t pgoff,
                   const char *path)
{
    if (m->n == *cap) {
        size_t c = *cap ? *cap * 2 : 16;
        perf_data_map *q = realloc(m->map, c * sizeof *q);
        if (!q)
            return -1;
        m->map = q;
        *cap = c;
    }
    char *p = strdup(path);
    if (!p)
        return -1;
    m->map[m->n++] = (perf_data_map){.addr = addr, .len = len, .pgoff = pgoff, .path = p};
    return 0;
}

static int overlaps(const perf_maps *m, uint64_t addr, uint64_t len)
{
    for (size_t i = 0; i < m->n; i++)
        if (addr < m->map[i].addr + m->map[i].len && m->map[i].addr < addr + len)
            return 1;
    return 0;
}

static int cmp_map(const void *a, const void *b)
{
    const perf_data_map *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

void perf_maps_free(perf_maps *m)
{
    for (size_t i = 0; i < m->n; i++)
        free((char *)m->map[i].path);
    free(m->map);
    memset(m, 0, sizeof *m);
}

static int write_raw(const char *dir, const pe_segment *s, char *path, size_t pathlen,
                     char *err, size_t errlen)
{
    if ((size_t)snprintf(path, pathlen, "%s/seg-%016" PRIx64 ".bin", dir, s->base) >= pathlen)
        return fail(err, errlen, "%s: path too long", dir);
    FILE *f = fopen(path, "wb");
    if (!f)
        return fail(err, errlen, "cannot create %s: %s", path, strerror(errno));
    int bad = fwrite(s->data, 1, (size_t)s->len, f) != s->len;
    if (fclose(f) != 0)
        bad = 1;
    if (bad)
        return fail(err, errlen, "error writing %s: %s", path, strerror(errno));
    char real[PATH_MAX];
    if (!realpath(path, real))
        return fail(err, errlen, "%s: %s", path, strerror(errno));
    if (strlen(real) >= pathlen)
        return fail(err, errlen, "%s: path too long", real);
    strcpy(path, real);
    return 0;
}

int perf_maps_find(const pe_image *img, const perf_maps_cfg *cfg, perf_maps *out,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!img || !cfg)
        return fail(err, errlen, "perf maps: no image or configuration given");
    files fs = {calloc(MAX_FILES, sizeof(elf)), 0};
    unsigned char *claimed = calloc(img->nseg ? img->nseg : 1, 1);
    size_t cap = 0;
    int rc = -1;
    if (!fs.f || !claimed) {
        fail(err, errlen, "perf maps: out of memory");
        goto done;
    }
    for (size_t i = 0; i < cfg->nelf; i++)
        if (files_add(&fs, cfg->elf[i], err, errlen))
            goto done;
    if (cfg->sysroot) {
        for (size_t i = 0; i < fs.n; i++)
            if (add_deps(&fs, i, cfg->sysroot, err, errlen))
                goto done;
    }

    /* each file's executable segments */
    for (size_t i = 0; i < fs.n; i++) {
        const elf *e = &fs.f[i];
        for (size_t k = 0; k < e->nph; k++) {
            const phdr *h = &e->ph[k];
            if (h->type != PT_LOAD || !(h->flags & PF_X) || h->filesz == 0)
                continue;
            uint64_t bias = 0;
            if (e->type == ET_DYN && !find_bias(img, claimed, e, h, &bias))
                continue;   /* nothing of it executed */
            uint64_t start = (h->vaddr + bias) & ~(PAGE - 1);
            uint64_t len = h->vaddr + bias + h->filesz - start;
            uint64_t pgoff = h->offset & ~(PAGE - 1);
            if (e->type == ET_EXEC) {
                int any = 0;
                for (size_t s = 0; s < img->nseg && !any; s++)
                    any = seg_matches(&img->seg[s], e, h, 0);
                if (!any)
                    continue;
            }
            if (overlaps(out, start, len)) {
                fail(err, errlen, "%s: segment at 0x%" PRIx64 " overlaps another file's",
                     e->path, start);
                goto done;
            }
            if (add_map(out, &cap, start, len, pgoff, e->path)) {
                fail(err, errlen, "perf maps: out of memory");
                goto done;
            }
            for (size_t s = 0; s < img->nseg; s++)
                if (!claimed[s] && seg_matches(&img->seg[s], e, h, bias)) {
                    claimed[s] = 1;
                    out->seg_matched++;
                }
        }
    }

    /* what no file explains */
    for (size_t s = 0; s < img->nseg; s++) {
        const pe_segment *sg = &img->seg[s];
        if (claimed[s] || sg->len == 0)
            continue;
        if (sg->base >= USER_TOP) {
            out->seg_kernel++;
            continue;
        }
        if (overlaps(out, sg->base, sg->len)) {
            const char *who = "";
            for (size_t i = 0; i < out->n; i++)
                if (sg->base < out->map[i].addr + out->map[i].len &&
                    out->map[i].addr < sg->base + sg->len)
                    who = out->map[i].path;
            fail(err, errlen, "image segment 0x%" PRIx64 "..0x%" PRIx64
                 " lies in the mapping of %s but its instructions differ from the file's",
                 sg->base, sg->base + sg->len, who);
            goto done;
        }
        if (!cfg->rawdir) {
            fail(err, errlen, "image segment 0x%" PRIx64 "..0x%" PRIx64
                 " is in no file given and no folder for raw segments was given",
                 sg->base, sg->base + sg->len);
            goto done;
        }
        char path[PATH_MAX];
        if (write_raw(cfg->rawdir, sg, path, sizeof path, err, errlen))
            goto done;
        if (add_map(out, &cap, sg->base, sg->len, 0, path)) {
            fail(err, errlen, "perf maps: out of memory");
            goto done;
        }
        out->seg_raw++;
    }
    if (out->n)
        qsort(out->map, out->n, sizeof *out->map, cmp_map);
    rc = 0;
done:
    for (size_t i = 0; fs.f && i < fs.n; i++)
        elf_free(&fs.f[i]);
    free(fs.f);
    free(claimed);
    if (rc)
        perf_maps_free(out);
    return rc;
}
