/* ETE model behaviour on hand-built PE retirement streams: the trace bytes
 * for each feature, derived by hand from chapters D5 and D6.  Every stream
 * is also run record by record with the fast paths off, and must give the
 * same bytes. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_enc.h"
#include "ete_model.h"
#include "harness.h"

/* ---- stream building --------------------------------------------------- */
typedef struct seq {
    pe_rec r[600];
    size_t n;
    uint64_t cyc, ts;
    unsigned el, isa;
    int ns;
    uint32_t cid;       /* CONTEXTIDR_EL1 */
    uint32_t cid2;      /* CONTEXTIDR_EL2: the Virtual context identifier */
    uint32_t vmid;      /* VTTBR_EL2.VMID: not traced (R_PTVTD) */
} seq;

static void seq_init(seq *s)
{
    memset(s, 0, sizeof *s);
    s->cyc = 1000;
    s->ts = 0x100;
    s->ns = 1;
    s->isa = PE_ISA_A64;
}

static pe_rec *add(seq *s, unsigned kind)
{
    ck_assert(s->n < sizeof s->r / sizeof s->r[0]);
    pe_rec *r = &s->r[s->n++];
    memset(r, 0, sizeof *r);
    r->kind = (uint8_t)kind;
    r->el = (uint8_t)s->el;
    r->isa = (uint8_t)s->isa;
    r->flags = s->ns ? PE_F_NS : 0;
    r->contextidr_el1 = s->cid;
    r->contextidr_el2 = s->cid2;
    r->vmid = s->vmid;
    r->cycle = s->cyc++;
    r->timestamp = s->ts++;
    return r;
}

static pe_rec *ins(seq *s, uint64_t pc, unsigned ic, int taken, uint64_t target)
{
    pe_rec *r = add(s, PE_KIND_INSN);
    r->pc = pc;
    r->iclass = (uint8_t)ic;
    r->target = target;
    if (taken)
        r->flags |= PE_F_TAKEN;
    return r;
}

/* An exception from s->el to el at preferred return address per; the
 * stream continues at el. */
static pe_rec *exc(seq *s, uint64_t per, unsigned el, unsigned type, uint64_t vec)
{
    unsigned from = s->el;
    s->el = el;
    pe_rec *r = add(s, PE_KIND_EXC);
    r->pc = per;
    r->from_el = (uint8_t)from;
    r->exc_type = (uint8_t)type;
    r->target = vec;
    return r;
}

/* ---- running ------------------------------------------------------------ */
typedef struct out {
    uint8_t b[16384];
    size_t n;
    uint64_t c[ETE_ENC_PKT_COUNT];
} out;

typedef struct cfg {
    ete_params p;
    ete_progregs r;
} cfg;

static void cfg_init(cfg *c)
{
    ete_params_default(&c->p);
    ete_progregs_default(&c->r);
}

/* Run s, with overflow_at[] record indices (before which ete_model_overflow
 * is called), through the fast path (ete_model_run) and the general path
 * (record by record, fast paths off); both must agree. */
static void run_ovf(const cfg *c, const seq *s, const size_t *ovf, size_t novf, out *o)
{
    char err[300];
    uint8_t slow[sizeof o->b];
    size_t slow_n = 0;
    for (int pass = 0; pass < 2; pass++) {
        ete_model *m = ete_model_new(&c->p, &c->r, err, sizeof err);
        ck_assert_msg(m != NULL, "%s", err);
        if (pass == 1)
            ete_model_set_fast_paths(m, 0);
        size_t i = 0;
        for (size_t k = 0; k <= novf; k++) {
            size_t end = k < novf ? ovf[k] : s->n;
            if (pass == 0)
                ete_model_run(m, s->r + i, end - i);
            else
                for (size_t j = i; j < end; j++)
                    ete_model_step(m, &s->r[j]);
            i = end;
            if (k < novf)
                ete_model_overflow(m);
        }
        ete_model_finish(m);
        ck_assert_msg(ete_model_error(m) == NULL, "%s", ete_model_error(m));
        size_t len;
        const uint8_t *b = ete_model_bytes(m, &len);
        ck_assert_uint_le(len, sizeof o->b);
        ck_assert_uint_eq(ete_model_total_bytes(m), len);
        ck_assert_uint_eq(ete_model_records(m), s->n);
        if (pass == 0) {
            memcpy(o->b, b, len);
            o->n = len;
            memcpy(o->c, ete_model_pkt_counts(m), sizeof o->c);
        } else {
            memcpy(slow, b, len);
            slow_n = len;
        }
        ete_model_free(m);
    }
    ck_assert_msg(slow_n == o->n && memcmp(slow, o->b, o->n) == 0,
                  "fast and general paths disagree (%zu vs %zu bytes)", o->n, slow_n);
}

static void run(const cfg *c, const seq *s, out *o)
{
    run_ovf(c, s, NULL, 0, o);
}

static void dump(const uint8_t *b, size_t n, char *txt, size_t len)
{
    txt[0] = 0;
    for (size_t i = 0; i < n && strlen(txt) + 4 < len; i++)
        snprintf(txt + strlen(txt), len - strlen(txt), "%02x ", b[i]);
}

static void expect_all(const out *o, const uint8_t *want, size_t wn)
{
    char g[4096], w[4096];
    dump(o->b, o->n, g, sizeof g);
    dump(want, wn, w, sizeof w);
    ck_assert_msg(o->n == wn && memcmp(o->b, want, wn) == 0, "got  [%s]\nwant [%s]", g, w);
}

#define EXPECT(o, ...)                                  \
    do {                                                \
        static const uint8_t w_[] = {__VA_ARGS__};      \
        expect_all((o), w_, sizeof w_);                 \
    } while (0)

/* The start of trace (D1.9.1): A-Sync, Trace Info with no section. */
#define START 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01, 0x00

/* Offset of the first occurrence of pattern after 'from', or -1. */
static long find(const out *o, size_t from, const uint8_t *pat, size_t pn)
{
    for (size_t i = from; i + pn <= o->n; i++)
        if (memcmp(o->b + i, pat, pn) == 0)
            return (long)i;
    return -1;
}

/* ======================================================================= */

/* D1.9.1 R_RTLJJC, R_RHMDGL, R_NHDCF, R_KKGQK: A-Sync, Trace Info, Trace On,
 * then the context and address of the first instruction. */
START_TEST(start_of_trace)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_B, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_OTHER, 0, 0);
    run(&c, &s, &o);
    /* Context EL0 NS AArch64: 0x81, NS|SF = 0x30 (2 bytes).  Address 0x1000
     * against history entry 0 (0 after Trace Info): bits above 16 equal, so
     * Short IS0 with two bytes: 0x95, A[8:2]=0|C = 0x80, A[16:9] = 0x08.
     * Separate (2+3) beats Address with Context 32-bit (4+1+1+... = 6).
     * The B is one E atom, output at the end as Format 1 (0xF7). */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xF7);
    ck_assert_uint_eq(o.c[ETE_ENC_ASYNC], 1);
    ck_assert_uint_eq(o.c[ETE_ENC_TRACE_INFO], 1);
    ck_assert_uint_eq(o.c[ETE_ENC_TRACE_ON], 1);
}
END_TEST

/* ---- atoms ------------------------------------------------------------- */

/* The atom formats of D5.40-D5.46 (independent of the model's tables). */
static int pattern_ok(const int *a, unsigned n)
{
    if (n >= 1 && n <= 3)
        return 1;
    char s[32];
    for (unsigned i = 0; i < n; i++)
        s[i] = a[i] ? 'E' : 'N';
    s[n] = 0;
    if (n == 4)
        return !strcmp(s, "NEEE") || !strcmp(s, "NNNN") || !strcmp(s, "NENE") ||
               !strcmp(s, "ENEN") || !strcmp(s, "EEEE") || !strcmp(s, "EEEN");
    if (n == 5)
        return !strcmp(s, "NEEEE") || !strcmp(s, "NNNNN") || !strcmp(s, "NENEN") ||
               !strcmp(s, "ENENE") || !strcmp(s, "EEEEE") || !strcmp(s, "EEEEN");
    if (n > 24)
        return 0;
    for (unsigned i = 0; i + 1 < n; i++)
        if (!a[i])
            return 0;
    return 1;
}

/* Fewest packets for a[0..n) by dynamic programming. */
static unsigned min_packets(const int *a, unsigned n)
{
    unsigned best[512];
    best[n] = 0;
    for (int i = (int)n - 1; i >= 0; i--) {
        best[i] = ~0u;
        for (unsigned l = 1; l <= 24 && (unsigned)i + l <= n; l++)
            if (pattern_ok(a + i, l) && best[i + l] + 1 < best[i])
                best[i] = best[i + l] + 1;
    }
    return best[0];
}

/* Decode atom packets (D9.2.10.1) back to E/N. */
static unsigned decode_atoms(const uint8_t *b, size_t n, int *a)
{
    unsigned k = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t h = b[i];
        if ((h & 0xFE) == 0xF6) {                       /* F1 */
            a[k++] = h & 1;
        } else if ((h & 0xFC) == 0xD8) {                /* F2 */
            a[k++] = h & 1;
            a[k++] = (h >> 1) & 1;
        } else if ((h & 0xF8) == 0xF8) {                /* F3 */
            for (int j = 0; j < 3; j++)
                a[k++] = (h >> j) & 1;
        } else if ((h & 0xFC) == 0xDC) {                /* F4 */
            static const int t[4][4] = {{0, 1, 1, 1}, {0, 0, 0, 0}, {0, 1, 0, 1}, {1, 0, 1, 0}};
            for (int j = 0; j < 4; j++)
                a[k++] = t[h & 3][j];
        } else if (h == 0xF5) {                         /* F5.1 */
            a[k++] = 0;
            for (int j = 0; j < 4; j++)
                a[k++] = 1;
        } else if (h == 0xD5 || h == 0xD6 || h == 0xD7) { /* F5.2 */
            static const int t[4][5] = {{0}, {0, 0, 0, 0, 0}, {0, 1, 0, 1, 0}, {1, 0, 1, 0, 1}};
            for (int j = 0; j < 5; j++)
                a[k++] = t[h & 3][j];
        } else {                                        /* F6 */
            ck_assert_msg((h & 0xC0) == 0xC0 && (h & 0x1F) <= 20, "not an atom: %02x", h);
            for (unsigned j = 0; j < 3u + (h & 0x1Fu); j++)
                a[k++] = 1;
            a[k++] = (h & 0x20) ? 0 : 1;
        }
    }
    return k;
}

static void atoms_case(const int *a, unsigned n)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    for (unsigned i = 0; i < n; i++)
        ins(&s, 0x1004, PE_IC_BCOND, a[i], 0x1004);
    run(&c, &s, &o);
    /* prefix: START (14), Trace On, 81 30, 95 80 08 */
    const size_t pre = 14 + 1 + 2 + 3;
    ck_assert_uint_ge(o.n, pre);
    int d[512];
    unsigned k = decode_atoms(o.b + pre, o.n - pre, d);
    ck_assert_uint_eq(k, n);
    for (unsigned i = 0; i < n; i++)
        ck_assert_int_eq(d[i], a[i]);
    ck_assert_uint_eq(o.n - pre, min_packets(a, n));   /* D6.11.2: fewest bytes */
}

START_TEST(atom_formats)
{
    /* E N E N E N E: ENENE is Format 5.2 A=0b11 (0xD7); NE Format 2 A=0b10
     * (0xDA) */
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    static const int p1[] = {1, 0, 1, 0, 1, 0, 1};
    for (unsigned i = 0; i < 7; i++)
        ins(&s, 0x1004, PE_IC_BCOND, p1[i], 0x1004);
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xD7, 0xDA);

    /* Each pattern as one packet: NEEEE 0xF5, NNNNN 0xD5, NNNN then E: no
     * 5-pattern starts NNNNE, so NNNN (F4 A=01, 0xDD) and E (0xF7); E x 25 =
     * E^24 (F6 COUNT 20, 0xD4) + E (0xF7); EEN (F3 0b011 = 0xFB); E x 7 then N
     * (F6 COUNT 4 A=1 = 0xE4) */
    static const struct {
        int a[32];
        unsigned n;
        uint8_t want[4];
        unsigned wn;
    } cases[] = {
        {{0, 1, 1, 1, 1}, 5, {0xF5}, 1},
        {{0, 0, 0, 0, 0}, 5, {0xD5}, 1},
        {{0, 0, 0, 0, 1}, 5, {0xDD, 0xF7}, 2},
        {{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 25,
         {0xD4, 0xF7}, 2},
        {{1, 1, 0}, 3, {0xFB}, 1},
        {{1, 1, 1, 1, 1, 1, 1, 0}, 8, {0xE4}, 1},
        {{1, 1, 1, 1}, 4, {0xC0}, 1},
        {{1, 1, 1, 0}, 4, {0xE0}, 1},
        {{0, 1, 0, 1, 0}, 5, {0xD6}, 1},
        {{0, 1, 1, 1}, 4, {0xDC}, 1},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        seq_init(&s);
        ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
        for (unsigned i = 0; i < cases[k].n; i++)
            ins(&s, 0x1004, PE_IC_BCOND, cases[k].a[i], 0x1004);
        run(&c, &s, &o);
        ck_assert_uint_eq(o.n, 20 + cases[k].wn);
        ck_assert_msg(memcmp(o.b + 20, cases[k].want, cases[k].wn) == 0, "case %zu", k);
    }
}
END_TEST

START_TEST(atom_packing_optimal)
{
    /* Random atom sequences: the packets decode back to the sequence and
     * are as few as the dynamic-programming optimum. */
    harness_rng rng;
    harness_rng_init(&rng, 1, 0);
    for (int t = 0; t < 300; t++) {
        int a[400];
        unsigned n = 1 + (unsigned)harness_rng_below(&rng, 300);
        unsigned bias = (unsigned)harness_rng_below(&rng, 4);   /* some sequences mostly E */
        for (unsigned i = 0; i < n; i++)
            a[i] = bias == 0 ? (int)harness_rng_below(&rng, 2) : harness_rng_below(&rng, 16) != 0;
        atoms_case(a, n);
    }
}
END_TEST

/* ---- addresses ---------------------------------------------------------- */

/* R_BPRDC, D9.2.14: exact match against the three-entry history, else the
 * shortest form relative to entry 0. */
START_TEST(address_forms)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BR, 1, 0x1100);
    ins(&s, 0x1100, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1104, PE_IC_BR, 1, 0x31100);
    ins(&s, 0x31100, PE_IC_OTHER, 0, 0);
    ins(&s, 0x31104, PE_IC_BR, 1, 0x1000);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BR, 1, 0x7F0000001000ull);
    ins(&s, 0x7F0000001000ull, PE_IC_OTHER, 0, 0);
    ins(&s, 0x7F0000001004ull, PE_IC_BR, 1, 0x7F0000011000ull);
    ins(&s, 0x7F0000011000ull, PE_IC_OTHER, 0, 0);
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08,
           /* 0x1100 vs 0x1000: only bits 8:2 change: Short one byte,
            * (0x1100>>2)&0x7F = 0x40 */
           0xF7, 0x95, 0x40,
           /* 0x31100 vs 0x1100: bit 17 changes: 32-bit, A[8:2]=0x40
            * A[15:9]=0x08 A[23:16]=0x03 A[31:24]=0 */
           0xF7, 0x9A, 0x40, 0x08, 0x03, 0x00,
           /* history is {0x31100, 0x1100, 0x1000}: 0x1000 is entry 2 */
           0xF7, 0x92,
           /* bit 46 changes: 64-bit: 00 08 00 00 00 7F 00 00 */
           0xF7, 0x9D, 0x00, 0x08, 0x00, 0x00, 0x00, 0x7F, 0x00, 0x00,
           /* bit 16 changes: Short two bytes, 0x80, A[16:9] = 0x88 */
           0xF7, 0x95, 0x80, 0x88);
}
END_TEST

START_TEST(address_forms_t32)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    s.isa = PE_ISA_T32;
    ins(&s, 0x8000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x8002, PE_IC_BR, 1, 0x8010);
    ins(&s, 0x8010, PE_IC_OTHER, 0, 0);
    ins(&s, 0x8012, PE_IC_BR, 1, 0x12345678);
    ins(&s, 0x12345678, PE_IC_OTHER, 0, 0);
    run(&c, &s, &o);
    /* Context EL0 NS AArch32: 0x81 0x20.  0x8000 IS1 vs 0: Short IS1 two
     * bytes: A[7:1] = 0|C, A[15:8] = 0x80.  0x8010: A[7:1] = 0x08.  0x12345678
     * vs 0x8010: 32-bit IS1: (0)A[7:1] = 0x3C, 0x56, 0x34, 0x12 */
    EXPECT(&o, START, 0x04, 0x81, 0x20, 0x96, 0x80, 0x80, 0xF7, 0x96, 0x08, 0xF7, 0x9B, 0x3C,
           0x56, 0x34, 0x12);
}
END_TEST

/* ---- return stack ------------------------------------------------------- */
START_TEST(return_stack)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BL, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x2004, PE_IC_RET, 1, 0x1008);
    ins(&s, 0x1008, PE_IC_OTHER, 0, 0);
    ins(&s, 0x100C, PE_IC_B, 1, 0x1000);
    /* without the return stack the RET's target is traced: atoms BL RET as
     * F2 EE (0xDB), then 0x1008 vs 0x1000: Short, A[8:2] = 0x02 */
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xDB, 0x95, 0x02, 0xF7);
    /* R_HFCTC, R_QHSBN: BL pushes 0x1008, the RET target matches and is
     * removed: three E atoms, F3 0b111 = 0xFF */
    c.r.trcconfigr |= TRCCONFIGR_RS;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xFF);
    ck_assert_uint_eq(o.c[ETE_ENC_ADDR_SHORT_IS0], 1);

    /* R_ZSDVQ: depth 2, three nested calls: the third return misses */
    c.p.rs_depth = 2;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BL, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_BL, 1, 0x3000);
    ins(&s, 0x3000, PE_IC_BL, 1, 0x4000);
    ins(&s, 0x4000, PE_IC_RET, 1, 0x3004);
    ins(&s, 0x3004, PE_IC_RET, 1, 0x2004);
    ins(&s, 0x2004, PE_IC_RET, 1, 0x1008);
    ins(&s, 0x1008, PE_IC_OTHER, 0, 0);
    run(&c, &s, &o);
    /* six E atoms: E^6 is a Format 6 prefix until the address packet: then
     * F6 COUNT 2 A=0 (0xC2) and the address 0x1008 (history entry 0 is
     * 0x1000: Short, 0x02) */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xC2, 0x95, 0x02);
    /* R_SBJB: a Trace On discards the return stack; the return after it is
     * traced with its address. */
}
END_TEST

/* ---- context ------------------------------------------------------------ */
START_TEST(context_same_and_context)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_CID;
    seq_init(&s);
    s.ns = 0;
    s.isa = PE_ISA_A32;
    /* EL0 Secure AArch32 CONTEXTID 0 is the context Trace Info resets the
     * analyzer to (D9.2.6.2): Context Same (0x80) fills R_PGHPW. */
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_OTHER, 0, 0);
    s.cid = 0x55;
    /* R_HXNXF: the next instruction runs with CONTEXTIDR_EL1 = 0x55:
     * Context packet with C (0x80|EL0) and CONTEXTID 55 00 00 00 */
    ins(&s, 0x1008, PE_IC_B, 1, 0x1000);
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x80, 0x95, 0x80, 0x08, 0x81, 0x80, 0x55, 0x00, 0x00, 0x00, 0xF7);
    ck_assert_uint_eq(o.c[ETE_ENC_CTXT_SAME], 1);
    ck_assert_uint_eq(o.c[ETE_ENC_CTXT], 1);

    /* VMID and CONTEXTID only when they change.  The Virtual context
     * identifier is CONTEXTIDR_EL2, 32 bits (R_PTVTD), and the VMID field is
     * 4 bytes (D5.55); VTTBR_EL2.VMID is not traced. */
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_CID | TRCCONFIGR_VMID;
    seq_init(&s);
    s.cid = 0x11;
    s.cid2 = 0xA1B2C3D4;
    s.vmid = 0x2233;
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    s.cid2 = 0x4455;
    s.vmid = 0x6677;
    ins(&s, 0x1004, PE_IC_B, 1, 0x1000);
    run(&c, &s, &o);
    /* first: C|V|NS|SF = 0xF0, VMID D4 C3 B2 A1, CONTEXTID 11 00 00 00; then
     * (R_HXNXF) V only: 0x81, V|NS|SF = 0x70, VMID 55 44 00 00 */
    EXPECT(&o, START, 0x04, 0x81, 0xF0, 0xD4, 0xC3, 0xB2, 0xA1, 0x11, 0x00, 0x00, 0x00, 0x95,
           0x80, 0x08, 0x81, 0x70, 0x55, 0x44, 0x00, 0x00, 0xF7);
    /* a change of VTTBR_EL2.VMID alone: no Context packet, and the same
     * bytes whatever its value */
    out o2;
    for (size_t i = 0; i < s.n; i++)
        s.r[i].vmid = 0x99;
    run(&c, &s, &o2);
    ck_assert(o2.n == o.n && memcmp(o2.b, o.b, o.n) == 0);
    /* TRCCONFIGR.VMIDOPT is RES1 in ETE (TRCIDR2.VMIDOPT = 0b10: no
     * selection, D6.10.9): CONTEXTIDR_EL2 whether software writes 0 or 1.
     * One instruction with CONTEXTIDR_EL2 = 0xAB and CONTEXTIDR_EL1 = 0 (the
     * value Trace Info resets the analyzer to): V|NS|SF = 0x70, AB 00 00 00 */
    for (unsigned opt = 0; opt < 2; opt++) {
        cfg_init(&c);
        c.r.trcconfigr |= TRCCONFIGR_CID | TRCCONFIGR_VMID | (opt ? TRCCONFIGR_VMIDOPT : 0u);
        seq_init(&s);
        s.cid2 = 0xAB;
        s.vmid = 0x5;
        ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
        run(&c, &s, &o);
        EXPECT(&o, START, 0x04, 0x81, 0x70, 0xAB, 0x00, 0x00, 0x00, 0x95, 0x80, 0x08);
    }
    /* TRCCONFIGR.VMID = 0: no VMID field although CONTEXTIDR_EL2 is nonzero;
     * the Context packet still gives NS|SF|EL0 = 0x30 (Trace Info reset the
     * analyzer to Secure AArch32) */
    c.r.trcconfigr &= ~TRCCONFIGR_VMID;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08);
}
END_TEST

/* ---- exceptions ---------------------------------------------------------- */
START_TEST(exception_forms)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    const uint64_t v1 = 0xFFFF800000000000ull;
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_EXCGEN, 0, 0);
    exc(&s, 0x1008, 1, PE_EXC_CALL, v1 + 0x400);             /* SVC */
    ins(&s, v1 + 0x400, PE_IC_OTHER, 0, 0);
    ins(&s, v1 + 0x404, PE_IC_ERET, 1, 0x1008);
    s.el = 0;
    ins(&s, 0x1008, PE_IC_OTHER, 0, 0);
    exc(&s, 0x100C, 1, PE_EXC_IRQ, v1 + 0x480);              /* IRQ */
    ins(&s, v1 + 0x480, PE_IC_ERET, 1, 0x100C);
    s.el = 0;
    ins(&s, 0x100C, PE_IC_B, 1, 0x100C);
    exc(&s, 0x100C, 1, PE_EXC_IRQ, v1 + 0x480);              /* IRQ at a known address */
    ins(&s, v1 + 0x480, PE_IC_ERET, 1, 0x40001000);
    s.el = 0;
    exc(&s, 0x40001000, 1, PE_EXC_DATA_FAULT, v1 + 0x400);   /* at the ERET target */
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08,
           /* Call (E=01, 0x05), PER 0x1008 vs 0x1000: Short IS0 one byte 0x02 */
           0x06, 0x05, 0x95, 0x02,
           /* vector, new EL1 context, far address: with Context 64-bit IS0,
            * 00 02 00 00 00 80 FF FF, NS|SF|EL1 = 0x31 (10 bytes < 2 + 9) */
           0x85, 0x00, 0x02, 0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0x31,
           /* ERET atom, then EL0 at 0x1008 = history entry 1: Context +
            * Exact Match (3 bytes) */
           0xF7, 0x81, 0x30, 0x91,
           /* IRQ (0x1D), PER 0x100C vs 0x1008: Short one byte 0x03 */
           0x06, 0x1D, 0x95, 0x03,
           /* vector 0x...480: history {0x100C, 0x1008, v1+0x400}: Short vs
            * 0x100C? no, bits 63:17 differ: with Context 64-bit */
           0x85, 0x20, 0x02, 0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0x31,
           /* ERET atom before the address; EL0 0x100C is history entry 1:
            * 0x81 0x30 0x91 */
           0xF7, 0x81, 0x30, 0x91,
           /* the B atom, then the IRQ at 0x100C = history entry 0 after the
            * exact match: Exception Exact Match 0x06 0x1D 0x90 */
           0xF7, 0x06, 0x1D, 0x90,
           /* vector: entry 2 of {0x100C, 0x100C, v1+0x480}: Exact 0x92, with
            * the EL1 Context packet first (2 + 1 bytes) */
           0x81, 0x31, 0x92,
           /* ERET atom; the data abort is taken at the ERET target before it
            * executes (I_PCMYT): E = 0b10, Data fault 0x0C: 0x40|0x18 = 0x58,
            * Context EL0 changes: 0x40001000 vs v1+0x480 differs above bit
            * 31, so with Context 64-bit: 0x85 00 08 00 40 00 00 00 00, 0x30 */
           0xF7, 0x06, 0x58, 0x85, 0x00, 0x08, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x30);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_SHORT_IS0], 2);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_EXACT], 1);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_CTXT_64_IS0], 1);
}
END_TEST

START_TEST(exception_forms_32)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    const uint64_t v1 = 0x80000;
    s.el = 1;
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    exc(&s, 0x40001004, 1, PE_EXC_ALIGNMENT, v1);            /* PER 32-bit away */
    ins(&s, v1, PE_IC_ERET, 1, 0x2000);
    s.el = 0;
    exc(&s, 0x2000, 1, PE_EXC_TRAP, v1);                     /* at the ERET target, EL0 */
    ins(&s, v1, PE_IC_ERET, 1, 0x80010);
    s.el = 0;
    s.isa = PE_ISA_T32;
    exc(&s, 0x80010, 1, PE_EXC_INST_DEBUG, v1);              /* T32 PER */
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x31, 0x95, 0x80, 0x08,
           /* Alignment (0x0A<<1|1 = 0x15), 0x40001004 vs 0x1000: 32-bit IS0:
            * A[8:2]=0x01 A[15:9]=0x08 A[23:16]=0x00 A[31:24]=0x40 */
           0x06, 0x15, 0x9A, 0x01, 0x08, 0x00, 0x40,
           /* vector 0x80000, same context: bits above 16 differ: 32-bit */
           0x9A, 0x00, 0x00, 0x08, 0x00,
           /* ERET; Trap at its target with EL0 context: E=10 (0x40|0x06 =
            * 0x46); 0x2000 vs 0x80000 differs in bit 19: no Short form; with
            * Context 32-bit (0x82, A[8:2]=0 A[15:9]=0x10 00 00, 0x30: 8 bytes)
            * beats Context (2) + 32-bit (7) */
           0xF7, 0x06, 0x46, 0x82, 0x00, 0x10, 0x00, 0x00, 0x30,
           /* vector: EL1, history {0x2000, 0x80000, ...}: Context + Exact 0x91 */
           0x81, 0x31, 0x91,
           /* ERET; Inst debug (0x0C|0x40 = 0x4C) at the target, EL0 AArch32
            * T32: 0x80010 IS1 vs entry 0 (0x80000): Short IS1 one byte
            * A[7:1] = 0x08; Context EL0 NS AArch32 (0x20) first: 2 + 4 < 8 */
           0xF7, 0x81, 0x20, 0x06, 0x4C, 0x96, 0x08);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_32_IS0], 1);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_CTXT_32_IS0], 1);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_SHORT_IS1], 1);
}
END_TEST

START_TEST(exception_with_context_32)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    s.el = 1;
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_ERET, 1, 0x40002000);
    s.el = 0;
    exc(&s, 0x40002000, 1, PE_EXC_IRQ, 0x1400);
    run(&c, &s, &o);
    /* IRQ at the ERET target: E=10 (0x5C), EL0 context, 32-bit address:
     * Exception with Context 32-bit IS0 (0x82, 00 10 00 40, 0x30): 8 bytes
     * against Context (2) + 32-bit exception (7) */
    EXPECT(&o, START, 0x04, 0x81, 0x31, 0x95, 0x80, 0x08, 0xF7, 0x06, 0x5C, 0x82, 0x00, 0x10,
           0x00, 0x40, 0x30);
    ck_assert_uint_eq(o.c[ETE_ENC_EXC_CTXT_32_IS0], 1);
}
END_TEST

/* R_BBBBT, R_LTLEB, R_GPKSH: forced tracing of System Error and PE Reset. */
START_TEST(forced_exceptions_and_reset)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcvictlr |= TRCVICTLR_EXLEVEL_NS(0) | TRCVICTLR_TRCERR | TRCVICTLR_TRCRESET;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);                      /* EL0: not traced */
    exc(&s, 0x1004, 1, PE_EXC_SERROR, 0x1580);
    ins(&s, 0x1580, PE_IC_OTHER, 0, 0);                      /* EL1: traced */
    pe_rec *rr = add(&s, PE_KIND_RESET);                     /* PE Reset */
    rr->target = 0x0;
    rr->from_el = 1;
    ins(&s, 0x0, PE_IC_OTHER, 0, 0);
    run(&c, &s, &o);
    EXPECT(&o, START,
           /* Trace On, then E=10 System Error (0x40|0x08 = 0x48) with the
            * EL0 context packet (81 30) and Short two bytes 0x1004: 0x81 0x08 */
           0x04, 0x81, 0x30, 0x06, 0x48, 0x95, 0x81, 0x08,
           /* the vector, EL1: Context + Short one byte ((0x1580>>2)&0x7F=0x60)?
            * 0x1580 vs 0x1004: bits 16:9 differ: two bytes 0xE0, 0x0A */
           0x81, 0x31, 0x95, 0xE0, 0x0A,
           /* PE Reset E=01 (0x01), unknown address 0x70 */
           0x06, 0x01, 0x70,
           /* after the reset: a Context element is required (R_JRNYF):
            * Context Same (unchanged), address 0 = history entry 0 (the reset
            * pushed 0x0): Exact 0x90 */
           0x80, 0x90);
    ck_assert_uint_eq(o.c[ETE_ENC_PE_RESET], 1);

    /* PE Reset with tracing inactive: forced, Trace On then E=10 (0x40) */
    cfg_init(&c);
    c.r.trcvictlr |= TRCVICTLR_EXLEVEL_NS(0) | TRCVICTLR_TRCRESET;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    add(&s, PE_KIND_RESET)->target = 0x100;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x06, 0x40, 0x70);
    /* Without TRCRESET nothing is traced at all */
    c.r.trcvictlr &= ~TRCVICTLR_TRCRESET;
    run(&c, &s, &o);
    ck_assert_uint_eq(o.n, 0);
}
END_TEST

/* ---- cycle counting (D6.9.18) --------------------------------------------- */
static void cc_stream(seq *s)
{
    static const uint64_t cyc[] = {1000, 1002, 1005, 1013, 1030, 1060, 1060 + (1u << 20) + 5};
    seq_init(s);
    ins(s, 0x1000, PE_IC_OTHER, 0, 0)->cycle = cyc[0];
    for (unsigned i = 1; i < 7; i++)
        ins(s, 0x1004, PE_IC_B, 1, 0x1004)->cycle = cyc[i];
}

START_TEST(cycle_count_commopt1)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_CCI;
    c.r.trcccctlr = 10;
    cc_stream(&s);
    run(&c, &s, &o);
    EXPECT(&o, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80,
           /* Trace Info: PLCTL 0x09, INFO CC=1, CYCT 10 */
           0x01, 0x09, 0x01, 0x0A, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08,
           /* first commit after enabling: UNKNOWN (R_YFMBW): F1_1 unknown */
           0xF7, 0x0F,
           /* 1005-1002 = 3 < 10: none; 1013-1002 = 11: COUNT 1, F3_1 0x11,
            * after both atoms (F2 EE 0xDB) */
           0xDB, 0x11,
           /* 1030-1013 = 17: COUNT 7, F2_1 0x0D 0xF7 */
           0xF7, 0x0D, 0xF7,
           /* 1060-1030 = 30: COUNT 20, F1_1 0x0E 0x14 */
           0xF7, 0x0E, 0x14,
           /* 2^20 + 5 > 2^20 - 1 (CCSIZE 20): UNKNOWN (R_YVWJW) */
           0xF7, 0x0F);
}
END_TEST

START_TEST(cycle_count_commopt0)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.p.commopt = 0;
    c.r.trcconfigr |= TRCCONFIGR_CCI;
    c.r.trcccctlr = 10;
    cc_stream(&s);
    run(&c, &s, &o);
    EXPECT(&o, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01, 0x09, 0x01, 0x0A, 0x04, 0x81, 0x30,
           0x95, 0x80, 0x08,
           /* F1_0 unknown with COMMIT 0 (no Commit element) */
           0xF7, 0x0F, 0x00,
           /* F1_0 with COMMIT 0 and COUNT 1, 7, 20: Formats 2_0 and 3_0 would
            * commit at least one element, already committed (MAXSPEC 0) */
           0xDB, 0x0E, 0x00, 0x01,
           0xF7, 0x0E, 0x00, 0x07,
           0xF7, 0x0E, 0x00, 0x14,
           0xF7, 0x0F, 0x00);
}
END_TEST

START_TEST(cycle_count_after_overflow)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_CCI;
    c.r.trcccctlr = 4;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0)->cycle = 10;
    ins(&s, 0x1004, PE_IC_B, 1, 0x1004)->cycle = 20;
    ins(&s, 0x1004, PE_IC_B, 1, 0x1004)->cycle = 30;
    ins(&s, 0x1004, PE_IC_B, 1, 0x1004)->cycle = 40;
    const size_t at[] = {2};
    run_ovf(&c, &s, at, 1, &o);
    static const uint8_t ovf[] = {0x00, 0x05, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01,
                                  0x09, 0x01, 0x04};
    long k = find(&o, 0, ovf, sizeof ovf);
    ck_assert_int_ge(k, 0);
    /* after the overflow: Trace On, context and address (0x1004 vs 0: two
     * bytes 0x81 0x08), the first Cycle Count UNKNOWN again (R_HQKWH), then
     * 40 - 30 = 10: COUNT 6 (F2_1) */
    static const uint8_t after[] = {0x04, 0x81, 0x30, 0x95, 0x81, 0x08, 0xF7, 0x0F, 0xF7, 0x0D,
                                    0xF6};
    ck_assert_uint_eq(o.n, (size_t)k + sizeof ovf + sizeof after);
    ck_assert(memcmp(o.b + k + sizeof ovf, after, sizeof after) == 0);
}
END_TEST

/* ---- timestamps (D6.9.16, D6.11.5) ------------------------------------------ */
START_TEST(timestamps)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_TS;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0)->timestamp = 0x100;
    ins(&s, 0x1004, PE_IC_ISB, 1, 0x1008)->timestamp = 0x101;
    ins(&s, 0x1008, PE_IC_ISB, 1, 0x100C)->timestamp = 0x103;
    ins(&s, 0x100C, PE_IC_ISB, 1, 0x1010)->timestamp = 0x180;
    ins(&s, 0x1010, PE_IC_B, 1, 0x1010)->timestamp = 0x200;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08,
           /* R_CWHHW: the Trace Info request waits for the first P0 element;
            * its value is that record's (I_SDPZZ): 0x101 against 0 after Trace
            * Info (R_GFQQ): 0x81 0x02 */
           0xF7, 0x02, 0x81, 0x02,
           /* ISB request: 0x103 ^ 0x101 = 2: one byte 0x03 */
           0xF7, 0x02, 0x03,
           /* 0x180 ^ 0x103 = 0x283: two bytes 0x80 0x03 */
           0xF7, 0x02, 0x80, 0x03,
           /* the B: no request; the flush at disable requests one: 0x200 */
           0xF7, 0x02, 0x80, 0x04);

    /* TRCTSCTLR: event selector 2 = EXTIN[0]; cycle counting on: the
     * Timestamp carries cycles since the last Cycle Count element */
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_TS | TRCCONFIGR_CCI;
    c.r.trcccctlr = 100;
    c.r.trctsctlr = 2;
    c.r.trcrsctlr[2] = 1;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    pe_rec *b1 = ins(&s, 0x1004, PE_IC_B, 1, 0x1004);
    b1->cycle = 2000;
    b1->timestamp = 0x1234;
    pe_rec *x = ins(&s, 0x1004, PE_IC_OTHER, 0, 0);
    x->ext_in = 1;
    pe_rec *b2 = ins(&s, 0x1008, PE_IC_B, 1, 0x1008);
    b2->cycle = 2007;
    b2->timestamp = 0x1237;
    run(&c, &s, &o);
    /* Trace Info CYCT 100 = 0x64: one LE128 byte */
    EXPECT(&o, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01, 0x09, 0x01, 0x64, 0x04, 0x81,
           0x30, 0x95, 0x80, 0x08,
           /* first B: Cycle Count UNKNOWN, then the Trace Info timestamp with
            * COUNT 0 (variant 2, header 0x03): 0x1234 = 0xB4 0x24 */
           0xF7, 0x0F, 0x03, 0xB4, 0x24, 0x00,
           /* EXTIN[0] requests; served after the next P0 element: 7 cycles
            * below the threshold, no Cycle Count; TS 0x1237 ^ 0x1234 = 3: one
            * byte, COUNT 7 */
           0xF7, 0x03, 0x37, 0x07);
}
END_TEST

/* R_NGXNQ: an ISB outside the traced range still requests a timestamp; it
 * is output with the next P0 element (R_HZSYP). */
START_TEST(timestamp_request_while_filtered)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_TS;
    c.r.trcviiectlr = TRCVIIECTLR_INCLUDE(0);
    c.r.trcacvr[0] = 0x2000;
    c.r.trcacvr[1] = 0x20FF;
    seq_init(&s);
    ins(&s, 0x2000, PE_IC_B, 1, 0x3000);          /* ts 0x100 */
    ins(&s, 0x3000, PE_IC_ISB, 1, 0x3004);        /* 0x101, not traced */
    ins(&s, 0x3004, PE_IC_BR, 1, 0x2000);         /* 0x102, not traced */
    ins(&s, 0x2000, PE_IC_B, 1, 0x3000);          /* 0x103 */
    run(&c, &s, &o);
    /* 0x2000 vs 0: Short two bytes 0x80 0x10; the Trace Info timestamp after
     * the first atom: 0x100 = 0x80 0x02; back in range: Trace On, Exact
     * 0x90, the atom and the ISB's timestamp with this record's value 0x103
     * (0x103 ^ 0x100 = 3: one byte) */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x10, 0xF7, 0x02, 0x80, 0x02, 0x04, 0x90,
           0xF7, 0x02, 0x03);
}
END_TEST

/* ---- periodic synchronization (D1.9.2) -------------------------------------- */
START_TEST(periodic_sync)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcsyncpr = 8;                                       /* every 256 bytes */
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    for (unsigned i = 0; i < 40; i++) {                      /* 64-bit targets: 10 bytes each */
        uint64_t t = (i & 1) ? 0x1000 : 0x5500000000000000ull + i * 0x10000000000ull;
        ins(&s, (i & 1) ? 0x5500000000000004ull : 0x1004, PE_IC_BR, 1, t);
        ins(&s, t, PE_IC_OTHER, 0, 0);
    }
    run(&c, &s, &o);
    static const uint8_t as[] = {START};
    long first = find(&o, 0, as, sizeof as);
    ck_assert_int_eq(first, 0);
    long second = find(&o, 1, as, sizeof as);
    ck_assert_int_ge(second, 256);                            /* 2^PERIOD bytes */
    ck_assert_int_lt(second, 256 + 12);
    /* R_SVGNN: no Trace On; the context and the address of the next
     * instruction follow (history reset: the Context packet is needed again) */
    size_t k = (size_t)second + sizeof as;
    ck_assert_uint_ne(o.b[k], 0x04);
    ck_assert(o.b[k] == 0x81 || o.b[k] == 0x82 || o.b[k] == 0x85);
    ck_assert_uint_ge(o.c[ETE_ENC_ASYNC], 2);
    ck_assert_uint_eq(o.c[ETE_ENC_ASYNC], o.c[ETE_ENC_TRACE_INFO]);
    ck_assert_uint_eq(o.c[ETE_ENC_TRACE_ON], 1);
    /* each later A-Sync at most 256 + a packet or two after the previous */
    long prev = second;
    for (;;) {
        long nx = find(&o, (size_t)prev + 1, as, sizeof as);
        if (nx < 0)
            break;
        ck_assert_int_ge(nx - prev, 256);
        ck_assert_int_lt(nx - prev, 256 + 24);
        prev = nx;
    }
}
END_TEST

/* ---- filtering (D6.8) --------------------------------------------------------- */
START_TEST(filter_el)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcvictlr |= TRCVICTLR_EXLEVEL_NS(1);                /* no Non-secure EL1 */
    seq_init(&s);
    const uint64_t v1 = 0xFFFF800000000000ull;
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_EXCGEN, 0, 0);
    exc(&s, 0x1008, 1, PE_EXC_CALL, v1 + 0x400);
    ins(&s, v1 + 0x400, PE_IC_OTHER, 0, 0);
    ins(&s, v1 + 0x404, PE_IC_ERET, 1, 0x1008);
    s.el = 0;
    ins(&s, 0x1008, PE_IC_B, 1, 0x1000);
    run(&c, &s, &o);
    /* The SVC exception is traced (TRCRSR.TA, R_DPMBQ); EL1 is not, the
     * vector address is omitted (R_ZRYSN); back at EL0: Trace On, context
     * unchanged since the last Context element (R_TJLYH), 0x1008 = history
     * entry 0 (pushed by the Exception packet): Exact 0x90 */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0x06, 0x05, 0x95, 0x02, 0x04, 0x90,
           0xF7);
}
END_TEST

START_TEST(filter_range)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcviiectlr = TRCVIIECTLR_INCLUDE(0);
    c.r.trcacvr[0] = 0x2000;
    c.r.trcacvr[1] = 0x20FF;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BR, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x2004, PE_IC_B, 1, 0x3000);
    ins(&s, 0x3000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x3004, PE_IC_BR, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_BCOND, 0, 0x2100);
    ins(&s, 0x2004, PE_IC_B, 1, 0x3000);
    run(&c, &s, &o);
    /* trace starts at 0x2000 (0x1004's BR is not traced); 0x3000 is outside:
     * a gap, Trace On again, 0x2000 = history entry 0: Exact; atoms N, E */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x10, 0xF7, 0x04, 0x90, 0xDA);
    /* exclude mode with the same range: the complement */
    c.r.trcviiectlr = TRCVIIECTLR_EXCLUDE(0);
    run(&c, &s, &o);
    ck_assert_uint_eq(o.c[ETE_ENC_TRACE_ON], 2);
    ck_assert_uint_eq(o.b[14], 0x04);
    /* TRCACATR.EXLEVEL_NS(0): the comparator does not match at EL0, so the
     * include range matches nothing */
    c.r.trcviiectlr = TRCVIIECTLR_INCLUDE(0);
    c.r.trcacatr[0] = c.r.trcacatr[1] = TRCACATR_EXLEVEL_NS(0);
    run(&c, &s, &o);
    ck_assert_uint_eq(o.n, 0);
}
END_TEST

START_TEST(filter_start_stop)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcvictlr &= ~TRCVICTLR_SSSTATUS;
    c.r.trcvissctlr = TRCVISSCTLR_START(0) | TRCVISSCTLR_STOP(1);
    c.r.trcacvr[0] = 0x1008;
    c.r.trcacvr[1] = 0x1010;
    seq_init(&s);
    for (int it = 0; it < 2; it++) {
        for (uint64_t a = 0x1000; a < 0x101C; a += 4)
            ins(&s, a, PE_IC_OTHER, 0, 0);
        ins(&s, 0x101C, PE_IC_B, 1, 0x1000);
    }
    run(&c, &s, &o);
    /* R_LMQPR: traced from the start address 0x1008 (Short two bytes 0x82
     * 0x08); R_BWXLS: through the stop address, and on to the B at 0x101C
     * that ends the block (X_N5MSV); then a gap until 0x1008 again: Trace On,
     * Exact 0x90 */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x82, 0x08, 0xF7, 0x04, 0x90, 0xF7);
}
END_TEST

/* ---- events (D6.9.6) ---------------------------------------------------------- */
START_TEST(events)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trceventctl0r = 2u | (3u << 8) | (0x81u << 16);      /* 0: sel 2, 1: sel 3, 2: pair 1 */
    c.r.trceventctl1r = TRCEVENTCTL1R_INSTEN(0) | TRCEVENTCTL1R_INSTEN(1);
    c.r.trcrsctlr[2] = 1;                                     /* EXTIN[0] */
    c.r.trcrsctlr[3] = 2 | TRCRSCTLR_INV;                     /* not EXTIN[1] */
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0)->ext_in = 2;
    ins(&s, 0x1004, PE_IC_OTHER, 0, 0)->ext_in = 3;
    ins(&s, 0x1008, PE_IC_B, 1, 0x1000)->ext_in = 1;
    run(&c, &s, &o);
    /* record 0: EXTIN[1] set: neither event; record 1: event 0 (EXTIN[0]);
     * record 2: events 0 and 1, after the B's atom (R_SPYTT) */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0x71, 0xF7, 0x73);

    /* R_WJPTE: events with ViewInst low (EVENT selector 0 = FALSE) */
    c.r.trcvictlr = TRCVICTLR_SSSTATUS;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x71, 0x73);
    /* a pair: selectors 2 AND 3 (Table D7.2) */
    cfg_init(&c);
    c.r.trceventctl0r = 0x81u;
    c.r.trceventctl1r = TRCEVENTCTL1R_INSTEN(0);
    c.r.trcrsctlr[2] = 1;
    c.r.trcrsctlr[3] = 2;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0x71, 0xF7);
}
END_TEST

/* ---- transactions (D6.9.9 - D6.9.11) ----------------------------------------- */
START_TEST(transactions)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_TSTART, 1, 0x1008);
    ins(&s, 0x1008, PE_IC_BCOND, 0, 0x1100)->flags |= PE_F_TSTATE;
    ins(&s, 0x100C, PE_IC_TCOMMIT, 0, 0)->flags |= PE_F_TSTATE;
    ins(&s, 0x1010, PE_IC_B, 1, 0x1000);
    run(&c, &s, &o);
    /* R_CYHKB: the TSTART atom, then Transaction Start (0x0A); the N atom;
     * R_PCKKS: Transaction Commit (0x0B) after it; the B */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xF7, 0x0A, 0xF6, 0x0B, 0xF7);

    /* failure with an indirect branch target pending: E = 0b10 */
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_TSTART, 1, 0x1008);
    ins(&s, 0x1008, PE_IC_BR, 1, 0x1200)->flags |= PE_F_TSTATE;
    pe_rec *f = add(&s, PE_KIND_TFAIL);
    f->pc = 0x1200;
    f->target = 0x1008;
    f->tfail_cause = 2;
    ins(&s, 0x1008, PE_IC_B, 1, 0x1000);
    run(&c, &s, &o);
    /* 0x06 0x70 0x70: Transaction Failure E=10; R_FPDJF pushes 0x0; after
     * the failure a Context element (Same) and the restart address 0x1008
     * against 0: Short two bytes 0x82 0x08 */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xF7, 0x0A, 0xF7, 0x06, 0x70, 0x70,
           0x80, 0x95, 0x82, 0x08, 0xF7);
    ck_assert_uint_eq(o.c[ETE_ENC_TXN_FAILURE], 1);

    /* tracing starts inside a transaction (R_RKGLY), and is disabled before it
     * ends: R_ZJXHP, a Transaction Failure element (D5.24: 0x06, then
     * 0 E[1]=0 TYPE=11000 E[0]=1 = 0x31, then 0x70), and R_WDGV, a Discard
     * (0x00 0x03) after everything else (R_PHQDX) */
    seq_init(&s);
    ins(&s, 0x1008, PE_IC_OTHER, 0, 0)->flags |= PE_F_TSTATE;
    ins(&s, 0x100C, PE_IC_B, 1, 0x1008)->flags |= PE_F_TSTATE;
    run(&c, &s, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x82, 0x08, 0x0A, 0xF7, 0x06, 0x31, 0x70, 0x00,
           0x03);
}
END_TEST

/* ---- overflow (D6.4) ------------------------------------------------------------- */
START_TEST(overflow_resync)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_B, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x2004, PE_IC_B, 1, 0x3000);
    ins(&s, 0x3000, PE_IC_OTHER, 0, 0);
    const size_t at[] = {3};
    run_ovf(&c, &s, at, 1, &o);
    /* the atom of 0x1004 was not output yet: lost; Overflow, A-Sync, Trace
     * Info (R_DQBDDH), then at the next traced instruction Trace On, the
     * context and the address 0x2004 (Short two bytes 0x81 0x10) */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0x00, 0x05, START, 0x04, 0x81, 0x30,
           0x95, 0x81, 0x10, 0xF7);
    ck_assert_uint_eq(o.c[ETE_ENC_OVERFLOW], 1);

    /* in a traced transaction: after the overflow a new Transaction Start
     * (R_CRPJZ), the Trace Info T bit 0 (R_QMTSR) */
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_TSTART, 1, 0x1008);
    ins(&s, 0x1008, PE_IC_B, 1, 0x1008)->flags |= PE_F_TSTATE;
    ins(&s, 0x1008, PE_IC_TCOMMIT, 0, 0)->flags |= PE_F_TSTATE;
    const size_t at2[] = {2};
    run_ovf(&c, &s, at2, 1, &o);
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xF7, 0x0A, 0x00, 0x05, START, 0x04,
           0x81, 0x30, 0x95, 0x82, 0x08, 0x0A, 0xF7, 0x0B);
}
END_TEST

/* ---- branch broadcasting (D6.10.1) ------------------------------------------------ */
START_TEST(branch_broadcast)
{
    cfg c;
    seq s;
    out o;
    cfg_init(&c);
    c.r.trcconfigr |= TRCCONFIGR_BB | TRCCONFIGR_RS;
    c.r.trcbbctlr = TRCBBCTLR_MODE | 1;                      /* include ARC0 */
    c.r.trcacvr[0] = 0x2000;
    c.r.trcacvr[1] = 0x2FFF;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BL, 1, 0x2000);                   /* outside: RS push */
    ins(&s, 0x2000, PE_IC_B, 1, 0x2100);                    /* inside: broadcast */
    ins(&s, 0x2100, PE_IC_RET, 1, 0x1008);                  /* inside: no RS match */
    ins(&s, 0x1008, PE_IC_OTHER, 0, 0);
    run(&c, &s, &o);
    /* R_BNVFP: 0x2100 traced (vs 0x1000 bits 13:12 differ: Short two bytes,
     * A[8:2] = 0x40|C, A[16:9] = 0x10); R_SBJB: entering the region
     * discards the return stack and R_QVTVR: no match inside it, so the
     * RET target 0x1008 is traced (vs 0x2100: Short two bytes 0x82 0x08) */
    EXPECT(&o, START, 0x04, 0x81, 0x30, 0x95, 0x80, 0x08, 0xDB, 0x95, 0xC0, 0x10, 0xF7, 0x95,
           0x82, 0x08);
}
END_TEST

/* ---- errors ------------------------------------------------------------------------ */
START_TEST(bad_records)
{
    ete_params p;
    ete_progregs r;
    char err[200];
    ete_params_default(&p);
    ete_progregs_default(&r);
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    ck_assert(m != NULL);
    seq s;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    exc(&s, 0x1004, 1, 5, 0x400);                            /* TYPE 0b00101: reserved */
    ins(&s, 0x400, 99, 0, 0);                                /* reserved class */
    ete_model_run(m, s.r, s.n);
    ck_assert_str_eq(ete_model_error(m), "record 1: exception type reserved in D5.13 (0x5)");
    ck_assert_uint_eq(ete_model_records(m), 3);
    ete_model_free(m);
}
END_TEST

START_TEST(take_and_finish)
{
    ete_params p;
    ete_progregs r;
    char err[200];
    ete_params_default(&p);
    ete_progregs_default(&r);
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    seq s;
    seq_init(&s);
    ins(&s, 0x1000, PE_IC_OTHER, 0, 0);
    ins(&s, 0x1004, PE_IC_BR, 1, 0x2000);
    ins(&s, 0x2000, PE_IC_OTHER, 0, 0);
    size_t len;
    ete_model_run(m, s.r, 2);
    ete_model_bytes(m, &len);
    ck_assert_uint_eq(len, 20);           /* the BR atom waits in the packer */
    ete_model_take(m);
    ete_model_bytes(m, &len);
    ck_assert_uint_eq(len, 0);
    ete_model_run(m, s.r + 2, 1);
    ete_model_finish(m);
    /* the atom, then 0x2000 vs 0x1000: Short two bytes */
    const uint8_t *b = ete_model_bytes(m, &len);
    ck_assert_uint_eq(len, 4);
    ck_assert(memcmp(b, "\xF7\x95\x80\x10", 4) == 0);
    ck_assert_uint_eq(ete_model_total_bytes(m), 24);
    ete_model_finish(m);                  /* idempotent; later records ignored */
    ete_model_run(m, s.r, 3);
    ete_model_bytes(m, &len);
    ck_assert_uint_eq(len, 4);
    ete_model_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ete_model_behaviour");
    TCase *t = tcase_create("behaviour");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, start_of_trace);
    tcase_add_test(t, atom_formats);
    tcase_add_test(t, atom_packing_optimal);
    tcase_add_test(t, address_forms);
    tcase_add_test(t, address_forms_t32);
    tcase_add_test(t, return_stack);
    tcase_add_test(t, context_same_and_context);
    tcase_add_test(t, exception_forms);
    tcase_add_test(t, exception_forms_32);
    tcase_add_test(t, exception_with_context_32);
    tcase_add_test(t, forced_exceptions_and_reset);
    tcase_add_test(t, cycle_count_commopt1);
    tcase_add_test(t, cycle_count_commopt0);
    tcase_add_test(t, cycle_count_after_overflow);
    tcase_add_test(t, timestamps);
    tcase_add_test(t, timestamp_request_while_filtered);
    tcase_add_test(t, periodic_sync);
    tcase_add_test(t, filter_el);
    tcase_add_test(t, filter_range);
    tcase_add_test(t, filter_start_stop);
    tcase_add_test(t, events);
    tcase_add_test(t, transactions);
    tcase_add_test(t, overflow_resync);
    tcase_add_test(t, branch_broadcast);
    tcase_add_test(t, bad_records);
    tcase_add_test(t, take_and_finish);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
