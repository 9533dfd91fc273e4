/* Program image regions for the trace analyzer (D9.5: the "program image"
 * the analysis stage walks). */
#include "ete_image.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

void ete_image_init(ete_image *img)
{
    img->r = NULL;
    img->n = 0;
    img->cap = 0;
    img->last = 0;
}

void ete_image_free(ete_image *img)
{
    for (size_t i = 0; i < img->n; i++)
        free(img->r[i].data);
    free(img->r);
    ete_image_init(img);
}

static int add_region(ete_image *img, uint64_t addr, uint8_t *data, size_t len,
                      unsigned space, char *err, size_t errlen)
{
    if (len > 0 && addr + (uint64_t)(len - 1) < addr) {
        snprintf(err, errlen, "image region at 0x%llx of %zu bytes wraps past 2^64",
                 (unsigned long long)addr, len);
        return -1;
    }
    if (img->n == img->cap) {
        size_t ncap = img->cap ? img->cap * 2 : 8;
        ete_image_region *nr = realloc(img->r, ncap * sizeof *nr);
        if (!nr) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        img->r = nr;
        img->cap = ncap;
    }
    img->r[img->n].addr = addr;
    img->r[img->n].len = len;
    img->r[img->n].data = data;
    img->r[img->n].space = space;
    img->n++;
    return 0;
}

int ete_image_add(ete_image *img, uint64_t addr, const void *data, size_t len,
                  unsigned space, char *err, size_t errlen)
{
    uint8_t *copy = malloc(len ? len : 1);
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (len)
        memcpy(copy, data, len);
    if (add_region(img, addr, copy, len, space, err, errlen) != 0) {
        free(copy);
        return -1;
    }
    return 0;
}

int ete_image_add_file(ete_image *img, uint64_t addr, const char *path,
                       uint64_t offset, uint64_t length, int have_length,
                       unsigned space, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        fclose(f);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        /* a directory opens, and then sizes as 2^63-1 bytes */
        snprintf(err, errlen, "%s: %s", path, S_ISDIR(st.st_mode) ?
                 "is a directory, not a regular file" : "not a regular file");
        fclose(f);
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0) {
        snprintf(err, errlen, "%s: cannot seek: %s", path, strerror(errno));
        fclose(f);
        return -1;
    }
    long sz = ftell(f);
    if (sz < 0) {
        snprintf(err, errlen, "%s: cannot size: %s", path, strerror(errno));
        fclose(f);
        return -1;
    }
    uint64_t fsize = (uint64_t)sz;
    if (offset > fsize) {
        snprintf(err, errlen, "%s: offset 0x%llx is past the end of the file (%llu bytes)",
                 path, (unsigned long long)offset, (unsigned long long)fsize);
        fclose(f);
        return -1;
    }
    if (!have_length)
        length = fsize - offset;
    if (length > fsize - offset) {
        snprintf(err, errlen, "%s: length 0x%llx at offset 0x%llx exceeds the file size (%llu bytes)",
                 path, (unsigned long long)length, (unsigned long long)offset,
                 (unsigned long long)fsize);
        fclose(f);
        return -1;
    }
    if (length > (uint64_t)SIZE_MAX - 1) {
        snprintf(err, errlen, "%s: region too large", path);
        fclose(f);
        return -1;
    }
    uint8_t *buf = malloc(length ? (size_t)length : 1);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory for %llu bytes", path,
                 (unsigned long long)length);
        fclose(f);
        return -1;
    }
    if (fseek(f, (long)offset, SEEK_SET) != 0 ||
        (length && fread(buf, 1, (size_t)length, f) != (size_t)length)) {
        snprintf(err, errlen, "%s: read error", path);
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    if (add_region(img, addr, buf, (size_t)length, space, err, errlen) != 0) {
        free(buf);
        return -1;
    }
    return 0;
}

int ete_image_space_from_name(const char *name, unsigned *space)
{
    static const struct { const char *n; unsigned m; } map[] = {
        { "",     ETE_SPACE_ANY },
        { "ANY",  ETE_SPACE_ANY },
        { "EL1S", ETE_SPACE_EL10_S },
        { "EL1N", ETE_SPACE_EL10_N },
        { "EL2S", ETE_SPACE_EL2_S },
        { "EL2",  ETE_SPACE_EL2_N },
        { "EL2N", ETE_SPACE_EL2_N },
        { "EL3",  ETE_SPACE_EL3 },
        { "S",    ETE_SPACE_EL10_S | ETE_SPACE_EL2_S | ETE_SPACE_EL3 },
        { "N",    ETE_SPACE_EL10_N | ETE_SPACE_EL2_N },
        { "H",    ETE_SPACE_EL2_N },
        { "P",    ETE_SPACE_EL10_N },
        { "NP",   ETE_SPACE_EL10_N },
        { "SP",   ETE_SPACE_EL10_S },
        /* Realm and Root are not distinguished by the ETE Context element
         * (it carries NS only), so their regions match every context. */
        { "EL1R", ETE_SPACE_ANY },
        { "EL2R", ETE_SPACE_ANY },
        { "R",    ETE_SPACE_ANY },
        { "ROOT", ETE_SPACE_ANY },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (strcasecmp(name, map[i].n) == 0) {
            *space = map[i].m;
            return 0;
        }
    }
    return -1;
}

static unsigned ctx_bit(unsigned el, int ns)
{
    switch (el & 3u) {
    case 0:
    case 1:  return ns ? ETE_SPACE_EL10_N : ETE_SPACE_EL10_S;
    case 2:  return ns ? ETE_SPACE_EL2_N : ETE_SPACE_EL2_S;
    default: return ETE_SPACE_EL3;
    }
}

static int region_has(const ete_image_region *r, uint64_t addr, unsigned bit)
{
    return (r->space & bit) && addr >= r->addr && r->len >= 4 &&
           addr - r->addr <= (uint64_t)(r->len - 4);
}

int ete_image_read(void *ctx, uint64_t addr, unsigned el, int ns, uint32_t *word)
{
    ete_image *img = ctx;
    unsigned bit = ctx_bit(el, ns);
    const ete_image_region *r = NULL;
    if (img->last < img->n && region_has(&img->r[img->last], addr, bit)) {
        r = &img->r[img->last];
    } else {
        for (size_t i = 0; i < img->n; i++) {
            if (region_has(&img->r[i], addr, bit)) {
                r = &img->r[i];
                img->last = i;
                break;
            }
        }
    }
    if (!r)
        return -1;
    const uint8_t *p = r->data + (size_t)(addr - r->addr);
    *word = (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
            ((uint32_t)p[3] << 24);
    return 0;
}
