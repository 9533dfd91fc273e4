/* BRBE model on generated PE streams (tb/common/progen.h): under random
 * BRBCR_EL1/EL2 enables and random BRBFCR_EL1 type filters the buffer holds
 * exactly the last NUMREC qualifying branches, exceptions and exception
 * returns, newest first, with the fields a plain list-based reference
 * derives from F1.1; plus the record dump of docs/brbe-record-format.md
 * read back and checked against the registers. */
#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_model.h"
#include "harness.h"
#include "progen.h"

#define CR1_EVERYTHING (BRBCR_EL1_E0BRE | BRBCR_EL1_E1BRE | BRBCR_CC | BRBCR_MPRED | \
                        BRBCR_ERTN | BRBCR_EXCEPTION)
#define CR2_EVERYTHING (BRBCR_EL2_E2BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_ERTN | BRBCR_EXCEPTION)

#define N_SEEDS   6
#define N_CONFIGS 6
#define N_RECORDS 20000u

typedef struct cfg {
    unsigned numrec;
    uint64_t cr1, cr2, fcr;
} cfg;

/* One expected event: a record, or an invalidation of all records. */
typedef struct ev {
    int invalidate;
    size_t visible;     /* stream records consumed when it exists */
    size_t origin;      /* stream index of the record that caused it */
    uint64_t cycle;
    uint64_t src, tgt, inf;  /* inf without CC/CCU */
} ev;

typedef struct evlist {
    ev *v;
    size_t n, cap;
} evlist;

static uint64_t xs(harness_rng *s)
{
    return harness_rng_next(s);
}

static void add(evlist *l, ev e)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        ck_assert_ptr_nonnull(l->v);
    }
    l->v[l->n++] = e;
}

/* Region rule for the generator's PE: Non-secure, AArch64, no EL3, TGE 0. */
static int np(const cfg *c, unsigned el)
{
    switch (el) {
    case 0: return (c->cr1 & BRBCR_EL1_E0BRE) != 0;
    case 1: return (c->cr1 & BRBCR_EL1_E1BRE) != 0;
    case 2: return (c->cr2 & BRBCR_EL2_E2BRE) != 0;
    default: return 0;
    }
}

static unsigned start_el(const pe_rec *r)
{
    return r->kind == PE_KIND_EXC ? r->from_el : r->el;
}

static int sel(const cfg *c, uint64_t bit)
{
    return ((c->fcr & bit) != 0) != ((c->fcr & BRBFCR_EnI) != 0);
}

static uint64_t mk_inf(unsigned valid, unsigned type, unsigned el, int mp, int t)
{
    uint64_t i = valid | ((uint64_t)type << 8);
    if (valid & 1u)
        i |= (uint64_t)el << 6;
    if (valid & 2u) {
        if (mp)
            i |= BRBINF_MPRED;
        if (t)
            i |= BRBINF_T;
    }
    return i;
}

static unsigned vform(int s, int t)
{
    return s && t ? 3u : s ? 2u : t ? 1u : 0u;
}

/* The expected events of stream s under c. */
static void reference(const cfg *c, const pe_stream *s, evlist *out)
{
    const int mp_en = (c->cr1 & BRBCR_MPRED) && (c->cr2 & BRBCR_MPRED);
    const int exc1 = (c->cr1 & BRBCR_EXCEPTION) != 0, exc2 = (c->cr2 & BRBCR_EXCEPTION) != 0;
    const int rt1 = (c->cr1 & BRBCR_ERTN) != 0, rt2 = (c->cr2 & BRBCR_ERTN) != 0;
    int lastfailed = 0;
    size_t tstart = 0;
    for (size_t i = 0; i < s->nrec; i++) {
        const pe_rec *r = &s->rec[i];
        /* the exception return at i-1, now that its target is known */
        if (i > 0 && s->rec[i - 1].kind == PE_KIND_INSN && s->rec[i - 1].iclass == PE_IC_ERET) {
            const pe_rec *e = &s->rec[i - 1];
            int en = e->el == 1 ? rt1 : rt2;
            if (r->kind == PE_KIND_RESET) {
                int maybe = np(c, e->el);
                for (unsigned el = 0; el <= e->el; el++)
                    maybe |= np(c, el);
                if (en && maybe) {
                    ev x = { 1, i + 1, i - 1, 0, 0, 0, 0 };
                    add(out, x);
                }
            } else {
                unsigned v = vform(np(c, e->el), np(c, start_el(r)));
                if (v && en) {
                    ev x = { 0, i + 1, i - 1, e->cycle, v & 2u ? e->pc : 0, v & 1u ? e->target : 0,
                             mk_inf(v, 7, start_el(r), mp_en && (e->flags & PE_F_MISPRED),
                                    (e->flags & PE_F_TSTATE) != 0) };
                    if (lastfailed)
                        x.inf |= BRBINF_LASTFAILED;
                    lastfailed = 0;
                    add(out, x);
                }
            }
        }
        if (r->kind == PE_KIND_INSN && r->iclass == PE_IC_TSTART && !(r->flags & PE_F_TSTATE))
            tstart = i;
        if (r->kind == PE_KIND_TFAIL) {
            int all = 1;
            for (size_t j = tstart; j <= i; j++)
                all &= np(c, start_el(&s->rec[j]));
            if (all)
                lastfailed = 1;
        }
        unsigned type = 0;
        uint64_t bit = 0;
        if (r->kind == PE_KIND_INSN && (r->flags & PE_F_TAKEN)) {
            switch (r->iclass) {
            case PE_IC_B:     type = 0; bit = BRBFCR_DIRECT;   break;
            case PE_IC_BCOND: type = 8; bit = BRBFCR_CONDDIR;  break;
            case PE_IC_BL:    type = 2; bit = BRBFCR_DIRCALL;  break;
            case PE_IC_BR:    type = 1; bit = BRBFCR_INDIRECT; break;
            case PE_IC_BLR:   type = 3; bit = BRBFCR_INDCALL;  break;
            case PE_IC_RET:   type = 5; bit = BRBFCR_RTN;      break;
            default: break;
            }
        }
        if (bit && np(c, r->el) && sel(c, bit)) {
            ev x = { 0, i + 1, i, r->cycle, r->pc, r->target,
                     mk_inf(3, type, r->el, mp_en && (r->flags & PE_F_MISPRED),
                            (r->flags & PE_F_TSTATE) != 0) };
            if (lastfailed)
                x.inf |= BRBINF_LASTFAILED;
            lastfailed = 0;
            add(out, x);
        }
        if (r->kind == PE_KIND_EXC) {
            static const unsigned map[16] = { 0, 0x21, 0x22, 0x23, 0x24, 0, 0x26, 0x27,
                                              0, 0, 0x2A, 0x2B, 0x2C, 0, 0x2E, 0x2F };
            ck_assert_uint_lt(r->exc_type, 16);
            unsigned v = vform(np(c, r->from_el), np(c, r->el));
            int en = r->el == 1 ? exc1 : exc2;
            if (v && en) {
                ev x = { 0, i + 1, i, r->cycle, v & 2u ? r->pc : 0, v & 1u ? r->target : 0,
                         mk_inf(v, map[r->exc_type], r->el, 0, 0) };
                if (lastfailed)
                    x.inf |= BRBINF_LASTFAILED;
                lastfailed = 0;
                add(out, x);
            }
        }
    }
}

/* 1 if the count between two generated records is unknown (R_MJDLC):
 * a record from prev_origin+1 to origin starts in a prohibited region, or
 * is a PE reset. */
static int unknown_between(const cfg *c, const pe_stream *s, size_t prev_origin, size_t origin)
{
    for (size_t j = prev_origin + 1; j <= origin; j++) {
        if (s->rec[j].kind == PE_KIND_RESET || !np(c, start_el(&s->rec[j])))
            return 1;
    }
    return 0;
}

/* Compare the model after `consumed` stream records with the reference. */
static void compare(brbe_model *m, const cfg *c, const pe_stream *s, const evlist *l,
                    size_t consumed, unsigned *checked)
{
    /* events visible now, newest last; stop at the last invalidation */
    size_t end = 0;
    while (end < l->n && l->v[end].visible <= consumed)
        end++;
    size_t begin = end;
    while (begin > 0 && !l->v[begin - 1].invalidate)
        begin--;
    unsigned want = (unsigned)((end - begin) < c->numrec ? (end - begin) : c->numrec);
    ck_assert_uint_eq(brbe_model_valid_count(m), want);
    for (unsigned idx = 0; idx < c->numrec; idx++) {
        uint64_t ms, mt, mi;
        brbe_model_peek(m, idx, &ms, &mt, &mi);
        if (idx >= want) {
            ck_assert_uint_eq(ms | mt | mi, 0);
            continue;
        }
        size_t k = end - 1 - idx;
        const ev *e = &l->v[k];
        ck_assert_msg(ms == e->src && mt == e->tgt, "idx %u (stream %zu): src %" PRIx64
                      " tgt %" PRIx64 " want %" PRIx64 " %" PRIx64, idx, e->origin, ms, mt,
                      e->src, e->tgt);
        uint64_t ccpart = mi & (BRBINF_CCU | BRBINF_CC_MASK);
        ck_assert_msg((mi & ~ccpart) == e->inf, "idx %u (stream %zu): inf %016" PRIx64
                      " want %016" PRIx64, idx, e->origin, mi, e->inf);
        /* cycle count against the previous generated record */
        int unknown = 1;
        uint64_t want_cc = 0;
        if (k > 0 && !l->v[k - 1].invalidate) {
            const ev *p = &l->v[k - 1];
            unknown = unknown_between(c, s, p->origin, e->origin);
            want_cc = brbe_model_cc_encode(e->cycle - p->cycle);
        }
        if (unknown)
            ck_assert_msg(ccpart == BRBINF_CCU, "idx %u (stream %zu): CCU expected", idx, e->origin);
        else
            ck_assert_msg(ccpart == (want_cc << BRBINF_CC_SHIFT), "idx %u (stream %zu): cc %"
                          PRIx64 " want %" PRIx64, idx, e->origin, ccpart >> 32, want_cc);
        (*checked)++;
    }
}

static void random_cfg(cfg *c, harness_rng *rng)
{
    static const unsigned nr[] = { 8, 16, 32, 64 };
    uint64_t r = xs(rng);
    c->numrec = nr[r & 3u];
    c->cr1 = BRBCR_CC;
    c->cr2 = BRBCR_CC;
    /* enables mostly on so that records are plentiful */
    if ((r >> 2) % 8u) c->cr1 |= BRBCR_EL1_E0BRE;
    if ((r >> 5) % 4u) c->cr1 |= BRBCR_EL1_E1BRE;
    if ((r >> 7) % 4u) c->cr2 |= BRBCR_EL2_E2BRE;
    if ((r >> 9) & 1u) c->cr1 |= BRBCR_EXCEPTION;
    if ((r >> 10) & 1u) c->cr1 |= BRBCR_ERTN;
    if ((r >> 11) & 1u) c->cr2 |= BRBCR_EXCEPTION;
    if ((r >> 12) & 1u) c->cr2 |= BRBCR_ERTN;
    if ((r >> 13) & 3u) c->cr1 |= BRBCR_MPRED;
    if ((r >> 15) & 3u) c->cr2 |= BRBCR_MPRED;
    /* random type filters and EnI: BRBFCR_EL1[22:16] */
    c->fcr = ((r >> 17) & 0x7Fu) << 16;
}

static brbe_model *model_for(const cfg *c)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.numrec = c->numrec;
    char err[128];
    brbe_model *m = brbe_model_new(&p, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    ck_assert_int_eq(brbe_model_write(m, BRBCR_EL1_ENC, 2, 1, c->cr1), 0);
    ck_assert_int_eq(brbe_model_write(m, BRBCR_EL2_ENC, 2, 1, c->cr2), 0);
    ck_assert_int_eq(brbe_model_write(m, BRBFCR_EL1_ENC, 2, 1, c->fcr), 0);
    return m;
}

START_TEST(t_last_numrec_property)
{
    harness_rng rng;
    harness_rng_init(&rng, 1, 0);
    unsigned checked = 0, runs = 0;
    uint64_t types_seen = 0, by_valid[4] = { 0 };
    for (unsigned seed = 1; seed <= N_SEEDS; seed++) {
        progen_cfg pc;
        progen_cfg_default(&pc, seed * 7919u);
        pc.n_records = N_RECORDS;
        pe_stream s;
        char err[256];
        ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
        for (unsigned k = 0; k < N_CONFIGS; k++) {
            cfg c;
            random_cfg(&c, &rng);
            if (k == 0) {                      /* everything: all records */
                c.cr1 = CR1_EVERYTHING;
                c.cr2 = CR2_EVERYTHING;
                c.fcr = BRBFCR_EnI;
            }
            evlist l = { 0 };
            reference(&c, &s, &l);
            brbe_model *m = model_for(&c);
            size_t next_check = 997;
            for (size_t i = 0; i < s.nrec; i++) {
                ck_assert_msg(brbe_model_step(m, &s.rec[i], err, sizeof err) == 0, "%s", err);
                if (i + 1 == next_check || i + 1 == s.nrec) {
                    compare(m, &c, &s, &l, i + 1, &checked);
                    next_check += 997 + (xs(&rng) % 2000u);
                }
            }
            for (size_t j = 0; j < l.n; j++)
                if (!l.v[j].invalidate)
                    types_seen |= UINT64_C(1) << ((l.v[j].inf >> 8) & 0x3Fu);
            brbe_model_counts st;
            brbe_model_stats(m, &st);
            for (int v = 1; v < 4; v++)
                by_valid[v] += st.by_valid[v];
            free(l.v);
            brbe_model_free(m);
            runs++;
        }
        pe_stream_free(&s);
    }
    /* the streams exercised every branch TYPE and the generator's
       exception types */
    static const unsigned need[] = { 0x00, 0x01, 0x02, 0x03, 0x05, 0x07, 0x08, 0x22, 0x23,
                                     0x26, 0x2B, 0x2E };
    for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
        ck_assert_msg(types_seen & (UINT64_C(1) << need[k]), "TYPE %02x never seen", need[k]);
    /* every VALID form occurred */
    for (int v = 1; v < 4; v++)
        ck_assert_msg(by_valid[v] > 0, "VALID %d never generated", v);
    printf("stream property: %u runs of %u records, %u record slots compared; records "
           "generated: full %" PRIu64 ", half-source %" PRIu64 ", half-target %" PRIu64 "\n",
           runs, N_RECORDS, checked, by_valid[3], by_valid[2], by_valid[1]);
}
END_TEST

/* ---- the dump: parse it back ----------------------------------------- */

static int hex16(const char *p, uint64_t *v)
{
    uint64_t x = 0;
    for (int k = 0; k < 16; k++) {
        char ch = p[k];
        unsigned d;
        if (ch >= '0' && ch <= '9') d = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') d = (unsigned)(ch - 'a' + 10);
        else return -1;
        x = (x << 4) | d;
    }
    *v = x;
    return 0;
}

START_TEST(t_dump_roundtrip)
{
    progen_cfg pc;
    progen_cfg_default(&pc, 4242);
    pc.n_records = 5000;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
    static const unsigned nr[] = { 8, 64 };
    for (int v = 0; v < 2; v++) {
        cfg c = { nr[v], CR1_EVERYTHING, CR2_EVERYTHING, BRBFCR_EnI };
        brbe_model *m = model_for(&c);
        /* leave BANK = 1 selected: the dump restores it */
        uint64_t fcr = BRBFCR_EnI | ((uint64_t)1 << BRBFCR_BANK_SHIFT);
        ck_assert_int_eq(brbe_model_write(m, BRBFCR_EL1_ENC, 2, 1, fcr), 0);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        ck_assert_ptr_nonnull(f);
        ck_assert_int_eq(brbe_model_dump_header(f), 0);
        for (size_t i = 0; i < s.nrec; i++) {
            ck_assert_int_eq(brbe_model_step(m, &s.rec[i], err, sizeof err), 0);
            if ((i + 1) % 2000 == 0)
                ck_assert_int_eq(brbe_model_dump_snapshot(f, m, (i + 1) / 2000 - 1, i + 1), 0);
        }
        ck_assert_int_eq(brbe_model_dump_snapshot(f, m, 2, s.nrec), 0);
        ck_assert_int_eq(fclose(f), 0);
        uint64_t rv;
        ck_assert_int_eq(brbe_model_read(m, BRBFCR_EL1_ENC, 2, 1, &rv), 0);
        ck_assert_uint_eq(rv, fcr);

        /* parse: magic, 3 snapshots; the last one must equal the model */
        char *save = NULL;
        char *line = strtok_r(buf, "\n", &save);
        ck_assert_str_eq(line, "brbe-records 1");
        unsigned snaps = 0;
        while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
            unsigned long long seq, pe;
            unsigned numrec;
            char idr[17], cr1[17], cr2[17], fc[17], ts[17];
            ck_assert_int_eq(sscanf(line, "snapshot seq=%llu pe=%llu numrec=%u brbidr0=%16s "
                                          "brbcr_el1=%16s brbcr_el2=%16s brbfcr_el1=%16s "
                                          "brbts_el1=%16s", &seq, &pe, &numrec, idr, cr1, cr2,
                                    fc, ts), 8);
            ck_assert_uint_eq(seq, snaps);
            ck_assert_uint_eq(numrec, nr[v]);
            uint64_t x;
            ck_assert_int_eq(hex16(idr, &x), 0);
            ck_assert_uint_eq(x, 0x5000u | nr[v]);
            ck_assert_int_eq(hex16(cr1, &x), 0);
            ck_assert_uint_eq(x, CR1_EVERYTHING);
            ck_assert_int_eq(hex16(cr2, &x), 0);
            ck_assert_uint_eq(x, CR2_EVERYTHING);
            ck_assert_int_eq(hex16(fc, &x), 0);
            ck_assert_uint_eq(x, fcr);
            int seen_invalid = 0;
            for (unsigned n = 0; n < numrec; n++) {
                line = strtok_r(NULL, "\n", &save);
                ck_assert_ptr_nonnull(line);
                unsigned idx;
                int off = 0;
                ck_assert_int_eq(sscanf(line, "%u %n", &idx, &off), 1);
                ck_assert_uint_eq(idx, n);
                ck_assert_uint_eq(strlen(line + off), 50);
                uint64_t sv, tv, iv;
                ck_assert_int_eq(hex16(line + off, &sv), 0);
                ck_assert_int_eq(line[off + 16], ' ');
                ck_assert_int_eq(hex16(line + off + 17, &tv), 0);
                ck_assert_int_eq(line[off + 33], ' ');
                ck_assert_int_eq(hex16(line + off + 34, &iv), 0);
                unsigned valid = (unsigned)(iv & 3u);
                /* docs/brbe-record-format.md section 3 */
                if (valid == 0) {
                    seen_invalid = 1;
                    ck_assert_uint_eq(sv | tv | iv, 0);
                }
                ck_assert(!(seen_invalid && valid));
                ck_assert_uint_eq(iv & ~BRBINF_DEFINED_MASK, 0);
                if (valid == 2)
                    ck_assert_uint_eq(tv | (iv & BRBINF_EL_MASK), 0);
                if (valid == 1)
                    ck_assert_uint_eq(sv | (iv & (BRBINF_MPRED | BRBINF_T)), 0);
                if (iv & BRBINF_CCU)
                    ck_assert_uint_eq(iv & BRBINF_CC_MASK, 0);
                if (valid)
                    ck_assert_ptr_nonnull(brbe_model_type_name((unsigned)(iv >> 8) & 0x3Fu));
                if (snaps == 2) {
                    uint64_t ms, mt, mi;
                    brbe_model_peek(m, n, &ms, &mt, &mi);
                    ck_assert(ms == sv && mt == tv && mi == iv);
                }
            }
            line = strtok_r(NULL, "\n", &save);
            ck_assert_str_eq(line, "end");
            snaps++;
        }
        ck_assert_uint_eq(snaps, 3);
        free(buf);
        brbe_model_free(m);
    }
    pe_stream_free(&s);
}
END_TEST

/* Same input, same output: two models give identical buffers throughout. */
START_TEST(t_deterministic)
{
    progen_cfg pc;
    progen_cfg_default(&pc, 99);
    pc.n_records = 8000;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
    cfg c = { 16, CR1_EVERYTHING, CR2_EVERYTHING, BRBFCR_EnI };
    brbe_model *a = model_for(&c), *b = model_for(&c);
    for (size_t i = 0; i < s.nrec; i++) {
        ck_assert_int_eq(brbe_model_step(a, &s.rec[i], err, sizeof err), 0);
        ck_assert_int_eq(brbe_model_step(b, &s.rec[i], err, sizeof err), 0);
        if (i % 500 == 0)
            for (unsigned n = 0; n < 16; n++) {
                uint64_t x[3], y[3];
                brbe_model_peek(a, n, &x[0], &x[1], &x[2]);
                brbe_model_peek(b, n, &y[0], &y[1], &y[2]);
                ck_assert(memcmp(x, y, sizeof x) == 0);
            }
    }
    brbe_model_free(a);
    brbe_model_free(b);
    pe_stream_free(&s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_model_stream");
    TCase *tc = tcase_create("stream");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, t_last_numrec_property);
    tcase_add_test(tc, t_dump_roundtrip);
    tcase_add_test(tc, t_deterministic);
    suite_add_tcase(s, tc);
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
