/* The BRBE reference model: a bit-accurate, deterministic model of the
 * Branch Record Buffer Extension (Part F of the Armv9 supplement, F1.1, and
 * brbe-chapter-d19.md) driven by the PE retirement stream (pe_stream.h).
 *
 * The model owns the BRBE System registers (brbe_regs.h) and the Branch
 * record buffer storage.  It is fed one pe_rec at a time; between records
 * the caller may access registers, execute BRB IALL / BRB INJ and pulse a
 * PMU overflow.  docs/brbe-model.md fixes every choice the specification
 * leaves open.
 */
#ifndef BRBE_MODEL_H
#define BRBE_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "brbe_regs.h"
#include "pe_stream.h"

/* ---- implementation parameters (fixed for the life of a model) -------- */
typedef struct brbe_model_cfg {
    unsigned numrec;        /* BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 */
    int has_el2;            /* EL2 implemented */
    int has_el3;            /* EL3 implemented */
    int v1p1;               /* FEAT_BRBEv1p1: branch recording at EL3 */
    int record_isb;         /* R_FJYDC: ISB is recorded as an unconditional
                               direct branch (IMPLEMENTATION DEFINED) */
    unsigned cap_per_cycle; /* Branch records the storage can capture per PE
                               cycle; a further selected record in the same
                               cycle cannot be captured (R_PMRRL).  0: no
                               limit. */
} brbe_model_cfg;

/* ---- PE controls outside BRBE that BRBE reads ------------------------- */
typedef struct brbe_model_env {
    unsigned mdcr_el3_sbrbe;  /* MDCR_EL3.SBRBE, 2 bits (has_el3) */
    unsigned mdcr_el3_e3brec; /* MDCR_EL3.E3BREC (v1p1) */
    unsigned mdcr_el3_e3brew; /* MDCR_EL3.E3BREW (v1p1) */
    unsigned hcr_el2_tge;     /* HCR_EL2.TGE */
    unsigned hcr_el2_e2h;     /* HCR_EL2.E2H: BRBCR_EL1/EL12 redirection */
    unsigned scr_el3_eel2;    /* SCR_EL3.EEL2: EL2 enabled in Secure state */
    unsigned scr_el3_ecven;   /* SCR_EL3.ECVEn (Table F1.11) */
    unsigned cnthctl_el2_ecv; /* CNTHCTL_EL2.ECV (Table F1.11) */
    uint64_t cntvoff_el2;     /* CNTVOFF_EL2 */
    unsigned pmcr_n;          /* PMCR_EL0.N, 0..31 event counters */
    unsigned mdcr_el2_hpmn;   /* MDCR_EL2.HPMN, 0..pmcr_n */
} brbe_model_env;

/* ---- result of a System register access or BRB instruction ----------- */
enum brbe_model_access {
    BRBE_MODEL_ACCESS_OK        = 0,
    BRBE_MODEL_ACCESS_UNDEFINED = 1, /* no such register / instruction at this EL */
    BRBE_MODEL_ACCESS_TRAP_EL3  = 2  /* trapped to EL3 by MDCR_EL3.SBRBE */
};

/* ---- counters ----------------------------------------------------------- */
typedef struct brbe_model_counts {
    uint64_t pe_records;   /* pe_rec consumed */
    uint64_t captured;     /* records written to the storage (BRB_FILTERATE, R_GWMZV) */
    uint64_t by_valid[4];  /* captured records by VALID */
    uint64_t filtered;     /* not selected: type filter, EXCEPTION or ERTN */
    uint64_t prohibited;   /* no record: prohibited source and target */
    uint64_t paused;       /* selected while Paused: not generated (R_YDZNK) */
    uint64_t lost;         /* selected but not capturable (R_PMRRL) */
    uint64_t invalidations;/* invalidate-all events: BRB IALL and R_PMRRL */
    uint64_t freezes;      /* BRBE freeze events (R_BHYTD) */
    uint64_t injections;   /* records injected by BRB INJ */
} brbe_model_counts;

typedef struct brbe_model brbe_model;

/* numrec 32, EL2 implemented, no EL3, no v1p1, ISB not recorded, no
 * capture limit. */
void brbe_model_cfg_default(brbe_model_cfg *p);
/* SBRBE 0b11, E3BREC/E3BREW 0, TGE/E2H/EEL2 0, ECVEn/ECV 0, CNTVOFF 0,
 * PMCR_EL0.N 6, HPMN 6. */
void brbe_model_env_default(brbe_model_env *e);
/* 0 if p is usable; otherwise -1 and a message. */
int brbe_model_cfg_check(const brbe_model_cfg *p, char *err, size_t errlen);

brbe_model *brbe_model_new(const brbe_model_cfg *p, char *err, size_t errlen);
void brbe_model_free(brbe_model *m);
/* Cold reset: registers to the model's reset values (all zero), storage
 * invalid, statistics cleared; the environment is kept. */
void brbe_model_reset(brbe_model *m);
const brbe_model_cfg *brbe_model_get_cfg(const brbe_model *m);
void brbe_model_set_env(brbe_model *m, const brbe_model_env *e);
void brbe_model_get_env(const brbe_model *m, brbe_model_env *e);
/* The highest implemented Exception level (1, 2 or 3). */
unsigned brbe_model_top_el(const brbe_model *m);

/* Consume one retired record.  Returns 0, or -1 with a message naming the
 * record (0-based index in the stream) and the problem; on error the model
 * is unchanged.  An ERET is held until the next record, which gives the
 * Exception level returned to; register accesses, BRB IALL/INJ and PMU
 * overflow pulses made while an ERET is held act before that ERET. */
int brbe_model_step(brbe_model *m, const pe_rec *r, char *err, size_t errlen);
/* 1 while an ERET waits for its successor record. */
int brbe_model_eret_pending(const brbe_model *m);

/* PMU overflow pulse between records: ovs holds the PMOVSCLR_EL0 overflow
 * flags that are set (bit n = event counter n).  Returns 1 if a BRBE freeze
 * event occurred (R_NWCWF, R_GXGWY, R_PKTXQ, R_BHYTD). */
int brbe_model_pmu_overflow(brbe_model *m, uint64_t ovs);

/* MRS / MSR by encoding (brbe_regs.h packing), executed at Exception level
 * el in Security state ns (1 Non-secure).  Returns enum brbe_model_access; *val
 * is written only on BRBE_MODEL_ACCESS_OK. */
int brbe_model_read(const brbe_model *m, unsigned enc, unsigned el, int ns, uint64_t *val);
int brbe_model_write(brbe_model *m, unsigned enc, unsigned el, int ns, uint64_t val);
/* BRB IALL and BRB INJ executed at el, ns.  Return enum brbe_model_access. */
int brbe_model_iall(brbe_model *m, unsigned el, int ns);
int brbe_model_inj(brbe_model *m, unsigned el, int ns);

/* Record idx (0 = youngest, no banking, no access checks); an index at or
 * above NUMREC, or an invalid record, gives zeros. */
void brbe_model_peek(const brbe_model *m, unsigned idx, uint64_t *src, uint64_t *tgt,
                     uint64_t *inf);
/* Number of valid records (contiguous from index 0). */
unsigned brbe_model_valid_count(const brbe_model *m);
void brbe_model_stats(const brbe_model *m, brbe_model_counts *s);

/* ---- cycle count field (brbinf-register.md, CC) ------------------------ */
/* BRBIDR0_EL1.CC = 0b0101: the cycle counter has this many bits. */
#define BRBE_MODEL_CC_BITS 20u
/* 14-bit CC value {E[5:0], M[7:0]} for a count of cycles: counts above
 * 2^BRBE_MODEL_CC_BITS - 1 saturate to all ones (R_XGSSZ); others are
 * rounded towards zero to a multiple of 2^(E-1) (R_JZWPG). */
unsigned brbe_model_cc_encode(uint64_t cycles);
/* The count a CC value stands for (the rounded-down value); all ones gives
 * UINT64_MAX. */
uint64_t brbe_model_cc_decode(unsigned cc);

/* Short name of a BRBINF TYPE value ("direct", "call", ...) or NULL. */
const char *brbe_model_type_name(unsigned type);

/* ---- record dump (docs/brbe-record-format.md) -------------------------- */
/* The first line of a dump file.  Returns 0, or -1 on a write error. */
int brbe_model_dump_header(FILE *f);
/* One snapshot: header line, NUMREC record lines read through BRBSRC/
 * BRBTGT/BRBINF<n>_EL1 bank by bank at the highest EL, and "end".  The
 * BRBFCR_EL1 value is restored afterwards.  Returns 0, or -1 on a write
 * error. */
int brbe_model_dump_snapshot(FILE *f, brbe_model *m, uint64_t seq, uint64_t pe_count);

#endif
