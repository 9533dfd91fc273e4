/* Bench for the trace subsystem (rtl/top/trace_subsystem.v, docs/trace-subsystem.md).
 *
 * One run drives the Verilated trace_subsystem with a PE retirement stream
 * (from a real workload capture or the random program generator): its
 * records on the record port (SPE, BRBE) and the slots pe_blk_from_recs
 * derives from them on the ETE's block port, with ts_i; it programs
 * it as software would (ETE through the APB external-debug view with the
 * sw/ete driver, the TRBE through the system-register port with the sw/trbe
 * driver, optionally SPE and BRBE through the same port), lets the TRBE
 * write into a C memory model behind the AXI4 write master (random
 * AWREADY/WREADY backpressure and write-response latency), and runs the
 * models (model/ete, model/trbe, and model/spe, model/brbe when enabled) on
 * what the RTL took, so that:
 *   - the ETE byte stream the TRBE received equals the ETE model's bytes
 *     (its block path, ete_model_block, fed the slots the ETE took with
 *     their clock and ts_i, sync_lag TS_TB_ETE_SYNC_LAG),
 *   - the memory image of the trace buffer and TRBPTR_EL1/TRBSR_EL1 equal
 *     the TRBE model's,
 *   - (SPE) the Profiling Buffer image and PMB* registers equal the SPE
 *     model's, (BRBE) the records read through the system-register port
 *     equal the BRBE model's,
 *   - the pulses of the PMU event bus pmu_event_o and of spe_cti_trig_o
 *     equal the SPE model's SAMPLE_* counters and records written and the
 *     BRBE model's captured records (BRB_FILTERATE).
 * A run passes when all of these hold.  The caller decodes the buffer. */
#ifndef TS_RTL_TB_H
#define TS_RTL_TB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ete_regs.h"
#include "pe_block.h"
#include "pe_stream.h"
#include "ts_pins.h"    /* ts_pins_in/out, ts_tb_params, ts_tb_dut (one clock per step) */

/* The ETE model's sync_lag for ete_unit: ETE_SYNC_LAG of
 * rtl/ete/ete_pipe_desc.vh (docs/ete-rtl-pipeline.md 3.3), as
 * build/gen/ete_sync_lag.h carries it; the ETE bench uses the same. */
#include "ete_sync_lag.h"
#define TS_TB_ETE_SYNC_LAG ETE_SYNC_LAG

typedef void (*ts_tb_progress_fn)(void *ctx, uint64_t records_done, uint64_t records_total,
                                  uint64_t cycles);

typedef struct ts_tb_opts {
    uint64_t seed;              /* backpressure, latency and PE-idle stream */
    ete_progregs ete;           /* ETE trace registers to program */
    unsigned trbe_fill_mode;    /* enum trbe_fm (trbe_regs.h) */
    unsigned trbe_trig_mode;    /* enum trbe_tm */
    uint64_t buf_base;          /* trace buffer: 4 KB aligned */
    uint64_t buf_size;          /* bytes, multiple of 4 KB */
    double   pe_idle;           /* chance of a clock in which the PE presents nothing */
    double   p_awready;         /* per-clock probability of AWREADY / WREADY */
    double   p_wready;
    unsigned b_lat_min, b_lat_max;  /* clocks from WLAST to BVALID */
    int      stall;             /* program TRCSTALLCTLR.ISTALL; the PE honours pe_stall_o */
    int      spe;               /* also profile with SPE (its own buffer after the trace buffer) */
    int      brbe;              /* also record branches with BRBE and read them out at the end */
    const char *waves;          /* FST file, or NULL */
    ts_tb_progress_fn progress; /* called about every 64k records, or NULL */
    void    *progress_ctx;
    FILE    *log;               /* messages (NULL: stderr) */
} ts_tb_opts;

/* The defaults a command line starts from: plain ETE configuration, Fill
 * mode, no trigger, a 1 MiB buffer at 0x80000000, always-ready AXI with a
 * 2-clock response, no idle, stall on, SPE and BRBE off. */
void ts_tb_opts_default(ts_tb_opts *o);

typedef struct ts_tb_result {
    int      pass;
    char     msg[1024];         /* the first mismatch or error */
    uint64_t cycles;            /* clocks simulated */
    double   seconds;           /* wall time of the simulation loop */
    uint64_t records;           /* PE records presented on the record port */
    uint64_t slots;             /* slots presented on the block port */
    uint64_t dropped;           /* records the slots the ETE dropped stand for */
    uint64_t overflows, stall_cycles;
    pe_blk  *ete_slots;         /* the slots the ETE took, in order, with the clock
                                   and ts_i they were presented in (malloc) */
    size_t   nete_slots;
    uint8_t *trace;             /* the ETE bytes the TRBE received, in order (malloc) */
    size_t   ntrace;
    uint8_t *buf;               /* trace buffer image [buf_base, buf_base + buf_size) (malloc) */
    uint64_t trbptr, trbsr;     /* after the session was stopped */
    uint64_t axi_bursts, axi_beats;
    /* SPE (opts.spe) */
    uint8_t *spe_buf;           /* Profiling Buffer image (malloc) */
    uint64_t spe_base, spe_size, pmbptr, pmbsr, spe_records;
    /* BRBE (opts.brbe) */
    uint64_t brbe_records_read;
    /* what the run exercised */
    uint64_t trbe_flushes;      /* trace unit flushes completed for the TRBE */
    uint64_t trbe_wraps;        /* TRB_WRAP events */
    uint64_t spe_services;      /* PMBIRQ handled mid-run (buffer compared, pointer rewound) */
    uint64_t spe_toggles;       /* PMBLIMITR_EL1.E switched mid-run */
    uint64_t brbe_peeks;        /* mid-run reads of the newest Branch records */
    uint64_t spe_dropped, brbe_dropped;   /* records the serializers dropped */
    /* PMU event bus and CTI trigger: pulses (the BRB_FILTERATE counts)
     * summed every clock, compared with the models' counters after every
     * drain of SPE or BRBE and at the end */
    uint64_t ev[TS_EV_SPE_N];   /* TS_EV_SAMPLE_* */
    uint64_t brb_filterate;
    uint64_t spe_cti;           /* CTI input trigger 2: records written */
    uint64_t ev_checks;         /* comparisons made */
} ts_tb_result;

/* One run of the records of s (s->image is not used by the RTL).  Returns
 * 0 when it passed, 1 on a mismatch or error (r->msg; details with the
 * first differing byte, its context and the seed are printed to opts->log).
 * r's buffers are owned by the caller: ts_tb_result_free.  The device
 * comes from the shim of one parameter set (tb/top/rtl/ts_dut.h:
 * ts_dut_new / ts_dut_free / ts_dut_waves), as for the TRBE bench. */
int ts_tb_run(const ts_tb_dut *dut, const ts_tb_opts *o, const pe_stream *s, ts_tb_result *r);
void ts_tb_result_free(ts_tb_result *r);

#endif
