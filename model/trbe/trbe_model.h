/* Bit-accurate model of the Trace Buffer Unit (Part E, FEAT_TRBE) as
 * rtl/trbe implements it: for the same trace byte stream, the same
 * register programming and the same pattern of write responses it writes
 * the same bytes to memory and ends with the same register values as the
 * RTL (docs/trbe.md, "The contract between the RTL and the model").
 *
 * The model is the simple sequential model of R_PLYXP: it collects one
 * byte at a time, writes it at the current write pointer, advances the
 * pointer and the Trigger Counter, and takes the trace buffer management
 * events in that loop.  On top of that it groups the written bytes into
 * the write transactions the RTL issues, because the write responses are
 * given per transaction:
 *
 *   - A transaction covers consecutive bytes inside one aligned block of
 *     block_bytes (the RTL's burst size: beats per burst * bus bytes).
 *   - It opens at the first byte written after the previous one closed,
 *     and closes when the pointer reaches the end of its block (which
 *     includes every wrap, the Limit pointer being block-aligned), and at
 *     every drain point: a TSB CSYNC (trbe_model_tsb), the write that
 *     disables the unit, and a trace unit flush that stops collection.
 *   - Transactions are numbered from 0 in the order they open; the
 *     response to transaction i comes from the response callback.  An
 *     error response (SLVERR, DECERR, or a wrong BID) is an External Abort reported to the
 *     Trace Buffer Unit and handled synchronously (R_GQWBF, R_NZTKV,
 *     R_XRLSC) on the transaction's first byte: none of its bytes are
 *     written, TRBPTR_EL1 holds the address of that byte, and collection
 *     stops, so every later byte is discarded.
 *
 * Everything that is not a byte is an event at a point in the stream:
 * trbe_model_trigger (a Detected Trigger), trbe_model_flush_done (the
 * trace unit flush completed), trbe_model_tsb (TSB CSYNC) and the
 * register accesses.  The caller feeds bytes and events in the order the
 * RTL took them (docs/trbe.md gives the order within one clock edge). */
#ifndef TRBE_MODEL_H
#define TRBE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "trbe_regs.h"

/* AXI write responses (BRESP), and a response whose BID is not the
 * unit's AWID: a protocol error the unit takes as an External Abort, like
 * SLVERR and DECERR. */
enum trbe_resp {
    TRBE_RESP_OKAY   = 0,
    TRBE_RESP_EXOKAY = 1,
    TRBE_RESP_SLVERR = 2,
    TRBE_RESP_DECERR = 3,
    TRBE_RESP_BADID  = 4
};

/* Response to the write transaction with this index (0, 1, ...). */
typedef unsigned (*trbe_resp_fn)(void *ctx, uint64_t txn_index);
/* Memory write: n bytes at addr..addr+n-1 (never across the Limit
 * pointer). */
typedef void (*trbe_mem_fn)(void *ctx, uint64_t addr, const uint8_t *data, size_t n);
/* A transaction closed: index, first byte address, bytes, response.  For a
 * transaction with an error response nbytes is 0: the model stops at its
 * first byte, while the RTL may collect more bytes into it before it is
 * issued. */
typedef void (*trbe_txn_fn)(void *ctx, uint64_t index, uint64_t start, unsigned nbytes,
                            unsigned resp);

typedef struct trbe_model_cfg {
    unsigned block_bytes;  /* transaction block: a power of 2, 16..2048 */
    unsigned prog_na;      /* TRBIDR_EL1.P: programming not allowed (0 or 1) */
    trbe_resp_fn resp;     /* NULL: every response is OKAY */
    trbe_mem_fn  mem;      /* NULL: written bytes go nowhere */
    trbe_txn_fn  txn;      /* NULL: no transaction log */
    void        *ctx;      /* passed to the three callbacks */
} trbe_model_cfg;

/* Outputs and counters. */
typedef struct trbe_model_out {
    int      enabled;      /* TRBLIMITR_EL1.E (R_YCHKJ) */
    int      irq;          /* TRBIRQ, the level of TRBSR_EL1.IRQ (R_LRTBP) */
    int      flush_req;    /* a trace unit flush is requested (R_XRRRWP, R_XYYPYF) */
    uint64_t bytes_in;     /* bytes offered by the trace unit */
    uint64_t bytes_written;
    uint64_t bytes_discarded;
    uint64_t wrap_events;  /* TRB_WRAP events (E1.3.2) */
    uint64_t trig_events;  /* TRB_TRIG events */
    uint64_t flush_reqs;   /* trace unit flushes initiated */
    uint64_t txns;         /* transactions opened */
    uint64_t mgmt_events;  /* trace buffer management events */
} trbe_model_out;

typedef struct trbe_model trbe_model;

/* Returns 0, or -1 with a message naming the bad field. */
int trbe_model_cfg_check(const trbe_model_cfg *cfg, char *err, size_t errlen);

/* A unit out of reset: every register zero, disabled.  NULL with err when
 * cfg is illegal or memory is short. */
trbe_model *trbe_model_new(const trbe_model_cfg *cfg, char *err, size_t errlen);
void trbe_model_free(trbe_model *m);

/* Trace bytes from the trace unit, in order. */
void trbe_model_data(trbe_model *m, const uint8_t *data, size_t n);
/* A Detected Trigger from the trace unit (ETE event 0, I_VRQCN). */
void trbe_model_trigger(trbe_model *m);
/* The trace unit flush requested by a Trigger Event completed. */
void trbe_model_flush_done(trbe_model *m);
/* TSB CSYNC: a drain point. */
void trbe_model_tsb(trbe_model *m);

/* System-register accesses keyed by TRB*_EL1_ENC (trbe_regs.h).  A write of
 * a read-only or unknown encoding is ignored and an unknown encoding reads
 * as zero, as in the RTL. */
void trbe_model_write(trbe_model *m, uint16_t enc, uint64_t value);
uint64_t trbe_model_read(const trbe_model *m, uint16_t enc);

void trbe_model_outputs(const trbe_model *m, trbe_model_out *out);

/* The TRBIDR_EL1 value of the implementation (Align 0: byte alignment). */
uint64_t trbe_model_idr(unsigned prog_na);

/* A register's name for messages ("TRBPTR_EL1"), or NULL. */
const char *trbe_reg_name(uint16_t enc);

#endif
