/* One run of the ETE RTL bench: program the Verilated unit ete_unit over
 * APB with the driver (sw/ete/ete_driver.h), drive its PE block port with an
 * execution (the slots pe_blk_from_recs derives with max_insns =
 * RETIRE_WIDTH, or the port's 64 on odd seeds and at full rate, and ts_i
 * from the bench's counter), compare every output
 * byte with the model's block path, decode the RTL's bytes and check them
 * with the round-trip oracle (and OpenCSD on some seeds).  Used by the
 * bench (ete_rtl_bench.c) and the Check suite (tests/rtl_ete/test_rtl_ete_unit.c).  docs/ete-bench.md describes it. */
#ifndef ETE_RTL_TB_H
#define ETE_RTL_TB_H

#include <stdint.h>
#include <stdio.h>

#include "ete_dut.h"
#include "ete_model.h"
#include "ete_pkt.h"
#include "pe_stream.h"

/* Stimulus modes (ete_rtl_opts.mode).  The rate modes have no output
 * backpressure, no idle PE cycles and no stalling, and measure throughput:
 *   THROUGHPUT  every cycle the PE presents up to RETIRE_WIDTH records but
 *               ends the cycle's group after its first P0 record (a P0
 *               instruction, an exception or a PE Reset), so at most one
 *               P0 element per cycle;
 *   FULL_RATE   every cycle RETIRE_WIDTH records, whatever they are.
 * The PE presents the slots of the cycle's records (a run never spans two
 * cycles); a group with more than RETIRE_WIDTH slots takes more cycles.
 * The normal mode presents 1 .. RETIRE_WIDTH slots of the whole stream's
 * derivation per cycle.  With burst B > 0 (rate modes), the PE presents for B cycles, then presents
 * nothing for B * RETIRE_WIDTH cycles, and so on. */
enum { ETE_RTL_MODE_NORMAL = 0, ETE_RTL_MODE_THROUGHPUT, ETE_RTL_MODE_FULL_RATE };

typedef struct ete_rtl_opts {
    uint64_t seed;
    int mode;                /* ETE_RTL_MODE_* */
    uint64_t records;        /* records to generate (or to take from pe) */
    uint64_t max_cycles;     /* 0: none; else stop presenting records after
                                this many cycles, then disable and check */
    int config;              /* ETE_RT_* configuration; -1: seed % count */
    const pe_stream *pe;     /* NULL: generate from the seed (progen) */
    int branches;            /* generate a branch-only program (progen_branches):
                                every record a P0 instruction */
    int long_runs;           /* generate a program of long straight-line runs
                                (progen_long_runs) */
    unsigned burst;          /* rate modes: cycles per burst (0: no gaps) */
    int end_in_txn;          /* 1: end the records inside a transaction (the
                                last TSTART before the record limit, nested
                                on odd seeds when the stream has one, and up
                                to 3 instructions of its body), so that the
                                trace is disabled in Transactional state
                                (R_ZJXHP, R_WDGV: Transaction Failure and
                                Discard); 0: no; -1: from the seed (normal
                                mode, seed % 4 == 1) */
    const char *pe_path;     /* the file pe came from (replay line) */
    const char *waves;       /* FST file or NULL */
    double backpressure;     /* fraction of cycles out_ready_i is low; < 0: from seed */
    double idle;             /* chance of a PE cycle without records; < 0: from seed */
    int stall;               /* 1: TRCSTALLCTLR.ISTALL, honour pe_stall_o; 0: no;
                                -1: from the seed when TRCIDR3.STALLCTL */
    int ocsd;                /* 1: also OpenCSD; 0: no; -1: every 5th seed */
    const char *coverage;    /* coverage builds: write the counts here */
    const char *dump;        /* write <dump>.trace (the RTL's bytes),
                                <dump>.model (the model's), <dump>.pe (the
                                accepted records, with the image) and
                                <dump>.elems (decoded elements, resume points) */
    const char *prog;        /* the bench's name for replay lines */
} ete_rtl_opts;

void ete_rtl_opts_default(ete_rtl_opts *o);

typedef struct ete_rtl_result {
    int      pass;
    unsigned config;
    double   backpressure, idle;
    int      stall, stall_level, heavy, ocsd_checked;
    uint64_t records;        /* records the slots presented to the PE port
                                stand for */
    uint64_t slots;          /* slots presented */
    uint64_t slots_fed;      /* slots accepted (given to the model) */
    uint64_t fed;            /* accepted (given to the model) */
    uint64_t dropped;        /* discarded with pe_drop_o */
    uint64_t overflows;      /* ete_model_overflow calls (drop runs) */
    uint64_t stall_cycles;   /* cycles pe_stall_o held the PE */
    uint64_t cycles;         /* clock cycles in total */
    double   sim_seconds;    /* of which spent in the Verilated model's eval */
    uint64_t bytes;          /* trace bytes the RTL emitted */
    uint64_t p0;             /* P0 records accepted (P0 instructions,
                                exceptions, PE Resets) */
    uint64_t rec_cycles;     /* cycles from the first to the last cycle
                                that presented records */
    uint64_t rec_bytes;      /* trace bytes output by the end of that window */
    uint64_t insns;          /* instructions our decoder reconstructed */
    uint64_t traced;         /* instructions of the accepted records that
                                ViewInst traces (D6.8.1, as the oracle) */
    uint64_t pkt[ETE_PKT_TYPE_COUNT]; /* packets in the RTL's bytes */
    int      end_in_txn;     /* the records ended inside a transaction */
    int      reg_warnings;   /* registers that did not read back as written */
    int      oracle_skipped; /* records were dropped and the oracle could not
                                follow the gapped execution (a note) */
    int      ocsd_differs;   /* records were dropped and OpenCSD disagreed
                                with our decoder (a note) */
    char     msg[1024];      /* the first failure, one line */
} ete_rtl_result;

/* Run one seed; details of a failure (mismatch context, packets, replay
 * command) go to log.  Returns 0 when everything agreed, 1 on a check
 * failure, -1 when the run could not be set up (res->msg says why). */
int ete_rtl_run(const ete_rtl_opts *o, ete_rtl_result *res, FILE *log);

/* A P0 record: a P0 instruction (R_PBVZM, R_GPNRJ, R_DJMQM, D3.4), an
 * exception or a PE Reset: each gives one P0 element when traced. */
int ete_rtl_is_p0(const pe_rec *r);

/* Whether the set's unit traces configuration idx exactly (every one of
 * the round-trip mix on both units; kept for a unit that lacks a feature).
 * ete_rtl_run refuses (-1) a configuration that is not. */
int ete_rtl_config_supported(unsigned idx);
/* The model's parameters of the unit the RTL was built as (dp), and the
 * programming r fitted to its resources (ete_rt_fit). */
void ete_rtl_fit_config(const ete_dut_params *dp, ete_params *p, ete_progregs *r);

/* The block mode's model sync_lag: ETE_SYNC_LAG of rtl/ete/ete_pipe_desc.vh
 * (docs/ete-rtl-pipeline.md 3.3), as build/gen/ete_sync_lag.h carries it. */
#include "ete_sync_lag.h"
#define ETE_RTL_SYNC_LAG ETE_SYNC_LAG

/* Name of configuration idx, or the index of name (-1 if none). */
const char *ete_rtl_config_name(unsigned idx);
int ete_rtl_config_index(const char *name);
unsigned ete_rtl_num_configs(void);

#endif
