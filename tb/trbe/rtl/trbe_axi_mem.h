/* AXI4 write slave with a byte memory, for the TRBE bench: random AWREADY
 * and WREADY backpressure, random write-response latency, and the response
 * of each write transaction chosen by its index (the same callback the
 * model uses, so both see the same response pattern).  It checks the
 * master against AXI4 and against the TRBE contract (docs/trbe.md):
 * INCR bursts of the bus width that do not cross 4 KB, one transaction at
 * a time, WLAST on the last beat, the strobed bytes of a burst contiguous,
 * and every strobed byte inside the allowed range [lo, hi) (the trace
 * buffer of the session) and inside the memory window.  A burst's bytes
 * are committed to memory only with an OKAY/EXOKAY response; an error
 * response leaves memory unchanged. */
#ifndef TRBE_AXI_MEM_H
#define TRBE_AXI_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"
#include "trbe_model.h"
#include "trbe_pins.h"

typedef struct trbe_axi_mem_cfg {
    uint64_t win_base;      /* memory window [win_base, win_base + win_size) */
    size_t   win_size;
    unsigned data_bytes;    /* 8 or 16 */
    unsigned awid;          /* expected AWID */
    double   p_awready;     /* per-clock probability of AWREADY, WREADY */
    double   p_wready;
    unsigned b_lat_min;     /* clocks from the last W beat to BVALID */
    unsigned b_lat_max;
    trbe_resp_fn resp;      /* response by transaction index (NULL: OKAY) */
    void    *resp_ctx;
    uint64_t seed;          /* backpressure and latency stream */
} trbe_axi_mem_cfg;

/* One completed transaction, as the model's trbe_txn_fn reports it. */
typedef struct trbe_axi_txn {
    uint64_t start;         /* first strobed byte */
    unsigned nbytes;        /* strobed bytes */
    unsigned resp;
} trbe_axi_txn;

typedef struct trbe_axi_mem {
    trbe_axi_mem_cfg cfg;
    uint8_t *mem;
    harness_rng rng;
    uint64_t lo, hi;        /* allowed write range */
    /* transaction in progress */
    int      aw_have, w_last_seen;
    uint64_t awaddr;
    unsigned awlen, beat;
    unsigned resp, b_wait;
    uint64_t first;         /* first strobed byte, ~0: none yet */
    unsigned nbytes;
    uint8_t *stage;         /* bytes of the burst (block-sized) */
    /* log */
    trbe_axi_txn *log;
    size_t   nlog, caplog;
    uint64_t beats, bursts, errors;
    /* first protocol violation */
    int      failed;
    char     err[512];
} trbe_axi_mem;

/* 0, or -1 with err. */
int trbe_axi_mem_init(trbe_axi_mem *m, const trbe_axi_mem_cfg *cfg, const uint8_t *init,
                      char *err, size_t errlen);
void trbe_axi_mem_free(trbe_axi_mem *m);
void trbe_axi_mem_set_range(trbe_axi_mem *m, uint64_t lo, uint64_t hi);

/* Before a clock: drive AWREADY, WREADY, BVALID, BRESP, BID. */
void trbe_axi_mem_drive(trbe_axi_mem *m, trbe_pins_in *in);
/* After it: take the handshakes of the edge.  cycle is for messages.
 * Returns 0, or -1 after a violation (m->err says what). */
int trbe_axi_mem_observe(trbe_axi_mem *m, const trbe_pins_in *in, const trbe_pins_out *out,
                         uint64_t cycle);
/* No transaction in progress. */
int trbe_axi_mem_idle(const trbe_axi_mem *m);

#endif
