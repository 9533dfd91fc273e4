/* TRBE driver (trbe_drv.h). */
#include "trbe_drv.h"

#include <stdio.h>
#include <string.h>

static uint64_t rd(trbe_drv *d, uint16_t enc) { return d->ops.read(d->ops.ctx, enc); }
static void wr(trbe_drv *d, uint16_t enc, uint64_t v) { d->ops.write(d->ops.ctx, enc, v); }
static void isb(trbe_drv *d) { if (d->ops.isb) d->ops.isb(d->ops.ctx); }
static void dsb(trbe_drv *d) { if (d->ops.dsb) d->ops.dsb(d->ops.ctx); }
static void tsb(trbe_drv *d) { if (d->ops.tsb_csync) d->ops.tsb_csync(d->ops.ctx); }

int trbe_drv_probe(trbe_drv *d, const trbe_drv_ops *ops, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    if (!ops || !ops->read || !ops->write) {
        snprintf(err, errlen, "the read and write callbacks are required");
        return -1;
    }
    d->ops = *ops;
    d->idr = rd(d, TRBIDR_EL1_ENC);
    if (d->idr & TRBIDR_P) {
        snprintf(err, errlen, "TRBIDR_EL1 0x%016llx: P is 1, programming is not allowed "
                 "from this Exception level", (unsigned long long)d->idr);
        return -1;
    }
    unsigned a = (unsigned)(d->idr & TRBIDR_ALIGN_MASK);
    if (a > 11u) {
        snprintf(err, errlen, "TRBIDR_EL1 0x%016llx: Align %u (2^%u bytes) exceeds the 4 KB "
                 "buffer granule", (unsigned long long)d->idr, a, a);
        return -1;
    }
    d->align = 1u << a;
    return 0;
}

int trbe_drv_check(const trbe_drv *d, const trbe_buf_cfg *c, char *err, size_t errlen)
{
    if (c->base & ~TRBE_PAGE_MASK) {
        snprintf(err, errlen, "base 0x%llx is not 4 KB aligned (R_JMPCB, RXBLPK)",
                 (unsigned long long)c->base);
        return -1;
    }
    if (c->limit & ~TRBE_PAGE_MASK) {
        snprintf(err, errlen, "limit 0x%llx is not 4 KB aligned (R_LLBS, RXBLPK)",
                 (unsigned long long)c->limit);
        return -1;
    }
    if (c->base >= c->limit || (c->base >> 56) != (c->limit >> 56)) {
        snprintf(err, errlen, "base 0x%llx and limit 0x%llx: every write pointer would be "
                 "out-of-range (R_MSPSD)", (unsigned long long)c->base,
                 (unsigned long long)c->limit);
        return -1;
    }
    if (c->ptr < c->base || c->ptr >= c->limit) {
        snprintf(err, errlen, "ptr 0x%llx is outside [0x%llx, 0x%llx) (R_MSPSD)",
                 (unsigned long long)c->ptr, (unsigned long long)c->base,
                 (unsigned long long)c->limit);
        return -1;
    }
    if (c->ptr % d->align != 0 || c->trig_count % d->align != 0) {
        snprintf(err, errlen, "ptr 0x%llx or trigger count %u is not a multiple of the "
                 "%u-byte alignment of TRBIDR_EL1.Align (R_XXZHM)",
                 (unsigned long long)c->ptr, c->trig_count, d->align);
        return -1;
    }
    if (c->fill_mode > 3u || c->fill_mode == TRBE_FM_RSVD) {
        snprintf(err, errlen, "fill mode %u is not Fill (0), Wrap (1) or Circular (3)",
                 c->fill_mode);
        return -1;
    }
    if (c->trig_mode > 3u || c->trig_mode == TRBE_TM_RSVD) {
        snprintf(err, errlen, "trigger mode %u is not Stop (0), IRQ (1) or Ignore (3)",
                 c->trig_mode);
        return -1;
    }
    if (c->mar & ~TRBMAR_RW_MASK) {
        snprintf(err, errlen, "TRBMAR_EL1 value 0x%llx sets RES0 bits",
                 (unsigned long long)c->mar);
        return -1;
    }
    return 0;
}

static uint64_t limitr_value(const trbe_buf_cfg *c, int enable)
{
    return (c->limit & TRBLIMITR_LIMIT_MASK) | (c->nvm ? TRBLIMITR_NVM : 0) |
           ((uint64_t)c->trig_mode << TRBLIMITR_TM_SHIFT) |
           ((uint64_t)c->fill_mode << TRBLIMITR_FM_SHIFT) | (enable ? TRBLIMITR_E : 0);
}

/* Disable if enabled: a write that clears E is the only one that has an
 * effect while E is 1 (R_DJMDD). */
static void disable(trbe_drv *d)
{
    uint64_t l = rd(d, TRBLIMITR_EL1_ENC);
    if (l & TRBLIMITR_E) {
        wr(d, TRBLIMITR_EL1_ENC, l & ~TRBLIMITR_E);
        isb(d);
    }
}

int trbe_drv_start(trbe_drv *d, const trbe_buf_cfg *c, char *err, size_t errlen)
{
    if (trbe_drv_check(d, c, err, errlen) != 0)
        return -1;
    disable(d);
    /* S_PKLXF step 1: every register other than TRBLIMITR_EL1 */
    wr(d, TRBSR_EL1_ENC, c->trg_armed ? TRBSR_TRG : 0);
    wr(d, TRBBASER_EL1_ENC, c->base);
    wr(d, TRBPTR_EL1_ENC, c->ptr);
    wr(d, TRBTRG_EL1_ENC, c->trig_count);
    wr(d, TRBMAR_EL1_ENC, c->mar);
    wr(d, TRBLIMITR_EL1_ENC, limitr_value(c, 0));
    isb(d);                            /* step 2 */
    wr(d, TRBLIMITR_EL1_ENC, limitr_value(c, 1));   /* step 3 */
    isb(d);
    d->running = 1;
    return 0;
}

void trbe_drv_stop(trbe_drv *d, trbe_drv_state *st)
{
    tsb(d);                            /* S_VKHHY step 3: flush program-flow trace */
    disable(d);                        /* step 1 of the second list */
    dsb(d);                            /* writes to memory Complete */
    isb(d);                            /* indirect writes observed */
    st->ptr = rd(d, TRBPTR_EL1_ENC);
    st->sr  = rd(d, TRBSR_EL1_ENC);
    st->trg = (uint32_t)rd(d, TRBTRG_EL1_ENC);
    d->running = 0;
}

enum trbe_drv_event trbe_drv_classify(uint64_t sr)
{
    unsigned ec  = (unsigned)((sr & TRBSR_EC_MASK) >> TRBSR_EC_SHIFT);
    unsigned bsc = (unsigned)(sr & TRBSR_BSC_MASK);
    if (!(sr & TRBSR_IRQ))
        return TRBE_DRV_NONE;
    if ((sr & TRBSR_EA) || ec == TRBSR_EC_S1_ABORT || ec == TRBSR_EC_S2_ABORT)
        return TRBE_DRV_ABORT;
    if (ec == TRBSR_EC_IMPDEF)
        return TRBE_DRV_IMPDEF;
    if (ec != TRBSR_EC_OTHER)
        return TRBE_DRV_OTHER;
    if (sr & TRBSR_S) {
        if (bsc == TRBSR_BSC_FILLED)
            return TRBE_DRV_FULL;
        if (bsc == TRBSR_BSC_TRIGGERED)
            return TRBE_DRV_TRIG_STOP;
        return TRBE_DRV_OTHER;
    }
    if (sr & TRBSR_WRAP)
        return TRBE_DRV_WRAP;
    if (sr & TRBSR_TRG)
        return TRBE_DRV_TRIG_IRQ;
    return TRBE_DRV_OTHER;
}

const char *trbe_drv_event_name(enum trbe_drv_event e)
{
    switch (e) {
    case TRBE_DRV_NONE:      return "none";
    case TRBE_DRV_ABORT:     return "abort";
    case TRBE_DRV_IMPDEF:    return "impdef";
    case TRBE_DRV_FULL:      return "full";
    case TRBE_DRV_TRIG_STOP: return "trigger-stop";
    case TRBE_DRV_WRAP:      return "wrap";
    case TRBE_DRV_TRIG_IRQ:  return "trigger-irq";
    case TRBE_DRV_OTHER:     return "other";
    }
    return "?";
}

enum trbe_drv_event trbe_drv_irq(trbe_drv *d, trbe_drv_state *st)
{
    trbe_drv_stop(d, st);
    enum trbe_drv_event ev = trbe_drv_classify(st->sr);
    if (ev != TRBE_DRV_NONE)
        wr(d, TRBSR_EL1_ENC, st->sr & ~TRBSR_IRQ);   /* the request drops (R_LRTBP) */
    return ev;
}

int trbe_drv_resume(trbe_drv *d, const trbe_buf_cfg *c, const trbe_drv_state *st,
                    enum trbe_drv_event ev, char *err, size_t errlen)
{
    if (ev == TRBE_DRV_ABORT || ev == TRBE_DRV_IMPDEF) {
        snprintf(err, errlen, "TRBSR_EL1 0x%016llx: %s event, TRBPTR_EL1 0x%llx is a fault "
                 "value and must not be restarted from (I_VRFQC)",
                 (unsigned long long)st->sr, trbe_drv_event_name(ev),
                 (unsigned long long)st->ptr);
        return -1;
    }
    trbe_buf_cfg r = *c;
    r.ptr = st->ptr;
    r.trig_count = st->trg;
    if (trbe_drv_check(d, &r, err, errlen) != 0)
        return -1;
    disable(d);
    wr(d, TRBSR_EL1_ENC, st->sr & TRBSR_TRG);
    wr(d, TRBPTR_EL1_ENC, r.ptr);
    wr(d, TRBTRG_EL1_ENC, r.trig_count);
    isb(d);
    wr(d, TRBLIMITR_EL1_ENC, limitr_value(&r, 1));
    isb(d);
    d->running = 1;
    return 0;
}
