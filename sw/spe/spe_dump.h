/* SPE text output: the packet dump in the layout of Linux perf's SPE dump
 * (perf report -D), and sample records as CSV lines. */
#ifndef SPE_DUMP_H
#define SPE_DUMP_H

#include <stdint.h>
#include <stdio.h>

#include "spe_dec.h"
#include "spe_pkt.h"

/* ---- packet dump ------------------------------------------------------------
 * One line per packet: ".  OOOOOOOO:  bytes...  DESC" (spe_dump_line()).
 * As perf does, consecutive Padding bytes share a line, up to 16; an
 * Alignment command and the bytes it skips print as PAD lines of up to 16
 * bytes; bytes that form no packet print as "Bad packet!" lines. */
typedef struct spe_dumper {
    FILE *out;
    uint64_t pad_off;
    uint8_t pad[16];
    unsigned npad;
} spe_dumper;

void spe_dumper_init(spe_dumper *dp, FILE *out);

/* An spe_dec_hook (spe_dec_set_hook(d, spe_dumper_hook, dp)). */
void spe_dumper_hook(void *dp, uint64_t offset, const uint8_t *bytes, size_t n,
                     const spe_pkt *pkt);

/* Print the Padding bytes held back for grouping; call before writing
 * anything else to the output and at the end. */
void spe_dumper_flush(spe_dumper *dp);

/* ---- records as CSV ---------------------------------------------------------
 * Columns (empty when the record has no such packet):
 *   offset,size,ts,pc,pc_el,pc_ns,op,tgt,tgt_el,tgt_ns,va,pa,pa_ns,
 *   ctx_el1,ctx_el2,lat_tot,lat_issue,lat_xlat,events,event_names,
 *   data_source,ignored,impdef
 * Addresses, contexts and events in hex (0x...), the rest in decimal; op in
 * perf's words ("LD GP-REG", "B COND"), event_names space-separated. */
void spe_csv_header(FILE *out);
void spe_csv_record(FILE *out, const spe_record *r);

#endif
