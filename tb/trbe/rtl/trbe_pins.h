/* The pins of trbe_top (rtl/trbe/trbe_top.v, docs/trbe.md) as the C bench
 * sees them, and the interface to a clocked device under test.  The
 * Verilator shim (tb/trbe/rtl/trbe_dut.cpp) implements trbe_tb_dut for
 * one parameter set; the bench (trbe_rtl_tb.c) needs nothing else. */
#ifndef TRBE_PINS_H
#define TRBE_PINS_H

#include <stdint.h>

#define TRBE_TB_MAX_IN 16   /* IN_BYTES: 4, 8 or 16 */
#define TRBE_TB_MAX_DB 16   /* DATA_W / 8: 8 or 16 */

typedef struct trbe_pins_in {
    uint8_t  rst_n;
    uint8_t  sr_valid, sr_write;
    uint16_t sr_enc;
    uint64_t sr_wdata;
    uint8_t  in_data[TRBE_TB_MAX_IN];
    uint32_t in_keep;
    uint8_t  in_valid;
    uint8_t  trig, flush_done, tsb_req, prog_na;
    uint8_t  awready, wready;
    uint32_t bid;
    uint8_t  bresp, bvalid;
} trbe_pins_in;

typedef struct trbe_pins_out {
    uint64_t sr_rdata;
    uint8_t  sr_ready, in_ready;
    uint8_t  flush_req, tsb_ack, irq, enabled, evt_wrap, evt_trig;
    uint32_t awid;
    uint64_t awaddr;
    uint8_t  awlen, awsize, awburst, awlock, awcache, awprot, awvalid;
    uint8_t  wdata[TRBE_TB_MAX_DB];
    uint32_t wstrb;
    uint8_t  wlast, wvalid, bready;
} trbe_pins_out;

/* The parameters the device was built with. */
typedef struct trbe_tb_params {
    const char *set;        /* parameter set name, "I8_D64_B16" */
    unsigned in_bytes;      /* IN_BYTES */
    unsigned data_bytes;    /* DATA_W / 8 */
    unsigned burst_beats;   /* BURST_BEATS */
    unsigned id_w;          /* ID_W */
    unsigned axi_id;        /* AXI_ID */
    unsigned axi_out;       /* AXI_OUT: write bursts in flight */
} trbe_tb_params;

/* One clock period: apply in with the clock low and evaluate, store the
 * outputs (what the rising edge samples) in out, then the rising edge. */
typedef struct trbe_tb_dut {
    void *ctx;
    void (*step)(void *ctx, const trbe_pins_in *in, trbe_pins_out *out);
    trbe_tb_params params;
} trbe_tb_dut;

#endif
