/* The model's snapshot directory is read by both decoders: ours through
 * ete_snapshot_load gives the same elements as decoding the model's bytes
 * directly with the model's ID registers, and OpenCSD's trc_pkt_lister
 * decodes the same directory without errors, listing as many instruction
 * ranges as our OpenCSD wrapper reports for the in-memory trace. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ete_roundtrip.h"
#include "ete_snapshot_read.h"
#include "ocsd_ete.h"
#include "progen.h"

typedef struct run {
    pe_stream s;
    ete_params p;
    ete_progregs r;
    uint8_t *trace;
    size_t len;
    char dir[256];
} run;

static void make_run(run *x, uint64_t seed, unsigned cfg)
{
    char err[512];
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    pc.n_records = 6000;
    pe_stream_init(&x->s);
    ck_assert_msg(progen_generate(&pc, &x->s, err, sizeof err) == 0, "%s", err);
    ete_rt_config(cfg, seed, &x->s, &x->p, &x->r);
    ete_rt_result res;
    ck_assert_msg(ete_rt_run(&x->s, &x->p, &x->r, 0, 0, &res, &x->trace, &x->len, err,
                             sizeof err) == 0, "seed %" PRIu64 ": %s", seed, err);
    snprintf(x->dir, sizeof x->dir, "/tmp/ete-snap-%ld-%" PRIu64, (long)getpid(), seed);
    ete_idregs id;
    ete_model_idregs(&x->p, &id);
    ck_assert_msg(ete_snapshot_write(x->dir, &id, &x->r, &x->s.image, x->trace, x->len, err,
                                     sizeof err) == 0, "%s", err);
}

static void free_run(run *x)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", x->dir);
    ck_assert_int_eq(system(cmd), 0);
    free(x->trace);
    pe_stream_free(&x->s);
}

static void decode(const ete_dec_cfg *cfg, ete_mem_read_fn rd, void *img, const uint8_t *t,
                   size_t len, ete_elem_list *l)
{
    char err[256];
    ete_decoder *d = ete_decoder_new(cfg, rd, img, ete_elem_list_push, l, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    size_t used;
    ck_assert_int_eq(ete_decoder_feed(d, t, len, &used), 0);
    ete_decoder_finish(d);
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}

START_TEST(test_ours_reads_snapshot)
{
    run x;
    make_run(&x, 100 + (uint64_t)_i, (unsigned)_i % ETE_RT_NUM_CONFIGS);
    ete_snapshot ss;
    char err[512];
    ck_assert_msg(ete_snapshot_load(x.dir, NULL, &ss, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(ss.trace_len, x.len);
    ck_assert(memcmp(ss.trace, x.trace, x.len) == 0);
    ete_dec_cfg direct;
    memset(&direct, 0, sizeof direct);
    ete_model_idregs(&x.p, &direct.id);
    direct.trcconfigr = x.r.trcconfigr;
    direct.trctraceidr = x.r.trctraceidr;
    ck_assert(memcmp(&ss.cfg.id, &direct.id, sizeof direct.id) == 0 ||
              (ss.cfg.id.trcidr[0] == direct.id.trcidr[0] &&
               ss.cfg.id.trcidr[1] == direct.id.trcidr[1] &&
               ss.cfg.id.trcidr[2] == direct.id.trcidr[2] &&
               ss.cfg.id.trcidr[8] == direct.id.trcidr[8] &&
               ss.cfg.id.trcdevarch == direct.id.trcdevarch));
    ck_assert_uint_eq(ss.cfg.trcconfigr, direct.trcconfigr);
    ete_elem_list a = {0}, b = {0};
    decode(&direct, ete_rt_mem_read, &x.s.image, x.trace, x.len, &a);
    decode(&ss.cfg, ete_image_read, &ss.image, ss.trace, ss.trace_len, &b);
    ck_assert_uint_eq(a.n, b.n);
    for (size_t i = 0; i < a.n; i++) {
        char la[256], lb[256];
        ete_elem_format(&a.e[i], la, sizeof la);
        ete_elem_format(&b.e[i], lb, sizeof lb);
        ck_assert_msg(strcmp(la, lb) == 0, "element %zu: direct '%s', snapshot '%s'", i, la, lb);
    }
    ete_elem_list_free(&a);
    ete_elem_list_free(&b);
    ete_snapshot_free(&ss);
    free_run(&x);
}
END_TEST

START_TEST(test_opencsd_reads_snapshot)
{
    run x;
    make_run(&x, 200 + (uint64_t)_i, (unsigned)_i % ETE_RT_NUM_CONFIGS);
    char cmd[768], out[300];
    snprintf(out, sizeof out, "%s/ppl.txt", x.dir);
    /* -logfilename keeps trc_pkt_lister's log out of the working directory */
    snprintf(cmd, sizeof cmd, "trc_pkt_lister -ss_dir '%s' -decode -logfilename '%s' "
             ">/dev/null 2>&1", x.dir, out);
    ck_assert_int_eq(system(cmd), 0);
    FILE *f = fopen(out, "r");
    ck_assert_msg(f != NULL, "trc_pkt_lister wrote no log");
    char line[1024];
    unsigned ranges = 0, errors = 0;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "OCSD_GEN_TRC_ELEM_INSTR_RANGE"))
            ranges++;
        if (strstr(line, "ERROR") || strstr(line, "ADDR_NACC"))
            errors++;
    }
    fclose(f);
    ck_assert_msg(errors == 0, "trc_pkt_lister reported %u errors on %s", errors, x.dir);
    ocsd_ete_result o;
    char err[512];
    ete_idregs id;
    ete_model_idregs(&x.p, &id);
    ck_assert_msg(ocsd_ete_decode(&id, x.r.trcconfigr, x.r.trctraceidr, &x.s.image, x.trace,
                                  x.len, &o, err, sizeof err) == 0, "%s", err);
    unsigned api_ranges = 0;
    for (size_t i = 0; i < o.n; i++)
        api_ranges += o.elem[i].kind == OCSD_ETE_RANGE;
    ocsd_ete_result_free(&o);
    ck_assert_msg(ranges > 0 && ranges == api_ranges,
                  "trc_pkt_lister listed %u ranges from the snapshot, the C API %u", ranges,
                  api_ranges);
    free_run(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_snapshot_xcheck");
    TCase *tc = tcase_create("snapshot");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_ours_reads_snapshot, 0, ETE_RT_NUM_CONFIGS);
    tcase_add_loop_test(tc, test_opencsd_reads_snapshot, 0, 4);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
