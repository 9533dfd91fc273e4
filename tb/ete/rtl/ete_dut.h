/* C interface to the Verilated ETE unit, the thin C++ shim of
 * ete_dut.cpp: rtl/ete/ete_unit.v (the PE block port and ts_i,
 * docs/ete-rtl-interface.md).  One shim object is compiled per
 * parameter set (mk/ete_rtl.mk); the set's parameters are reported by
 * ete_dut_params().
 *
 * Ports and their meaning: docs/ete-rtl-interface.md.
 *
 * Clocking: ete_dut_cycle() runs one clock period.  It calls the hook (if
 * any) with ETE_DUT_DRIVE to let the bench set inputs for the cycle,
 * evaluates the design with clk_i low, records the outputs (what the
 * rising edge will sample) and calls the hook with ETE_DUT_SAMPLE, then
 * applies the rising edge.  Inputs set outside the hook are applied at the
 * next cycle.  APB transfers are run by ete_dut_apb_read/write through
 * ete_dut_cycle, so the hook sees every clock. */
#ifndef ETE_DUT_H
#define ETE_DUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ETE_DUT_MAX_WIDTH 4    /* RETIRE_WIDTH legal values 1, 2, 4 */
#define ETE_DUT_MAX_OUT   16   /* OUT_BYTES legal values 4, 8, 16 */

/* The parameters the model was verilated with (the -G values). */
typedef struct ete_dut_params {
    const char *set;           /* parameter set name, "W1_O4" ... */
    unsigned retire_width, out_bytes, in_fifo_depth;
    unsigned rs_depth, num_acpairs, num_events, num_extin;
    unsigned ccsize, ccitmin, commopt;
    int waves;                 /* built with FST tracing */
    int coverage;              /* built with coverage */
} ete_dut_params;

/* Outputs as sampled before a rising edge. */
typedef struct ete_dut_out {
    uint8_t  pe_stall, pe_drop;
    uint8_t  out_valid;
    uint32_t out_keep;
    uint8_t  out_data[ETE_DUT_MAX_OUT];
    uint8_t  pready, pslverr;
    uint32_t prdata;
    uint8_t  idle, trc_en;
} ete_dut_out;

/* One block-port slot (docs/pe-blocks.md section 1, the port fields). */
typedef struct ete_dut_blk {
    uint64_t addr;
    uint8_t  kind, last, iclass, isa, el, from_el, exc_type, ext_in;
    uint8_t  flags;            /* bits [3:0]: TAKEN, NS, TSTATE, CCFAIL */
} ete_dut_blk;

enum { ETE_DUT_DRIVE = 0, ETE_DUT_SAMPLE = 1 };

typedef struct ete_dut ete_dut;
typedef void (*ete_dut_hook_fn)(void *ctx, ete_dut *d, int phase);

void ete_dut_params_get(ete_dut_params *p);

/* A new model with all inputs low and rst_ni low (in reset).  NULL with a
 * message in err on failure. */
ete_dut *ete_dut_new(char *err, size_t errlen);
void ete_dut_free(ete_dut *d);

/* Waves on (path: an FST file) or off (path NULL).  Returns 0, or -1 with
 * err when the set was built without tracing or the file cannot be opened. */
int ete_dut_waves(ete_dut *d, const char *path, char *err, size_t errlen);

/* Write coverage counts (coverage builds) to path.  Returns 0, or -1. */
int ete_dut_coverage_write(ete_dut *d, const char *path, char *err, size_t errlen);

void ete_dut_set_hook(ete_dut *d, ete_dut_hook_fn fn, void *ctx);

/* ---- inputs -------------------------------------------------------------- */
void ete_dut_set_reset(ete_dut *d, int asserted);
/* Block port: slot s < RETIRE_WIDTH, b NULL makes it invalid; ts_i. */
void ete_dut_set_blk(ete_dut *d, unsigned slot, const ete_dut_blk *b);
void ete_dut_set_ts(ete_dut *d, uint64_t ts);
/* All slots invalid. */
void ete_dut_clear_pe(ete_dut *d);
void ete_dut_set_out_ready(ete_dut *d, int ready);
void ete_dut_set_apb(ete_dut *d, int psel, int penable, int pwrite, uint32_t paddr,
                     uint32_t pwdata);

/* ---- clock ----------------------------------------------------------------- */
/* One clock period (see above). */
void ete_dut_cycle(ete_dut *d);
/* Evaluate with the current inputs, clk_i low, and refresh the sampled
 * outputs (no clock edge): for probing combinational paths. */
void ete_dut_eval(ete_dut *d);
/* The outputs recorded by the last ete_dut_cycle or ete_dut_eval. */
const ete_dut_out *ete_dut_outputs(const ete_dut *d);
/* Clock periods run since creation. */
uint64_t ete_dut_cycles(const ete_dut *d);
/* Wall-clock seconds spent evaluating the Verilated model (ete_dut_cycle
 * and ete_dut_eval, the hooks excluded), for simulation speed figures. */
double ete_dut_sim_seconds(const ete_dut *d);

/* ---- APB (APB3/APB4 transfer: setup phase, access phase until PREADY) ---- */
/* Returns 0, or -1 when PSLVERR was high (*slverr = 1) or PREADY stayed low
 * for max_wait access cycles (err says which). */
int ete_dut_apb_write(ete_dut *d, uint32_t addr, uint32_t data, unsigned max_wait, char *err,
                      size_t errlen);
int ete_dut_apb_read(ete_dut *d, uint32_t addr, uint32_t *data, unsigned max_wait, char *err,
                     size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
