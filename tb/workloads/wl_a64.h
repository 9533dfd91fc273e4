/* A64 instruction classification for the workload importer: the PE
 * stream instruction class (docs/pe-interface.md 1.1), the load/store class
 * and access size (1.4), and the exception-generating instructions.
 * Written from the A64 encoding index of the Arm ARM (C4.1: top-level
 * groups; "Branches, Exception Generating and System instructions";
 * "Loads and Stores"; the SVE memory groups). */
#ifndef WL_A64_H
#define WL_A64_H

#include <stdint.h>

enum wl_excgen {
    WL_EXCGEN_NONE = 0,
    WL_EXCGEN_SVC,
    WL_EXCGEN_HVC,
    WL_EXCGEN_SMC,
    WL_EXCGEN_BRK
};

typedef struct wl_insn {
    uint8_t iclass;     /* enum pe_iclass */
    uint8_t ls;         /* enum pe_ls | PE_LS_* modifiers; 0: no data access */
    uint8_t size_log2;  /* bytes the access moves, log2 rounded up; 0 for SVE
                           (vector length dependent: taken from the capture) */
    uint8_t cond;       /* conditional instruction (PE_F_COND) */
    uint8_t excgen;     /* enum wl_excgen */
    uint8_t udf;        /* UDF (permanently UNDEFINED) */
    int64_t offset;     /* direct branches: byte offset of the target */
} wl_insn;

void wl_a64_classify(uint32_t word, wl_insn *out);

/* Target of a direct branch (B, BL, B.cond, BC.cond, CBZ/CBNZ, TBZ/TBNZ). */
uint64_t wl_a64_direct_target(uint64_t pc, const wl_insn *in);

#endif
