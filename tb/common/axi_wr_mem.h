/* AXI4 write slave with a byte memory, shared by the TRBE, SPE and
 * subsystem benches (one per write master ID): random AWREADY and WREADY
 * backpressure, several bursts outstanding, a random write-response
 * latency per burst (so with a master that has several bursts in flight
 * the responses overlap), and the response of each burst chosen by a
 * callback at its B (the same pattern the model is given): OKAY, EXOKAY,
 * SLVERR, DECERR, or a response with a wrong BID.
 *
 * It checks the master against AXI4 and the rules of rtl/common/common_axi_wr
 * (docs: rtl/common/README.md): INCR bursts of the bus width that do not
 * cross 4 KB, W beats in AW order after their AW, WLAST on the last beat,
 * the strobed bytes of a burst contiguous and non-empty, every strobed byte
 * inside the allowed range [lo, hi) and the memory window, AWID the
 * master's.  A burst's bytes are committed to memory only with an
 * OKAY/EXOKAY response with the right BID.
 *
 * After an error response the master stops: the bursts it had issued
 * after the failing one (and the one whose AWVALID was already up) are
 * "orphans": they complete with OKAY, take no response index, are not
 * logged, and their bytes are committed but marked (orph[]) so that a
 * bench comparing memory with a model skips them until a later burst
 * writes the byte again.  The check: no new burst is issued before every
 * orphan has had its response. */
#ifndef AXI_WR_MEM_H
#define AXI_WR_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

#define AXI_WR_MEM_MAX_DB  16u   /* bus bytes: 8 or 16 */
#define AXI_WR_MEM_MAX_OUT 16u   /* bursts outstanding the slave accepts */

/* BRESP values, and the bench's "wrong BID" response */
enum axi_wr_resp {
    AXI_RESP_OKAY   = 0,
    AXI_RESP_EXOKAY = 1,
    AXI_RESP_SLVERR = 2,
    AXI_RESP_DECERR = 3,
    AXI_RESP_BADID  = 4     /* BRESP OKAY with a BID that is not the master's */
};

/* the slave's outputs */
typedef struct axi_wr_mem_in {
    uint8_t  awready, wready, bvalid, bresp;
    uint32_t bid;
} axi_wr_mem_in;

/* the master's outputs */
typedef struct axi_wr_mem_out {
    uint32_t awid;
    uint64_t awaddr;
    uint8_t  awlen, awsize, awburst, awlock, awcache, awprot, awvalid;
    uint8_t  wdata[AXI_WR_MEM_MAX_DB];
    uint32_t wstrb;
    uint8_t  wlast, wvalid, bready;
} axi_wr_mem_out;

/* Response of the burst with this index (0, 1, ... over the bursts that are
 * not orphans), its first strobed byte and its strobed bytes. */
typedef unsigned (*axi_wr_resp_fn)(void *ctx, uint64_t index, uint64_t first, unsigned nbytes);

typedef struct axi_wr_mem_cfg {
    uint64_t win_base;      /* memory window [win_base, win_base + win_size) */
    size_t   win_size;
    unsigned data_bytes;    /* 8 or 16 */
    unsigned awid;          /* expected AWID */
    double   p_awready;     /* per-clock probability of AWREADY, WREADY */
    double   p_wready;
    unsigned b_lat_min;     /* clocks from a burst's last W beat to its BVALID */
    unsigned b_lat_max;
    unsigned max_out;       /* bursts outstanding before AWREADY stays low: 1..16 (0: 16) */
    axi_wr_resp_fn resp;    /* NULL: OKAY */
    void    *resp_ctx;
    uint64_t seed;          /* backpressure and latency stream */
} axi_wr_mem_cfg;

/* One burst with its response, in response order (orphans excluded). */
typedef struct axi_wr_txn {
    uint64_t start;         /* first strobed byte */
    unsigned nbytes;        /* strobed bytes */
    unsigned resp;          /* enum axi_wr_resp */
} axi_wr_txn;

typedef struct axi_wr_burst {
    uint64_t awaddr;
    unsigned awlen, beat;
    int      w_done, orphan;
    unsigned b_wait;
    uint64_t first;         /* first strobed byte, ~0: none yet */
    unsigned nbytes;
    uint8_t *stage;         /* bytes of the burst (at most 4 KB) */
} axi_wr_burst;

typedef struct axi_wr_mem {
    axi_wr_mem_cfg cfg;
    uint8_t *mem;
    uint8_t *orph;          /* per byte: last written by an orphan */
    harness_rng rng;
    uint64_t lo, hi;        /* allowed write range */
    axi_wr_burst q[AXI_WR_MEM_MAX_OUT];
    unsigned qh, qn;        /* outstanding bursts, oldest at qh */
    unsigned b_resp;        /* the response on the bus (valid with bvalid) */
    int      aw_orphan;     /* the AW on the bus was up at an error: an orphan */
    uint64_t index;         /* response index of the next non-orphan burst */
    /* log */
    axi_wr_txn *log;
    size_t   nlog, caplog;
    uint64_t beats, bursts, errors, orphans;
    unsigned max_inflight;  /* most bursts outstanding at once */
    /* first protocol violation */
    int      failed;
    char     err[512];
} axi_wr_mem;

/* 0, or -1 with err. */
int axi_wr_mem_init(axi_wr_mem *m, const axi_wr_mem_cfg *cfg, const uint8_t *init,
                    char *err, size_t errlen);
void axi_wr_mem_free(axi_wr_mem *m);
void axi_wr_mem_set_range(axi_wr_mem *m, uint64_t lo, uint64_t hi);

/* Before a clock: drive AWREADY, WREADY, BVALID, BRESP, BID. */
void axi_wr_mem_drive(axi_wr_mem *m, axi_wr_mem_in *in);
/* After it: take the handshakes of the edge.  cycle is for messages.
 * Returns 0, or -1 after a violation (m->err says what). */
int axi_wr_mem_observe(axi_wr_mem *m, const axi_wr_mem_in *in, const axi_wr_mem_out *out,
                       uint64_t cycle);
/* No burst outstanding. */
int axi_wr_mem_idle(const axi_wr_mem *m);
/* Compare the memory with a model's image of the window, skipping the
 * bytes last written by orphans.  0 when equal, else 1 with *first the
 * first differing offset. */
int axi_wr_mem_cmp(const axi_wr_mem *m, const uint8_t *model, size_t *first);

#endif
