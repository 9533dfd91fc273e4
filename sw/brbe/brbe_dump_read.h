/* Reader of the BRBE record dump format `brbe-records 1`
 * (docs/brbe-record-format.md) and the text and CSV forms brbe-decode
 * prints.  The reader works on a buffer in memory, returns one snapshot at
 * a time and checks every rule of the format's section 3; the first
 * problem stops it with the line number, byte offset and a message. */
#ifndef BRBE_DUMP_READ_H
#define BRBE_DUMP_READ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "brbe_dec.h"

#define BRBE_DUMP_MAGIC "brbe-records 1"

typedef struct brbe_snapshot {
    uint64_t seq;            /* 0, 1, ... */
    uint64_t pe;             /* PE stream records consumed by the model */
    unsigned numrec;         /* 8, 16, 32 or 64 */
    uint64_t brbidr0, brbcr_el1, brbcr_el2, brbfcr_el1, brbts_el1;
    unsigned nvalid;         /* records 0..nvalid-1 are valid, the rest invalid */
    unsigned cc_bits;        /* brbe_cc_counter_bits(brbidr0) */
    unsigned line;           /* line of the "snapshot" header */
    brbe_record rec[64];     /* rec[i].index == i */
} brbe_snapshot;

typedef struct brbe_dump_reader {
    const char *buf;
    size_t len;
    size_t pos;              /* offset of the next line */
    unsigned long line;      /* number of the last line read (1-based) */
    uint64_t nsnap;          /* snapshots returned so far */
    int state;               /* 0 before the magic line, 1 between snapshots, 2 failed */
    /* the error, when brbe_dump_next returned -1 */
    unsigned long err_line;
    size_t err_off;          /* byte offset of the offending character or token */
    char err[320];
} brbe_dump_reader;

void brbe_dump_init(brbe_dump_reader *r, const void *buf, size_t len);

/* 1: *s holds the next snapshot; 0: end of file after at least one
 * snapshot; -1: bad input (r->err_line, r->err_off, r->err).  Once it
 * returned -1 it keeps returning -1. */
int brbe_dump_next(brbe_dump_reader *r, brbe_snapshot *s);

/* ---- output ------------------------------------------------------------------
 * Text: a header line per snapshot
 *   snapshot seq=S pe=P numrec=N valid=V brbcr_el1=0x.. brbcr_el2=0x..
 *            brbfcr_el1=0x.. (paused|running[,lastfailed]) brbts_el1=0x..
 * then one line per valid record, youngest first:
 *   IDX SOURCE TARGET TYPE EL PRED CYCLES FLAGS VALID
 * SOURCE and TARGET are 0x + 16 digits or "-" when the VALID form has no
 * such address; EL is el0..el3 or "-" (no target); PRED is "mispred",
 * "pred" or "-" (no source, or an exception: MPRED is 0 there, R_DHNJPJ);
 * CYCLES is the count, "unknown" (CCU), or
 * "overflow" (CC all ones); a rounded count (E >= 2) is "N+" ; FLAGS is
 * "T", "LASTFAILED", "T,LASTFAILED" or "-"; VALID is full, source, target. */
void brbe_print_snapshot_header(FILE *out, const brbe_snapshot *s);
void brbe_print_record(FILE *out, const brbe_record *r, unsigned counter_bits);

/* CSV: brbe_csv_header() then one line per valid record:
 *   seq,index,valid,source,target,type,type_code,el,mispred,cycles,
 *   cycles_max,cc_status,t,lastfailed,perf_type,brbinf
 * Absent values (no source, no target, no EL, no MPRED as in the text
 * form, no count) are empty; addresses and brbinf in 0x hex, type_code in 0x hex, the rest
 * decimal; cycles_max is the largest real count the rounded value stands
 * for; perf_type is perf's name for the record's type. */
void brbe_csv_header(FILE *out);
void brbe_csv_record(FILE *out, uint64_t seq, const brbe_record *r, unsigned counter_bits);

#endif
