/* The SPE reference model: a bit-accurate, deterministic model of the
 * Statistical Profiling Extension (SPE supplement, ../shared/spec/
 * spe-supplement-armv8.md) watching the PE retirement stream
 * (common/pe_stream.h).  docs/spe-model.md describes every choice the
 * specification leaves to the implementation.
 *
 * Use: spe_params_default + edits, spe_model_new, register writes by
 * encoding (common/spe_regs.h), then spe_model_feed for each PE record
 * and spe_model_drain for the bytes the Profiling Buffer received. */
#ifndef SPE_MODEL_H
#define SPE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "pe_stream.h"
#include "spe_regs.h"

#define SPE_MAX_INFLIGHT 16u   /* upper bound of spe_params.max_inflight */
#define SPE_MAX_INJECT   16u   /* pending injected faults and aborts */

/* Implementation choices (PMBIDR_EL1, PMSIDR_EL1 and the IMPLEMENTATION
 * DEFINED behaviour of docs/spe-model.md). */
typedef struct spe_params {
    unsigned align;            /* PMBIDR_EL1.Align: log2 of the record alignment, 0..11 */
    unsigned flag_updates;     /* PMBIDR_EL1.F (reported; the model has no MMU) */
    unsigned max_size;         /* PMSIDR_EL1.MaxSize: log2 of the largest record, 4..11 */
    unsigned interval_id;      /* PMSIDR_EL1.Interval: 0, 2..8 */
    unsigned ernd;             /* PMSIDR_EL1.ERnd */
    unsigned lds;              /* PMSIDR_EL1.LDS: Data Source packets for loads */
    unsigned have_tme;         /* FEAT_TME: Events E[16], PMSEVFR_EL1.E[16] */
    unsigned granule_log2;     /* smallest translation granule: 12, 14 or 16 */
    unsigned inflight_records; /* a sample is in flight for this many further PE records (>= 1) */
    unsigned max_inflight;     /* samples in flight at once, 1..SPE_MAX_INFLIGHT */
    uint16_t lfsr_seed;        /* reset value of the random number generator, nonzero */
    unsigned ext_headers;      /* Address and Counter packets with the 16-bit header */
    unsigned align_cmd;        /* pad records with the Alignment command where it fits */
    unsigned ea_report;        /* 1: external aborts are management events; 0: SError */
    unsigned ea_sync;          /* 1: external aborts reported synchronously; 0: asynchronously */
} spe_params;

/* PE state that the SPE reads but does not own. */
typedef struct spe_pe_ctl {
    unsigned have_el2, have_el3;
    unsigned nspb;             /* MDCR_EL3.NSPB (2 bits) */
    unsigned e2pb;             /* MDCR_EL2.E2PB (2 bits) */
    unsigned tge;              /* HCR_EL2.TGE */
    unsigned tbi0, tbi1;       /* TBI for data addresses with VA[55] = 0 / 1 */
    uint64_t cntvoff;          /* CNTVOFF_EL2: physical time = record timestamp + cntvoff */
    unsigned reg_el, reg_ns;   /* EL and security state of register accesses (PMBIDR_EL1.P) */
} spe_pe_ctl;

/* Event counts.  The four SAMPLE_* are the PMU events of 2.6 Table 1. */
typedef struct spe_counters {
    uint64_t records;          /* PE records fed */
    uint64_t sample_pop;       /* SAMPLE_POP (0x4000) */
    uint64_t sample_feed;      /* SAMPLE_FEED (0x4001) */
    uint64_t sample_filtrate;  /* SAMPLE_FILTRATE (0x4002) */
    uint64_t sample_collision; /* SAMPLE_COLLISION (0x4003) */
    uint64_t filtered_out;     /* records removed by PMSFCR_EL1 filtering */
    uint64_t written;          /* complete records written */
    uint64_t bytes;            /* bytes written, padding included */
    uint64_t discarded;        /* records that passed the filters and were not written */
    uint64_t mgmt_events;      /* Profiling Buffer management events */
    uint64_t serrors;          /* external aborts reported as SError */
} spe_counters;

typedef struct spe_status {
    uint64_t pmbptr, pmbsr;
    int irq;                   /* PMBIRQ: level, driven by PMBSR_EL1.S (3.5) */
    int serror;                /* an external abort was signalled as SError */
    unsigned inflight;         /* samples in flight */
    int log_error;             /* a write could not be recorded in the log (out of memory) */
    spe_counters c;
} spe_status;

/* One write to memory: len bytes at addr, in the order written. */
typedef struct spe_write {
    uint64_t addr;
    size_t len;
    const uint8_t *data;
} spe_write;

/* Faults and external aborts the caller injects at a buffer address.  Each
 * is consumed by the first record write that reaches addr. */
enum spe_inject_kind {
    SPE_INJ_FAULT   = 0,  /* MMU fault (3.5.3); fsc: an FSC of 4.3.4 other than
                             the external abort codes and Alignment */
    SPE_INJ_EA      = 1,  /* external abort on the write (3.5.4) */
    SPE_INJ_EA_WALK = 2   /* external abort on a translation table walk; fsc: the level 0..3 */
};
typedef struct spe_inject {
    uint64_t addr;
    unsigned kind;        /* enum spe_inject_kind */
    unsigned fsc;
    unsigned stage2;      /* EC = stage 2 Data Abort (0b100101) instead of stage 1 */
} spe_inject;

typedef struct spe_model spe_model;

void spe_params_default(spe_params *p);
void spe_pe_ctl_default(spe_pe_ctl *c);
/* The largest record (padding excluded) the model can produce with p. */
size_t spe_max_record_len(const spe_params *p);
/* Check p; returns 0, or -1 with a message in err. */
int spe_params_check(const spe_params *p, char *err, size_t errlen);

/* Returns NULL with a message in err when p is invalid or memory is short. */
spe_model *spe_model_new(const spe_params *p, char *err, size_t errlen);
void spe_model_free(spe_model *m);
void spe_model_set_pe_ctl(spe_model *m, const spe_pe_ctl *c);

/* Register access by encoding (SYSREG_ENC, PMSCR_EL1_ENC ...).  Writes
 * store the writable fields (RES0 bits read as zero).  Returns 0, or -1
 * for an encoding that is not an SPE register or a write to a read-only
 * one. */
int spe_model_write_reg(spe_model *m, unsigned enc, uint64_t val);
int spe_model_read_reg(const spe_model *m, unsigned enc, uint64_t *val);
/* Register name ("PMSCR_EL1") of an encoding, or NULL; encoding of a name,
 * or -1. */
const char *spe_reg_name(unsigned enc);
int spe_reg_by_name(const char *name);

/* One PE record, in program order. */
void spe_model_feed(spe_model *m, const pe_rec *r);
/* PSB CSYNC: complete every sample in flight now. */
void spe_model_flush(spe_model *m);
/* Returns 0, or -1 with a message in err (bad kind or FSC, table full). */
int spe_model_inject(spe_model *m, const spe_inject *inj, char *err, size_t errlen);

/* The writes made since the previous drain, in order.  *w points to n
 * entries, valid until the next spe_model_feed, _flush or _drain. */
size_t spe_model_drain(spe_model *m, const spe_write **w);

void spe_model_status(const spe_model *m, spe_status *st);
int spe_model_irq(const spe_model *m);
/* Current state of the random number generator (docs/spe-model.md 2.2). */
uint16_t spe_model_lfsr(const spe_model *m);
/* One draw of the generator from state *s: advances it 8 steps and returns
 * the low byte of the new state. */
uint8_t spe_lfsr_draw(uint16_t *s);

#endif
