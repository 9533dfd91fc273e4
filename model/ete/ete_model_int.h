/* Internals of the ETE model shared by its record path (ete_model.c) and
 * its block path (ete_model_block.c).  Not part of the model's interface. */
#ifndef ETE_MODEL_INT_H
#define ETE_MODEL_INT_H

#include <stdint.h>

#include "ete_model.h"

typedef struct addr_ent {
    uint64_t addr;
    uint8_t is1;            /* sub_isa: 1 = IS1 (T32), 0 = IS0 */
} addr_ent;

/* Context information (D2.3.3): the fields a Context element carries, with
 * the identifiers that are not traced held at zero. */
typedef struct ctx_t {
    uint8_t el, ns, sf;
    uint32_t cid, vmid;
} ctx_t;

struct ete_model {
    ete_params p;
    ete_progregs r;

    /* static configuration */
    uint8_t cfg_cci, cfg_ts, cfg_rs, cfg_bb, cfg_cid, cfg_vmid;
    uint32_t cc_threshold;
    uint64_t cc_max;
    unsigned sync_period;   /* TRCSYNCPR.PERIOD in force, 0 = none */
    uint8_t addr_filter;    /* ViewInst depends on the instruction address */
    uint8_t extin_mask;     /* implemented external inputs */
    uint8_t extin_used;     /* external inputs some resource reads */
    uint8_t ev_en;          /* TRCEVENTCTL1R.INSTEN */
    uint8_t bfast_cfg;      /* no cycle counting or branch broadcasting */
    uint64_t run_ma, run_mb; /* record word masks of ete_model_run */

    /* output */
    uint8_t *buf;
    size_t len, cap;
    uint64_t total;
    uint64_t counts[ETE_ENC_PKT_COUNT];
    uint64_t sync_bytes;    /* bytes since the start of the last A-Sync */
    uint64_t nrec;
    char err[160];

    /* protocol state */
    uint8_t started;        /* the first A-Sync has been output */
    uint8_t need_sync;      /* non-periodic sync due before the next packet */
    uint8_t sync_req;       /* periodic sync requested (TRCSYNCPR) */
    uint64_t sync_req_item; /* the item that raised it (block path, sync_lag) */
    uint64_t item;          /* block path: index of the item in progress (sync_lag) */
    uint8_t disabled;
    addr_ent ahb[3];        /* address history buffer, D6.11.3 */
    ctx_t out_ctx;          /* context as the analyzer holds it (D9.2.1) */
    uint8_t out_ctx_valid;  /* a Context element was output since Trace Info */
    uint64_t last_ts;       /* last Timestamp value output (D6.11.5) */

    /* tracing state */
    uint8_t active;         /* the last instruction/exception was traced (TRCRSR.TA) */
    uint8_t uncovered;      /* traced instructions not yet implied by a P0 element */
    uint8_t need_addr;      /* a Target Address element is due for the next instruction */
    uint8_t pend_rs_ok;     /* ... for an indirect branch: a return stack match may remove it */
    uint8_t force_ctx;      /* a Context element is due even if unchanged */
    uint8_t ss;             /* TRCVICTLR.SSSTATUS */
    uint8_t ss_tstart, ss_tstart_valid;
    uint8_t ta_tstart;                     /* TRCRSR.TA after the outer TSTART */
    uint8_t bb_prev;        /* branch broadcasting was active at the last P0 instruction */
    uint8_t cur_ns;         /* Security state execution was last observed in */
    addr_ent rs[16];        /* return stack (D6.11.4): a ring, rs[rs_top] = top */
    unsigned rs_n, rs_top;

    /* atoms waiting to be packed (D6.11.2): bit i = atom i, 1 = E */
    uint32_t atoms;
    unsigned natoms;

    /* cycle counting (D6.9.18) */
    uint8_t cc_valid;       /* a reference commit exists */
    uint64_t cc_ref;        /* cycle of the commit of the last Cycle Count element */

    /* timestamps (D6.9.16) */
    uint8_t ts_req;
    uint8_t elem_since_ts;
    uint64_t elem_ts, elem_cycle;  /* record of the most recent P0/Event element */

    /* transactions (D6.9.9 - D6.9.11) */
    unsigned tx_depth;
    uint8_t tx_traced;      /* a Transaction Start element was output */

    /* previous record, for the fast path */
    uint8_t quiet;
    uint8_t no_fast;        /* ete_model_set_fast_paths(m, 0) */
    uint8_t vi_last;        /* ViewInst of the last instruction */
    uint8_t pv_el, pv_isa, pv_ns, pv_ext;
    uint32_t pv_cid1, pv_cid2;

    /* block path (ete_model_block.c) */
    uint32_t blk_cid1, blk_cid2;   /* CONTEXTIDR_EL1/EL2 from the last CTX slot */
    uint64_t blk_slot;              /* slots fed, for error messages */
    uint8_t blk_mode;               /* a slot was fed: sync_lag applies */
    ete_block_stats bst;
};

/* One record through the general path (resources, filtering, elements,
 * events and timestamps of D6.8 - D6.9.16). */
void ete_m_slow_step(ete_model *m, const pe_rec *r);
/* Periodic synchronization at a record boundary (D1.9.2). */
void ete_m_service_sync(ete_model *m);
/* A periodic synchronization request is pending and serviceable now: with
 * sync_lag L, from the item L items after the one that raised it (block
 * path; the record path has L = 0). */
static inline int ete_m_sync_due(const ete_model *m)
{
    return m->sync_req && (!m->blk_mode || m->item - m->sync_req_item >= m->p.sync_lag);
}
/* D2.3.1 R_NHDCF: trace turns on (Trace On element, R_KMEKP). */
void ete_m_trace_on(ete_model *m);
/* Target Address / Context elements due before the P0 element of a traced
 * instruction at a (R_ZRYSN, R_BDFDQ, R_RHDMW). */
void ete_m_resolve(ete_model *m, uint64_t a, int is1, const ctx_t *c);
/* Event elements (bit n = event n, R_KKLYB) for EXTIN ext. */
unsigned ete_m_events_of(const ete_model *m, unsigned ext);
/* Context information (D2.3.3) of record r. */
ctx_t ete_m_ctx_of(const ete_model *m, const pe_rec *r);
/* D6.8.1 ViewInst of one instruction at pc; updates SSSTATUS (D6.17). */
int ete_m_viewinst_at(ete_model *m, uint64_t pc, unsigned ext, unsigned el, int ns);
/* Address comparator n is not excluded by TRCACATR<n>.EXLEVEL in (el, ns). */
int ete_m_cmp_enabled(const ete_model *m, unsigned n, unsigned el, int ns);

#endif
