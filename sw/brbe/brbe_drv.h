/* BRBE driver: programs the Branch Record Buffer Extension and reads the
 * Branch record buffer through a System register access callback, in the
 * order Linux's driver (drivers/perf/arm_brbe.c) uses: probe BRBIDR0_EL1,
 * configure BRBCR_EL1 and BRBFCR_EL1 from a perf branch_sample_type, pause
 * (BRBFCR_EL1.PAUSED, R_PYBRZ), read each bank newest record first up to the
 * first invalid record, and resume after invalidating with BRB IALL.  It also
 * saves and restores the buffer with BRB INJ (F1.1.13.1).  The same code
 * drives a register-file fake (tests), the model, and, with MRS/MSR and the
 * BRB instructions as callbacks, hardware.  See docs/brbe-decode.md. */
#ifndef BRBE_DRV_H
#define BRBE_DRV_H

#include <stddef.h>
#include <stdint.h>

#include "brbe_dec.h"
#include "brbe_regs.h"

/* ID_AA64DFR0_EL1 (3,0,0,5,0), field BRBE [55:52]: 1 FEAT_BRBE, 2 FEAT_BRBEv1p1
 * (register-fields.md section 2, "Feature IDs"; I_FKLJM, I_GFXXY). */
#define BRBE_ID_AA64DFR0_EL1_ENC     SYSREG_ENC(3, 0, 0, 5, 0)
#define BRBE_ID_AA64DFR0_BRBE_SHIFT  52
#define BRBE_ID_AA64DFR0_BRBE_MASK   (UINT64_C(0xF) << 52)
#define BRBE_ID_AA64DFR0_BRBE_IMP    1u
#define BRBE_ID_AA64DFR0_BRBE_V1P1   2u

#define BRBE_MAX_RECORDS 64u   /* I_FBHCC: 8, 16, 32 or 64 records */

/* The PE side.  read64/write64 are MRS/MSR of the encodings of brbe_regs.h
 * (SYSREG_ENC packing); brb_iall and brb_inj execute BRB IALL and BRB INJ;
 * isb is the Instruction Synchronization Barrier (may be NULL where the
 * platform orders accesses anyway). */
typedef struct brbe_drv_ops {
    uint64_t (*read64)(void *ctx, uint16_t enc);
    void     (*write64)(void *ctx, uint16_t enc, uint64_t value);
    void     (*brb_iall)(void *ctx);
    void     (*brb_inj)(void *ctx);
    void     (*isb)(void *ctx);
    void     *ctx;
} brbe_drv_ops;

/* The perf event attributes the driver looks at. */
typedef struct brbe_perf_attr {
    uint64_t branch_sample_type;   /* BRBE_PERF_SAMPLE_BRANCH_* */
    int exclude_user;
    int exclude_kernel;
    int exclude_hv;
    int exclude_host;
} brbe_perf_attr;

/* A configuration derived from a perf description (brbe_drv_config). */
typedef struct brbe_drv_cfg {
    uint64_t branch_sample_type;   /* after perf's privilege propagation */
    uint64_t brbcr;                /* BRBCR_EL1 value (BRBCR_EL2 when the kernel runs at EL2) */
    uint64_t brbfcr;               /* BRBFCR_EL1 value: type filters, EnI 0, PAUSED 0, BANK 0 */
} brbe_drv_cfg;

typedef struct brbe_drv {
    brbe_drv_ops ops;
    uint64_t brbidr0;        /* BRBIDR0_EL1 as probed */
    unsigned version;        /* ID_AA64DFR0_EL1.BRBE: 1 or 2 (v1p1) */
    unsigned numrec;         /* BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 */
    unsigned nbanks;         /* banks of 32 records: 1 or 2 */
    unsigned cc_bits;        /* cycle counter width (brbe_cc_counter_bits) */
    int kernel_in_hyp;       /* the kernel runs at EL2 with VHE */
    brbe_drv_cfg cfg;        /* as last enabled */
    int enabled;
} brbe_drv;

/* Read ID_AA64DFR0_EL1 and BRBIDR0_EL1 and accept them as Linux does:
 * BRBE 1 or 2, FORMAT 0, CC 0b0101 (20-bit), NUMREC 8/16/32/64.  0, or -1
 * with err naming the field.  kernel_in_hyp selects the VHE programming of
 * brbe_drv_enable and the EL2 privilege of brbe_perf_priv. */
int brbe_drv_probe(brbe_drv *d, const brbe_drv_ops *ops, int kernel_in_hyp,
                   char *err, size_t errlen);

/* Check a perf description and derive the register values (Linux's
 * brbe_branch_attr_valid, branch_type_to_brbcr, branch_type_to_brbfcr).
 * Privilege bits absent from branch_sample_type are taken from the exclude_*
 * flags as perf does.  Rejected: undefined bits, ABORT_TX, IN_TX, NO_TX,
 * CALL_STACK, COUNTERS; no branch type; exclude_host; excluding both user
 * and kernel.  0, or -1 with err. */
int brbe_drv_config(const brbe_perf_attr *attr, int kernel_in_hyp, brbe_drv_cfg *cfg,
                    char *err, size_t errlen);

/* Enable (brbe_enable): ISB, BRB IALL, ISB (discard old records); with VHE
 * write BRBCR_EL12 with E0BRE/E1BRE clear; write BRBCR_EL1; ISB; write
 * BRBFCR_EL1, which clears PAUSED last. */
void brbe_drv_enable(brbe_drv *d, const brbe_drv_cfg *cfg);

/* Disable (brbe_disable): write BRBFCR_EL1 = PAUSED, then BRBCR_EL1 = 0. */
void brbe_drv_disable(brbe_drv *d);

/* Pause: read BRBFCR_EL1; if PAUSED is 0 (no BRBE freeze event, R_BHYTD)
 * write it back with PAUSED set, then ISB so that no later branch is
 * recorded (S_SRJND).  Returns 1 when it was already paused (frozen), 0
 * when this call paused it. */
int brbe_drv_pause(brbe_drv *d);

/* Read the buffer, pausing first (brbe_drv_pause) if needed: for each bank
 * (R_WLSWP, R_WRJLM) select BRBFCR_EL1.BANK then ISB (I_PFBZP), and read
 * BRBINF<n>_EL1 for n = 0, 1, ... (youngest first, R_TJGLK, R_HTRNR), and
 * BRBSRC/BRBTGT for valid records; stop at the first invalid record
 * (X_QMKLH: valid records are contiguous) or after max records.  Leaves the
 * buffer paused.  Returns the number of records stored in out. */
unsigned brbe_drv_read(brbe_drv *d, brbe_record *out, unsigned max);

/* Resume after a read.  With invalidate (Linux's choice, I_XSBPR) the
 * records just read are discarded first (ISB, BRB IALL, ISB), so that the
 * next read does not see them again.  Then BRBCR_EL1 is written again
 * (BRBCR_EL12 too with VHE), ISB, and BRBFCR_EL1 is written with the
 * configuration's filters, BANK 0 and PAUSED 0.  Does nothing but return
 * -1 when the driver is not enabled. */
int brbe_drv_resume(brbe_drv *d, int invalidate);

/* Read the buffer and convert to perf entries the way Linux's
 * brbe_read_filtered_entries does for one event: records whose perf type
 * the event did not ask for are dropped, and the privilege filter drops or
 * masks addresses of Exception levels the event excludes (addresses below
 * user_va_limit count as user addresses, Linux's access_ok()).  The buffer
 * stays paused.  Returns the number of entries; *tx_seen is set when a
 * record has T or LASTFAILED set (Linux warns and ignores them). */
unsigned brbe_drv_read_perf(brbe_drv *d, const brbe_drv_cfg *event, uint64_t user_va_limit,
                            brbe_perf_entry *out, unsigned max, int *tx_seen);

/* Restore saved records with BRB INJ (I_FJHMP): oldest first, so that the
 * youngest ends as record 0.  Injection must happen in a BRBE Prohibited
 * region (R_XVDNN; outside one it is CONSTRAINED UNPREDICTABLE, I_BCZBK):
 * the driver clears E0BRE and E1BRE (E2BRE with VHE) in BRBCR_EL1 and
 * synchronizes before injecting, and writes the old BRBCR_EL1 back after.
 * Each record: write BRBINFINJ_EL1, BRBSRCINJ_EL1, BRBTGTINJ_EL1, then BRB
 * INJ (no ISB needed between them, R_PMFJ).  Records with VALID 00 are
 * skipped.  Returns the number injected. */
unsigned brbe_drv_restore(brbe_drv *d, const brbe_record *recs, unsigned n);

#endif
