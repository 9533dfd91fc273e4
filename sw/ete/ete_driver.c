/* ETE driver: the external debugger programming procedure of D8.3. */
#include "ete_driver.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---- register names ------------------------------------------------------ */
static const struct {
    uint32_t off;
    const char *name;
} fixed_regs[] = {
    {TRCPRGCTLR, "TRCPRGCTLR"},     {TRCSTATR, "TRCSTATR"},
    {TRCCONFIGR, "TRCCONFIGR"},     {TRCAUXCTLR, "TRCAUXCTLR"},
    {TRCEVENTCTL0R, "TRCEVENTCTL0R"}, {TRCEVENTCTL1R, "TRCEVENTCTL1R"},
    {TRCRSR, "TRCRSR"},             {TRCSTALLCTLR, "TRCSTALLCTLR"},
    {TRCTSCTLR, "TRCTSCTLR"},       {TRCSYNCPR, "TRCSYNCPR"},
    {TRCCCCTLR, "TRCCCCTLR"},       {TRCBBCTLR, "TRCBBCTLR"},
    {TRCTRACEIDR, "TRCTRACEIDR"},   {TRCQCTLR, "TRCQCTLR"},
    {TRCVICTLR, "TRCVICTLR"},       {TRCVIIECTLR, "TRCVIIECTLR"},
    {TRCVISSCTLR, "TRCVISSCTLR"},   {TRCVIPCSSCTLR, "TRCVIPCSSCTLR"},
    {TRCIDR8, "TRCIDR8"},           {TRCIDR9, "TRCIDR9"},
    {TRCIDR10, "TRCIDR10"},         {TRCIDR11, "TRCIDR11"},
    {TRCIDR12, "TRCIDR12"},         {TRCIDR13, "TRCIDR13"},
    {TRCIDR0, "TRCIDR0"},           {TRCIDR1, "TRCIDR1"},
    {TRCIDR2, "TRCIDR2"},           {TRCIDR3, "TRCIDR3"},
    {TRCIDR4, "TRCIDR4"},           {TRCIDR5, "TRCIDR5"},
    {TRCIDR6, "TRCIDR6"},           {TRCIDR7, "TRCIDR7"},
    {TRCOSLSR, "TRCOSLSR"},         {TRCPDCR, "TRCPDCR"},
    {TRCPDSR, "TRCPDSR"},           {TRCCLAIMSET, "TRCCLAIMSET"},
    {TRCCLAIMCLR, "TRCCLAIMCLR"},   {TRCAUTHSTATUS, "TRCAUTHSTATUS"},
    {TRCDEVARCH, "TRCDEVARCH"},     {TRCDEVID, "TRCDEVID"},
    {TRCDEVTYPE, "TRCDEVTYPE"},
};

const char *ete_drv_reg_name(uint32_t offset, char *buf, size_t len)
{
    for (size_t i = 0; i < sizeof fixed_regs / sizeof fixed_regs[0]; i++)
        if (fixed_regs[i].off == offset) {
            snprintf(buf, len, "%s", fixed_regs[i].name);
            return buf;
        }
    if (offset >= TRCRSCTLR(0) && offset < TRCRSCTLR(ETE_NUM_RS_MAX) && !(offset & 3u)) {
        snprintf(buf, len, "TRCRSCTLR%u", (offset - TRCRSCTLR(0)) / 4u);
        return buf;
    }
    /* 64-bit comparator registers: two words each (D8.4.1) */
    if (offset >= TRCACVR(0) && offset < TRCACVR(2 * ETE_NUM_ACPAIRS_MAX) && !(offset & 3u)) {
        uint32_t d = offset - TRCACVR(0);
        snprintf(buf, len, "TRCACVR%u%s", d / 8u, (d & 4u) ? "+4" : "");
        return buf;
    }
    if (offset >= TRCACATR(0) && offset < TRCACATR(2 * ETE_NUM_ACPAIRS_MAX) &&
        !(offset & 3u)) {
        uint32_t d = offset - TRCACATR(0);
        snprintf(buf, len, "TRCACATR%u%s", d / 8u, (d & 4u) ? "+4" : "");
        return buf;
    }
    return NULL;
}

static const char *name_of(uint32_t off, char *buf, size_t len)
{
    const char *n = ete_drv_reg_name(off, buf, len);
    if (!n) {
        snprintf(buf, len, "offset 0x%03" PRIx32, off);
        n = buf;
    }
    return n;
}

/* ---- bus access with error text ------------------------------------------- */
static int wr(const ete_drv_bus *b, uint32_t off, uint32_t v, char *err, size_t errlen)
{
    if (b->write32(b->ctx, off, v) != 0) {
        char nb[32];
        snprintf(err, errlen, "bus error writing 0x%08" PRIx32 " to %s (offset 0x%03" PRIx32
                 ")", v, name_of(off, nb, sizeof nb), off);
        return -1;
    }
    return 0;
}

static int rd(const ete_drv_bus *b, uint32_t off, uint32_t *v, char *err, size_t errlen)
{
    if (b->read32(b->ctx, off, v) != 0) {
        char nb[32];
        snprintf(err, errlen, "bus error reading %s (offset 0x%03" PRIx32 ")",
                 name_of(off, nb, sizeof nb), off);
        return -1;
    }
    return 0;
}

/* ---- what the unit implements (register-fields.md 4.6) --------------------- */
typedef struct impl {
    unsigned ncomp;       /* address comparators: 2 * TRCIDR4.NUMACPAIRS */
    unsigned nrs;         /* resource selectors incl. the fixed 0 and 1 */
    unsigned ccitmin;     /* TRCIDR3.CCITMIN */
    int bb, cci, ts, syncpr_fixed, stallctl;
} impl;

static void impl_of(const ete_idregs *id, impl *m)
{
    uint32_t i0 = id->trcidr[0], i3 = id->trcidr[3], i4 = id->trcidr[4];
    m->ncomp = 2u * (i4 & TRCIDR4_NUMACPAIRS_MASK);
    if (m->ncomp > 2u * ETE_NUM_ACPAIRS_MAX)
        m->ncomp = 2u * ETE_NUM_ACPAIRS_MAX;
    /* NUMRSPAIR: pairs - 1; 0 means no selectors beyond the fixed pair */
    unsigned nrsp = (i4 >> TRCIDR4_NUMRSPAIR_SHIFT) & 0xFu;
    m->nrs = nrsp ? 2u * (nrsp + 1u) : 0u;
    if (m->nrs > ETE_NUM_RS_MAX)
        m->nrs = ETE_NUM_RS_MAX;
    m->ccitmin = i3 & TRCIDR3_CCITMIN_MASK;
    m->bb = (i0 & TRCIDR0_TRCBB) != 0;
    m->cci = (i0 & TRCIDR0_TRCCCI) != 0;
    m->ts = ((i0 & TRCIDR0_TSSIZE_MASK) >> TRCIDR0_TSSIZE_SHIFT) != 0;
    m->syncpr_fixed = (i3 & TRCIDR3_SYNCPR) != 0;
    m->stallctl = (i3 & TRCIDR3_STALLCTL) != 0;
}

/* ---- probe ------------------------------------------------------------------ */
static const uint32_t idr_off[14] = {
    TRCIDR0, TRCIDR1, TRCIDR2, TRCIDR3, TRCIDR4, TRCIDR5, TRCIDR6,
    TRCIDR7, TRCIDR8, TRCIDR9, TRCIDR10, TRCIDR11, TRCIDR12, TRCIDR13};

int ete_drv_probe(const ete_drv_bus *bus, ete_idregs *id, char *err, size_t errlen)
{
    memset(id, 0, sizeof *id);
    for (unsigned i = 0; i < 14; i++)
        if (rd(bus, idr_off[i], &id->trcidr[i], err, errlen))
            return -1;
    if (rd(bus, TRCDEVARCH, &id->trcdevarch, err, errlen))
        return -1;
    uint32_t a = id->trcdevarch;
    const uint32_t want_mask = (0x7FFu << 21) | TRCDEVARCH_PRESENT | (0xFu << 12) | 0xFFFu;
    const uint32_t want = TRCDEVARCH_ARCHITECT_ARM | TRCDEVARCH_PRESENT |
                          TRCDEVARCH_ARCHVER_ETE | TRCDEVARCH_ARCHPART;
    if ((a & want_mask) != want) {
        snprintf(err, errlen, "not an ETE trace unit: TRCDEVARCH = 0x%08" PRIx32
                 " (ARCHITECT 0x%03" PRIx32 ", PRESENT %" PRIu32 ", ARCHVER %" PRIu32
                 ", ARCHPART 0x%03" PRIx32 "; an ETE has 0x23B, 1, 5, 0xA13)",
                 a, a >> 21, (a >> 20) & 1u, (a >> 12) & 0xFu, a & 0xFFFu);
        return -1;
    }
    if (!(id->trcidr[0] & TRCIDR0_RES1)) {
        snprintf(err, errlen, "TRCIDR0 = 0x%08" PRIx32 ": bit 0 is RES1 but reads 0 "
                 "(register map not responding?)", id->trcidr[0]);
        return -1;
    }
    return 0;
}

/* ---- check ------------------------------------------------------------------ */
int ete_drv_check(const ete_idregs *id, const ete_progregs *r, char *err, size_t errlen)
{
    impl m;
    impl_of(id, &m);
    for (unsigned n = 0; n < 2u * ETE_NUM_ACPAIRS_MAX; n++) {
        if (n >= m.ncomp && (r->trcacvr[n] || r->trcacatr[n])) {
            snprintf(err, errlen, "TRCACVR%u/TRCACATR%u programmed, but the unit has %u "
                     "address comparators (TRCIDR4.NUMACPAIRS = %u)", n, n, m.ncomp,
                     m.ncomp / 2u);
            return -1;
        }
    }
    for (unsigned n = 0; n < ETE_NUM_RS_MAX; n++) {
        if (r->trcrsctlr[n] && (n < 2 || n >= m.nrs)) {
            if (n < 2)
                snprintf(err, errlen, "TRCRSCTLR%u programmed: resource selectors 0 and 1 "
                         "are fixed (FALSE, TRUE) and have no register", n);
            else
                snprintf(err, errlen, "TRCRSCTLR%u programmed, but the unit has %u resource "
                         "selectors (TRCIDR4.NUMRSPAIR)", n, m.nrs);
            return -1;
        }
    }
    if (r->trcbbctlr && !m.bb) {
        snprintf(err, errlen, "TRCBBCTLR programmed, but TRCIDR0.TRCBB = 0");
        return -1;
    }
    if ((r->trcconfigr & TRCCONFIGR_BB) && !m.bb) {
        snprintf(err, errlen, "TRCCONFIGR.BB set, but TRCIDR0.TRCBB = 0");
        return -1;
    }
    if ((r->trcccctlr || (r->trcconfigr & TRCCONFIGR_CCI)) && !m.cci) {
        snprintf(err, errlen, "cycle counting programmed, but TRCIDR0.TRCCCI = 0");
        return -1;
    }
    if ((r->trctsctlr || (r->trcconfigr & TRCCONFIGR_TS)) && !m.ts) {
        snprintf(err, errlen, "timestamps programmed, but TRCIDR0.TSSIZE = 0");
        return -1;
    }
    if (r->trcstallctlr && !m.stallctl) {
        snprintf(err, errlen, "TRCSTALLCTLR = 0x%08" PRIx32 " programmed, but TRCIDR3.STALLCTL"
                 " = 0: the unit has no stall control", r->trcstallctlr);
        return -1;
    }
    if ((r->trcviiectlr || r->trcvissctlr) && m.ncomp == 0) {
        snprintf(err, errlen, "TRCVIIECTLR/TRCVISSCTLR programmed, but the unit has no "
                 "address comparators");
        return -1;
    }
    if ((r->trcconfigr & TRCCONFIGR_CCI) &&
        (r->trcccctlr & TRCCCCTLR_THRESHOLD_MASK) < m.ccitmin) {
        /* R_KJXDK: a threshold below CCITMIN is CONSTRAINED UNPREDICTABLE */
        snprintf(err, errlen, "TRCCCCTLR.THRESHOLD = %" PRIu32 " is below TRCIDR3.CCITMIN = %u",
                 r->trcccctlr & TRCCCCTLR_THRESHOLD_MASK, m.ccitmin);
        return -1;
    }
    return 0;
}

/* ---- the programming sequence ------------------------------------------------ */

/* Read TRCSTATR until (value & TRCSTATR_IDLE) == want_idle. */
static int wait_idle(const ete_drv_bus *bus, uint32_t want_idle, unsigned max_polls,
                     unsigned *polls, uint32_t *last, char *err, size_t errlen)
{
    if (!max_polls)
        max_polls = ETE_DRV_DEFAULT_POLLS;
    uint32_t v = 0;
    for (unsigned n = 1; n <= max_polls; n++) {
        if (rd(bus, TRCSTATR, &v, err, errlen))
            return -1;
        if ((v & TRCSTATR_IDLE) == want_idle) {
            if (polls)
                *polls = n;
            *last = v;
            return 0;
        }
    }
    if (polls)
        *polls = max_polls;
    snprintf(err, errlen, "TRCSTATR.IDLE did not become %u after %u reads (last TRCSTATR = "
             "0x%08" PRIx32 ")", want_idle ? 1u : 0u, max_polls, v);
    return -1;
}

int ete_drv_disable(const ete_drv_bus *bus, unsigned max_polls, unsigned *polls, char *err,
                    size_t errlen)
{
    /* D8.3 Figure D8.2: set TRCPRGCTLR.EN to 0b0, read TRCSTATR until IDLE */
    if (wr(bus, TRCPRGCTLR, 0, err, errlen))
        return -1;
    uint32_t st;
    if (wait_idle(bus, TRCSTATR_IDLE, max_polls, polls, &st, err, errlen))
        return -1;
    if (!(st & TRCSTATR_PMSTABLE)) {
        /* Table D8.2: the Idle state has PMSTABLE = 1 */
        snprintf(err, errlen, "TRCSTATR = 0x%08" PRIx32 ": IDLE = 1 with PMSTABLE = 0 "
                 "after disabling (Table D8.2: Idle has PMSTABLE = 1)", st);
        return -1;
    }
    return 0;
}

/* One register write of the programming step; the list is shared by
 * program and verify. */
typedef struct reg_write {
    uint32_t off;
    uint32_t val;
} reg_write;

#define MAX_WRITES (16 + ETE_NUM_RS_MAX + 8 * ETE_NUM_ACPAIRS_MAX)

static size_t build_writes(const ete_idregs *id, const ete_progregs *r, reg_write *w)
{
    impl m;
    impl_of(id, &m);
    size_t n = 0;
#define W(o, v) do { w[n].off = (o); w[n].val = (v); n++; } while (0)
    /* TRCIDR2.VMIDOPT = 0b10: TRCCONFIGR.VMIDOPT is RES1 (register-fields.md
     * 4.6, "forced 1"); software writes it as 1 */
    uint32_t cfg = r->trcconfigr;
    if (((id->trcidr[2] & TRCIDR2_VMIDOPT_MASK) >> TRCIDR2_VMIDOPT_SHIFT) == 2u)
        cfg |= TRCCONFIGR_VMIDOPT;
    W(TRCCONFIGR, cfg);
    W(TRCEVENTCTL0R, r->trceventctl0r);
    W(TRCEVENTCTL1R, r->trceventctl1r);
    if (m.stallctl)
        W(TRCSTALLCTLR, r->trcstallctlr);
    if (m.ts)
        W(TRCTSCTLR, r->trctsctlr);
    if (!m.syncpr_fixed)                   /* TRCIDR3.SYNCPR: read-only when fixed */
        W(TRCSYNCPR, r->trcsyncpr);
    if (m.cci)
        W(TRCCCCTLR, r->trcccctlr);
    if (m.bb)
        W(TRCBBCTLR, r->trcbbctlr);
    W(TRCTRACEIDR, r->trctraceidr);
    W(TRCVICTLR, r->trcvictlr);
    if (m.ncomp) {
        W(TRCVIIECTLR, r->trcviiectlr);
        W(TRCVISSCTLR, r->trcvissctlr);
    }
    for (unsigned k = 2; k < m.nrs; k++)
        W(TRCRSCTLR(k), r->trcrsctlr[k]);
    for (unsigned k = 0; k < m.ncomp; k++) {
        /* R_VQWLY: a 64-bit register as two word accesses */
        W(TRCACVR(k), (uint32_t)r->trcacvr[k]);
        W(TRCACVR(k) + 4u, (uint32_t)(r->trcacvr[k] >> 32));
        W(TRCACATR(k), (uint32_t)r->trcacatr[k]);
        W(TRCACATR(k) + 4u, (uint32_t)(r->trcacatr[k] >> 32));
    }
#undef W
    return n;
}

int ete_drv_program(const ete_drv_bus *bus, const ete_idregs *id, const ete_progregs *r,
                    char *err, size_t errlen)
{
    if (ete_drv_check(id, r, err, errlen))
        return -1;
    uint32_t st;
    if (rd(bus, TRCSTATR, &st, err, errlen))
        return -1;
    if (!(st & TRCSTATR_IDLE)) {
        /* R_RWYQD: writes outside the Idle state are CONSTRAINED UNPREDICTABLE */
        snprintf(err, errlen, "cannot program: the trace unit is not Idle (TRCSTATR = 0x%08"
                 PRIx32 "); disable it first", st);
        return -1;
    }
    impl m;
    impl_of(id, &m);
    if (m.syncpr_fixed && r->trcsyncpr) {
        uint32_t v;
        if (rd(bus, TRCSYNCPR, &v, err, errlen))
            return -1;
        if ((v & TRCSYNCPR_PERIOD_MASK) != (r->trcsyncpr & TRCSYNCPR_PERIOD_MASK)) {
            snprintf(err, errlen, "TRCSYNCPR.PERIOD is fixed at %" PRIu32 " (TRCIDR3.SYNCPR); "
                     "%" PRIu32 " requested", v & TRCSYNCPR_PERIOD_MASK,
                     r->trcsyncpr & TRCSYNCPR_PERIOD_MASK);
            return -1;
        }
    }
    reg_write w[MAX_WRITES];
    size_t n = build_writes(id, r, w);
    for (size_t i = 0; i < n; i++)
        if (wr(bus, w[i].off, w[i].val, err, errlen))
            return -1;
    return 0;
}

int ete_drv_verify(const ete_drv_bus *bus, const ete_idregs *id, const ete_progregs *r,
                   char *msg, size_t msglen)
{
    reg_write w[MAX_WRITES];
    size_t n = build_writes(id, r, w);
    int bad = 0;
    size_t used = 0;
    if (msglen)
        msg[0] = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        if (rd(bus, w[i].off, &v, msg, msglen))
            return -1;
        if (v == w[i].val)
            continue;
        bad++;
        char nb[32];
        if (used < msglen) {
            int k = snprintf(msg + used, msglen - used, "%s%s wrote 0x%08" PRIx32
                             " read 0x%08" PRIx32, used ? "; " : "",
                             name_of(w[i].off, nb, sizeof nb), w[i].val, v);
            if (k > 0)
                used += (size_t)k;
        }
    }
    return bad;
}

int ete_drv_enable(const ete_drv_bus *bus, unsigned max_polls, unsigned *polls, char *err,
                   size_t errlen)
{
    /* D8.3 Figure D8.2: set TRCPRGCTLR.EN to 0b1, read TRCSTATR until IDLE = 0
     * (R_DXFPN Idle -> Enabling, R_ZFPHC Enabling -> Running) */
    if (wr(bus, TRCPRGCTLR, TRCPRGCTLR_EN, err, errlen))
        return -1;
    uint32_t st;
    return wait_idle(bus, 0, max_polls, polls, &st, err, errlen);
}

int ete_drv_start(const ete_drv_bus *bus, const ete_idregs *id, const ete_progregs *r,
                  unsigned max_polls, char *err, size_t errlen)
{
    if (ete_drv_check(id, r, err, errlen))
        return -1;
    if (ete_drv_disable(bus, max_polls, NULL, err, errlen))
        return -1;
    if (ete_drv_program(bus, id, r, err, errlen))
        return -1;
    return ete_drv_enable(bus, max_polls, NULL, err, errlen);
}
