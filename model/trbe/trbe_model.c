/* Trace Buffer Unit model: the simple sequential model of R_PLYXP with the
 * write transactions of rtl/trbe (trbe_model.h). */
#include "trbe_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct trbe_model {
    trbe_model_cfg cfg;

    /* registers (E1.2.1.1) */
    uint64_t ptr;          /* TRBPTR_EL1.PTR, the current write pointer */
    uint64_t base;         /* TRBBASER_EL1 (bits [11:0] zero) */
    uint64_t limitr;       /* TRBLIMITR_EL1 (stored bits only) */
    uint64_t sr;           /* TRBSR_EL1 (stored bits only) */
    uint64_t mar;          /* TRBMAR_EL1 */
    uint32_t trg;          /* TRBTRG_EL1.TRG, the Trigger Counter */

    int      flush_pending;/* a trace unit flush was initiated (R_XRRRWP) */

    /* the open write transaction */
    int      txn_open;
    uint64_t txn_index;
    uint64_t txn_start;
    unsigned txn_len;
    unsigned txn_resp;

    trbe_model_out st;
};

int trbe_model_cfg_check(const trbe_model_cfg *cfg, char *err, size_t errlen)
{
    if (!cfg) {
        snprintf(err, errlen, "no configuration");
        return -1;
    }
    unsigned b = cfg->block_bytes;
    if (b < 16u || b > 2048u || (b & (b - 1u)) != 0) {
        snprintf(err, errlen, "block_bytes %u: must be a power of 2 from 16 to 2048", b);
        return -1;
    }
    if (cfg->prog_na > 1u) {
        snprintf(err, errlen, "prog_na %u: must be 0 or 1", cfg->prog_na);
        return -1;
    }
    return 0;
}

trbe_model *trbe_model_new(const trbe_model_cfg *cfg, char *err, size_t errlen)
{
    if (trbe_model_cfg_check(cfg, err, errlen) != 0)
        return NULL;
    trbe_model *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *cfg;
    return m;
}

void trbe_model_free(trbe_model *m)
{
    free(m);
}

uint64_t trbe_model_idr(unsigned prog_na)
{
    /* Align 0 (byte alignment, R_VMYJH, R_XXZHM), P from the integration,
     * F 0 (no address translation in this unit, R_FBKCC), EA 0 and MPAM 0
     * (neither is described: TRBMPAM_EL1 is not implemented). */
    return prog_na ? TRBIDR_P : 0;
}

const char *trbe_reg_name(uint16_t enc)
{
    switch (enc) {
    case TRBLIMITR_EL1_ENC: return "TRBLIMITR_EL1";
    case TRBPTR_EL1_ENC:    return "TRBPTR_EL1";
    case TRBBASER_EL1_ENC:  return "TRBBASER_EL1";
    case TRBSR_EL1_ENC:     return "TRBSR_EL1";
    case TRBMAR_EL1_ENC:    return "TRBMAR_EL1";
    case TRBMPAM_EL1_ENC:   return "TRBMPAM_EL1";
    case TRBTRG_EL1_ENC:    return "TRBTRG_EL1";
    case TRBIDR_EL1_ENC:    return "TRBIDR_EL1";
    default:                 return NULL;
    }
}

/* ---- field helpers --------------------------------------------------------- */
static int enabled(const trbe_model *m) { return (m->limitr & TRBLIMITR_E) != 0; }
static int stopped(const trbe_model *m) { return (m->sr & TRBSR_S) != 0; }
static uint64_t limit_ptr(const trbe_model *m) { return m->limitr & TRBLIMITR_LIMIT_MASK; }

static unsigned fill_mode(const trbe_model *m)
{
    unsigned fm = (unsigned)((m->limitr & TRBLIMITR_FM_MASK) >> TRBLIMITR_FM_SHIFT);
    return fm == TRBE_FM_RSVD ? TRBE_FM_FILL : fm;     /* reserved: as Fill mode */
}

static unsigned trig_mode(const trbe_model *m)
{
    unsigned tm = (unsigned)((m->limitr & TRBLIMITR_TM_MASK) >> TRBLIMITR_TM_SHIFT);
    return tm == TRBE_TM_RSVD ? TRBE_TM_IGNR : tm;     /* reserved: as Ignore trigger */
}

static void set_ec_mss(trbe_model *m, unsigned ec, unsigned mss)
{
    m->sr &= ~(TRBSR_EC_MASK | TRBSR_MSS_MASK);
    m->sr |= ((uint64_t)ec << TRBSR_EC_SHIFT) | (mss & TRBSR_MSS_MASK);
}

/* R_MSPSD: the current write pointer is out-of-range. */
static int ptr_out_of_range(const trbe_model *m)
{
    uint64_t lim = limit_ptr(m);
    return m->ptr < m->base || m->ptr >= lim || (m->ptr >> 56) != (m->base >> 56) ||
           (m->ptr >> 56) != (lim >> 56);
}

/* ---- transactions ----------------------------------------------------------- */
static void txn_close(trbe_model *m)
{
    if (!m->txn_open)
        return;
    m->txn_open = 0;
    if (m->cfg.txn)
        m->cfg.txn(m->cfg.ctx, m->txn_index, m->txn_start, m->txn_len, m->txn_resp);
}

/* A Trigger Event (R_DHLQG, R_MLZZW). */
static void trigger_event(trbe_model *m)
{
    m->st.trig_events++;               /* TRB_TRIG is generated in every case */
    if (stopped(m))
        return;                        /* R_MWHM: TRBSR_EL1 unchanged */
    unsigned tm = trig_mode(m);
    if ((tm == TRBE_TM_STOP || tm == TRBE_TM_IRQ) && !m->flush_pending) {
        m->flush_pending = 1;          /* R_XRRRWP, R_XYYPYF: initiate a flush */
        m->st.flush_reqs++;
    }
    /* I_ILMQHK: Ignore trigger leaves TRBSR_EL1 unchanged */
}

/* One byte collected while Enabled and Running (R_PLYXP steps 2-5). */
static void put_byte(trbe_model *m, uint8_t byte)
{
    if (ptr_out_of_range(m)) {
        /* R_MGZWR: an out-of-range pointer at a write.  This unit writes
         * nothing and takes an IMPLEMENTATION DEFINED trace buffer
         * management event (R_CHNSL); the byte is discarded. */
        m->sr |= TRBSR_IRQ | TRBSR_S;
        set_ec_mss(m, TRBSR_EC_IMPDEF, TRBSR_MSS_IMPDEF_PTR_RANGE);
        m->st.mgmt_events++;
        m->st.bytes_discarded++;
        return;
    }
    if (!m->txn_open) {
        m->txn_open  = 1;
        m->txn_index = m->st.txns++;
        m->txn_start = m->ptr;
        m->txn_len   = 0;
        unsigned resp = m->cfg.resp ? m->cfg.resp(m->cfg.ctx, m->txn_index) : TRBE_RESP_OKAY;
        if (resp > TRBE_RESP_BADID)
            resp = TRBE_RESP_SLVERR;
        m->txn_resp = resp;
        if (resp >= TRBE_RESP_SLVERR) {
            /* R_GQWBF, R_NZTKV: reported to the unit and handled
             * synchronously.  R_XRLSC: EA set, TRBPTR_EL1 is the address
             * of the failed write (it already is), and as S is 0 here: a
             * management event, S, EC 0x24 (stage 1 Data Abort on write to
             * the trace buffer), FSC 0b010000 (synchronous External Abort
             * on write).  A wrong BID is handled as SLVERR. */
            m->txn_open = 0;
            if (m->cfg.txn)
                m->cfg.txn(m->cfg.ctx, m->txn_index, m->txn_start, 0, resp);
            m->sr |= TRBSR_EA | TRBSR_IRQ | TRBSR_S;
            set_ec_mss(m, TRBSR_EC_S1_ABORT, TRBSR_FSC_SYNC_EXT_ABORT);
            m->st.mgmt_events++;
            m->st.bytes_discarded++;
            return;
        }
    }
    /* step 3: write the byte */
    if (m->cfg.mem)
        m->cfg.mem(m->cfg.ctx, m->ptr, &byte, 1);
    m->txn_len++;
    m->st.bytes_written++;

    /* step 4: increment the current write pointer (RVMNTF) */
    if (m->ptr == limit_ptr(m) - 1u) {
        m->ptr = m->base;              /* wrapped */
        m->sr |= TRBSR_WRAP;
        m->st.wrap_events++;           /* TRB_WRAP */
        txn_close(m);                  /* the Limit pointer ends a block */
        unsigned fm = fill_mode(m);
        if (fm == TRBE_FM_FILL) {
            /* R_MBSHC: buffer full; S is 0 as the byte was written */
            m->sr |= TRBSR_IRQ | TRBSR_S;
            set_ec_mss(m, TRBSR_EC_OTHER, TRBSR_BSC_FILLED);
            m->st.mgmt_events++;
        } else if (fm == TRBE_FM_WRAP) {
            m->sr |= TRBSR_IRQ;        /* R_VBDJZ */
            m->st.mgmt_events++;
        }                              /* I_GDSTS: Circular Buffer mode */
    } else {
        m->ptr++;
        if ((m->ptr & (uint64_t)(m->cfg.block_bytes - 1u)) == 0)
            txn_close(m);
    }

    /* step 5: the Trigger Counter (R_BQTGW) */
    if ((m->sr & TRBSR_TRG) && m->trg != 0) {
        m->trg--;
        if (m->trg == 0)
            trigger_event(m);
    }
}

void trbe_model_data(trbe_model *m, const uint8_t *data, size_t n)
{
    m->st.bytes_in += n;
    for (size_t i = 0; i < n; i++) {
        if (!enabled(m) || stopped(m)) {
            /* R_HNTLG (Disabled), RVMYEL (Collection is stopped) */
            m->st.bytes_discarded += n - i;
            return;
        }
        put_byte(m, data[i]);
    }
}

void trbe_model_trigger(trbe_model *m)
{
    if (!enabled(m))
        return;                        /* I_ZGFSK: no Trigger Event when Disabled */
    int event = m->trg == 0 && !(m->sr & TRBSR_TRG);   /* R_DHLQG */
    m->sr |= TRBSR_TRG;                /* R_KSQJW */
    if (event)
        trigger_event(m);
}

void trbe_model_flush_done(trbe_model *m)
{
    if (!m->flush_pending)
        return;
    m->flush_pending = 0;
    m->sr |= TRBSR_IRQ;                /* R_XRRRWP, R_XYYPYF: management event */
    m->st.mgmt_events++;
    if (trig_mode(m) == TRBE_TM_STOP) {
        if (!stopped(m)) {
            m->sr |= TRBSR_S;
            set_ec_mss(m, TRBSR_EC_OTHER, TRBSR_BSC_TRIGGERED);
        }
        txn_close(m);                  /* collection stopped: drain */
    }
}

void trbe_model_tsb(trbe_model *m)
{
    txn_close(m);
}

void trbe_model_write(trbe_model *m, uint16_t enc, uint64_t v)
{
    if (enabled(m)) {
        /* R_DJMDD: while E is 1 only a write that clears E has effect */
        if (enc == TRBLIMITR_EL1_ENC && !(v & TRBLIMITR_E)) {
            txn_close(m);
            m->flush_pending = 0;      /* a pending trace unit flush is cancelled */
            m->limitr = v & TRBLIMITR_RW_MASK;
        }
        return;
    }
    switch (enc) {
    case TRBLIMITR_EL1_ENC: m->limitr = v & TRBLIMITR_RW_MASK; break;
    case TRBPTR_EL1_ENC:    m->ptr = v & TRBPTR_RW_MASK; break;
    case TRBBASER_EL1_ENC:  m->base = v & TRBBASER_BASE_MASK; break;
    case TRBSR_EL1_ENC:     m->sr = v & TRBSR_RW_MASK; break;
    case TRBMAR_EL1_ENC:    m->mar = v & TRBMAR_RW_MASK; break;
    case TRBTRG_EL1_ENC:    m->trg = (uint32_t)(v & TRBTRG_TRG_MASK); break;
    default: break;                    /* TRBIDR_EL1 read-only; others not implemented */
    }
}

uint64_t trbe_model_read(const trbe_model *m, uint16_t enc)
{
    switch (enc) {
    case TRBLIMITR_EL1_ENC: return m->limitr;
    case TRBPTR_EL1_ENC:    return m->ptr;
    case TRBBASER_EL1_ENC:  return m->base;
    case TRBSR_EL1_ENC:     return m->sr;
    case TRBMAR_EL1_ENC:    return m->mar;
    case TRBTRG_EL1_ENC:    return m->trg;
    case TRBIDR_EL1_ENC:    return trbe_model_idr(m->cfg.prog_na);
    default:                 return 0;
    }
}

void trbe_model_outputs(const trbe_model *m, trbe_model_out *out)
{
    *out = m->st;
    out->enabled   = enabled(m);
    out->irq       = (m->sr & TRBSR_IRQ) != 0;
    out->flush_req = m->flush_pending;
}
