/* pe-dump: text dump of a PE retirement stream file (docs/pe-interface.md).
 *
 *   pe-dump [--image] [--no-records] [--from I] [--count N] FILE.pe
 *   pe-dump --blocks [--max-insns W] [--no-records] [--from I] [--count N] FILE.pe
 *
 * Prints a header comment line, with --image one line per program image
 * segment, then one pe_rec_print line per record.  With --blocks it prints
 * the block stream instead (docs/pe-blocks.md): one pe_blk_print line per
 * slot (--from and --count count slots) and the block statistics.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe_block.h"
#include "pe_stream.h"

static void usage(FILE *f)
{
    fputs("usage: pe-dump [--image] [--no-records] [--from I] [--count N] FILE.pe\n"
          "       pe-dump --blocks [--max-insns W] [--no-records] [--from I] [--count N] FILE.pe\n"
          "  --image       list the program image segments\n"
          "  --no-records  do not print the records (slots)\n"
          "  --blocks      print the block stream (docs/pe-blocks.md) and its statistics\n"
          "  --max-insns W at most W instructions per run (0: no cap, default)\n"
          "  --from I      first record to print (default 0)\n"
          "  --count N     print at most N records\n", f);
}

static int parse_u64(const char *opt, const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') {
        fprintf(stderr, "pe-dump: %s needs a non-negative number\n", opt);
        return -1;
    }
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end) {
        fprintf(stderr, "pe-dump: %s: '%s' is not a number\n", opt, s);
        return -1;
    }
    *v = x;
    return 0;
}

/* The block stream of s: slots, then the statistics of docs/pe-blocks.md. */
static int dump_blocks(const pe_stream *s, unsigned max_insns, int records, uint64_t from,
                       uint64_t count)
{
    pe_blk *b = malloc(pe_blk_max_slots(s->nrec) * sizeof *b);
    if (!b) {
        fprintf(stderr, "pe-dump: out of memory\n");
        return 1;
    }
    size_t bad = 0;
    char err[200];
    long k = pe_blk_from_recs(s->rec, s->nrec, max_insns, b, &bad, err, sizeof err);
    if (k < 0) {
        fprintf(stderr, "pe-dump: %s\n", err);
        free(b);
        return 1;
    }
    size_t nb = (size_t)k;
    if (records)
        for (uint64_t i = from; i < nb && i - from < count; i++)
            pe_blk_print(stdout, &b[i]);
    pe_blk_stats st;
    memset(&st, 0, sizeof st);
    pe_blk_stats_add(&st, b, nb);
    uint64_t p0 = st.runs_p0 + st.kind[PE_BLK_EXC] + st.kind[PE_BLK_RESET];
    printf("# blocks (max_insns %u): %" PRIu64 " slots for %" PRIu64 " records: %.3f slots "
           "per record\n", max_insns, st.slots, st.records,
           st.records ? (double)st.slots / (double)st.records : 0.0);
    printf("# slots: insn %" PRIu64 " (of which %" PRIu64 " of more than one instruction, "
           "longest %" PRIu64 "), exc %" PRIu64 ", reset %" PRIu64 ", tfail %" PRIu64
           ", ctx %" PRIu64 "\n", st.kind[PE_BLK_INSN], st.runs_multi, st.insns_max,
           st.kind[PE_BLK_EXC], st.kind[PE_BLK_RESET], st.kind[PE_BLK_TFAIL],
           st.kind[PE_BLK_CTX]);
    printf("# P0 elements (P0 instructions, exceptions, resets): %" PRIu64 ", %.3f per slot, "
           "%.2f instructions per insn slot\n", p0, st.slots ? (double)p0 / (double)st.slots : 0.0,
           st.kind[PE_BLK_INSN] ? (double)(st.records - st.kind[PE_BLK_EXC] -
                                           st.kind[PE_BLK_RESET] - st.kind[PE_BLK_TFAIL]) /
                                      (double)st.kind[PE_BLK_INSN] : 0.0);
    printf("# port: %u bits per slot (record port: one record per instruction); "
           "%.1f port bits per record\n", PE_BLK_PORT_BITS,
           st.records ? (double)PE_BLK_PORT_BITS * (double)st.slots / (double)st.records : 0.0);
    free(b);
    return 0;
}

int main(int argc, char **argv)
{
    int image = 0, records = 1, blocks = 0;
    uint64_t from = 0, count = UINT64_MAX, max_insns = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--image")) {
            image = 1;
        } else if (!strcmp(a, "--no-records")) {
            records = 0;
        } else if (!strcmp(a, "--blocks")) {
            blocks = 1;
        } else if (!strcmp(a, "--max-insns")) {
            if (parse_u64(a, v, &max_insns))
                return 2;
            if (max_insns > 255) {
                fprintf(stderr, "pe-dump: --max-insns must be 0..255\n");
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--from")) {
            if (parse_u64(a, v, &from))
                return 2;
            i++;
        } else if (!strcmp(a, "--count")) {
            if (parse_u64(a, v, &count))
                return 2;
            i++;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "pe-dump: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (path) {
            fprintf(stderr, "pe-dump: more than one file given ('%s', '%s')\n", path, a);
            return 2;
        } else {
            path = a;
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    pe_stream s;
    char err[512];
    if (pe_stream_read(&s, path, err, sizeof err)) {
        fprintf(stderr, "pe-dump: %s\n", err);
        return 1;
    }
    printf("# %s: seed %" PRIu64 " records %zu segments %zu\n", path, s.seed, s.nrec,
           s.image.nseg);
    if (image)
        for (size_t i = 0; i < s.image.nseg; i++) {
            const pe_segment *g = &s.image.seg[i];
            printf("# segment %zu: 0x%016" PRIx64 "..0x%016" PRIx64 " (%" PRIu64
                   " bytes)\n", i, g->base, g->base + g->len, g->len);
        }
    int rc = 0;
    if (blocks)
        rc = dump_blocks(&s, (unsigned)max_insns, records, from, count);
    else if (records)
        for (uint64_t i = from; i < s.nrec && i - from < count; i++)
            pe_rec_print(stdout, &s.rec[i]);
    pe_stream_free(&s);
    if (rc)
        return rc;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "pe-dump: write error on standard output\n");
        return 1;
    }
    return 0;
}
