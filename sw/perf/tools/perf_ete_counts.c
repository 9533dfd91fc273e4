/* perf-ete-counts: decode an ETE snapshot with our decoder (sw/ete) and
 * print the instruction and branch counts that `perf script` gives on the
 * perf.data file of the same trace (perf-data-write), by the rules perf's
 * cs-etm decoder samples with (docs/perf-data.md):
 *
 *   instructions  the instructions of every range at EL0 (perf reads the
 *                 code from the MMAP records of the process, which hold
 *                 no EL1 code: the ranges at EL1 are not perf's)
 *   branches      one per EL0 range that follows a trace discontinuity
 *                 (trace on, lost synchronisation, overflow), one per
 *                 discontinuity that follows an EL0 range (perf flushes
 *                 the range: a sample to address 0), one per range whose
 *                 last instruction is a branch that was taken (E atom; an
 *                 ISB or WFx with an E atom is no branch) or that an
 *                 exception follows
 *
 *   perf-ete-counts [--list] SNAPSHOT_DIR
 *
 * --list first prints each branch sample as `perf script -F ip,addr` does
 * (from => to, hexadecimal; from 0 after a discontinuity, to 0 at one);
 * prints "instructions N", "branches N", "el1-instructions N" (left out),
 * "errors N"; exit 0, 1 on bad packets, 2 on a usage or file error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_decoder.h"
#include "ete_image.h"
#include "ete_snapshot_read.h"

enum prev { PREV_NONE, PREV_DISC, PREV_TAKEN, PREV_NOT_TAKEN };

typedef struct counts {
    unsigned el;            /* the EL of the last context element */
    enum prev prev;
    uint64_t insns, branches, el1_insns;
    uint64_t last;          /* address of the last instruction of the last range */
    int list;               /* --list: print each branch as perf script -F ip,addr */
} counts;

static void on_elem(void *ctx, const ete_elem *e)
{
    counts *c = ctx;
    switch (e->kind) {
    case ETE_ELEM_CONTEXT:
        c->el = e->el;
        break;
    case ETE_ELEM_RANGE:
        if (c->el != 0) {
            c->el1_insns += e->n_insn;
            break;
        }
        if (c->prev == PREV_DISC || c->prev == PREV_TAKEN) {
            c->branches++;
            if (c->list)
                printf("%" PRIx64 " => %" PRIx64 "\n", c->prev == PREV_DISC ? 0 : c->last,
                       e->start);
        }
        c->insns += e->n_insn;
        c->last = e->end - 4;
        /* perf takes the E atom of a branch only, not of an ISB or WFx */
        c->prev = e->taken && (e->p0_class == ETE_P0_BR_DIRECT ||
                               e->p0_class == ETE_P0_BR_INDIRECT) ? PREV_TAKEN : PREV_NOT_TAKEN;
        break;
    case ETE_ELEM_EXCEPTION:
    case ETE_ELEM_PE_RESET:
        if (c->prev == PREV_NOT_TAKEN)
            c->prev = PREV_TAKEN;
        break;
    case ETE_ELEM_TRACE_ON:
    case ETE_ELEM_NO_SYNC:
    case ETE_ELEM_OVERFLOW:
        /* perf flushes at a discontinuity: one more sample for the last
         * range, whatever its last instruction (to address 0) */
        if (c->prev == PREV_TAKEN || c->prev == PREV_NOT_TAKEN) {
            c->branches++;
            if (c->list)
                printf("%" PRIx64 " => 0\n", c->last);
        }
        c->prev = PREV_DISC;
        break;
    default:
        break;
    }
}

int main(int argc, char **argv)
{
    int list = 0;
    if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        printf("usage: perf-ete-counts [--list] SNAPSHOT_DIR\n");
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "--list")) {
        list = 1;
        argv++;
        argc--;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: perf-ete-counts [--list] SNAPSHOT_DIR\n");
        return 2;
    }
    char err[1024];
    ete_snapshot ss;
    if (ete_snapshot_load(argv[1], NULL, &ss, err, sizeof err)) {
        fprintf(stderr, "perf-ete-counts: %s\n", err);
        return 2;
    }
    counts c = {.el = 0, .prev = PREV_NONE, .list = list};
    ete_decoder *d = ete_decoder_new(&ss.cfg, ete_image_read, &ss.image, on_elem, &c, err,
                                     sizeof err);
    if (!d) {
        fprintf(stderr, "perf-ete-counts: %s\n", err);
        ete_snapshot_free(&ss);
        return 2;
    }
    size_t used;
    int rc = 0;
    if (ete_decoder_feed(d, ss.trace, ss.trace_len, &used) != 0) {
        fprintf(stderr, "perf-ete-counts: out of memory\n");
        rc = 2;
    } else {
        ete_decoder_finish(d);
        unsigned errors = ete_decoder_errors(d);
        printf("instructions %" PRIu64 "\nbranches %" PRIu64 "\nel1-instructions %" PRIu64
               "\nerrors %u\n", c.insns, c.branches, c.el1_insns, errors);
        if (errors) {
            fprintf(stderr, "perf-ete-counts: %u bad packets; last: %s\n", errors,
                    ete_decoder_last_error(d));
            rc = 1;
        }
    }
    ete_decoder_free(d);
    ete_snapshot_free(&ss);
    return rc;
}
