/* The round-trip oracle: checks that the elements a decoder reconstructed
 * from a trace are exactly the execution the PE stream describes, under
 * the filtering the registers program (ViewInst, D6.8), with the timestamp
 * and cycle count values the model defines (docs/ete-model.md). */
#ifndef ETE_ORACLE_H
#define ETE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "ete_decoder.h"
#include "ete_regs.h"
#include "pe_stream.h"

typedef struct ete_oracle_stats {
    uint64_t insn_checked;     /* decoded instructions matched to records */
    uint64_t exc_checked;      /* exceptions matched */
    uint64_t ctx_checked;      /* context elements checked */
    uint64_t ts_checked;       /* timestamp values checked */
    uint64_t cc_checked;       /* cycle count values checked */
    uint64_t events_checked;   /* event elements matched to ext_in pulses */
    uint64_t txn_checked;      /* transaction elements matched */
} ete_oracle_stats;

/* ViewInst (D6.8.1) for the records of s under r, written from the spec
 * independently of the model: vi[i] is ETE_VI_TRACED when record i must be
 * traced, ETE_VI_DOOMED when it belongs to a transaction that fails (or is
 * still open when the stream ends), whose execution the analyzer discards
 * (D9.4.4), and ETE_VI_OFF otherwise.  Start/stop state starts at
 * TRCVICTLR.SSSTATUS. */
enum { ETE_VI_OFF = 0, ETE_VI_TRACED = 1, ETE_VI_DOOMED = 2 };
void ete_oracle_viewinst(const pe_stream *s, const ete_progregs *r, unsigned num_acpairs,
                         uint8_t *vi);

/* Check elems (in decoder order) against s.  resume[k] is the first record
 * given to the trace unit after its k-th buffer overflow (the records
 * before it since the previous output may be lost; D6.4); nresume may be 0.
 * Returns 0, or -1 with the first difference in msg (element index, record
 * index, both sides). */
int ete_oracle_check(const pe_stream *s, const ete_progregs *r, unsigned num_acpairs,
                     unsigned ccsize, const size_t *resume, size_t nresume,
                     const ete_elem *elems, size_t n, ete_oracle_stats *st, char *msg,
                     size_t msglen);

#endif
