/* TRBE driver: programs a Trace Buffer Unit through a system-register
 * access callback, with the sequences of chapter G3 (context switching,
 * S_PKLXF and S_VKHHY) and the flow of a self-hosted trace driver: probe
 * TRBIDR_EL1, start a session, drain and stop it, and handle the trace
 * buffer management interrupt.  The same code drives the model (tests),
 * the RTL bench (tb/trbe) and, with MRS/MSR callbacks, hardware. */
#ifndef TRBE_DRV_H
#define TRBE_DRV_H

#include <stddef.h>
#include <stdint.h>

#include "trbe_regs.h"

/* The PE side: system-register reads and writes (MRS/MSR of the encodings
 * in trbe_regs.h) and the barriers.  tsb_csync runs TSB CSYNC; isb and dsb
 * may be NULL where the platform orders accesses anyway. */
typedef struct trbe_drv_ops {
    uint64_t (*read)(void *ctx, uint16_t enc);
    void     (*write)(void *ctx, uint16_t enc, uint64_t value);
    void     (*tsb_csync)(void *ctx);
    void     (*isb)(void *ctx);
    void     (*dsb)(void *ctx);
    void     *ctx;
} trbe_drv_ops;

typedef struct trbe_drv {
    trbe_drv_ops ops;
    uint64_t idr;          /* TRBIDR_EL1 as probed */
    unsigned align;        /* required pointer alignment in bytes (2^Align) */
    int      running;      /* started and not stopped */
} trbe_drv;

/* One trace session's buffer and modes. */
typedef struct trbe_buf_cfg {
    uint64_t base;         /* Base pointer: 4 KB aligned */
    uint64_t limit;        /* Limit pointer: 4 KB aligned, above base */
    uint64_t ptr;          /* first write address: in [base, limit), aligned */
    unsigned fill_mode;    /* enum trbe_fm (not the reserved value) */
    unsigned trig_mode;    /* enum trbe_tm (not the reserved value) */
    uint32_t trig_count;   /* TRBTRG_EL1: bytes after a Detected Trigger */
    int      trg_armed;    /* start with TRBSR_EL1.TRG = 1: the Trigger Counter
                            * counts from the first byte (G3.2, method 2) */
    int      nvm;          /* TRBLIMITR_EL1.nVM */
    uint64_t mar;          /* TRBMAR_EL1 (memory attributes when nVM is 1) */
} trbe_buf_cfg;

/* Registers read back after stopping or at an interrupt. */
typedef struct trbe_drv_state {
    uint64_t ptr;          /* TRBPTR_EL1: restart value, or fault address */
    uint64_t sr;           /* TRBSR_EL1 */
    uint32_t trg;          /* TRBTRG_EL1 */
} trbe_drv_state;

/* The cause of a trace buffer management event, most serious first. */
enum trbe_drv_event {
    TRBE_DRV_NONE = 0,     /* TRBSR_EL1.IRQ is 0: spurious interrupt */
    TRBE_DRV_ABORT,        /* External Abort or Data Abort: do not restart */
    TRBE_DRV_IMPDEF,       /* IMPLEMENTATION DEFINED event (EC 0x1F) */
    TRBE_DRV_FULL,         /* Fill mode: the buffer filled, collection stopped */
    TRBE_DRV_TRIG_STOP,    /* Stop on trigger: collection stopped */
    TRBE_DRV_WRAP,         /* Wrap mode: the pointer wrapped, still running */
    TRBE_DRV_TRIG_IRQ,     /* IRQ on trigger: Trigger Event, still running */
    TRBE_DRV_OTHER         /* any other syndrome */
};

/* Read TRBIDR_EL1: fails (with err) when TRBIDR_EL1.P says this Exception
 * level may not program the unit, or the alignment field is out of range. */
int trbe_drv_probe(trbe_drv *d, const trbe_drv_ops *ops, char *err, size_t errlen);

/* Validate a session against E1.2.1.8 and the probed alignment: 0, or -1
 * with a message naming the field. */
int trbe_drv_check(const trbe_drv *d, const trbe_buf_cfg *c, char *err, size_t errlen);

/* Program and enable (S_PKLXF): disable, clear TRBSR_EL1 (TRG as asked),
 * write TRBBASER_EL1, TRBPTR_EL1, TRBTRG_EL1, TRBMAR_EL1, ISB, then
 * TRBLIMITR_EL1 with E set.  0, or -1 with err when the session is
 * invalid (nothing is written then). */
int trbe_drv_start(trbe_drv *d, const trbe_buf_cfg *c, char *err, size_t errlen);

/* Drain and stop (S_VKHHY): TSB CSYNC, clear TRBLIMITR_EL1.E (keeping the
 * other fields), DSB, ISB, then read TRBPTR_EL1, TRBSR_EL1, TRBTRG_EL1. */
void trbe_drv_stop(trbe_drv *d, trbe_drv_state *st);

/* Classify a TRBSR_EL1 value. */
enum trbe_drv_event trbe_drv_classify(uint64_t trbsr);
const char *trbe_drv_event_name(enum trbe_drv_event e);

/* The management interrupt handler: stop (as trbe_drv_stop), classify,
 * and clear TRBSR_EL1.IRQ (R_LRTBP) so the request drops.  The unit stays
 * disabled; the caller collects the trace and calls trbe_drv_resume or
 * trbe_drv_start. */
enum trbe_drv_event trbe_drv_irq(trbe_drv *d, trbe_drv_state *st);

/* Continue a session after an interrupt: clear TRBSR_EL1 except TRG,
 * restore the pointer and Trigger Counter read at the interrupt (restart
 * values, R_HHXZM) and enable again with the session's modes.  Refuses
 * (-1) after TRBE_DRV_ABORT or TRBE_DRV_IMPDEF: those values are fault
 * values (R_XZWQ, I_VRFQC). */
int trbe_drv_resume(trbe_drv *d, const trbe_buf_cfg *c, const trbe_drv_state *st,
                    enum trbe_drv_event ev, char *err, size_t errlen);

#endif
