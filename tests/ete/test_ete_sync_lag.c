/* The model's sync_lag rule (docs/ete-model.md, docs/ete-rtl-pipeline.md
 * 3.3): on the block path, a periodic synchronization request raised by
 * item i is serviced from item i + sync_lag on.  sync_lag 0 is the record
 * path's rule (every existing trace is unchanged); sync_lag 3 and 4 (the
 * lag ete_pipe needs) move the periodic A-Sync packets later, and the trace
 * still decodes to the executed instructions (ete_decoder + the oracle),
 * the same instructions as with sync_lag 0. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_decoder.h"
#include "ete_model.h"
#include "ete_oracle.h"
#include "ete_roundtrip.h"
#include "pe_block.h"
#include "progen.h"

typedef struct lag_run {
    uint8_t *bytes;
    size_t len;
    size_t nsync;          /* A-Sync packets */
    size_t first_periodic; /* offset of the second A-Sync (the first periodic one) */
    size_t at[64];         /* offsets of the first 64 A-Sync packets */
    uint64_t insns;        /* instructions decoded */
    uint64_t *addr;        /* their addresses, in order */
    size_t naddr;
} lag_run;

static void run_lag(const pe_stream *s, const pe_blk *b, size_t nb, const ete_params *p0,
                    const ete_progregs *r, unsigned lag, lag_run *out)
{
    memset(out, 0, sizeof *out);
    ete_params p = *p0;
    p.sync_lag = lag;
    char err[256];
    ete_model *m = ete_model_new(&p, r, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    ete_model_blocks(m, b, nb);
    ete_model_finish(m);
    ck_assert_msg(ete_model_error(m) == NULL, "%s", ete_model_error(m));
    const uint8_t *t = ete_model_bytes(m, &out->len);
    out->bytes = malloc(out->len);
    ck_assert_ptr_nonnull(out->bytes);
    memcpy(out->bytes, t, out->len);
    ete_model_free(m);
    /* A-Sync: eleven 0x00 then 0x80 (D5.4) at packet boundaries; no other
     * packet the model emits holds that sequence */
    for (size_t i = 0; i + 12 <= out->len; i++) {
        size_t z = 0;
        while (z < 11 && out->bytes[i + z] == 0)
            z++;
        if (z == 11 && out->bytes[i + 11] == 0x80) {
            if (out->nsync == 1)
                out->first_periodic = i;
            if (out->nsync < sizeof out->at / sizeof out->at[0])
                out->at[out->nsync] = i;
            out->nsync++;
            i += 11;
        }
    }

    ete_dec_cfg dc;
    memset(&dc, 0, sizeof dc);
    ete_model_idregs(&p, &dc.id);
    dc.trcconfigr = r->trcconfigr;
    dc.trctraceidr = r->trctraceidr;
    ete_elem_list l = {0};
    ete_decoder *d = ete_decoder_new(&dc, ete_rt_mem_read, (void *)&s->image,
                                     ete_elem_list_push, &l, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    size_t used = 0;
    ck_assert_int_eq(ete_decoder_feed(d, out->bytes, out->len, &used), 0);
    ck_assert_uint_eq(used, out->len);
    ete_decoder_finish(d);
    out->insns = ete_decoder_insn_count(d);
    ck_assert_msg(ete_decoder_errors(d) == 0, "sync_lag %u: %s", lag,
                  ete_decoder_last_error(d));
    ete_decoder_free(d);
    ck_assert(!l.oom);
    ete_oracle_stats st;
    char msg[512];
    ck_assert_msg(ete_oracle_check(s, r, p.num_acpairs, p.ccsize, NULL, 0, l.e, l.n, &st, msg,
                                   sizeof msg) == 0,
                  "sync_lag %u: %s", lag, msg);
    size_t n = 0;
    for (size_t i = 0; i < l.n; i++)
        if (l.e[i].kind == ETE_ELEM_RANGE)
            n += l.e[i].n_insn;
    out->addr = malloc((n ? n : 1) * sizeof *out->addr);
    ck_assert_ptr_nonnull(out->addr);
    for (size_t i = 0; i < l.n; i++) {
        if (l.e[i].kind != ETE_ELEM_RANGE)
            continue;
        uint64_t a = l.e[i].start;
        for (uint32_t k = 0; k < l.e[i].n_insn; k++) {
            out->addr[out->naddr++] = a;
            a += (l.e[i].n_insn > 1) ? (l.e[i].end - l.e[i].start) / l.e[i].n_insn : 0;
        }
    }
    ete_elem_list_free(&l);
}

static void lag_free(lag_run *x)
{
    free(x->bytes);
    free(x->addr);
}

/* _i: configuration (plain, cci+ts, all) x run cap */
START_TEST(test_lag_moves_sync_same_insns)
{
    static const unsigned cfgs[] = {ETE_RT_PLAIN, ETE_RT_OVERFLOW, ETE_RT_ALL};
    unsigned cfg = cfgs[_i / 2], cap = (_i & 1) ? 4u : 0u;
    uint64_t seed = 11 + (uint64_t)_i;
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    pc.n_records = 20000;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
    ete_params p;
    ete_progregs r;
    ete_rt_config(cfg, seed, &s, &p, &r);
    r.trcsyncpr = 8;                       /* an A-Sync every 256 bytes */
    pe_blk *b = malloc(pe_blk_max_slots(s.nrec) * sizeof *b);
    ck_assert_ptr_nonnull(b);
    size_t bad;
    long nb = pe_blk_from_recs(s.rec, s.nrec, cap, b, &bad, err, sizeof err);
    ck_assert_msg(nb > 0, "%s", err);

    static const unsigned lags[] = {3, 4};
    lag_run l0;
    run_lag(&s, b, (size_t)nb, &p, &r, 0, &l0);
    for (unsigned li = 0; li < 2; li++) {
        lag_run l3;
        run_lag(&s, b, (size_t)nb, &p, &r, lags[li], &l3);
        printf("test_ete_sync_lag %s max_insns %u: sync_lag 0: %zu bytes, %zu A-Sync, first "
               "periodic at %zu; sync_lag %u: %zu bytes, %zu A-Sync, first periodic at %zu; "
               "%" PRIu64 " instructions\n", ete_rt_config_name(cfg), cap, l0.len, l0.nsync,
               l0.first_periodic, lags[li], l3.len, l3.nsync, l3.first_periodic, l3.insns);
        /* the lag moves the periodic A-Sync packets: the traces are the same
         * up to the first one it moves, a periodic A-Sync of sync_lag 0 (or
         * the atom packet before it that flushes the atoms), and differ from
         * there.  A request whose lag emits no byte leaves its A-Sync where
         * it was, so the first one moved need not be the first periodic one. */
        ck_assert_uint_gt(l0.nsync, 10);
        ck_assert_uint_gt(l3.nsync, 10);
        ck_assert_uint_ge(l3.first_periodic, l0.first_periodic);
        size_t d = 0;
        while (d < l0.len && d < l3.len && l0.bytes[d] == l3.bytes[d])
            d++;
        ck_assert_msg(d < l0.len || d < l3.len, "sync_lag changed nothing");
        size_t moved = 0;
        for (size_t k = 1; k < l0.nsync && k < sizeof l0.at / sizeof l0.at[0] && !moved; k++)
            if (d <= l0.at[k] && d + 1 >= l0.at[k])
                moved = l0.at[k];
        ck_assert_msg(moved && d + 1 >= l0.first_periodic,
                      "first difference at %zu, first periodic A-Sync at %zu, not at a "
                      "periodic A-Sync of sync_lag 0", d, l0.first_periodic);
        /* the decoder sees the same instructions */
        ck_assert_uint_eq(l0.insns, l3.insns);
        ck_assert_uint_eq(l0.naddr, l3.naddr);
        ck_assert_mem_eq(l0.addr, l3.addr, l0.naddr * sizeof *l0.addr);
        lag_free(&l3);
    }
    lag_free(&l0);
    free(b);
    pe_stream_free(&s);
}
END_TEST

/* sync_lag 0 is today's behaviour: the block path equals the record path,
 * and the parameter is checked. */
START_TEST(test_lag_zero_and_range)
{
    ete_params p;
    ete_params_default(&p);
    ck_assert_uint_eq(p.sync_lag, 0);
    char err[128];
    ck_assert_int_eq(ete_params_set(&p, "sync_lag", 3, err, sizeof err), 0);
    ck_assert_uint_eq(p.sync_lag, 3);
    ck_assert_int_eq(ete_params_check(&p, err, sizeof err), 0);
    p.sync_lag = 16;
    ck_assert_int_eq(ete_params_check(&p, err, sizeof err), -1);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("sync_lag");
    TCase *tc = tcase_create("lag");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_lag_moves_sync_same_insns, 0, 6);
    tcase_add_test(tc, test_lag_zero_and_range);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
