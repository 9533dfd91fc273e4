/* C interface to the Verilated ete_pipe (rtl/ete/ete_pipe.v), the thin C++
 * shim of pipe_dut.cpp.  One shim is compiled per parameter set
 * (mk/ete_pipe.mk); pipe_dut_params_get() reports the set's parameters.
 *
 * Clocking: set the inputs (pipe_dut_drive), evaluate with the clock low
 * and read the outputs (pipe_dut_eval), then pipe_dut_rise() applies the
 * rising edge. */
#ifndef PIPE_DUT_H
#define PIPE_DUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PIPE_DUT_MAX_BYTES 63

typedef struct pipe_dut_params {
    const char *set;
    unsigned rs_depth, num_acpairs, num_events, num_extin, ccsize, ccitmin, commopt;
    unsigned pkt_bytes;
    int waves;
} pipe_dut_params;

/* The programming registers (ete_progregs fields). */
typedef struct pipe_dut_regs {
    uint32_t configr, eventctl0r, eventctl1r, stallctlr, tsctlr, syncpr, ccctlr, bbctlr;
    uint32_t traceidr, victlr, viiectlr, vissctlr;
    uint32_t rsctlr[32];
    uint64_t acvr[16], acatr[16];
} pipe_dut_regs;

/* One entry of the entry stream (the ent_* ports). */
typedef struct pipe_dut_ent {
    uint64_t addr, ts;
    uint32_t cyc;
    uint8_t marker, kind, last, iclass, flags, isa, el, from_el, exc_type, ext_in;
} pipe_dut_ent;

typedef struct pipe_dut_in {
    int rst, start, finish, ent_valid, pkt_ready;
    pipe_dut_ent ent;
} pipe_dut_in;

typedef struct pipe_dut_out {
    int ent_ready, pkt_valid, finish_done;
    unsigned pkt_len;
    uint8_t pkt_data[PIPE_DUT_MAX_BYTES];
} pipe_dut_out;

typedef struct pipe_dut pipe_dut;

void pipe_dut_params_get(pipe_dut_params *p);
pipe_dut *pipe_dut_new(void);
void pipe_dut_free(pipe_dut *d);
/* FST waves to path (NULL: off).  0, or -1 with err. */
int pipe_dut_waves(pipe_dut *d, const char *path, char *err, size_t errlen);
void pipe_dut_set_regs(pipe_dut *d, const pipe_dut_regs *r);
void pipe_dut_drive(pipe_dut *d, const pipe_dut_in *in);
void pipe_dut_eval(pipe_dut *d, pipe_dut_out *o);
void pipe_dut_rise(pipe_dut *d);
uint64_t pipe_dut_cycles(const pipe_dut *d);

#ifdef __cplusplus
}
#endif

#endif
