/* The PE retirement stream: one record per retired instruction or PE event.
 *
 * This is the one interface every unit reads (ETE, SPE, BRBE), in the C
 * models and, field for field, on the RTL's PE retirement port.  The layout
 * is described in docs/pe-interface.md; the binary file format is
 * little-endian and stores records exactly as this struct lays them out.
 */
#ifndef PE_STREAM_H
#define PE_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- record kinds ---------------------------------------------------- */
enum pe_kind {
    PE_KIND_INSN  = 0,  /* an instruction retired at pc */
    PE_KIND_EXC   = 1,  /* an exception was taken: pc = preferred return
                           address, target = vector, from_el -> el */
    PE_KIND_RESET = 2,  /* PE Warm reset; the next record is the first
                           instruction after reset */
    PE_KIND_TFAIL = 3,  /* transaction failure: the outer transaction
                           failed; target = restart address (the
                           instruction after the outer TSTART) */
    PE_KIND_COUNT
};

/* ---- instruction classes (kind == PE_KIND_INSN) ---------------------- */
enum pe_iclass {
    PE_IC_OTHER   = 0,  /* not a branch */
    PE_IC_B       = 1,  /* direct unconditional branch (B) */
    PE_IC_BCOND   = 2,  /* direct conditional (B.cond, CBZ/CBNZ, TBZ/TBNZ) */
    PE_IC_BL      = 3,  /* direct branch with link (BL) */
    PE_IC_BR      = 4,  /* indirect branch (BR and its PAC forms) */
    PE_IC_BLR     = 5,  /* indirect branch with link (BLR and PAC forms) */
    PE_IC_RET     = 6,  /* return (RET and PAC forms) */
    PE_IC_ERET    = 7,  /* exception return (ERET, ERETAA/AB) */
    PE_IC_ISB     = 8,  /* instruction synchronization barrier */
    PE_IC_WFX     = 9,  /* WFI, WFE, WFIT, WFET */
    PE_IC_EXCGEN  = 10, /* SVC, HVC, SMC: an exception record follows (BRK does
                           not retire: its Inst debug exception returns to it) */
    PE_IC_TSTART  = 11, /* TSTART */
    PE_IC_TCOMMIT = 12, /* TCOMMIT */
    PE_IC_TCANCEL = 13, /* TCANCEL: a PE_KIND_TFAIL record follows */
    PE_IC_COUNT
};

/* ---- instruction set of pc --------------------------------------------*/
enum pe_isa { PE_ISA_A64 = 0, PE_ISA_A32 = 1, PE_ISA_T32 = 2 };

/* ---- exception types: the ETE TYPE encoding of D5.13 (D2.2.2) -------- */
enum pe_exc_type {
    PE_EXC_PE_RESET   = 0x00,
    PE_EXC_DEBUG_HALT = 0x01,
    PE_EXC_CALL       = 0x02,
    PE_EXC_TRAP       = 0x03,
    PE_EXC_SERROR     = 0x04,
    PE_EXC_INST_DEBUG = 0x06,
    PE_EXC_DATA_DEBUG = 0x07,
    PE_EXC_ALIGNMENT  = 0x0A,
    PE_EXC_INST_FAULT = 0x0B,
    PE_EXC_DATA_FAULT = 0x0C,
    PE_EXC_IRQ        = 0x0E,
    PE_EXC_FIQ        = 0x0F,
    PE_EXC_IMPDEF0    = 0x10  /* IMPLEMENTATION DEFINED 0..7 = 0x10..0x17 */
};

/* ---- flags ----------------------------------------------------------- */
#define PE_F_TAKEN    (1u << 0)  /* branch taken (INSN), always 1 for B/BL/BR/BLR/RET/ERET */
#define PE_F_NS       (1u << 1)  /* Non-secure state */
#define PE_F_TSTATE   (1u << 2)  /* retired in Transactional state */
#define PE_F_MISPRED  (1u << 3)  /* branch was mispredicted (BRBE, SPE) */
#define PE_F_COND     (1u << 4)  /* conditional instruction (SPE/BRBE type) */
#define PE_F_CCFAIL   (1u << 5)  /* condition-code check failed (SPE) */
#define PE_F_NSE      (1u << 6)  /* reserved for Realm/Root state (FEAT_RME) */

/* ---- load/store class (SPE Operation Type) --------------------------- */
enum pe_ls {
    PE_LS_NONE   = 0,
    PE_LS_LOAD   = 1,
    PE_LS_STORE  = 2,
    PE_LS_ATOMIC = 3,   /* atomic read-modify-write */
    PE_LS_EXCL   = 4,   /* load/store exclusive */
    PE_LS_ACQREL = 5    /* load-acquire / store-release */
};
#define PE_LS_MASK     0x0Fu   /* low nibble: enum pe_ls */
#define PE_LS_SIMDFP   0x10u   /* SIMD&FP register access */
#define PE_LS_SVE      0x20u   /* SVE access */
#define PE_LS_STORE_F  0x40u   /* for ATOMIC/EXCL/ACQREL: the store side */

/* ---- the record: 96 bytes, naturally aligned, no padding ------------- */
typedef struct pe_rec {
    uint64_t pc;              /*  0: instruction VA; EXC: preferred return address */
    uint64_t target;          /*  8: branch target (taken), EXC: vector, TFAIL: restart */
    uint64_t cycle;           /* 16: PE cycle counter at retirement */
    uint64_t timestamp;       /* 24: system counter (CNTVCT) at retirement */
    uint64_t va;              /* 32: data virtual address (SPE) */
    uint64_t pa;              /* 40: data physical address (SPE) */
    uint32_t opcode;          /* 48: instruction word */
    uint32_t contextidr_el1;  /* 52: CONTEXTIDR_EL1 */
    uint32_t contextidr_el2;  /* 56: CONTEXTIDR_EL2 */
    uint32_t vmid;            /* 60: VTTBR_EL2.VMID (16 bits used) */
    uint32_t spe_events;      /* 64: SPE Events packet bits (spe supplement 5.x) */
    uint16_t lat_total;       /* 68: total latency, cycles (SPE) */
    uint16_t lat_issue;       /* 70: issue latency (SPE) */
    uint16_t lat_xlat;        /* 72: translation latency (SPE) */
    uint16_t data_source;     /* 74: SPE Data Source packet payload */
    uint16_t flags;           /* 76: PE_F_* */
    uint8_t  kind;            /* 78: enum pe_kind */
    uint8_t  iclass;          /* 79: enum pe_iclass */
    uint8_t  isa;             /* 80: enum pe_isa of pc */
    uint8_t  el;              /* 81: EL the record executes in (EXC: target EL) */
    uint8_t  from_el;         /* 82: EXC: EL the exception was taken from */
    uint8_t  exc_type;        /* 83: EXC: enum pe_exc_type */
    uint8_t  ls;              /* 84: enum pe_ls | PE_LS_* modifiers */
    uint8_t  size_log2;       /* 85: access size, log2 bytes */
    uint8_t  ext_in;          /* 86: external event inputs asserted (bit n = EXTIN[n]) */
    uint8_t  tfail_cause;     /* 87: TFAIL: failure cause (C1.2.1), 0 otherwise */
    uint64_t reserved;        /* 88: zero */
} pe_rec;

_Static_assert(sizeof(pe_rec) == 96, "pe_rec is 96 bytes");

/* ---- program image: the memory the PE executed from ----------------- */
typedef struct pe_segment {
    uint64_t base;
    uint64_t len;
    uint8_t *data;
} pe_segment;

typedef struct pe_image {
    size_t nseg;
    pe_segment *seg;
} pe_image;

/* Read an instruction word (little-endian) at addr; returns 0 on success,
 * -1 if addr..addr+3 is not wholly inside one segment. */
int pe_image_read32(const pe_image *img, uint64_t addr, uint32_t *word);
/* Copy up to len bytes at addr; returns the count copied (0 if unmapped). */
size_t pe_image_read(const pe_image *img, uint64_t addr, uint8_t *buf, size_t len);
void pe_image_free(pe_image *img);
/* Add a copy of data as a new segment. Returns 0, or -1 on allocation failure. */
int pe_image_add(pe_image *img, uint64_t base, const uint8_t *data, uint64_t len);

/* ---- stream file ----------------------------------------------------- */
/* Layout (little-endian):
 *   header (64 bytes): magic "PESTREAM", u32 version (1), u32 rec_size (96),
 *                      u64 nrec, u32 nseg, u32 reserved, u64 seed, 24 zero bytes
 *   nseg x { u64 base, u64 len, len bytes, zero pad to 8 }
 *   nrec x pe_rec (96 bytes each)
 */
#define PE_STREAM_MAGIC   "PESTREAM"
#define PE_STREAM_VERSION 1u

typedef struct pe_stream {
    pe_image image;
    pe_rec  *rec;
    size_t   nrec;
    size_t   cap;
    uint64_t seed;
} pe_stream;

void pe_stream_init(pe_stream *s);
void pe_stream_free(pe_stream *s);
/* Append one record; returns 0, or -1 on allocation failure. */
int pe_stream_push(pe_stream *s, const pe_rec *r);
/* Returns 0 on success; on failure -1 and a message in err (errlen bytes). */
int pe_stream_write(const pe_stream *s, const char *path, char *err, size_t errlen);
int pe_stream_read(pe_stream *s, const char *path, char *err, size_t errlen);

/* Text dump: one line per record, stable format (docs/pe-interface.md). */
void pe_rec_print(FILE *f, const pe_rec *r);
const char *pe_kind_name(unsigned kind);
const char *pe_iclass_name(unsigned ic);
const char *pe_exc_name(unsigned type);

#endif
