/* SPE model: the sample interval counter and its random perturbation
 * (3.1), the random number generator (docs/spe-model.md 2.2), enable
 * controls (3.2.1 Table 3, 3.2.3), filtering (3.2.2, CollectRecord) and
 * sample collisions (2.2.4, 3.1.4). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "spe_model.h"
#include "spe_model_testutil.h"

/* Feed n EL0 instructions at pc = i * 4 (i = 0..n-1); return in idx[] the
 * operation indexes whose records were written (decoded from the PC
 * packet, which starts every record). */
static size_t run_ops(spe_model *m, size_t n, size_t *idx, size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        pe_rec r = tu_insn((uint64_t)i * 4, 0);
        spe_model_feed(m, &r);
        const spe_write *w;
        size_t nw = spe_model_drain(m, &w);
        for (size_t j = 0; j < nw; j++) {
            ck_assert_uint_eq(w[j].data[0], 0xB0);
            uint64_t pc = 0;
            for (int b = 6; b >= 0; b--)
                pc = (pc << 8) | w[j].data[1 + b];
            ck_assert_uint_lt(k, max);
            idx[k++] = (size_t)(pc / 4);
        }
    }
    spe_model_flush(m);
    const spe_write *w;
    size_t nw = spe_model_drain(m, &w);
    for (size_t j = 0; j < nw; j++) {
        uint64_t pc = 0;
        for (int b = 6; b >= 0; b--)
            pc = (pc << 8) | w[j].data[1 + b];
        ck_assert_uint_lt(k, max);
        idx[k++] = (size_t)(pc / 4);
    }
    return k;
}

static spe_model *model_interval(unsigned ernd, uint64_t pmsirr)
{
    spe_params p;
    spe_params_default(&p);
    p.ernd = ernd;
    spe_model *m = tu_model(&p, 0, 0);
    /* a large buffer so that no buffer-full event interferes */
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 0x1000000) | PMBLIMITR_EL1_E);
    tu_set(m, PMSIRR_EL1_ENC, pmsirr);
    return m;
}

START_TEST(test_lfsr)
{
    /* x^16 + x^14 + x^13 + x^11 + 1 is maximal: one step at a time the
     * state returns to the seed after exactly 65535 steps. */
    uint16_t s = 1;
    unsigned steps = 0;
    do {
        unsigned out = s & 1u;
        s = (uint16_t)(s >> 1);
        if (out)
            s ^= 0xB400u;
        steps++;
        ck_assert_uint_ne(s, 0);
    } while (s != 1 && steps < 70000);
    ck_assert_uint_eq(steps, 65535);
    /* A draw is 8 steps (gcd(8, 65535) = 1): 65535 draws visit every
     * nonzero state once, so each byte value appears 256 times except 0
     * (255 times: the all-zero state is excluded). */
    unsigned hist[256] = { 0 };
    s = 0xACE1u;
    for (unsigned i = 0; i < 65535; i++)
        hist[spe_lfsr_draw(&s)]++;
    ck_assert_uint_eq(s, 0xACE1u);
    ck_assert_uint_eq(hist[0], 255);
    for (unsigned v = 1; v < 256; v++)
        ck_assert_uint_eq(hist[v], 256);
}
END_TEST

START_TEST(test_lfsr_golden)
{
    /* Hand computation of one draw from 0x0001: step 1 shifts out a one:
     * 0x0000 ^ 0xB400 = 0xB400; steps 2..8 shift out zeros: 0xB400 >> 7 =
     * 0x0168.  The draw returns the low byte 0x68. */
    uint16_t s = 1;
    ck_assert_uint_eq(spe_lfsr_draw(&s), 0x68);
    ck_assert_uint_eq(s, 0x0168);
    /* From 0x0168, step by step: 0x00B4, 0x005A, 0x002D (three zeros
     * out), 0x0016 ^ 0xB400 = 0xB416, 0x5A0B, 0x2D05 ^ 0xB400 = 0x9905,
     * 0x4C82 ^ 0xB400 = 0xF882, 0x7C41: the draw is 0x41. */
    ck_assert_uint_eq(spe_lfsr_draw(&s), 0x41);
    ck_assert_uint_eq(s, 0x7C41);
}
END_TEST

START_TEST(test_interval_plain)
{
    /* INTERVAL = 1, RND = 0: PMSICR_EL1 = 0 when op 0 arrives enabled
     * loads COUNT = 0x100 (3.1.1), which op 0 itself decrements; ops
     * 0..255 take it to zero and op 256 finds zero: sampled, reloaded.
     * From then on the interval is INTERVAL x 256 + 1 = 257 operations
     * (3.1.2 note): 256, 513, 770, ... */
    spe_model *m = model_interval(0, 1u << 8);
    size_t idx[64];
    size_t k = run_ops(m, 2000, idx, 64);
    ck_assert_uint_eq(k, 7);
    for (size_t i = 0; i < k; i++)
        ck_assert_uint_eq(idx[i], 257 * i + 256);
    ck_assert_uint_eq(tu_reg(m, PMSICR_EL1_ENC), 0x100 - (2000 - 1799));
    spe_status st;
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.sample_pop, 2000);
    ck_assert_uint_eq(st.c.sample_feed, 7);
    ck_assert_uint_eq(st.c.sample_filtrate, 7);
    ck_assert_uint_eq(st.c.written, 7);
    spe_model_free(m);

    /* INTERVAL = 3: interval 769, first sample at op 768 */
    m = model_interval(0, 3u << 8);
    k = run_ops(m, 4000, idx, 64);
    ck_assert_uint_eq(k, 5);
    for (size_t i = 0; i < k; i++)
        ck_assert_uint_eq(idx[i], 769 * i + 768);
    spe_model_free(m);
}
END_TEST

START_TEST(test_interval_restart)
{
    /* A nonzero PMSICR_EL1 is not reloaded on enable (3.1.1): COUNT = 5
     * counts ops 0..4 down to zero and op 5 is sampled; then 5 + 257. */
    spe_model *m = model_interval(0, 1u << 8);
    tu_set(m, PMSICR_EL1_ENC, 5);
    size_t idx[16];
    size_t k = run_ops(m, 500, idx, 16);
    ck_assert_uint_eq(k, 2);
    ck_assert_uint_eq(idx[0], 5);
    ck_assert_uint_eq(idx[1], 5 + 257);
    spe_model_free(m);
}
END_TEST

START_TEST(test_interval_disabled_holds)
{
    /* While profiling is disabled the counter holds (3.1.3): EL2 ops with
     * the buffer owned by EL1 are not in the population. */
    spe_model *m = model_interval(0, 1u << 8);
    for (unsigned i = 0; i < 100; i++) {
        pe_rec r = tu_insn(i * 4, 0);
        spe_model_feed(m, &r);
    }
    uint64_t c = tu_reg(m, PMSICR_EL1_ENC);
    ck_assert_uint_eq(c, 0x100 - 100);
    for (unsigned i = 0; i < 1000; i++) {
        pe_rec r = tu_insn(0x40000000 + i * 4, 2);
        spe_model_feed(m, &r);
    }
    ck_assert_uint_eq(tu_reg(m, PMSICR_EL1_ENC), c);
    /* AArch32 and EL3 operations are never in the population */
    pe_rec r = tu_insn(0x8000, 0);
    r.isa = PE_ISA_T32;
    spe_model_feed(m, &r);
    r = tu_insn(0x8000, 3);
    r.flags = 0;
    spe_model_feed(m, &r);
    ck_assert_uint_eq(tu_reg(m, PMSICR_EL1_ENC), c);
    /* Non-instruction records do not count either */
    pe_rec e;
    memset(&e, 0, sizeof e);
    e.kind = PE_KIND_EXC;
    e.el = 1;
    e.flags = PE_F_NS;
    spe_model_feed(m, &e);
    e.kind = PE_KIND_TFAIL;
    spe_model_feed(m, &e);
    ck_assert_uint_eq(tu_reg(m, PMSICR_EL1_ENC), c);
    spe_status st;
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.sample_pop, 100);
    spe_model_free(m);
}
END_TEST

START_TEST(test_interval_rnd)
{
    /* RND = 1, ERnd = 0: COUNT[7:0] gets a draw at the initial load and
     * at each reload (3.1.1, 3.1.2).  With the draws r0, r1, ... of the
     * generator from its seed, the first sample is op 256 + r0 and each
     * next one 256 + r_j + 1 operations later. */
    spe_model *m = model_interval(0, (1u << 8) | PMSIRR_EL1_RND);
    size_t idx[64];
    size_t k = run_ops(m, 6000, idx, 64);
    uint16_t s = 0xACE1u;
    size_t expect = 256 + spe_lfsr_draw(&s);
    size_t j = 0;
    while (expect < 6000) {
        ck_assert_uint_lt(j, k);
        ck_assert_uint_eq(idx[j], expect);
        j++;
        expect += 256 + spe_lfsr_draw(&s) + 1;
    }
    ck_assert_uint_eq(j, k);
    ck_assert_uint_ge(k, 15);
    ck_assert_uint_eq(spe_model_lfsr(m), s);
    /* The intervals are not all equal */
    int differ = 0;
    for (size_t i = 2; i < k; i++)
        differ |= (idx[i] - idx[i - 1]) != (idx[1] - idx[0]);
    ck_assert(differ);
    spe_model_free(m);

    /* Another seed gives other positions */
    spe_params p;
    spe_params_default(&p);
    p.lfsr_seed = 0x1234;
    m = tu_model(&p, 0, 0);
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 0x1000000) | PMBLIMITR_EL1_E);
    tu_set(m, PMSIRR_EL1_ENC, (1u << 8) | PMSIRR_EL1_RND);
    size_t idx2[64];
    size_t k2 = run_ops(m, 6000, idx2, 64);
    s = 0x1234;
    ck_assert_uint_eq(idx2[0], 256 + spe_lfsr_draw(&s));
    ck_assert(k2 != k || memcmp(idx, idx2, k * sizeof idx[0]) != 0);
    spe_model_free(m);
}
END_TEST

START_TEST(test_interval_ernd)
{
    /* RND = 1, ERnd = 1 (3.1.2): the initial load has no random part
     * (3.1.1), so the primary counter expires at ops 256, 513, ... (every
     * 257); each expiry sets ECOUNT = r and the op r later is sampled
     * (r = 0: the expiring op itself). */
    spe_model *m = model_interval(1, (1u << 8) | PMSIRR_EL1_RND);
    size_t idx[64];
    size_t k = run_ops(m, 6000, idx, 64);
    uint16_t s = 0xACE1u;
    size_t j = 0;
    for (size_t t = 256; t < 6000; t += 257) {
        size_t want = t + spe_lfsr_draw(&s);
        if (want >= 6000)
            break;
        ck_assert_uint_lt(j, k);
        ck_assert_uint_eq(idx[j], want);
        j++;
    }
    ck_assert_uint_eq(j, k);
    ck_assert_uint_ge(k, 20);
    spe_model_free(m);

    /* PMSICR_EL1.ECOUNT holds the secondary count: saved after op 257
     * (one op after the first expiry) and restored into a fresh model,
     * the pending sample lands on the same op, 256 + r0. */
    m = model_interval(1, (1u << 8) | PMSIRR_EL1_RND);
    for (unsigned i = 0; i < 258; i++) {
        pe_rec r = tu_insn(i * 4, 0);
        spe_model_feed(m, &r);
    }
    uint64_t saved = tu_reg(m, PMSICR_EL1_ENC);
    spe_model_free(m);
    s = 0xACE1u;
    unsigned r0 = spe_lfsr_draw(&s);
    ck_assert_uint_ge(r0, 2);       /* the seed's first draw: the sample is still pending */
    ck_assert_uint_eq(saved >> 56, r0 - 1);
    ck_assert_uint_eq(saved & 0xFFFFFFFF, 0x100 - 1);
    m = model_interval(1, (1u << 8) | PMSIRR_EL1_RND);
    tu_set(m, PMSICR_EL1_ENC, saved);
    tu_bytes *o = malloc(sizeof *o);
    o->n = 0;
    size_t first = 0;
    for (unsigned i = 258; i < 600 && !first; i++) {
        pe_rec r = tu_insn(i * 4, 0);
        spe_model_feed(m, &r);
        spe_model_flush(m);
        if (tu_drain(m, o, NULL))
            first = i;
    }
    ck_assert_uint_eq(first, 256 + r0);
    free(o);
    spe_model_free(m);
}
END_TEST

/* ---- enable controls ----------------------------------------------------- */

struct en_case {
    unsigned have_el2, have_el3, nspb, e2pb, tge;
    unsigned el, ns;
    uint64_t pmscr1, pmscr2;
    int e, s;                  /* PMBLIMITR_EL1.E, PMBSR_EL1.S */
    int want;
};

START_TEST(test_enable_table)
{
    const uint64_t E0 = PMSCR_EL1_E0SPE, E1 = PMSCR_EL1_E1SPE;
    const uint64_t E0H = PMSCR_EL2_E0HSPE, E2 = PMSCR_EL2_E2SPE;
    /* 3.2.1 Table 3, row by row */
    static struct en_case t[64];
    size_t n = 0;
#define C(...) t[n++] = (struct en_case){ __VA_ARGS__ }
    /* S = 1 or E = 0: disabled everywhere */
    C(1, 1, 3, 3, 0, 1, 1, E0 | E1, E0H | E2, 1, 1, 0);
    C(1, 1, 3, 3, 0, 0, 1, E0 | E1, E0H | E2, 0, 0, 0);
    /* NS = 1, NSPB 1x, E2PB 1x, TGE 0: EL1 E1SPE, EL0 E0SPE, EL2 disabled */
    C(1, 1, 3, 3, 0, 1, 1, E1, 0, 1, 0, 1);
    C(1, 1, 3, 3, 0, 1, 1, E0, 0, 1, 0, 0);
    C(1, 1, 2, 2, 0, 0, 1, E0, 0, 1, 0, 1);
    C(1, 1, 3, 3, 0, 0, 1, E1, 0, 1, 0, 0);
    C(1, 1, 3, 3, 0, 2, 1, E0 | E1, E0H | E2, 1, 0, 0);
    /* ... TGE 1: EL0 disabled (n/a at EL1) */
    C(1, 1, 3, 3, 1, 0, 1, E0 | E1, E0H | E2, 1, 0, 0);
    /* NS = 1, NSPB 1x, E2PB 00, TGE 0: EL2 E2SPE, EL1 E1SPE, EL0 E0SPE */
    C(1, 1, 3, 0, 0, 2, 1, 0, E2, 1, 0, 1);
    C(1, 1, 3, 0, 0, 2, 1, E0 | E1, E0H, 1, 0, 0);
    C(1, 1, 3, 0, 0, 1, 1, E1, 0, 1, 0, 1);
    C(1, 1, 3, 0, 0, 0, 1, E0, 0, 1, 0, 1);
    C(1, 1, 3, 0, 0, 0, 1, 0, E0H, 1, 0, 0);
    /* ... TGE 1: EL2 E2SPE, EL0 E0HSPE */
    C(1, 1, 3, 0, 1, 2, 1, 0, E2, 1, 0, 1);
    C(1, 1, 3, 0, 1, 0, 1, 0, E0H, 1, 0, 1);
    C(1, 1, 3, 0, 1, 0, 1, E0, 0, 1, 0, 0);
    /* NS = 1, NSPB 0x: disabled (buffer owned by Secure EL1) */
    C(1, 1, 1, 3, 0, 1, 1, E0 | E1, E0H | E2, 1, 0, 0);
    C(1, 1, 0, 0, 0, 2, 1, E0 | E1, E0H | E2, 1, 0, 0);
    /* NS = 0, NSPB 1x: disabled */
    C(1, 1, 3, 3, 0, 1, 0, E0 | E1, E0H | E2, 1, 0, 0);
    /* NS = 0, NSPB 0x: EL1 E1SPE, EL0 E0SPE */
    C(1, 1, 1, 3, 0, 1, 0, E1, 0, 1, 0, 1);
    C(1, 1, 0, 3, 0, 0, 0, E0, 0, 1, 0, 1);
    C(1, 1, 0, 3, 1, 0, 0, E0, 0, 1, 0, 1);   /* TGE ignored in Secure state */
    C(1, 1, 0, 3, 0, 0, 0, E1, 0, 1, 0, 0);
    /* no EL3, Non-secure: owner NS EL1 (E2PB 1x) or EL2 (E2PB 00) */
    C(1, 0, 0, 3, 0, 1, 1, E1, 0, 1, 0, 1);
    C(1, 0, 0, 0, 0, 2, 1, 0, E2, 1, 0, 1);
    /* no EL3, Secure: owner Secure EL1 */
    C(1, 0, 3, 3, 0, 1, 0, E1, 0, 1, 0, 1);
    /* no EL2: EL1 and EL0 by PMSCR_EL1 */
    C(0, 1, 3, 0, 1, 0, 1, E0, 0, 1, 0, 1);
#undef C
    spe_params p;
    spe_params_default(&p);
    for (size_t i = 0; i < n; i++) {
        const struct en_case *c = &t[i];
        spe_model *m = tu_model(&p, 0, 0);
        spe_pe_ctl ctl;
        spe_pe_ctl_default(&ctl);
        ctl.have_el2 = c->have_el2;
        ctl.have_el3 = c->have_el3;
        ctl.nspb = c->nspb;
        ctl.e2pb = c->e2pb;
        ctl.tge = c->tge;
        spe_model_set_pe_ctl(m, &ctl);
        tu_set(m, PMSCR_EL1_ENC, c->pmscr1);
        tu_set(m, PMSCR_EL2_ENC, c->pmscr2);
        tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + TU_SIZE) | (c->e ? PMBLIMITR_EL1_E : 0));
        tu_set(m, PMBSR_EL1_ENC, c->s ? PMBSR_EL1_S : 0);
        pe_rec r = tu_insn(0x1000, c->el);
        r.flags = c->ns ? PE_F_NS : 0;
        spe_model_feed(m, &r);
        spe_status st;
        spe_model_status(m, &st);
        ck_assert_msg((int)st.c.sample_pop == c->want,
                      "case %zu: el%u ns%u nspb %u e2pb %u tge %u: population %llu, want %d",
                      i, c->el, c->ns, c->nspb, c->e2pb, c->tge,
                      (unsigned long long)st.c.sample_pop, c->want);
        spe_model_free(m);
    }
}
END_TEST

/* ---- filters --------------------------------------------------------------- */

enum { K_LOAD, K_STORE, K_ATOM_RET, K_ATOM_NORET, K_BRANCH, K_OTHER, K_N };

static pe_rec kind_rec(int k)
{
    pe_rec r = tu_insn(0x400000, 0);
    switch (k) {
    case K_LOAD: r.ls = PE_LS_LOAD; break;
    case K_STORE: r.ls = PE_LS_STORE; break;
    case K_ATOM_RET: r.ls = PE_LS_ATOMIC; break;
    case K_ATOM_NORET: r.ls = PE_LS_ATOMIC | PE_LS_STORE_F; break;
    case K_BRANCH: r.iclass = PE_IC_B; r.flags |= PE_F_TAKEN; r.target = 0x400100; break;
    default: break;
    }
    return r;
}

static int collected(spe_model *m, const pe_rec *r)
{
    tu_bytes *o = malloc(sizeof *o);
    size_t n = tu_record(m, r, o);
    free(o);
    return n > 0;
}

START_TEST(test_filter_type)
{
    /* 3.2.2 Table 4, plus atomics: ST collects every atomic, LD the ones
     * that return a value.  FT with B = LD = ST = 0 (CONSTRAINED
     * UNPREDICTABLE) collects nothing in this model. */
    spe_model *m = tu_model_default();
    for (unsigned bits = 0; bits < 8; bits++) {
        int b = bits & 1, ld = (bits >> 1) & 1, st = (bits >> 2) & 1;
        tu_set(m, PMSFCR_EL1_ENC, PMSFCR_EL1_FT | (b ? PMSFCR_EL1_B : 0) |
               (ld ? PMSFCR_EL1_LD : 0) | (st ? PMSFCR_EL1_ST : 0));
        int want[K_N] = { ld, st, ld || st, st, b, 0 };
        for (int k = 0; k < K_N; k++) {
            pe_rec r = kind_rec(k);
            ck_assert_msg(collected(m, &r) == want[k], "B %d LD %d ST %d kind %d", b, ld, st, k);
        }
    }
    /* FT = 0: everything, whatever B, LD, ST say */
    tu_set(m, PMSFCR_EL1_ENC, PMSFCR_EL1_B);
    for (int k = 0; k < K_N; k++) {
        pe_rec r = kind_rec(k);
        ck_assert(collected(m, &r));
    }
    spe_status st;
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.sample_feed, 8 * K_N + K_N);
    ck_assert_uint_eq(st.c.sample_filtrate + st.c.filtered_out, st.c.sample_feed);
    spe_model_free(m);
}
END_TEST

START_TEST(test_filter_events)
{
    spe_model *m = tu_model_default();
    pe_rec r = tu_insn(0x400000, 0);
    r.ls = PE_LS_LOAD;
    /* FE with E[3] (L1D refill) and E[5] (TLB walk): both needed */
    tu_set(m, PMSFCR_EL1_ENC, PMSFCR_EL1_FE);
    tu_set(m, PMSEVFR_EL1_ENC, PMSEVFR_EL1_E3 | PMSEVFR_EL1_E5);
    r.spe_events = 0x2 | 0x8;
    ck_assert(!collected(m, &r));
    r.spe_events = 0x2 | 0x20;
    ck_assert(!collected(m, &r));
    r.spe_events = 0x2 | 0x8 | 0x20 | 0x4;
    ck_assert(collected(m, &r));
    /* E[7] mispredicted */
    tu_set(m, PMSEVFR_EL1_ENC, PMSEVFR_EL1_E7);
    r.spe_events = 0x2;
    ck_assert(!collected(m, &r));
    r.spe_events = 0x82;
    ck_assert(collected(m, &r));
    /* E[1] is RES1: a record without the retired event never passes */
    tu_set(m, PMSEVFR_EL1_ENC, 0);
    r.spe_events = 0x0;
    ck_assert(!collected(m, &r));
    r.spe_events = 0x2;
    ck_assert(collected(m, &r));
    /* E[16] transactional (C3.2.3 R_RHWX) */
    tu_set(m, PMSEVFR_EL1_ENC, PMSEVFR_EL1_E16);
    ck_assert(!collected(m, &r));
    r.flags |= PE_F_TSTATE;
    ck_assert(collected(m, &r));
    /* FE = 0: PMSEVFR_EL1 ignored */
    tu_set(m, PMSFCR_EL1_ENC, 0);
    r.flags &= (uint16_t)~PE_F_TSTATE;
    ck_assert(collected(m, &r));
    spe_model_free(m);
}
END_TEST

START_TEST(test_filter_latency)
{
    spe_model *m = tu_model_default();
    pe_rec r = tu_insn(0x400000, 0);
    tu_set(m, PMSFCR_EL1_ENC, PMSFCR_EL1_FL);
    tu_set(m, PMSLATFR_EL1_ENC, 100);
    r.lat_total = 99;
    ck_assert(!collected(m, &r));
    r.lat_total = 100;                  /* greater than or equal */
    ck_assert(collected(m, &r));
    r.lat_total = 60000;                /* saturates at 0xFFF >= MINLAT */
    tu_set(m, PMSLATFR_EL1_ENC, 0xFFF);
    ck_assert(collected(m, &r));
    r.lat_total = 0xFFE;
    ck_assert(!collected(m, &r));
    /* MINLAT = 0 (CONSTRAINED UNPREDICTABLE): every record passes */
    tu_set(m, PMSLATFR_EL1_ENC, 0);
    r.lat_total = 0;
    ck_assert(collected(m, &r));
    /* the three filters combine as a logical AND */
    tu_set(m, PMSFCR_EL1_ENC, PMSFCR_EL1_FL | PMSFCR_EL1_FT | PMSFCR_EL1_LD | PMSFCR_EL1_FE);
    tu_set(m, PMSLATFR_EL1_ENC, 10);
    tu_set(m, PMSEVFR_EL1_ENC, PMSEVFR_EL1_E5);
    r.ls = PE_LS_LOAD;
    r.lat_total = 10;
    r.spe_events = 0x22;
    ck_assert(collected(m, &r));
    r.lat_total = 9;
    ck_assert(!collected(m, &r));
    r.lat_total = 10;
    r.spe_events = 0x2;
    ck_assert(!collected(m, &r));
    r.spe_events = 0x22;
    r.ls = PE_LS_STORE;
    ck_assert(!collected(m, &r));
    spe_model_free(m);
}
END_TEST

/* ---- collisions ------------------------------------------------------------ */

START_TEST(test_collision)
{
    /* Sampling every op; a sample stays in flight for 4 further records;
     * one at a time: op 0 sampled, ops 1..3 collide, op 4 (after op 0's
     * record completes on op 4's arrival) sampled, ... */
    spe_params p;
    spe_params_default(&p);
    p.inflight_records = 4;
    p.max_inflight = 1;
    spe_model *m = tu_model(&p, 0, 0);
    size_t idx[64];
    size_t k = run_ops(m, 40, idx, 64);
    ck_assert_uint_eq(k, 10);
    for (size_t i = 0; i < k; i++)
        ck_assert_uint_eq(idx[i], 4 * i);
    spe_status st;
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.sample_feed, 10);
    ck_assert_uint_eq(st.c.sample_collision, 30);
    ck_assert(st.pmbsr & PMBSR_EL1_COLL);
    ck_assert(!(st.pmbsr & PMBSR_EL1_S));        /* COLL alone is no management event */
    ck_assert_int_eq(st.irq, 0);
    spe_model_free(m);

    /* Two in flight: ops 0, 1 sampled, 2, 3 collide, 4, 5 sampled ... */
    p.max_inflight = 2;
    m = tu_model(&p, 0, 0);
    k = run_ops(m, 40, idx, 64);
    ck_assert_uint_eq(k, 20);
    for (size_t i = 0; i < k; i++)
        ck_assert_uint_eq(idx[i], 4 * (i / 2) + (i % 2));
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.sample_collision, 20);
    spe_model_free(m);

    /* In flight for one record (the default): never a collision */
    spe_params_default(&p);
    m = tu_model(&p, 0, 0);
    k = run_ops(m, 40, idx, 64);
    ck_assert_uint_eq(k, 40);
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.sample_collision, 0);
    ck_assert(!(st.pmbsr & PMBSR_EL1_COLL));
    spe_model_free(m);
}
END_TEST

START_TEST(test_inflight_flush)
{
    /* Records appear N records after the sampled op, or at PSB CSYNC. */
    spe_params p;
    spe_params_default(&p);
    p.inflight_records = 3;
    spe_model *m = tu_model(&p, 0, 0);
    tu_set(m, PMSIRR_EL1_ENC, 1u << 8);
    tu_set(m, PMSICR_EL1_ENC, 1);           /* op 1 is sampled */
    tu_bytes *o = malloc(sizeof *o);
    o->n = 0;
    for (unsigned i = 0; i < 4; i++) {
        pe_rec r = tu_insn(i * 4, 0);
        spe_model_feed(m, &r);
        ck_assert_uint_eq(tu_drain(m, o, NULL), 0);
    }
    spe_status st;
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.inflight, 1);
    pe_rec r = tu_insn(16, 0);
    spe_model_feed(m, &r);                   /* third record after op 1 */
    ck_assert_uint_gt(tu_drain(m, o, NULL), 0);
    ck_assert_uint_eq(o->b[1], 4);
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.inflight, 0);
    /* flush */
    tu_set(m, PMSICR_EL1_ENC, 0);
    tu_set(m, PMSIRR_EL1_ENC, 0);
    r = tu_insn(20, 0);
    spe_model_feed(m, &r);
    ck_assert_uint_eq(tu_drain(m, o, NULL), 0);
    spe_model_flush(m);
    o->n = 0;
    ck_assert_uint_gt(tu_drain(m, o, NULL), 0);
    ck_assert_uint_eq(o->b[1], 20);
    /* a drain right after a drain returns nothing */
    const spe_write *w;
    ck_assert_uint_eq(spe_model_drain(m, &w), 0);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_disable_while_in_flight)
{
    /* A sample taken while enabled is written when it completes even if
     * the PE has moved to a disabled EL; with the buffer disabled
     * (E = 0) it is discarded (3.6.1) and counted. */
    spe_params p;
    spe_params_default(&p);
    p.inflight_records = 2;
    spe_model *m = tu_model(&p, 0, 0);
    tu_set(m, PMSIRR_EL1_ENC, 1u << 8);
    tu_set(m, PMSICR_EL1_ENC, 1);
    pe_rec r0 = tu_insn(0, 0), r1 = tu_insn(4, 0);
    spe_model_feed(m, &r0);
    spe_model_feed(m, &r1);                  /* sampled */
    pe_rec h = tu_insn(0x40000000, 2);
    spe_model_feed(m, &h);
    spe_model_feed(m, &h);                   /* completes at EL2 */
    tu_bytes *o = malloc(sizeof *o);
    o->n = 0;
    ck_assert_uint_gt(tu_drain(m, o, NULL), 0);
    tu_set(m, PMSICR_EL1_ENC, 1);
    spe_model_feed(m, &r0);
    spe_model_feed(m, &r1);                  /* sampled */
    tu_set(m, PMBLIMITR_EL1_ENC, TU_BASE + TU_SIZE);   /* E = 0 */
    spe_model_flush(m);
    ck_assert_uint_eq(tu_drain(m, o, NULL), 0);
    spe_status st;
    spe_model_status(m, &st);
    ck_assert_uint_eq(st.c.discarded, 1);
    ck_assert_uint_eq(st.c.sample_filtrate, 2);
    free(o);
    spe_model_free(m);
}
END_TEST

static Suite *sampling_suite(void)
{
    Suite *s = suite_create("spe_model_sampling");
    TCase *t = tcase_create("interval");
    tcase_add_test(t, test_lfsr);
    tcase_add_test(t, test_lfsr_golden);
    tcase_add_test(t, test_interval_plain);
    tcase_add_test(t, test_interval_restart);
    tcase_add_test(t, test_interval_disabled_holds);
    tcase_add_test(t, test_interval_rnd);
    tcase_add_test(t, test_interval_ernd);
    suite_add_tcase(s, t);
    t = tcase_create("enable_filter");
    tcase_add_test(t, test_enable_table);
    tcase_add_test(t, test_filter_type);
    tcase_add_test(t, test_filter_events);
    tcase_add_test(t, test_filter_latency);
    suite_add_tcase(s, t);
    t = tcase_create("collision");
    tcase_add_test(t, test_collision);
    tcase_add_test(t, test_inflight_flush);
    tcase_add_test(t, test_disable_while_in_flight);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sampling_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
