/* The SPE reference model (spe_model.h).  Section numbers are those of the
 * SPE supplement (../shared/spec/spe-supplement-armv8.md); "[Lnnnn]" is a
 * line of that file.  The IMPLEMENTATION DEFINED choices are described in
 * docs/spe-model.md. */
#include "spe_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_enc.h"

/* Events this implementation reports: E[10:0] (5.3.7) and, with FEAT_TME,
 * E[16] (C2.3.2 R_QFZV).  No IMPLEMENTATION DEFINED events. */
#define EV_ARCH_MASK   UINT64_C(0x7FF)
#define EV_TXN         (UINT64_C(1) << 16)

/* Record buffer: the largest record is 2^PMSIDR_MAXSIZE_MAX bytes. */
#define REC_MAX        (1u << PMSIDR_MAXSIZE_MAX)

typedef struct spe_slot {
    pe_rec r;              /* the sampled operation */
    unsigned remaining;    /* PE records until it completes */
    int need_next;         /* ERET: the target context comes from the next record */
    unsigned tgt_el, tgt_ns;
} spe_slot;

typedef struct log_ent {
    uint64_t addr;
    size_t len, off;
} log_ent;

struct spe_model {
    spe_params p;
    spe_pe_ctl ctl;
    /* registers */
    uint64_t pmscr_el1, pmscr_el2, pmsicr, pmsirr, pmsfcr, pmsevfr, pmslatfr;
    uint64_t pmblimitr, pmbptr, pmbsr;
    uint16_t lfsr;
    int prev_enabled;      /* profiling was enabled for the previous population op */
    int serror;
    /* samples in flight: FIFO */
    spe_slot slot[SPE_MAX_INFLIGHT];
    unsigned head, count;
    /* injected faults and aborts */
    spe_inject inj[SPE_MAX_INJECT];
    unsigned ninj;
    /* write log */
    log_ent *log;
    size_t nlog, caplog;
    uint8_t *pool;
    size_t npool, cappool;
    spe_write *out;
    size_t capout;
    int drained;
    int oom;               /* a write could not be logged (allocation failure) */
    spe_counters c;
};

/* ---- parameters --------------------------------------------------------- */

void spe_params_default(spe_params *p)
{
    memset(p, 0, sizeof *p);
    p->align = 0;
    p->flag_updates = 1;
    p->max_size = 7;            /* 128 bytes */
    p->interval_id = 0;         /* 256 */
    p->ernd = 0;
    p->lds = 1;
    p->have_tme = 1;
    p->granule_log2 = 12;
    p->inflight_records = 1;
    p->max_inflight = 1;
    p->lfsr_seed = 0xACE1u;
    p->ext_headers = 0;
    p->align_cmd = 0;
    p->ea_report = 1;
    p->ea_sync = 1;
}

void spe_pe_ctl_default(spe_pe_ctl *c)
{
    memset(c, 0, sizeof *c);
    c->have_el2 = 1;
    c->have_el3 = 1;
    c->nspb = 3;                /* Non-secure owner, EL1 access (3.4.2) */
    c->e2pb = 3;                /* owned by EL1 */
    c->tge = 0;
    c->reg_el = 1;
    c->reg_ns = 1;
}

size_t spe_max_record_len(const spe_params *p)
{
    size_t a = p->ext_headers ? 10 : 9;     /* Address packet */
    size_t cnt = p->ext_headers ? 4 : 3;    /* Counter packet */
    size_t ev = p->have_tme ? 5 : 3;        /* Events: word with E[16], else halfword */
    /* PC, 2 x Context, Operation Type, data VA + PA (a branch has one
     * target address instead), 3 counters, Events, Data Source, Timestamp */
    return a + 5 + 5 + 2 + 2 * a + 3 * cnt + ev + (p->lds ? 3 : 0) + 9;
}

int spe_params_check(const spe_params *p, char *err, size_t errlen)
{
    const char *e = NULL;
    if (p->align > PMBIDR_EL1_ALIGN_MAX)
        e = "align (PMBIDR_EL1.Align) must be 0..11";
    else if (p->max_size < PMSIDR_MAXSIZE_MIN || p->max_size > PMSIDR_MAXSIZE_MAX)
        e = "max_size (PMSIDR_EL1.MaxSize) must be 4..11";
    else if (p->align > p->max_size)
        e = "align must not exceed max_size (a padded record is at most 2^MaxSize bytes)";
    else if (((size_t)1 << p->max_size) < spe_max_record_len(p))
        e = "max_size is too small for the largest record of this configuration";
    else if (p->interval_id == 1 || p->interval_id > 8)
        e = "interval_id (PMSIDR_EL1.Interval) must be 0 or 2..8";
    else if (p->ernd > 1 || p->lds > 1 || p->have_tme > 1 || p->flag_updates > 1 ||
             p->ext_headers > 1 || p->align_cmd > 1 || p->ea_report > 1 || p->ea_sync > 1)
        e = "flags must be 0 or 1";
    else if (p->granule_log2 != 12 && p->granule_log2 != 14 && p->granule_log2 != 16)
        e = "granule_log2 must be 12, 14 or 16";
    else if (p->inflight_records < 1 || p->inflight_records > 1000000)
        e = "inflight_records must be 1..1000000";
    else if (p->max_inflight < 1 || p->max_inflight > SPE_MAX_INFLIGHT)
        e = "max_inflight must be 1..16";
    else if (p->lfsr_seed == 0)
        e = "lfsr_seed must be nonzero (an all-zero LFSR never leaves zero)";
    if (e) {
        if (err && errlen)
            snprintf(err, errlen, "spe params: %s", e);
        return -1;
    }
    return 0;
}

/* ---- random number generator (2.2.2, docs/spe-model.md) -----------------
 * 16-bit Galois LFSR, x^16 + x^14 + x^13 + x^11 + 1 (maximal, period
 * 65535): shift right, XOR 0xB400 when the bit shifted out is one. */
uint8_t spe_lfsr_draw(uint16_t *s)
{
    uint16_t v = *s;
    for (int i = 0; i < 8; i++) {
        unsigned out = v & 1u;
        v = (uint16_t)(v >> 1);
        if (out)
            v ^= 0xB400u;
    }
    *s = v;
    return (uint8_t)v;
}

uint16_t spe_model_lfsr(const spe_model *m)
{
    return m->lfsr;
}

/* ---- model life --------------------------------------------------------- */

spe_model *spe_model_new(const spe_params *p, char *err, size_t errlen)
{
    if (spe_params_check(p, err, errlen))
        return NULL;
    spe_model *m = calloc(1, sizeof *m);
    if (!m) {
        if (err && errlen)
            snprintf(err, errlen, "spe model: out of memory");
        return NULL;
    }
    m->p = *p;
    spe_pe_ctl_default(&m->ctl);
    m->lfsr = p->lfsr_seed;                 /* 2.2.2: reset into a usable state */
    m->pmscr_el1 = m->ctl.have_el2 ? 0 : PMSCR_EL1_PCT;
    return m;
}

void spe_model_free(spe_model *m)
{
    if (!m)
        return;
    free(m->log);
    free(m->pool);
    free(m->out);
    free(m);
}

void spe_model_set_pe_ctl(spe_model *m, const spe_pe_ctl *c)
{
    m->ctl = *c;
    m->ctl.nspb &= 3u;
    m->ctl.e2pb &= 3u;
    if (!m->ctl.have_el2) {
        m->pmscr_el1 |= PMSCR_EL1_PCT;      /* 4.3.5: PCT is RES1 without EL2 */
        m->pmscr_el2 = 0;                   /* 4.3.7: RES0 without EL2 */
    }
}

/* ---- registers ----------------------------------------------------------- */

static const struct { unsigned enc; const char *name; } reg_names[] = {
    { PMSCR_EL1_ENC, "PMSCR_EL1" },     { PMSCR_EL12_ENC, "PMSCR_EL12" },
    { PMSCR_EL2_ENC, "PMSCR_EL2" },     { PMSICR_EL1_ENC, "PMSICR_EL1" },
    { PMSIRR_EL1_ENC, "PMSIRR_EL1" },   { PMSFCR_EL1_ENC, "PMSFCR_EL1" },
    { PMSEVFR_EL1_ENC, "PMSEVFR_EL1" }, { PMSLATFR_EL1_ENC, "PMSLATFR_EL1" },
    { PMSIDR_EL1_ENC, "PMSIDR_EL1" },   { PMBLIMITR_EL1_ENC, "PMBLIMITR_EL1" },
    { PMBPTR_EL1_ENC, "PMBPTR_EL1" },   { PMBSR_EL1_ENC, "PMBSR_EL1" },
    { PMBIDR_EL1_ENC, "PMBIDR_EL1" },
};

const char *spe_reg_name(unsigned enc)
{
    for (size_t i = 0; i < sizeof reg_names / sizeof reg_names[0]; i++)
        if (reg_names[i].enc == enc)
            return reg_names[i].name;
    return NULL;
}

int spe_reg_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof reg_names / sizeof reg_names[0]; i++)
        if (strcmp(reg_names[i].name, name) == 0)
            return (int)reg_names[i].enc;
    return -1;
}

/* ProfilingBufferOwner() (3.4.6) for a PE in security state cur_secure. */
static void buffer_owner(const spe_model *m, int cur_secure, int *secure, unsigned *el)
{
    int s = m->ctl.have_el3 ? !(m->ctl.nspb & 2u) : cur_secure;
    *secure = s;
    *el = (!s && m->ctl.have_el2 && m->ctl.e2pb == 0) ? 2u : 1u;
}

/* PMBIDR_EL1.P (4.3.1 [L1383]): the buffer is owned by a higher EL or the
 * other security state than the register access; never from EL3. */
static uint64_t pmbidr_value(const spe_model *m)
{
    uint64_t v = (uint64_t)m->p.align;
    if (m->p.flag_updates)
        v |= PMBIDR_EL1_F;
    int osec;
    unsigned oel;
    int acc_sec = !m->ctl.reg_ns;
    buffer_owner(m, acc_sec, &osec, &oel);
    if (m->ctl.reg_el != 3 && (osec != acc_sec || oel > m->ctl.reg_el))
        v |= PMBIDR_EL1_P;
    return v;
}

static uint64_t pmsidr_value(const spe_model *m)
{
    uint64_t v = PMSIDR_EL1_FE | PMSIDR_EL1_FT | PMSIDR_EL1_FL | PMSIDR_EL1_ARCHINST;
    if (m->p.lds)
        v |= PMSIDR_EL1_LDS;
    if (m->p.ernd)
        v |= PMSIDR_EL1_ERND;
    v |= (uint64_t)m->p.interval_id << PMSIDR_EL1_INTERVAL_SHIFT;
    v |= (uint64_t)m->p.max_size << PMSIDR_EL1_MAXSIZE_SHIFT;
    v |= (uint64_t)PMSIDR_COUNTSIZE_12BIT << PMSIDR_EL1_COUNTSIZE_SHIFT;
    return v;
}

int spe_model_write_reg(spe_model *m, unsigned enc, uint64_t val)
{
    switch (enc) {
    case PMSCR_EL1_ENC:
    case PMSCR_EL12_ENC:                    /* 4.3.6: EL2 access to PMSCR_EL1 */
        m->pmscr_el1 = val & PMSCR_EL1_RW_MASK;
        if (!m->ctl.have_el2)
            m->pmscr_el1 |= PMSCR_EL1_PCT;  /* 4.3.5 [L1704]: RES1 without EL2 */
        return 0;
    case PMSCR_EL2_ENC:
        m->pmscr_el2 = m->ctl.have_el2 ? (val & PMSCR_EL2_RW_MASK) : 0;
        return 0;
    case PMSICR_EL1_ENC:                    /* 4.3.10: ECOUNT only with ERnd */
        m->pmsicr = val & (PMSICR_EL1_COUNT_MASK | (m->p.ernd ? PMSICR_EL1_ECOUNT_MASK : 0));
        return 0;
    case PMSIRR_EL1_ENC:
        m->pmsirr = val & PMSIRR_EL1_RW_MASK;
        return 0;
    case PMSFCR_EL1_ENC:
        m->pmsfcr = val & PMSFCR_EL1_RW_MASK;
        return 0;
    case PMSEVFR_EL1_ENC:
        /* 4.3.8: bits of events that cannot be filtered are RES0 (no
         * IMPLEMENTATION DEFINED events here); E[1] is RES1 because only
         * architecturally executed instructions are sampled [L2006]. */
        m->pmsevfr = (val & (PMSEVFR_EL1_ARCH | (m->p.have_tme ? PMSEVFR_EL1_E16 : 0))) |
                     PMSEVFR_EL1_E1;
        return 0;
    case PMSLATFR_EL1_ENC:
        m->pmslatfr = val & PMSLATFR_EL1_MINLAT_MASK;
        return 0;
    case PMBLIMITR_EL1_ENC: {
        /* 4.3.2: LIMIT[N-1:12] RES0 for a larger smallest granule [L1449];
         * FM keeps the written value (reserved values behave as 0b00). */
        uint64_t lim = PMBLIMITR_EL1_LIMIT_MASK & ~((UINT64_C(1) << m->p.granule_log2) - 1);
        m->pmblimitr = val & (lim | PMBLIMITR_EL1_FM_MASK | PMBLIMITR_EL1_E);
        return 0;
    }
    case PMBPTR_EL1_ENC:
        /* 4.3.3 [L1510]: without synchronous external abort reporting the
         * bits below the alignment are RES0 to the hardware too. */
        if (!m->p.ea_sync)
            val &= ~((UINT64_C(1) << m->p.align) - 1);
        m->pmbptr = val;
        return 0;
    case PMBSR_EL1_ENC:
        m->pmbsr = val & PMBSR_EL1_RW_MASK;
        return 0;
    default:
        return -1;                          /* PMSIDR_EL1, PMBIDR_EL1 are RO */
    }
}

int spe_model_read_reg(const spe_model *m, unsigned enc, uint64_t *val)
{
    switch (enc) {
    case PMSCR_EL1_ENC:
    case PMSCR_EL12_ENC:    *val = m->pmscr_el1; return 0;
    case PMSCR_EL2_ENC:     *val = m->pmscr_el2; return 0;
    case PMSICR_EL1_ENC:    *val = m->pmsicr; return 0;
    case PMSIRR_EL1_ENC:    *val = m->pmsirr; return 0;
    case PMSFCR_EL1_ENC:    *val = m->pmsfcr; return 0;
    case PMSEVFR_EL1_ENC:   *val = m->pmsevfr; return 0;
    case PMSLATFR_EL1_ENC:  *val = m->pmslatfr; return 0;
    case PMSIDR_EL1_ENC:    *val = pmsidr_value(m); return 0;
    case PMBLIMITR_EL1_ENC: *val = m->pmblimitr; return 0;
    case PMBPTR_EL1_ENC:    *val = m->pmbptr; return 0;
    case PMBSR_EL1_ENC:     *val = m->pmbsr; return 0;
    case PMBIDR_EL1_ENC:    *val = pmbidr_value(m); return 0;
    default:                return -1;
    }
}

/* ---- enable controls (3.2.3, 3.4.6) -------------------------------------- */

/* ProfilingBufferEnabled() for a PE in security state secure; the owning
 * Exception level is taken to use AArch64. */
static int buffer_enabled(const spe_model *m, int secure)
{
    int osec;
    unsigned oel;
    buffer_owner(m, secure, &osec, &oel);
    if (m->ctl.have_el3 && osec != secure)  /* non_secure_bit == SCR_EL3.NS */
        return 0;
    return (m->pmblimitr & PMBLIMITR_EL1_E) && !(m->pmbsr & PMBSR_EL1_S);
}

/* StatisticalProfilingEnabled() for the operation r. */
static int profiling_enabled(const spe_model *m, const pe_rec *r)
{
    if (r->isa != PE_ISA_A64)               /* 2.1.1: disabled in AArch32 */
        return 0;
    unsigned el = r->el;
    int secure = !(r->flags & PE_F_NS);
    if (el == 3 || (el == 2 && !m->ctl.have_el2))
        return 0;                           /* 2.4: always disabled at EL3 */
    if (!buffer_enabled(m, secure))
        return 0;
    int in_host = !secure && m->ctl.have_el2 && m->ctl.tge;
    int osec;
    unsigned oel;
    buffer_owner(m, secure, &osec, &oel);
    if (oel < el || osec != secure || (in_host && oel == 1))
        return 0;
    switch (el) {
    case 2:  return !!(m->pmscr_el2 & PMSCR_EL2_E2SPE);
    case 1:  return !!(m->pmscr_el1 & PMSCR_EL1_E1SPE);
    default: return in_host ? !!(m->pmscr_el2 & PMSCR_EL2_E0HSPE)
                            : !!(m->pmscr_el1 & PMSCR_EL1_E0SPE);
    }
}

/* ---- sample interval counter (3.1) ---------------------------------------
 * COUNT == 0 means "select the next member of the population": the op that
 * finds the counter at zero is sampled and the counter reloaded, so with
 * RND == 0 the interval is INTERVAL x 256 + 1 operations (3.1.2 note). */
static uint64_t reload_value(const spe_model *m)
{
    return m->pmsirr & PMSIRR_EL1_INTERVAL_MASK;   /* COUNT[31:8] = INTERVAL, [7:0] = 0 */
}

static int interval_step(spe_model *m)
{
    uint32_t count = (uint32_t)(m->pmsicr & PMSICR_EL1_COUNT_MASK);
    unsigned ecount = (unsigned)((m->pmsicr >> PMSICR_EL1_ECOUNT_SHIFT) & 0xFFu);
    int rnd = !!(m->pmsirr & PMSIRR_EL1_RND);
    int sel = 0;

    if (!(rnd && m->p.ernd)) {
        if (count == 0) {
            sel = 1;
            count = (uint32_t)reload_value(m);
            if (rnd)                        /* ERnd == 0: COUNT[7:0] random */
                count |= spe_lfsr_draw(&m->lfsr);
        } else {
            count--;
        }
    } else {
        /* ERnd == 1, RND == 1 (3.1.2): when the primary counter expires it
         * is reloaded and the secondary counter ECOUNT set to a random
         * value; the op on which ECOUNT reaches zero is sampled.  A random
         * value of zero samples the op on which the primary expired. */
        if (count == 0) {
            count = (uint32_t)reload_value(m);
            unsigned r = spe_lfsr_draw(&m->lfsr);
            if (r == 0)
                sel = 1;
            ecount = r;
        } else {
            count--;
            if (ecount != 0) {
                ecount--;
                if (ecount == 0)
                    sel = 1;
            }
        }
    }
    m->pmsicr = (uint64_t)count;
    if (m->p.ernd)
        m->pmsicr |= (uint64_t)ecount << PMSICR_EL1_ECOUNT_SHIFT;
    return sel;
}

/* 3.1.1: on moving from disabled to enabled with PMSICR_EL1 zero, load
 * COUNT[31:8] = INTERVAL and COUNT[7:0] = random if RND and !ERnd. */
static void interval_init(spe_model *m)
{
    if (m->pmsicr != 0)
        return;
    uint64_t v = reload_value(m);
    if ((m->pmsirr & PMSIRR_EL1_RND) && !m->p.ernd)
        v |= spe_lfsr_draw(&m->lfsr);
    m->pmsicr = v;
}

/* ---- write log ----------------------------------------------------------- */

static void release_drained(spe_model *m)
{
    if (m->drained) {
        m->nlog = 0;
        m->npool = 0;
        m->drained = 0;
    }
}

static void log_write(spe_model *m, uint64_t addr, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    if (m->nlog == m->caplog) {
        size_t nc = m->caplog ? 2 * m->caplog : 64;
        log_ent *nl = realloc(m->log, nc * sizeof *nl);
        if (!nl) {
            m->oom = 1;
            return;
        }
        m->log = nl;
        m->caplog = nc;
    }
    if (m->npool + len > m->cappool) {
        size_t nc = m->cappool ? 2 * m->cappool : 4096;
        while (nc < m->npool + len)
            nc *= 2;
        uint8_t *np = realloc(m->pool, nc);
        if (!np) {
            m->oom = 1;
            return;
        }
        m->pool = np;
        m->cappool = nc;
    }
    memcpy(m->pool + m->npool, data, len);
    m->log[m->nlog].addr = addr;
    m->log[m->nlog].len = len;
    m->log[m->nlog].off = m->npool;
    m->nlog++;
    m->npool += len;
    m->c.bytes += len;
}

size_t spe_model_drain(spe_model *m, const spe_write **w)
{
    release_drained(m);
    if (m->nlog > m->capout) {
        spe_write *no = realloc(m->out, m->nlog * sizeof *no);
        if (!no) {
            m->oom = 1;
            *w = NULL;
            return 0;
        }
        m->out = no;
        m->capout = m->nlog;
    }
    for (size_t i = 0; i < m->nlog; i++) {
        m->out[i].addr = m->log[i].addr;
        m->out[i].len = m->log[i].len;
        m->out[i].data = m->pool + m->log[i].off;
    }
    *w = m->out;
    m->drained = 1;
    return m->nlog;
}

/* ---- Profiling Buffer management (3.5) ------------------------------------ */

/* A management event: S = 1, EC and MSS as given, DL set when dl, other
 * fields unchanged (3.5). */
static void mgmt_event(spe_model *m, unsigned ec, unsigned mss, int dl)
{
    m->pmbsr &= ~(PMBSR_EL1_EC_MASK | PMBSR_EL1_MSS_MASK);
    m->pmbsr |= ((uint64_t)ec << PMBSR_EL1_EC_SHIFT) | (mss & PMBSR_EL1_MSS_MASK) | PMBSR_EL1_S;
    if (dl)
        m->pmbsr |= PMBSR_EL1_DL;
    m->c.mgmt_events++;
}

/* The lowest injected address in [lo, hi): index into m->inj, or -1.  At
 * one address a fault comes before an external abort (3.5.1). */
static int find_injection(const spe_model *m, uint64_t lo, uint64_t hi)
{
    int best = -1;
    for (unsigned i = 0; i < m->ninj; i++) {
        uint64_t a = m->inj[i].addr;
        if (a < lo || a >= hi)
            continue;
        if (best < 0 || a < m->inj[best].addr ||
            (a == m->inj[best].addr && m->inj[i].kind == SPE_INJ_FAULT &&
             m->inj[best].kind != SPE_INJ_FAULT))
            best = (int)i;
    }
    return best;
}

static void drop_injection(spe_model *m, int i)
{
    m->inj[i] = m->inj[m->ninj - 1];
    m->ninj--;
}

/* 3.5.2: after a record, buffer full when fewer than 2^MaxSize bytes
 * remain; PMBPTR_EL1 is the first byte after the last complete record and
 * DL is unchanged. */
static void check_full(spe_model *m, uint64_t limit)
{
    if (limit - m->pmbptr < (UINT64_C(1) << m->p.max_size))
        mgmt_event(m, PMBSR_EC_OTHER, PMBSR_BSC_FILLED, 0);
}

/* An injected fault or external abort at inj->addr, inside the record
 * being written at ptr (len bytes). */
static void write_aborted(spe_model *m, const spe_inject *inj, const uint8_t *rec,
                          uint64_t ptr, size_t len, uint64_t limit)
{
    uint64_t a = inj->addr;
    unsigned ec = inj->stage2 ? PMBSR_EC_DABT_S2 : PMBSR_EC_DABT_S1;
    log_write(m, ptr, rec, (size_t)(a - ptr));    /* the bytes before it */
    if (inj->kind == SPE_INJ_FAULT) {
        /* 3.5.3: PMBPTR_EL1 = faulting address; DL = 1 unless that is the
         * first byte after the last complete record. */
        m->c.discarded++;
        mgmt_event(m, ec, inj->fsc, a != ptr);
        m->pmbptr = a;
        return;
    }
    if (!m->p.ea_report) {
        /* 3.5.4: taken as an SError; PMBSR_EL1 unchanged.  The rest of the
         * record is lost and the SPE carries on after it. */
        m->serror = 1;
        m->c.serrors++;
        m->c.discarded++;
        m->pmbptr = ptr + len;
        check_full(m, limit);
        return;
    }
    /* 3.5.4: EA = 1, S = 1, EC, FSC; synchronous: PMBPTR_EL1 = the aborted
     * address; DL = 1 if asynchronous or PMBPTR_EL1 is not the first byte
     * of the record.  Aborts on a translation table walk are synchronous. */
    int sync = m->p.ea_sync || inj->kind == SPE_INJ_EA_WALK;
    unsigned fsc = inj->kind == SPE_INJ_EA_WALK ? PMBSR_FSC_SEA_WALK(inj->fsc)
                   : sync ? PMBSR_FSC_SEA_WRITE : PMBSR_FSC_AEA_WRITE;
    m->c.discarded++;
    m->pmbsr |= PMBSR_EL1_EA;
    if (sync)
        m->pmbptr = a;
    mgmt_event(m, ec, fsc, !sync || a != ptr);
}

/* Write one record (padding included) at PMBPTR_EL1.  Never writes below
 * PMBPTR_EL1 nor at or above the limit. */
static void write_record(spe_model *m, const uint8_t *rec, size_t len)
{
    uint64_t ptr = m->pmbptr;
    uint64_t limit = m->pmblimitr & PMBLIMITR_EL1_LIMIT_MASK;
    uint64_t amask = (UINT64_C(1) << m->p.align) - 1;

    /* 3.5.3 Table 6: a write pointer that is not aligned to 2^Align gives
     * an Alignment fault; PMBPTR_EL1 already holds the faulting address
     * and is the first byte after the last complete record (DL unchanged). */
    if (ptr & amask) {
        mgmt_event(m, PMBSR_EC_DABT_S1, PMBSR_FSC_ALIGNMENT, 0);
        m->c.discarded++;
        return;
    }
    /* 3.4.1: a write pointer within one record of the limit (or past it)
     * is UNPREDICTABLE; this model writes nothing and signals buffer full
     * with data loss. */
    if (ptr > limit || limit - ptr < len) {
        mgmt_event(m, PMBSR_EC_OTHER, PMBSR_BSC_FILLED, 1);
        m->c.discarded++;
        return;
    }
    int ii = find_injection(m, ptr, ptr + len);
    if (ii >= 0) {
        spe_inject inj = m->inj[ii];
        drop_injection(m, ii);
        write_aborted(m, &inj, rec, ptr, len, limit);
        return;
    }
    log_write(m, ptr, rec, len);
    m->pmbptr = ptr + len;
    m->c.written++;
    check_full(m, limit);
}

/* ---- record formation (chapter 5) ----------------------------------------- */

static int is_branch(unsigned ic)
{
    return ic == PE_IC_B || ic == PE_IC_BCOND || ic == PE_IC_BL || ic == PE_IC_BR ||
           ic == PE_IC_BLR || ic == PE_IC_RET || ic == PE_IC_ERET;
}

/* Load/store kinds of pe_rec.ls (docs/pe-interface.md 1.4). */
static unsigned ls_kind(const pe_rec *r)
{
    unsigned k = r->ls & PE_LS_MASK;
    return k <= PE_LS_ACQREL ? k : PE_LS_NONE;
}

/* The operation returns data to a register: a load, or an atomic,
 * exclusive or acquire access without the store marker. */
static int ls_returns_data(const pe_rec *r)
{
    unsigned k = ls_kind(r);
    return k == PE_LS_LOAD || (k >= PE_LS_ATOMIC && !(r->ls & PE_LS_STORE_F));
}

/* 3.2.2: ST collects stores and every atomic; LD collects loads and the
 * atomics that return a value. */
static int ls_is_store(const pe_rec *r)
{
    unsigned k = ls_kind(r);
    return k == PE_LS_STORE || k == PE_LS_ATOMIC ||
           ((k == PE_LS_EXCL || k == PE_LS_ACQREL) && (r->ls & PE_LS_STORE_F));
}

/* Operation Type CLASS and SUBCLASS (5.3.8, spe_enc.h). */
static void op_type(const pe_rec *r, unsigned *cls, unsigned *sub)
{
    unsigned k = ls_kind(r);
    if (k != PE_LS_NONE) {
        unsigned st = ls_returns_data(r) ? 0u : SPE_OP_LDST_ST;
        *cls = SPE_OP_CLASS_LDST;
        switch (k) {
        case PE_LS_ATOMIC: *sub = SPE_OP_LDST_EXT | SPE_OP_LDST_AT | st; break;
        case PE_LS_EXCL:   *sub = SPE_OP_LDST_EXT | SPE_OP_LDST_EXCL | st; break;
        case PE_LS_ACQREL: *sub = SPE_OP_LDST_EXT | SPE_OP_LDST_AR | st; break;
        default:
            /* general-purpose form; SVE accesses use the SIMD&FP registers' form */
            *sub = ((r->ls & (PE_LS_SIMDFP | PE_LS_SVE)) ? SPE_OP_LDST_SUB_SIMD_FP : 0u) | st;
            break;
        }
        return;
    }
    if (is_branch(r->iclass)) {
        /* 2.3.1: exception returns are unconditional branches; RET, BR,
         * BLR and ERET take their target from a register: indirect. */
        *cls = SPE_OP_CLASS_BRANCH;
        *sub = 0;
        if (r->iclass == PE_IC_BCOND || (r->flags & PE_F_COND))
            *sub |= SPE_OP_BR_COND;
        if (r->iclass == PE_IC_BR || r->iclass == PE_IC_BLR || r->iclass == PE_IC_RET ||
            r->iclass == PE_IC_ERET)
            *sub |= SPE_OP_BR_IND;
        return;
    }
    *cls = SPE_OP_CLASS_OTHER;      /* 2.3.4: everything else, exception generating too */
    *sub = (r->flags & PE_F_COND) ? SPE_OP_OTHER_COND : 0u;
}

static uint64_t record_events(const spe_model *m, const pe_rec *r)
{
    uint64_t e = (uint64_t)r->spe_events & EV_ARCH_MASK;
    if (m->p.have_tme && (r->flags & PE_F_TSTATE))
        e |= EV_TXN;                        /* C2.3.1 R_GJXT */
    return e;
}

/* CollectRecord() (3.2.3).  The CONSTRAINED UNPREDICTABLE cases take the
 * behaviour of the plain comparison: FT with B = LD = ST = 0 records
 * nothing; FL with MINLAT = 0 records everything; PMSEVFR_EL1 is never
 * zero (E[1] is RES1). */
static int collect_record(const spe_model *m, const pe_rec *r, uint64_t events)
{
    if (m->pmsfcr & PMSFCR_EL1_FE) {
        uint64_t fmask = PMSEVFR_EL1_IMPDEF | PMSEVFR_EL1_ARCH | PMSEVFR_EL1_E16;
        uint64_t e = events & fmask, msk = m->pmsevfr & fmask;
        if (~e & msk)
            return 0;
    }
    if (m->pmsfcr & PMSFCR_EL1_FT) {
        int ok = 0;
        if ((m->pmsfcr & PMSFCR_EL1_B) && ls_kind(r) == PE_LS_NONE && is_branch(r->iclass))
            ok = 1;
        if ((m->pmsfcr & PMSFCR_EL1_LD) && ls_returns_data(r))
            ok = 1;
        if ((m->pmsfcr & PMSFCR_EL1_ST) && ls_is_store(r))
            ok = 1;
        if (!ok)
            return 0;
    }
    if (m->pmsfcr & PMSFCR_EL1_FL) {
        unsigned lat = r->lat_total > SPE_CNT_SATURATED ? SPE_CNT_SATURATED : r->lat_total;
        if (lat < (unsigned)(m->pmslatfr & PMSLATFR_EL1_MINLAT_MASK))
            return 0;
    }
    return 1;
}

enum { TS_NONE, TS_VIRTUAL, TS_PHYSICAL };

/* CollectTimeStamp() (3.3.1) for an op in security state secure. */
static int collect_timestamp(const spe_model *m, int secure)
{
    int osec;
    unsigned oel;
    buffer_owner(m, secure, &osec, &oel);
    if (oel == 2 ? !(m->pmscr_el2 & PMSCR_EL2_TS) : !(m->pmscr_el1 & PMSCR_EL1_TS))
        return TS_NONE;
    int pct;
    if (!osec && m->ctl.have_el2)
        pct = (m->pmscr_el2 & PMSCR_EL2_PCT) && (oel == 2 || (m->pmscr_el1 & PMSCR_EL1_PCT));
    else
        pct = !!(m->pmscr_el1 & PMSCR_EL1_PCT);
    return pct ? TS_PHYSICAL : TS_VIRTUAL;
}

/* CollectPhysicalAddress() (3.3.1). */
static int collect_pa(const spe_model *m, int secure)
{
    int osec;
    unsigned oel;
    buffer_owner(m, secure, &osec, &oel);
    if (!osec && m->ctl.have_el2)
        return (m->pmscr_el2 & PMSCR_EL2_PA) && (oel == 2 || (m->pmscr_el1 & PMSCR_EL1_PA));
    return !!(m->pmscr_el1 & PMSCR_EL1_PA);
}

/* Bytes from addr up to the next 2^align boundary: Padding bytes, or an
 * Alignment command (SIZE = align - 1) and zero fill when align_cmd is set
 * and at least two bytes are needed (5.3.2, 5.3.9). */
static size_t pad_record(const spe_model *m, uint8_t *out, uint64_t addr)
{
    uint64_t unit = UINT64_C(1) << m->p.align;
    size_t gap = (size_t)((unit - (addr & (unit - 1))) & (unit - 1));
    if (gap == 0)
        return 0;
    size_t n = 0;
    if (m->p.align_cmd && m->p.align >= 2 && gap >= 2)
        n = spe_enc_alignment(out, m->p.align - 1);
    while (n < gap)
        n += spe_enc_padding(out + n);
    return gap;
}

/* Form the record of s (packet order in docs/spe-model.md 3.1). */
static size_t form_record(const spe_model *m, const spe_slot *s, uint64_t events, uint8_t *out)
{
    const pe_rec *r = &s->r;
    int ext = (int)m->p.ext_headers;
    int secure = !(r->flags & PE_F_NS);
    unsigned ns = secure ? 0u : 1u;
    size_t n = 0;

    n += spe_enc_address(out + n, SPE_ADDR_PC, spe_addr_insn(r->pc, r->el, ns), ext);
    /* CollectContextIDR1(), CollectContextIDR2() (3.3.1) */
    if ((m->pmscr_el1 & PMSCR_EL1_CX) && r->el != 2 &&
        !(m->ctl.have_el2 && !secure && m->ctl.tge))
        n += spe_enc_context(out + n, SPE_CTX_EL1, r->contextidr_el1);
    if ((m->pmscr_el2 & PMSCR_EL2_CX) && m->ctl.have_el2 && !secure)
        n += spe_enc_context(out + n, SPE_CTX_EL2, r->contextidr_el2);

    unsigned cls, sub;
    op_type(r, &cls, &sub);
    n += spe_enc_op_type(out + n, cls, sub);

    if (cls == SPE_OP_CLASS_BRANCH)
        n += spe_enc_address(out + n, SPE_ADDR_TGT,
                             spe_addr_insn(r->target, s->tgt_el, s->tgt_ns), ext);
    if (cls == SPE_OP_CLASS_LDST) {
        int tbi = (r->va >> 55) & 1 ? (int)m->ctl.tbi1 : (int)m->ctl.tbi0;
        n += spe_enc_address(out + n, SPE_ADDR_VA, spe_addr_data_va(r->va, tbi), ext);
        if (collect_pa(m, secure))
            n += spe_enc_address(out + n, SPE_ADDR_PA, spe_addr_data_pa(r->pa, ns), ext);
    }
    n += spe_enc_counter(out + n, SPE_CNT_TOTAL, r->lat_total, ext);
    n += spe_enc_counter(out + n, SPE_CNT_ISSUE, r->lat_issue, ext);
    if (cls == SPE_OP_CLASS_LDST)
        n += spe_enc_counter(out + n, SPE_CNT_XLAT, r->lat_xlat, ext);
    n += spe_enc_events(out + n, events);
    if (m->p.lds && cls == SPE_OP_CLASS_LDST && ls_returns_data(r))
        n += spe_enc_data_source(out + n, r->data_source);

    switch (collect_timestamp(m, secure)) {
    case TS_VIRTUAL:  n += spe_enc_timestamp(out + n, r->timestamp); break;
    case TS_PHYSICAL: n += spe_enc_timestamp(out + n, r->timestamp + m->ctl.cntvoff); break;
    default:          n += spe_enc_end(out + n); break;
    }
    return n;
}

/* The sampled operation of s completes: filter, form, write (3.2.2, 3.4). */
static void complete(spe_model *m, spe_slot *s)
{
    uint64_t events = record_events(m, &s->r);
    if (!collect_record(m, &s->r, events)) {
        m->c.filtered_out++;
        return;
    }
    m->c.sample_filtrate++;
    /* 3.6.1: with the buffer disabled (E == 0 or S == 1) the record is
     * discarded silently. */
    if (!(m->pmblimitr & PMBLIMITR_EL1_E) || (m->pmbsr & PMBSR_EL1_S)) {
        m->c.discarded++;
        return;
    }
    uint8_t rec[REC_MAX];
    size_t n = form_record(m, s, events, rec);
    /* padding to the next 2^Align boundary; PMBPTR_EL1 is aligned when the
     * record is written (else write_record signals an Alignment fault) */
    n += pad_record(m, rec + n, n);
    write_record(m, rec, n);
}

static void complete_oldest(spe_model *m)
{
    spe_slot *s = &m->slot[m->head];
    m->head = (m->head + 1) % SPE_MAX_INFLIGHT;
    m->count--;
    complete(m, s);
}

/* ---- feeding -------------------------------------------------------------- */

static void take_sample(spe_model *m, const pe_rec *r)
{
    if (m->count >= m->p.max_inflight) {
        /* 2.2.4, 3.1.4: collision; the new sample is dropped */
        m->pmbsr |= PMBSR_EL1_COLL;
        m->c.sample_collision++;
        return;
    }
    m->c.sample_feed++;
    spe_slot *s = &m->slot[(m->head + m->count) % SPE_MAX_INFLIGHT];
    m->count++;
    s->r = *r;
    s->remaining = m->p.inflight_records;
    s->need_next = r->iclass == PE_IC_ERET;
    s->tgt_el = r->el;
    s->tgt_ns = (r->flags & PE_F_NS) ? 1u : 0u;
}

void spe_model_feed(spe_model *m, const pe_rec *r)
{
    release_drained(m);
    m->c.records++;

    if (r->kind == PE_KIND_RESET) {
        /* 4.2 Table 8: PMBLIMITR_EL1.E resets to 0; the samples in flight
         * are lost; the generator restarts from its seed (2.2.2). */
        m->pmblimitr &= ~PMBLIMITR_EL1_E;
        m->count = 0;
        m->head = 0;
        m->lfsr = m->p.lfsr_seed;
        m->prev_enabled = 0;
        return;
    }

    /* The context after an ERET is that of the next record (for an EXC
     * record, the EL it was taken from). */
    for (unsigned i = 0; i < m->count; i++) {
        spe_slot *s = &m->slot[(m->head + i) % SPE_MAX_INFLIGHT];
        if (s->need_next) {
            s->need_next = 0;
            s->tgt_el = r->kind == PE_KIND_EXC ? r->from_el : r->el;
            s->tgt_ns = (r->flags & PE_F_NS) ? 1u : 0u;
        }
    }
    /* Age the samples in flight; those reaching zero complete, oldest first. */
    for (unsigned i = 0; i < m->count; i++)
        m->slot[(m->head + i) % SPE_MAX_INFLIGHT].remaining--;
    while (m->count && m->slot[m->head].remaining == 0)
        complete_oldest(m);

    if (r->kind != PE_KIND_INSN)            /* only instructions are operations */
        return;
    if (!profiling_enabled(m, r)) {
        m->prev_enabled = 0;                /* 3.1.3: counters hold */
        return;
    }
    if (!m->prev_enabled)
        interval_init(m);
    m->prev_enabled = 1;
    m->c.sample_pop++;
    if (interval_step(m))
        take_sample(m, r);
}

void spe_model_flush(spe_model *m)
{
    release_drained(m);
    while (m->count)
        complete_oldest(m);
}

int spe_model_inject(spe_model *m, const spe_inject *inj, char *err, size_t errlen)
{
    const char *e = NULL;
    if (inj->kind == SPE_INJ_FAULT) {
        unsigned f = inj->fsc;
        int ok = f <= 0x0Fu || f == PMBSR_FSC_TLB_CONFLICT || f == PMBSR_FSC_UNSUPPORTED;
        if (!ok)
            e = "fault FSC must be an address size, translation, access flag, permission, "
                "TLB conflict or unsupported access code";
    } else if (inj->kind == SPE_INJ_EA_WALK) {
        if (inj->fsc > 3)
            e = "walk abort level must be 0..3";
    } else if (inj->kind != SPE_INJ_EA) {
        e = "unknown injection kind";
    }
    if (!e && m->ninj >= SPE_MAX_INJECT)
        e = "too many pending injections";
    if (e) {
        if (err && errlen)
            snprintf(err, errlen, "spe inject at 0x%016llx: %s", (unsigned long long)inj->addr, e);
        return -1;
    }
    m->inj[m->ninj++] = *inj;
    return 0;
}

void spe_model_status(const spe_model *m, spe_status *st)
{
    st->pmbptr = m->pmbptr;
    st->pmbsr = m->pmbsr;
    st->irq = spe_model_irq(m);
    st->serror = m->serror;
    st->inflight = m->count;
    st->log_error = m->oom;
    st->c = m->c;
}

int spe_model_irq(const spe_model *m)
{
    return !!(m->pmbsr & PMBSR_EL1_S);
}
