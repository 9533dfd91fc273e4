/* Bit-accurate ETE trace unit model: PE retirement stream in, trace bytes
 * out, exactly the bytes the RTL (rtl/ete) emits for the same inputs. */
#ifndef ETE_MODEL_H
#define ETE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "ete_regs.h"
#include "pe_block.h"
#include "pe_stream.h"

/* Implementation choices: what an integrator sets as RTL parameters.  They
 * determine the ID registers (ete_model_idregs). */
typedef struct ete_params {
    unsigned rs_depth;      /* return stack entries, 0..15 (0: no return stack) */
    unsigned num_acpairs;   /* address comparator pairs, 1..8 (TRCIDR4.NUMACPAIRS) */
    unsigned num_events;    /* event elements, 1..4 (TRCIDR0.NUMEVENT + 1) */
    unsigned num_extin;     /* external inputs, 0..8 (TRCIDR5.NUMEXTIN) */
    unsigned ccsize;        /* cycle counter bits, 12..20 (TRCIDR2.CCSIZE + 12) */
    unsigned ccitmin;       /* minimum CC threshold (TRCIDR3.CCITMIN) */
    unsigned commopt;       /* TRCIDR0.COMMOPT: cycle count packet commit mode */
    unsigned vmidsize;      /* VMID bits traced: always 32 (R_PTVTD) */
    unsigned syncpr_fixed;  /* nonzero: TRCSYNCPR is read-only at this PERIOD */
    unsigned sync_lag;      /* block path: a periodic synchronization request raised
                               by item i is serviceable from item i + sync_lag on
                               (0..15; 0: at once, the record path's rule;
                               docs/ete-model.md, docs/ete-rtl-pipeline.md 3.3) */
} ete_params;

void ete_params_default(ete_params *p);
/* Returns 0, or -1 with a message when a parameter is out of range. */
int ete_params_check(const ete_params *p, char *err, size_t errlen);
/* The ID registers (TRCIDR0..13, TRCDEVARCH) describing a unit built with p. */
void ete_model_idregs(const ete_params *p, ete_idregs *id);

/* Packet types, in the order of docs/ete-packets.md. */
enum ete_enc_pkt {
#define ETE_ENC_PKT(name) ETE_ENC_##name,
#include "ete_pkt_names.def"
#undef ETE_ENC_PKT
    ETE_ENC_PKT_COUNT
};
const char *ete_enc_pkt_name(unsigned type);

typedef struct ete_model ete_model;

/* A model of a unit built with p, programmed with r and enabled
 * (TRCPRGCTLR.EN = 1): it emits the start-of-trace sequence before the
 * first traced element. NULL (with err) if p or r is illegal. */
ete_model *ete_model_new(const ete_params *p, const ete_progregs *r, char *err,
                         size_t errlen);
void ete_model_free(ete_model *m);

/* Feed retired records in order. */
void ete_model_step(ete_model *m, const pe_rec *r);
void ete_model_run(ete_model *m, const pe_rec *r, size_t n);

/* The block path (docs/pe-blocks.md): feed the slots of the block stream
 * (pe_blk_from_recs) in order.  The bytes equal those ete_model_step gives
 * for the records the slots were derived from, computed per slot: a run is
 * split at the address comparator edges inside it into sub-runs of uniform
 * ViewInst, each evaluated once, and its last instruction takes the record
 * path.  ete_model_overflow and ete_model_finish work between slots;
 * ete_model_records counts the records the slots stand for. */
void ete_model_block(ete_model *m, const pe_blk *b);
void ete_model_blocks(ete_model *m, const pe_blk *b, size_t n);
/* The longest run the block path takes exactly under this programming: 0
 * (no limit), or 1 when an Event element fires with every EXTIN low (a
 * TRUE or inverted Resource Selector in TRCEVENTCTL0R): such events are
 * per instruction, and a slot has one event sample (docs/pe-blocks.md 3). */
unsigned ete_model_block_max_insns(const ete_model *m);

typedef struct ete_block_stats {
    uint64_t slots;           /* slots fed */
    uint64_t runs;            /* INSN slots */
    uint64_t runs_multi;      /* INSN slots of more than one instruction */
    uint64_t runs_split;      /* runs with a comparator edge before their last instruction */
    uint64_t subruns;         /* sub-runs evaluated (uniform ViewInst), over all runs */
} ete_block_stats;
void ete_model_block_stats(const ete_model *m, ete_block_stats *st);

/* The trace unit buffer overflowed between the previous record and the
 * next one: the model drops what it had not yet output, and emits the
 * Overflow packet and resynchronises (D6.4, D6.9.15) as the RTL does. */
void ete_model_overflow(ete_model *m);

/* Disable trace (TRCPRGCTLR.EN = 0): output everything pending (D6.2.2). */
void ete_model_finish(ete_model *m);

/* The bytes emitted so far (since the last ete_model_take). */
const uint8_t *ete_model_bytes(const ete_model *m, size_t *len);
/* Forget the bytes emitted so far (the caller consumed them). */
void ete_model_take(ete_model *m);
/* Total bytes emitted since creation. */
uint64_t ete_model_total_bytes(const ete_model *m);

/* Packets emitted since creation, per enum ete_enc_pkt. */
const uint64_t *ete_model_pkt_counts(const ete_model *m);

/* Write an OpenCSD/DS-5 trace snapshot directory (snapshot.ini, device
 * ini with the ID and config registers, trace.ini with format=source_data,
 * memory dumps of the image, the trace file) that both `ete-decode
 * --snapshot` and OpenCSD's trc_pkt_lister read.  Returns 0, or -1 with err. */
int ete_snapshot_write(const char *dir, const ete_idregs *id, const ete_progregs *r,
                       const pe_image *img, const uint8_t *trace, size_t len,
                       char *err, size_t errlen);

/* ---- additions: register programming by name, diagnostics ------------ */

/* The programming that traces everything: TRCCONFIGR = RES1 only,
 * TRCVICTLR = EVENT TRUE (selector 1) with SSSTATUS = 1 (D10.2),
 * TRCTRACEIDR = 0x10, everything else zero. */
void ete_progregs_default(ete_progregs *r);
/* Set a register by its spec name (TRCCONFIGR, TRCRSCTLR5, TRCACVR2, ...).
 * Returns 0, or -1 with a message for an unknown name or a value that does
 * not fit the register. */
int ete_progregs_set(ete_progregs *r, const char *name, uint64_t value, char *err,
                     size_t errlen);
/* Set a parameter by its field name (rs_depth, ccsize, ...): 0 or -1. */
int ete_params_set(ete_params *p, const char *name, uint64_t value, char *err,
                   size_t errlen);

/* NULL, or the first problem met in the record stream (a record with a
 * reserved kind, class, instruction set, Exception level or exception
 * type, named by its index); such records are skipped. */
const char *ete_model_error(const ete_model *m);
/* Records fed so far. */
uint64_t ete_model_records(const ete_model *m);
/* Verification aid: with on = 0 every record takes the general path
 * (ete_model_step and ete_model_run give the same bytes either way). */
void ete_model_set_fast_paths(ete_model *m, int on);

#endif
