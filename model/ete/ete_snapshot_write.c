/* OpenCSD / DS-5 trace snapshot writer.
 *
 * Layout of the directory:
 *   snapshot.ini   [snapshot] version, [device_list] the two devices,
 *                  [trace] metadata=trace.ini
 *   cpu_0.ini      [device] class=core type=ARMv9-A, [regs] PC, one
 *                  [dumpN] section (file, address, length) per image segment
 *   ETE_0.ini      [device] class=trace_source type=ETE, [regs] the ID
 *                  registers and the programming registers by spec name
 *   trace.ini      one buffer, format=source_data (raw, unformatted
 *                  trace of a single source), the source-buffer and
 *                  core-source associations
 *   trace.bin      the trace bytes
 *   mem_N.bin      the bytes of image segment N
 */
#include "ete_model.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int write_file(const char *dir, const char *name, const void *data, size_t len,
                      char *err, size_t errlen)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
        return fail(err, errlen, "snapshot: path too long for %s", name);
    FILE *f = fopen(path, "wb");
    if (!f)
        return fail(err, errlen, "snapshot: cannot create %s: %s", path, strerror(errno));
    size_t w = len ? fwrite(data, 1, len, f) : 0;
    int bad = w != len;
    if (fclose(f) != 0)
        bad = 1;
    if (bad)
        return fail(err, errlen, "snapshot: error writing %s: %s", path, strerror(errno));
    return 0;
}

/* A growable text buffer for the .ini files. */
typedef struct txt {
    char buf[16384];
    size_t len;
    int overflow;
} txt;

static void tprintf(txt *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof t->buf - t->len)
        t->overflow = 1;
    else
        t->len += (size_t)n;
}

static int write_txt(const char *dir, const char *name, const txt *t, char *err,
                     size_t errlen)
{
    if (t->overflow)
        return fail(err, errlen, "snapshot: %s is too large", name);
    return write_file(dir, name, t->buf, t->len, err, errlen);
}

static int write_all(const char *dir, txt *t, const ete_idregs *id, const ete_progregs *r,
                     const pe_image *img, const uint8_t *trace, size_t len, char *err,
                     size_t errlen)
{
    t->len = 0;
    t->overflow = 0;
    tprintf(t, "[snapshot]\nversion=1.0\ndescription=ETE model trace\n\n");
    tprintf(t, "[device_list]\ndevice0=cpu_0.ini\ndevice1=ETE_0.ini\n\n");
    tprintf(t, "[trace]\nmetadata=trace.ini\n");
    if (write_txt(dir, "snapshot.ini", t, err, errlen))
        return -1;

    /* The core: its name selects the architecture profile OpenCSD decodes
     * with ("ARMv9-A" = AArch64, A profile). */
    t->len = 0;
    t->overflow = 0;
    uint64_t pc0 = img && img->nseg ? img->seg[0].base : 0;
    tprintf(t, "[device]\nname=cpu_0\nclass=core\ntype=ARMv9-A\n\n");
    tprintf(t, "[regs]\nPC(size:64)=0x%" PRIx64 "\n", pc0);
    for (size_t i = 0; img && i < img->nseg; i++) {
        char name[64];
        snprintf(name, sizeof name, "mem_%zu.bin", i);
        if (write_file(dir, name, img->seg[i].data, (size_t)img->seg[i].len, err, errlen))
            return -1;
        tprintf(t, "\n[dump%zu]\nfile=%s\naddress=0x%" PRIx64 "\nlength=0x%" PRIx64 "\n",
                i + 1, name, img->seg[i].base, img->seg[i].len);
    }
    if (write_txt(dir, "cpu_0.ini", t, err, errlen))
        return -1;

    t->len = 0;
    t->overflow = 0;
    tprintf(t, "[device]\nname=ETE_0\nclass=trace_source\ntype=ETE\n\n[regs]\n");
    tprintf(t, "TRCCONFIGR=0x%08" PRIx32 "\n", r->trcconfigr);
    tprintf(t, "TRCTRACEIDR=0x%08" PRIx32 "\n", r->trctraceidr);
    tprintf(t, "TRCDEVARCH=0x%08" PRIx32 "\n", id->trcdevarch);
    for (unsigned i = 0; i < 14; i++)
        tprintf(t, "TRCIDR%u=0x%08" PRIx32 "\n", i, id->trcidr[i]);
    tprintf(t, "TRCEVENTCTL0R=0x%08" PRIx32 "\n", r->trceventctl0r);
    tprintf(t, "TRCEVENTCTL1R=0x%08" PRIx32 "\n", r->trceventctl1r);
    tprintf(t, "TRCSTALLCTLR=0x%08" PRIx32 "\n", r->trcstallctlr);
    tprintf(t, "TRCTSCTLR=0x%08" PRIx32 "\n", r->trctsctlr);
    tprintf(t, "TRCSYNCPR=0x%08" PRIx32 "\n", r->trcsyncpr);
    tprintf(t, "TRCCCCTLR=0x%08" PRIx32 "\n", r->trcccctlr);
    tprintf(t, "TRCBBCTLR=0x%08" PRIx32 "\n", r->trcbbctlr);
    tprintf(t, "TRCVICTLR=0x%08" PRIx32 "\n", r->trcvictlr);
    tprintf(t, "TRCVIIECTLR=0x%08" PRIx32 "\n", r->trcviiectlr);
    tprintf(t, "TRCVISSCTLR=0x%08" PRIx32 "\n", r->trcvissctlr);
    if (write_txt(dir, "ETE_0.ini", t, err, errlen))
        return -1;

    t->len = 0;
    t->overflow = 0;
    tprintf(t, "[trace_buffers]\nbuffers=buffer0\n\n");
    tprintf(t, "[buffer0]\nname=ETB_0\nfile=trace.bin\nformat=source_data\n\n");
    tprintf(t, "[source_buffers]\nETE_0=ETB_0\n\n");
    tprintf(t, "[core_trace_sources]\ncpu_0=ETE_0\n");
    if (write_txt(dir, "trace.ini", t, err, errlen))
        return -1;

    return write_file(dir, "trace.bin", trace, len, err, errlen);
}

int ete_snapshot_write(const char *dir, const ete_idregs *id, const ete_progregs *r,
                       const pe_image *img, const uint8_t *trace, size_t len,
                       char *err, size_t errlen)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return fail(err, errlen, "snapshot: cannot create directory %s: %s", dir,
                    strerror(errno));
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return fail(err, errlen, "snapshot: %s is not a directory", dir);
    txt *t = malloc(sizeof *t);
    if (!t)
        return fail(err, errlen, "snapshot: out of memory");
    int rc = write_all(dir, t, id, r, img, trace, len, err, errlen);
    free(t);
    return rc;
}
