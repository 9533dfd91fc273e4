/* BRBE RTL bench: brbe_top against model/brbe, value for value. */
#include "brbe_rtl_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_model.h"
#include "brbe_regs.h"
#include "harness.h"
#include "pe_stream.h"
#include "progen.h"

#define HIST 40u
#define OP_READ  0
#define OP_WRITE 1
#define OP_IALL  2
#define OP_INJ   3

typedef struct tb {
    const brbe_tb_dut *d;
    brbe_pins_in in;
    brbe_pins_out out;
    brbe_model *m;
    brbe_rtl_result *r;
    harness_rng rng;
    uint64_t rec_idx;       /* index of the stream record last fed */
    unsigned top_el;
    uint64_t cyc_off;       /* added to every record's cycle (opts long_gaps) */
    char hist[HIST][200];
    unsigned nhist;
} tb;

static uint64_t rnd(tb *t)
{
    return harness_rng_next(&t->rng);
}

static unsigned rn(tb *t, unsigned n)
{
    return (unsigned)harness_rng_below(&t->rng, n);
}

static void note(tb *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->hist[t->nhist % HIST], sizeof t->hist[0], fmt, ap);
    va_end(ap);
    t->nhist++;
}

/* The first difference: the message, then the last HIST events. */
static int fail(tb *t, const char *fmt, ...)
{
    char head[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    size_t len = (size_t)snprintf(t->r->msg, sizeof t->r->msg,
                                  "after stream record %" PRIu64 ", cycle %" PRIu64 ": %s\n"
                                  "last events (oldest first):",
                                  t->rec_idx, t->r->cycles, head);
    brbe_model_env e;
    brbe_model_get_env(t->m, &e);
    len += (size_t)snprintf(t->r->msg + len, sizeof t->r->msg - len,
                            "\n  (environment now: SBRBE %u E3BREC %u E3BREW %u TGE %u E2H %u EEL2 %u"
                            " ECVEn %u ECV %u CNTVOFF 0x%" PRIx64 " N %u HPMN %u)",
                            e.mdcr_el3_sbrbe, e.mdcr_el3_e3brec, e.mdcr_el3_e3brew, e.hcr_el2_tge,
                            e.hcr_el2_e2h, e.scr_el3_eel2, e.scr_el3_ecven, e.cnthctl_el2_ecv,
                            e.cntvoff_el2, e.pmcr_n, e.mdcr_el2_hpmn);
    unsigned first = t->nhist > HIST ? t->nhist - HIST : 0;
    for (unsigned i = first; i < t->nhist && len < sizeof t->r->msg; i++)
        len += (size_t)snprintf(t->r->msg + len, sizeof t->r->msg - len, "\n  %s",
                                t->hist[i % HIST]);
    return 1;
}

static void clk(tb *t)
{
    t->d->step(t->d->ctx, &t->in, &t->out);
    t->r->cycles++;
    t->r->filterate += t->out.pmu_event & 3u;
    t->r->filterate_two += (t->out.pmu_event & 3u) == 2u;
}

/* BRB_FILTERATE (R_GWMZV) counted on pmu_event_o against the model's
 * captured records; called at least one clock after the last PE record
 * (the count is registered). */
static int cmp_events(tb *t)
{
    brbe_model_counts s;
    brbe_model_stats(t->m, &s);
    t->r->ev_checks++;
    if (s.captured != t->r->filterate)
        return fail(t, "PMU event BRB_FILTERATE: model %" PRIu64 " captured, rtl %" PRIu64
                    " counted", s.captured, t->r->filterate);
    return 0;
}

static const char *op_name(int op)
{
    static const char *const n[] = { "MRS", "MSR", "BRB IALL", "BRB INJ" };
    return n[op & 3];
}

/* One request on the port and the same on the model; statuses and read
 * values compared.  *val gets the value read (model's). */
static int access(tb *t, int op, unsigned enc, unsigned el, int ns, uint64_t w, uint64_t *val)
{
    uint64_t mv = 0;
    int ms;
    switch (op) {
    case OP_READ:  ms = brbe_model_read(t->m, enc, el, ns, &mv); break;
    case OP_WRITE: ms = brbe_model_write(t->m, enc, el, ns, w); break;
    case OP_IALL:  ms = brbe_model_iall(t->m, el, ns); break;
    default:       ms = brbe_model_inj(t->m, el, ns); break;
    }
    t->in.sr_valid = 1;
    t->in.sr_write = op == OP_WRITE;
    t->in.sr_iall = op == OP_IALL;
    t->in.sr_inj = op == OP_INJ;
    t->in.sr_enc = (uint16_t)enc;
    t->in.sr_el = (uint8_t)el;
    t->in.sr_ns = (uint8_t)(ns != 0);
    t->in.sr_wdata = w;
    int done = 0;
    for (unsigned i = 0; i < 8 && !done; i++) {
        clk(t);
        done = t->out.sr_ready;
    }
    t->in.sr_valid = 0;
    t->r->accesses++;
    note(t, "%s enc 0x%04x EL%u %s w 0x%016" PRIx64 ": model %d 0x%016" PRIx64
            ", rtl %u 0x%016" PRIx64, op_name(op), enc, el, ns ? "NS" : "S", w, ms, mv,
         t->out.sr_status, t->out.sr_rdata);
    if (!done)
        return fail(t, "%s enc 0x%04x: no sr_ready_o within 8 clocks", op_name(op), enc);
    if ((unsigned)ms != t->out.sr_status)
        return fail(t, "%s enc 0x%04x at EL%u: status model %d, rtl %u", op_name(op), enc, el,
                    ms, t->out.sr_status);
    if (op == OP_READ && ms == BRBE_MODEL_ACCESS_OK) {
        t->r->compared++;
        if (mv != t->out.sr_rdata)
            return fail(t, "MRS enc 0x%04x at EL%u: model 0x%016" PRIx64 ", rtl 0x%016" PRIx64,
                        enc, el, mv, t->out.sr_rdata);
    }
    if (val)
        *val = mv;
    return 0;
}

/* ---- environment --------------------------------------------------------- */

static void env_apply(tb *t, const brbe_model_env *want)
{
    /* the model's view (HPMN above N clamped to N) is what the pins carry:
       MDCR_EL2.HPMN is a 5-bit field */
    brbe_model_env env;
    const brbe_model_env *e = &env;
    brbe_model_set_env(t->m, want);
    brbe_model_get_env(t->m, &env);
    t->in.sbrbe = (uint8_t)e->mdcr_el3_sbrbe;
    t->in.e3brec = (uint8_t)e->mdcr_el3_e3brec;
    t->in.e3brew = (uint8_t)e->mdcr_el3_e3brew;
    t->in.tge = (uint8_t)e->hcr_el2_tge;
    t->in.e2h = (uint8_t)e->hcr_el2_e2h;
    t->in.eel2 = (uint8_t)e->scr_el3_eel2;
    t->in.ecven = (uint8_t)e->scr_el3_ecven;
    t->in.ecv = (uint8_t)e->cnthctl_el2_ecv;
    t->in.cntvoff = e->cntvoff_el2;
    t->in.pmcr_n = (uint8_t)e->pmcr_n;
    t->in.hpmn = (uint8_t)e->mdcr_el2_hpmn;
    note(t, "env SBRBE %u E3BREC %u E3BREW %u TGE %u E2H %u EEL2 %u ECVEn %u ECV %u N %u HPMN %u",
         e->mdcr_el3_sbrbe, e->mdcr_el3_e3brec, e->mdcr_el3_e3brew, e->hcr_el2_tge,
         e->hcr_el2_e2h, e->scr_el3_eel2, e->scr_el3_ecven, e->cnthctl_el2_ecv, e->pmcr_n,
         e->mdcr_el2_hpmn);
}

static void env_random(tb *t)
{
    brbe_model_env e;
    brbe_model_env_default(&e);
    e.mdcr_el3_sbrbe = rn(t, 4) == 0 ? rn(t, 4) : 3u;
    e.mdcr_el3_e3brec = rn(t, 2);
    e.mdcr_el3_e3brew = rn(t, 2);
    e.hcr_el2_tge = rn(t, 5) == 0;
    e.hcr_el2_e2h = rn(t, 3) == 0;
    e.scr_el3_eel2 = rn(t, 2);
    e.scr_el3_ecven = rn(t, 2);
    e.cnthctl_el2_ecv = rn(t, 2);
    e.cntvoff_el2 = rn(t, 2) ? rnd(t) : (uint64_t)rn(t, 100000);
    e.pmcr_n = rn(t, 32);
    e.mdcr_el2_hpmn = rn(t, 33);       /* above N: clamped by both */
    env_apply(t, &e);
}

/* ---- random programming -------------------------------------------------- */

static uint64_t bit_if(tb *t, unsigned pct, uint64_t bit)
{
    return rn(t, 100) < pct ? bit : 0;
}

static uint64_t random_brbcr(tb *t)
{
    uint64_t v = bit_if(t, 80, BRBCR_E0BRE) | bit_if(t, 80, BRBCR_EXBRE) |
                 bit_if(t, 75, BRBCR_CC) | bit_if(t, 60, BRBCR_MPRED) |
                 bit_if(t, 50, BRBCR_FZP) | bit_if(t, 75, BRBCR_ERTN) |
                 bit_if(t, 75, BRBCR_EXCEPTION) | ((uint64_t)rn(t, 4) << BRBCR_TS_SHIFT);
    if (rn(t, 8) == 0)
        v |= rnd(t);                   /* RES0 bits too */
    return v;
}

static uint64_t random_brbfcr(tb *t)
{
    uint64_t v = bit_if(t, 70, BRBFCR_EnI) | bit_if(t, 10, BRBFCR_PAUSED) |
                 bit_if(t, 10, BRBFCR_LASTFAILED) | ((uint64_t)(rn(t, 4) == 0 ? rn(t, 4) : 0u) << BRBFCR_BANK_SHIFT);
    /* a type is selected when its bit differs from EnI: mostly selected */
    for (unsigned b = 17; b <= 22; b++) {
        int selected = rn(t, 100) < 80;
        int bit = (v & BRBFCR_EnI) ? !selected : selected;
        if (bit)
            v |= UINT64_C(1) << b;
    }
    if (rn(t, 8) == 0)
        v |= rnd(t) & ~(BRBFCR_PAUSED | BRBFCR_DEFINED_MASK);
    return v;
}

static uint64_t random_infinj(tb *t)
{
    static const unsigned types[] = { 0x00, 0x01, 0x02, 0x03, 0x05, 0x07, 0x08, 0x22, 0x2E, 0x39 };
    uint64_t v = rn(t, 4) | ((uint64_t)types[rn(t, 10)] << BRBINF_TYPE_SHIFT) |
                 ((uint64_t)rn(t, 4) << BRBINF_EL_SHIFT) | bit_if(t, 50, BRBINF_MPRED) |
                 bit_if(t, 50, BRBINF_T) | bit_if(t, 30, BRBINF_LASTFAILED) |
                 ((uint64_t)rn(t, 0x4000) << BRBINF_CC_SHIFT) | bit_if(t, 30, BRBINF_CCU);
    if (rn(t, 4) == 0)
        v = rnd(t);
    return v;
}

/* An Exception level and Security state for an access: mostly the highest
 * implemented EL, sometimes anything (UNDEFINED and traps). */
static void pick_el(tb *t, unsigned *el, int *ns)
{
    if (rn(t, 8) == 0) {
        *el = rn(t, 4);
        *ns = (int)rn(t, 2);
    } else {
        *el = t->top_el;
        *ns = 1;
    }
}

static const unsigned reg_encs[] = {
    BRBCR_EL1_ENC, BRBCR_EL2_ENC, BRBCR_EL12_ENC, BRBFCR_EL1_ENC, BRBTS_EL1_ENC,
    BRBINFINJ_EL1_ENC, BRBSRCINJ_EL1_ENC, BRBTGTINJ_EL1_ENC, BRBIDR0_EL1_ENC,
    SYSREG_ENC(2, 1, 9, 0, 3), SYSREG_ENC(2, 1, 8, 5, 3), SYSREG_ENC(3, 0, 9, 0, 0)
};
#define N_REG_ENCS (sizeof reg_encs / sizeof reg_encs[0])

static int random_op(tb *t)
{
    unsigned el;
    int ns;
    pick_el(t, &el, &ns);
    switch (rn(t, 22)) {
    case 0: case 1: case 2: case 3:
        return access(t, OP_WRITE, BRBCR_EL1_ENC, el, ns, random_brbcr(t), NULL);
    case 4: case 5: case 6:
        return access(t, OP_WRITE, BRBCR_EL2_ENC, el, ns, random_brbcr(t), NULL);
    case 7:
        return access(t, OP_WRITE, BRBCR_EL12_ENC, el, ns, random_brbcr(t), NULL);
    case 8: case 9: case 10: case 11:
        return access(t, OP_WRITE, BRBFCR_EL1_ENC, el, ns, random_brbfcr(t), NULL);
    case 12:
        return access(t, OP_WRITE, BRBTS_EL1_ENC, el, ns, rnd(t), NULL);
    case 13:
        if (access(t, OP_WRITE, BRBINFINJ_EL1_ENC, el, ns, random_infinj(t), NULL) ||
            access(t, OP_WRITE, BRBSRCINJ_EL1_ENC, el, ns, rnd(t), NULL))
            return 1;
        return access(t, OP_WRITE, BRBTGTINJ_EL1_ENC, el, ns, rnd(t), NULL);
    case 14: case 15:
        t->r->inj++;
        return access(t, OP_INJ, 0, el, ns, 0, NULL);
    case 16:
        t->r->iall++;
        return access(t, OP_IALL, 0, el, ns, 0, NULL);
    case 17: case 18:
        return access(t, OP_READ, reg_encs[rn(t, N_REG_ENCS)], el, ns, 0, NULL);
    case 19: {
        unsigned n = rn(t, 32), k = rn(t, 3);
        return access(t, OP_READ, BRBINF_EL1_ENC(n) + k, el, ns, 0, NULL);
    }
    case 20:
        /* writes to read-only registers are UNDEFINED */
        return access(t, OP_WRITE, rn(t, 2) ? BRBIDR0_EL1_ENC : BRBSRC_EL1_ENC(rn(t, 32)), el,
                      ns, rnd(t), NULL);
    default:
        if (rn(t, 4) == 0)
            env_random(t);
        return 0;
    }
}

/* Every register, then every record of every bank (BANK set through
 * BRBFCR_EL1 and restored). */
static int read_sequence(tb *t)
{
    unsigned el = t->top_el;
    uint64_t fcr = 0;
    t->r->sequences++;
    clk(t);
    if (cmp_events(t))
        return 1;
    for (unsigned i = 0; i < N_REG_ENCS; i++)
        if (access(t, OP_READ, reg_encs[i], el, 1, 0, NULL))
            return 1;
    for (unsigned e = 1; e < el; e++)
        if (access(t, OP_READ, BRBCR_EL1_ENC, e, 1, 0, NULL))
            return 1;
    if (access(t, OP_READ, BRBFCR_EL1_ENC, el, 1, 0, &fcr))
        return 1;
    for (unsigned bank = 0; bank < 4; bank++) {
        uint64_t f = (fcr & ~BRBFCR_BANK_MASK) | ((uint64_t)bank << BRBFCR_BANK_SHIFT);
        if (access(t, OP_WRITE, BRBFCR_EL1_ENC, el, 1, f, NULL))
            return 1;
        for (unsigned n = 0; n < BRBE_BANK_RECORDS; n++) {
            if (access(t, OP_READ, BRBINF_EL1_ENC(n), el, 1, 0, NULL) ||
                access(t, OP_READ, BRBSRC_EL1_ENC(n), el, 1, 0, NULL) ||
                access(t, OP_READ, BRBTGT_EL1_ENC(n), el, 1, 0, NULL))
                return 1;
        }
    }
    return access(t, OP_WRITE, BRBFCR_EL1_ENC, el, 1, fcr, NULL);
}

/* ---- the PE stream ------------------------------------------------------ */

/* The BRBINF TYPE a stream record can produce, or -1. */
static int producible_type(const tb *t, const pe_rec *x)
{
    if (x->kind == PE_KIND_INSN) {
        static const int br[PE_IC_COUNT] = { -1, 0x00, 0x08, 0x02, 0x01, 0x03, 0x05, 0x07,
                                             -1, -1, -1, -1, -1, -1 };
        if (x->iclass == PE_IC_ISB)
            return t->d->params.record_isb && (x->flags & PE_F_TAKEN) ? 0x00 : -1;
        if (x->iclass >= PE_IC_COUNT || br[x->iclass] < 0)
            return -1;
        return (x->flags & PE_F_TAKEN) || x->iclass == PE_IC_ERET ? br[x->iclass] : -1;
    }
    if (x->kind == PE_KIND_EXC) {
        if (x->exc_type >= PE_EXC_IMPDEF0)
            return 0x30;
        return 0x20 | x->exc_type;
    }
    return -1;
}

/* After a PMU overflow pulse: PAUSED and BRBTS_EL1 */
static int check_freeze(tb *t)
{
    if (access(t, OP_READ, BRBFCR_EL1_ENC, t->top_el, 1, 0, NULL))
        return 1;
    return access(t, OP_READ, BRBTS_EL1_ENC, t->top_el, 1, 0, NULL);
}

/* The records one PE record added (index 0 and maybe 1), read through the
 * port right away when BRBFCR_EL1.BANK is 0: every captured record's TYPE
 * and VALID are counted and compared. */
static int read_new(tb *t, const brbe_model_counts *before)
{
    brbe_model_counts now;
    uint64_t fcr = 0, v = 0;
    brbe_model_stats(t->m, &now);
    uint64_t added = now.captured - before->captured;
    if (added == 0u)
        return 0;
    if (access(t, OP_READ, BRBFCR_EL1_ENC, t->top_el, 1, 0, &fcr))
        return 1;
    if ((fcr & BRBFCR_BANK_MASK) != 0u)
        return 0;
    for (unsigned n = 0; n < added && n < 2u; n++) {
        if (access(t, OP_READ, BRBINF_EL1_ENC(n), t->top_el, 1, 0, &v) ||
            access(t, OP_READ, BRBSRC_EL1_ENC(n), t->top_el, 1, 0, NULL) ||
            access(t, OP_READ, BRBTGT_EL1_ENC(n), t->top_el, 1, 0, NULL))
            return 1;
        unsigned valid = (unsigned)(v & BRBINF_VALID_MASK);
        if (valid != 0u) {
            t->r->by_valid[valid]++;
            t->r->by_type[(v & BRBINF_TYPE_MASK) >> BRBINF_TYPE_SHIFT]++;
        }
    }
    return 0;
}

static int feed(tb *t, const pe_rec *x0, int pmu)
{
    char err[256];
    pe_rec y = *x0;
    const pe_rec *x = &y;
    y.cycle += t->cyc_off;
    brbe_model_counts before;
    brbe_model_stats(t->m, &before);
    if (brbe_model_step(t->m, x, err, sizeof err) != 0) {
        t->r->skipped++;
        note(t, "skipped: %s", err);
        return 0;
    }
    int ty = producible_type(t, x);
    if (ty >= 0)
        t->r->can_type[ty]++;
    t->in.pe_valid = 1;
    t->in.pe_kind = x->kind;
    t->in.pe_iclass = x->iclass;
    t->in.pe_isa = x->isa;
    t->in.pe_el = x->el;
    t->in.pe_from_el = x->from_el;
    t->in.pe_exc_type = x->exc_type;
    t->in.pe_flags = (uint8_t)(x->flags & 0xFu);
    t->in.pe_pc = x->pc;
    t->in.pe_target = x->target;
    t->in.pe_cycle = x->cycle;
    t->in.pe_timestamp = x->timestamp;
    note(t, "PE kind %u iclass %u exc 0x%02x EL%u<-EL%u isa %u flags 0x%x pc 0x%" PRIx64
            " tgt 0x%" PRIx64 " cyc %" PRIu64, x->kind, x->iclass, x->exc_type, x->el,
         x->from_el, x->isa, x->flags, x->pc, x->target, x->cycle);
    if (pmu) {
        uint32_t ovs = (uint32_t)rnd(t) & 0x7FFFFFFFu;
        if (rn(t, 2))
            ovs &= 1u << rn(t, 31);
        t->in.pmu_ovf = 1;
        t->in.pmu_ovs = ovs;
        if (brbe_model_pmu_overflow(t->m, ovs))
            t->r->freezes++;
        note(t, "PMU overflow 0x%08x with the record", ovs);
    }
    clk(t);
    t->in.pe_valid = 0;
    t->in.pmu_ovf = 0;
    t->r->pe_records++;
    if (pmu && check_freeze(t))
        return 1;
    return read_new(t, &before);
}

static int pmu_alone(tb *t)
{
    uint32_t ovs = (uint32_t)rnd(t) & 0x7FFFFFFFu;
    if (rn(t, 2))
        ovs &= 1u << rn(t, 31);
    t->in.pmu_ovf = 1;
    t->in.pmu_ovs = ovs;
    if (brbe_model_pmu_overflow(t->m, ovs))
        t->r->freezes++;
    note(t, "PMU overflow 0x%08x", ovs);
    clk(t);
    t->in.pmu_ovf = 0;
    return check_freeze(t);
}

void brbe_rtl_opts_default(brbe_rtl_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->records = 20000;
}

int brbe_rtl_run(const brbe_tb_dut *dut, const brbe_rtl_opts *o, brbe_rtl_result *r)
{
    char err[256];
    memset(r, 0, sizeof *r);
    tb t;
    memset(&t, 0, sizeof t);
    t.d = dut;
    t.r = r;
    harness_rng_init(&t.rng, o->seed, 0);

    brbe_model_cfg c;
    brbe_model_cfg_default(&c);
    c.numrec = dut->params.numrec;
    c.has_el2 = (int)dut->params.has_el2;
    c.has_el3 = (int)dut->params.has_el3;
    c.v1p1 = (int)dut->params.v1p1;
    c.record_isb = (int)dut->params.record_isb;
    c.cap_per_cycle = dut->params.cap_per_cycle;
    t.m = brbe_model_new(&c, err, sizeof err);
    if (!t.m) {
        snprintf(r->msg, sizeof r->msg, "model: %s", err);
        return -1;
    }
    t.top_el = brbe_model_top_el(t.m);

    progen_cfg pc;
    progen_cfg_default(&pc, o->seed);
    pc.n_records = o->records ? o->records : 20000u;
    pe_stream st;
    if (progen_generate(&pc, &st, err, sizeof err) != 0) {
        snprintf(r->msg, sizeof r->msg, "progen: %s", err);
        brbe_model_free(t.m);
        return -1;
    }

    /* Cold reset */
    t.in.rst_n = 0;
    env_random(&t);
    clk(&t);
    clk(&t);
    t.in.rst_n = 1;
    clk(&t);

    int rc = 0;
    uint64_t next_seq = 50u + rn(&t, 300);
    uint64_t prev_cycle = 0;
    for (size_t i = 0; i < st.nrec && rc == 0; i++) {
        const pe_rec *x = &st.rec[i];
        t.rec_idx = i;
        /* Debug state entry inserted before x: x is the exit (R_LLCTG, R_BRBFP) */
        if (i > 0 && rn(&t, 300) == 0 && x->kind != PE_KIND_RESET) {
            pe_rec h;
            memset(&h, 0, sizeof h);
            h.kind = PE_KIND_EXC;
            h.exc_type = PE_EXC_DEBUG_HALT;
            h.pc = x->pc;
            h.isa = x->isa;
            h.flags = (uint16_t)(x->flags & PE_F_NS);
            h.from_el = x->kind == PE_KIND_EXC ? x->from_el : x->el;
            h.el = h.from_el;
            h.cycle = x->cycle - prev_cycle >= 2u ? prev_cycle + (x->cycle - prev_cycle) / 2u
                                                  : x->cycle;
            h.timestamp = x->timestamp;
            r->can_type[0x39]++;
            rc = feed(&t, &h, 0);
        }
        /* an exception with an empty handler inserted before x: EXC from
           where x starts to EL1..top, then ERET back to x (every exception
           class, IMPLEMENTATION DEFINED ones to EL3) */
        if (rc == 0 && i > 0 && rn(&t, 150) == 0 && x->kind != PE_KIND_RESET) {
            static const uint8_t cls[] = { PE_EXC_CALL, PE_EXC_TRAP, PE_EXC_SERROR,
                                           PE_EXC_INST_DEBUG, PE_EXC_DATA_DEBUG,
                                           PE_EXC_ALIGNMENT, PE_EXC_INST_FAULT,
                                           PE_EXC_DATA_FAULT, PE_EXC_IRQ, PE_EXC_FIQ };
            static const uint64_t vbar[4] = { 0, UINT64_C(0xFFFF800010000000),
                                              UINT64_C(0x0000000040000000),
                                              UINT64_C(0x0000000080000000) };
            pe_rec ex, er;
            memset(&ex, 0, sizeof ex);
            ex.kind = PE_KIND_EXC;
            ex.from_el = x->kind == PE_KIND_EXC ? x->from_el : x->el;
            unsigned lo = ex.from_el > 1u ? ex.from_el : 1u;
            ex.el = (uint8_t)(lo + rn(&t, t.top_el - lo + 1u));
            ex.exc_type = cls[rn(&t, sizeof cls)];
            if (ex.el == 3u && rn(&t, 3) == 0)
                ex.exc_type = (uint8_t)(PE_EXC_IMPDEF0 + rn(&t, 8));
            ex.isa = x->isa;
            ex.flags = (uint16_t)(x->flags & PE_F_NS);
            ex.pc = x->pc;
            ex.target = vbar[ex.el] + 0x80u * rn(&t, 16);
            ex.cycle = x->cycle - prev_cycle >= 2u ? prev_cycle + (x->cycle - prev_cycle) / 2u
                                                   : x->cycle;
            ex.timestamp = x->timestamp;
            memset(&er, 0, sizeof er);
            er.kind = PE_KIND_INSN;
            er.iclass = PE_IC_ERET;
            er.el = ex.el;
            er.flags = (uint16_t)(PE_F_TAKEN | (x->flags & PE_F_NS) | (rn(&t, 4) ? 0u : PE_F_MISPRED));
            er.pc = ex.target + 4u * rn(&t, 8);
            er.target = x->pc;
            er.cycle = ex.cycle + (x->cycle > ex.cycle ? 1u : 0u);
            er.timestamp = x->timestamp;
            rc = feed(&t, &ex, 0);
            if (rc == 0)
                rc = feed(&t, &er, 0);
            /* a PE Warm reset right after the ERET: the EL returned to is
               unknowable (R_PMRRL); the PE restarts where x is */
            if (rc == 0 && o->eret_reset && rn(&t, 4) == 0) {
                pe_rec rs;
                memset(&rs, 0, sizeof rs);
                rs.kind = PE_KIND_RESET;
                rs.exc_type = PE_EXC_PE_RESET;
                rs.el = 1;
                rs.from_el = er.el;
                rs.flags = PE_F_NS;
                rs.target = x->pc;
                rs.cycle = er.cycle;
                rs.timestamp = x->timestamp;
                rc = feed(&t, &rs, 0);
            }
        }
        /* a gap of 2^20 cycles or more before x (a saturated CC, R_XGSSZ) */
        if (o->long_gaps && rn(&t, 500) == 0)
            t.cyc_off += (UINT64_C(1) << 20) + harness_rng_below(&t.rng, UINT64_C(1) << 20);
        while (rc == 0 && rn(&t, 8) == 0)
            rc = random_op(&t);
        if (rc == 0 && rn(&t, 60) == 0)
            rc = pmu_alone(&t);
        for (unsigned idle = rn(&t, 4) == 0 ? rn(&t, 3) : 0; idle > 0; idle--)
            clk(&t);
        if (rc == 0)
            rc = feed(&t, x, rn(&t, 60) == 0);
        prev_cycle = x->cycle;
        if (rc == 0 && r->pe_records >= next_seq) {
            rc = read_sequence(&t);
            next_seq = r->pe_records + 50u + rn(&t, 300);
        }
    }
    if (rc == 0)
        rc = read_sequence(&t);
    brbe_model_counts s;
    brbe_model_stats(t.m, &s);
    if (o->verbose || rc) {
        FILE *log = o->log ? o->log : stderr;
        fprintf(log, "seed %" PRIu64 ": %" PRIu64 " records (%" PRIu64 " skipped), %" PRIu64
                     " cycles, %" PRIu64 " accesses, %" PRIu64 " values compared, model: %" PRIu64
                     " captured, %" PRIu64 " lost, %" PRIu64 " freezes, %" PRIu64 " injections\n",
                o->seed, r->pe_records, r->skipped, r->cycles, r->accesses, r->compared,
                s.captured, s.lost, s.freezes, s.injections);
    }
    pe_stream_free(&st);
    brbe_model_free(t.m);
    return rc;
}
