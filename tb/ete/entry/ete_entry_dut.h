/* C interface to the Verilated bench top of ete_entry
 * (tb/ete/entry/ete_entry_tb_top.v: one instance per parameter set, side by
 * side, sharing clock, reset and ts_i), the thin C++ shim of
 * ete_entry_dut.cpp.  Ports and rules: rtl/ete/ete_entry.v,
 * docs/ete-rtl-interface.md ("PE block port, version 2"). */
#ifndef ETE_ENTRY_DUT_H
#define ETE_ENTRY_DUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The parameter sets, in instance order; ete_entry_tb_top.v has the same
 * table. */
#define ETE_ENTRY_SETS 5
#define ETE_ENTRY_MAX_W 4
typedef struct ete_entry_set {
    const char *name;
    unsigned rw, depth, out_reg;
} ete_entry_set;
extern const ete_entry_set ete_entry_sets[ETE_ENTRY_SETS];

/* One slot's port fields (docs/pe-blocks.md section 1). */
typedef struct ete_entry_slot {
    uint64_t addr;
    uint8_t  kind, last, iclass, flags, isa, el, from_el, exc_type, ext_in;
} ete_entry_slot;

/* One entry of the entry stream. */
typedef struct ete_entry_ent {
    int            marker;
    ete_entry_slot f;      /* last is 8 bits on the stream */
    uint32_t       cyc;
    uint64_t       ts;
} ete_entry_ent;

/* One set's inputs for a clock. */
typedef struct ete_entry_in {
    int            start, take, stall_en;
    unsigned       stall_lvl;
    unsigned       nvalid;                  /* slots 0 .. nvalid-1 valid */
    ete_entry_slot slot[ETE_ENTRY_MAX_W];
    int            ent_ready;
} ete_entry_in;

/* One set's outputs before the rising edge (for the inputs applied). */
typedef struct ete_entry_out {
    int           pe_drop, pe_stall, empty, ent_valid;
    ete_entry_ent ent;
} ete_entry_out;

typedef struct ete_entry_dut ete_entry_dut;

/* A model out of nothing (all inputs low).  NULL with err on failure. */
ete_entry_dut *ete_entry_dut_new(char *err, size_t errlen);
void ete_entry_dut_free(ete_entry_dut *d);

/* One clock: apply rst_n, ts and every set's inputs with the clock low,
 * evaluate, record the outputs into out[], rising edge. */
void ete_entry_dut_step(ete_entry_dut *d, int rst_n, uint64_t ts,
                        const ete_entry_in in[ETE_ENTRY_SETS], ete_entry_out out[ETE_ENTRY_SETS]);

/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int ete_entry_dut_waves(ete_entry_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
