/* BRBE Branch record decoding: the fields of BRBINF<n>_EL1 (brbinf-register.md,
 * register-fields.md section 3), the cycle count (F1.1.2 / D19.1.2), names
 * for TYPE, EL and VALID, and the mapping to Linux perf branch entries that
 * drivers/perf/arm_brbe.c (torvalds/linux @ 2369f05661ef) applies.
 *
 * Bit positions come from common/brbe_regs.h.  The perf constants below
 * are the values of the Linux UAPI (include/uapi/linux/perf_event.h); they
 * are repeated here so that the library does not depend on the version of
 * the host's kernel headers. */
#ifndef BRBE_DEC_H
#define BRBE_DEC_H

#include <stddef.h>
#include <stdint.h>

#include "brbe_regs.h"

/* ---- one Branch record: the three registers of I_JBTBH ------------------- */
typedef struct brbe_record {
    unsigned index;   /* n + 32 * BANK; 0 is the youngest record (R_TJGLK) */
    uint64_t src;     /* BRBSRC<n>_EL1 */
    uint64_t tgt;     /* BRBTGT<n>_EL1 */
    uint64_t inf;     /* BRBINF<n>_EL1 */
} brbe_record;

/* ---- cycle count ---------------------------------------------------------- */
enum brbe_cc_status {
    BRBE_CC_KNOWN = 0,  /* the count is brbe_info.cycles (R_JZWPG) */
    BRBE_CC_UNKNOWN,    /* CCU = 1: Branch cycle count unknown (R_PBJTJ) */
    BRBE_CC_OVERFLOW,   /* CCU = 0, CC all ones: exceeded the counter (R_XGSSZ) */
    BRBE_CC_BAD         /* a value no implementation writes: CCU = 1 with
                         * CC != 0, or an encoding at or beyond the counter
                         * size (or beyond 64 bits) that is not all ones */
};

/* Width in bits of the cycle counter that BRBIDR0_EL1.CC describes: 20 for
 * 0b0101, the only value register-fields.md section 3 defines; 0 for any
 * other value (width not found: no range check is made then). */
unsigned brbe_cc_counter_bits(uint64_t brbidr0);

/* Decode CCU and the 14-bit CC field (E = CC[13:8], M = CC[7:0]):
 *   E == 0: M;  otherwise UInt('1':M:Zeros(E-1)) = (0x100 | M) << (E - 1)
 * (brbinf-register.md, CC).  counter_bits is brbe_cc_counter_bits() or 0.
 * *cycles is the count for BRBE_CC_KNOWN and 0 otherwise.  *span is the
 * rounding step minus one: the real count lies in [*cycles, *cycles + *span]
 * because it was rounded towards zero to a multiple of 2^(E-1). */
enum brbe_cc_status brbe_cc_decode(unsigned ccu, unsigned cc, unsigned counter_bits,
                                   uint64_t *cycles, uint64_t *span);
const char *brbe_cc_status_name(enum brbe_cc_status s);  /* "known", "unknown", ... */

/* ---- BRBINF fields ---------------------------------------------------------- */
typedef struct brbe_info {
    uint64_t raw;
    unsigned valid;        /* BRBINF_VALID_{NONE,TARGET,SOURCE,FULL} */
    unsigned type;         /* TYPE [13:8] */
    unsigned el;           /* EL [7:6]: Exception level at the target */
    unsigned mpred;        /* MPRED [5] */
    unsigned t;            /* T [16] */
    unsigned lastfailed;   /* LASTFAILED [17] */
    unsigned ccu;          /* CCU [46] */
    unsigned cc;           /* CC [45:32] */
    unsigned cc_exp;       /* E = CC [45:40] */
    unsigned cc_mant;      /* M = CC [39:32] */
    enum brbe_cc_status cc_status;
    uint64_t cycles;       /* BRBE_CC_KNOWN only */
    uint64_t cycles_span;  /* see brbe_cc_decode */
    /* Which fields the VALID form makes meaningful (brbinf-register.md):
     * source and MPRED, T with VALID 10 or 11; target and EL with 01 or 11. */
    unsigned has_source;
    unsigned has_target;
    uint64_t res0;         /* RES0 bits that are set (zero in a sane record) */
} brbe_info;

void brbe_info_decode(uint64_t brbinf, unsigned counter_bits, brbe_info *out);

/* Name of a TYPE value (kebab case, no spaces: "direct", "cond-direct",
 * "data-fault", ...), or NULL for a reserved value. */
const char *brbe_type_name(unsigned type);
/* Long description as brbinf-register.md words it, or NULL. */
const char *brbe_type_desc(unsigned type);
/* 1 for the exception TYPE values (0b1xxxxx: an exception or Debug state
 * entry or exit), 0 for branch instructions. */
int brbe_type_is_exception(unsigned type);
const char *brbe_el_name(unsigned el);         /* "el0".."el3" */
/* "full", "source" (Half-source), "target" (Half-target), "invalid" */
const char *brbe_valid_name(unsigned valid);

/* Check a record against the architecture's guarantees: RES0 bits clear,
 * TYPE defined, CCU = 1 implies CC = 0 (R_PBJTJ), the cycle count within
 * the counter, the invalid fields of a half record zero (R_RPVXK, R_LPLYK)
 * and an invalid record all zero.  0 when sane, -1 with a message. */
int brbe_record_check(const brbe_record *r, unsigned counter_bits, char *err, size_t errlen);

/* ---- Linux perf view --------------------------------------------------------- */
/* perf_event_attr.branch_sample_type bits (enum perf_branch_sample_type). */
#define BRBE_PERF_SAMPLE_BRANCH_USER        (UINT64_C(1) << 0)
#define BRBE_PERF_SAMPLE_BRANCH_KERNEL      (UINT64_C(1) << 1)
#define BRBE_PERF_SAMPLE_BRANCH_HV          (UINT64_C(1) << 2)
#define BRBE_PERF_SAMPLE_BRANCH_ANY         (UINT64_C(1) << 3)
#define BRBE_PERF_SAMPLE_BRANCH_ANY_CALL    (UINT64_C(1) << 4)
#define BRBE_PERF_SAMPLE_BRANCH_ANY_RETURN  (UINT64_C(1) << 5)
#define BRBE_PERF_SAMPLE_BRANCH_IND_CALL    (UINT64_C(1) << 6)
#define BRBE_PERF_SAMPLE_BRANCH_ABORT_TX    (UINT64_C(1) << 7)
#define BRBE_PERF_SAMPLE_BRANCH_IN_TX       (UINT64_C(1) << 8)
#define BRBE_PERF_SAMPLE_BRANCH_NO_TX       (UINT64_C(1) << 9)
#define BRBE_PERF_SAMPLE_BRANCH_COND        (UINT64_C(1) << 10)
#define BRBE_PERF_SAMPLE_BRANCH_CALL_STACK  (UINT64_C(1) << 11)
#define BRBE_PERF_SAMPLE_BRANCH_IND_JUMP    (UINT64_C(1) << 12)
#define BRBE_PERF_SAMPLE_BRANCH_CALL        (UINT64_C(1) << 13)
#define BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS    (UINT64_C(1) << 14)
#define BRBE_PERF_SAMPLE_BRANCH_NO_CYCLES   (UINT64_C(1) << 15)
#define BRBE_PERF_SAMPLE_BRANCH_TYPE_SAVE   (UINT64_C(1) << 16)
#define BRBE_PERF_SAMPLE_BRANCH_HW_INDEX    (UINT64_C(1) << 17)
#define BRBE_PERF_SAMPLE_BRANCH_PRIV_SAVE   (UINT64_C(1) << 18)
#define BRBE_PERF_SAMPLE_BRANCH_COUNTERS    (UINT64_C(1) << 19)
#define BRBE_PERF_SAMPLE_BRANCH_MAX         (UINT64_C(1) << 20)  /* first undefined bit */
#define BRBE_PERF_SAMPLE_BRANCH_PLM_ALL \
    (BRBE_PERF_SAMPLE_BRANCH_USER | BRBE_PERF_SAMPLE_BRANCH_KERNEL | BRBE_PERF_SAMPLE_BRANCH_HV)

/* perf_branch_entry.type (enum perf_branch_type) */
enum brbe_perf_br {
    BRBE_PERF_BR_UNKNOWN = 0, BRBE_PERF_BR_COND = 1, BRBE_PERF_BR_UNCOND = 2,
    BRBE_PERF_BR_IND = 3, BRBE_PERF_BR_CALL = 4, BRBE_PERF_BR_IND_CALL = 5,
    BRBE_PERF_BR_RET = 6, BRBE_PERF_BR_SYSCALL = 7, BRBE_PERF_BR_SYSRET = 8,
    BRBE_PERF_BR_COND_CALL = 9, BRBE_PERF_BR_COND_RET = 10, BRBE_PERF_BR_ERET = 11,
    BRBE_PERF_BR_IRQ = 12, BRBE_PERF_BR_SERROR = 13, BRBE_PERF_BR_NO_TX = 14,
    BRBE_PERF_BR_EXTEND_ABI = 15, BRBE_PERF_BR_MAX = 16
};
/* perf_branch_entry.new_type (enum perf_branch_new_type), with type EXTEND_ABI */
enum brbe_perf_br_new {
    BRBE_PERF_BR_NEW_FAULT_ALGN = 0, BRBE_PERF_BR_NEW_FAULT_DATA = 1,
    BRBE_PERF_BR_NEW_FAULT_INST = 2, BRBE_PERF_BR_NEW_MAX = 8
};
/* perf_branch_entry.priv (enum perf_branch_priv) */
enum brbe_perf_priv {
    BRBE_PERF_BR_PRIV_UNKNOWN = 0, BRBE_PERF_BR_PRIV_USER = 1,
    BRBE_PERF_BR_PRIV_KERNEL = 2, BRBE_PERF_BR_PRIV_HV = 3
};

/* The fields of struct perf_branch_entry that the BRBE driver fills. */
typedef struct brbe_perf_entry {
    uint64_t from;        /* 0 when the record has no source */
    uint64_t to;          /* 0 when the record has no target */
    unsigned type;        /* enum brbe_perf_br */
    unsigned new_type;    /* enum brbe_perf_br_new when type is EXTEND_ABI */
    unsigned cycles;      /* 16 bits: 0 when unknown, saturated at 65535 */
    unsigned mispred;
    unsigned predicted;
    unsigned priv;        /* enum brbe_perf_priv */
} brbe_perf_entry;

/* perf type of a BRBINF TYPE: *type and *new_type.  TYPE values the Linux
 * driver's table leaves out (FIQ, the debug types, the EL3 exception and
 * reserved values) give BRBE_PERF_BR_UNKNOWN, as there. */
void brbe_perf_type(unsigned brbe_type, unsigned *type, unsigned *new_type);
/* perf's spelling ("COND", "IND_CALL", "FAULT_ALGN" for EXTEND_ABI with
 * that new_type, ...). */
const char *brbe_perf_type_name(unsigned type, unsigned new_type);
/* Privilege of the target: EL0 user, EL1 kernel, EL2 kernel when the kernel
 * runs at EL2 (VHE) and hypervisor otherwise, EL3 unknown. */
unsigned brbe_perf_priv(unsigned el, int kernel_in_hyp);
/* Saturate a cycle count to perf's 16-bit field: unknown counts are 0. */
unsigned brbe_perf_cycles(const brbe_info *in);

/* Fill a perf entry from a valid record as the Linux driver does for the
 * event's branch_sample_type (NO_CYCLES, NO_FLAGS). */
void brbe_perf_entry_from(const brbe_record *r, uint64_t branch_sample_type,
                          int kernel_in_hyp, brbe_perf_entry *e);

#endif
