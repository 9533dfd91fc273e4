/* libFuzzer entry point for the OpenCSD / DS-5 snapshot reader
 * (sw/ete/ete_snapshot_read.c, ete_image.c) and the decode of what it loads.
 *
 * Input: up to six parts separated by the line "@@\n", written to a
 * temporary directory ($TMPDIR, /dev/shm or /tmp) as snapshot.ini, cpu_0.ini, ete_0.ini, trace.ini,
 * trace.bin and mem.bin (a missing part: no such file).  Inputs that name a
 * path with '/' are skipped: the reader would read files outside the
 * directory.  The loaded trace is then decoded with the loaded image.  A
 * load either succeeds with a consistent result or fails with a message;
 * any crash, leak or hang is a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ete_decoder.h"
#include "ete_snapshot_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

static const char *const names[6] = { "snapshot.ini", "cpu_0.ini", "ete_0.ini", "trace.ini",
                                      "trace.bin", "mem.bin" };
static char dir[64];

static void cleanup(void)
{
    char p[128];
    for (int i = 0; i < 6; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
}

static void put(int i, const uint8_t *b, size_t n)
{
    char p[128];
    snprintf(p, sizeof p, "%s/%s", dir, names[i]);
    if (!b) {
        unlink(p);
        return;
    }
    FILE *f = fopen(p, "wb");
    require(f != NULL);
    require(n == 0 || fwrite(b, 1, n, f) == n);
    require(fclose(f) == 0);
}

static const uint8_t *find_sep(const uint8_t *p, const uint8_t *end)
{
    for (; end - p >= 3; p++)
        if (p[0] == '@' && p[1] == '@' && p[2] == '\n')
            return p;
    return NULL;
}

static void on_elem(void *ctx, const ete_elem *e)
{
    char line[160];
    (void)ctx;
    require(e->kind < ETE_ELEM_KIND_COUNT && ete_elem_format(e, line, sizeof line) > 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *part[6] = { 0 };
    size_t len[6] = { 0 };
    const uint8_t *p = data, *end = data + size;
    int np = 0;

    if (!dir[0]) {
        /* $TMPDIR, else /dev/shm (tmpfs: three times the executions of a
         * disk), else /tmp */
        const char *t = getenv("TMPDIR");
        const char *const cand[3] = { t && *t && strlen(t) < 30 ? t : NULL, "/dev/shm", "/tmp" };
        for (int i = 0; i < 3 && !dir[0]; i++) {
            if (!cand[i])
                continue;
            snprintf(dir, sizeof dir, "%s/fuzz_ete_snapshot.XXXXXX", cand[i]);
            if (!mkdtemp(dir))
                dir[0] = 0;
        }
        require(dir[0] != 0);
        atexit(cleanup);
    }
    while (np < 6) {
        const uint8_t *s = find_sep(p, end);
        part[np] = p;
        len[np] = s ? (size_t)(s - p) : (size_t)(end - p);
        np++;
        if (!s)
            break;
        p = s + 3;
    }
    /* the .ini parts must not reach outside the directory */
    for (int i = 0; i < np && i < 4; i++)
        if (memchr(part[i], '/', len[i]))
            return 0;
    for (int i = 0; i < 6; i++)
        put(i, i < np ? part[i] : NULL, len[i]);

    ete_snapshot ss;
    char err[512];
    err[0] = 0;
    if (ete_snapshot_load(dir, NULL, &ss, err, sizeof err) != 0) {
        require(err[0] != 0 && memchr(err, 0, sizeof err) != NULL);
        require(ss.trace == NULL && ss.image.n == 0);
        return 0;
    }
    require(ss.trace_len <= size && ss.source[0] != 0);
    ete_decoder *d = ete_decoder_new(&ss.cfg, ete_image_read, &ss.image, on_elem, NULL, err,
                                     sizeof err);
    if (d) {
        size_t used = 0;
        require(ete_decoder_feed(d, ss.trace, ss.trace_len, &used) == 0 &&
                used == ss.trace_len);
        ete_decoder_finish(d);
        ete_decoder_free(d);
    } else {
        require(err[0] != 0);
    }
    ete_snapshot_free(&ss);
    return 0;
}
