/* The layers' include sets (Makefile: INC_common, INC_LAYER_model,
 * INC_LAYER_sw): the shared contract in common/ includes nothing else, a
 * model file cannot include a decoder or driver header, and a decoder or
 * driver file cannot include a model header.  Each case compiles a one-line
 * probe with the compiler and the include set the Makefile uses for that
 * layer, and expects the compile to fail (a forbidden header) or to pass
 * (an allowed one, so that a broken probe cannot pass as a refusal).
 *
 * The Makefile passes LAYER_CC, LAYER_INC_COMMON, LAYER_INC_MODEL and
 * LAYER_INC_SW; paths are relative to the repository root, where the tests
 * run. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_util.h"

#ifndef LAYER_CC
#error "LAYER_CC: the C compiler, given by the Makefile"
#endif

static char probe_dir[64];

/* 1 if `#include "hdr"` compiles with the include set inc, 0 if not */
static int compiles(const char *inc, const char *hdr)
{
    char src[128], cmd[1024];
    snprintf(src, sizeof src, "%s/probe.c", probe_dir);
    FILE *f = fopen(src, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "#include \"%s\"\nint layer_probe(void);\nint layer_probe(void) { return 0; }\n", hdr);
    ck_assert_int_eq(fclose(f), 0);
    int n = snprintf(cmd, sizeof cmd,
                     "%s -std=c11 -D_POSIX_C_SOURCE=200809L -fsyntax-only %s %s 2>/dev/null",
                     LAYER_CC, inc, src);
    ck_assert_int_lt(n, (int)sizeof cmd);
    int rc = system(cmd);
    ck_assert_int_ne(rc, -1);
    return rc == 0;
}

static void setup(void)
{
    snprintf(probe_dir, sizeof probe_dir, "/tmp/test_layers_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(probe_dir));
}

static void teardown(void)
{
    char src[128];
    snprintf(src, sizeof src, "%s/probe.c", probe_dir);
    unlink(src);
    rmdir(probe_dir);
}

START_TEST(test_model_layer)
{
    ck_assert(compiles(LAYER_INC_MODEL, "pe_stream.h"));
    ck_assert(compiles(LAYER_INC_MODEL, "ete_model.h"));
    ck_assert(compiles(LAYER_INC_MODEL, "spe_model.h"));
    ck_assert(!compiles(LAYER_INC_MODEL, "ete_decoder.h"));
    ck_assert(!compiles(LAYER_INC_MODEL, "spe_pkt.h"));
    ck_assert(!compiles(LAYER_INC_MODEL, "trbe_drv.h"));
    ck_assert(!compiles(LAYER_INC_MODEL, "harness.h"));
}
END_TEST

START_TEST(test_sw_layer)
{
    ck_assert(compiles(LAYER_INC_SW, "pe_stream.h"));
    ck_assert(compiles(LAYER_INC_SW, "ete_decoder.h"));
    ck_assert(compiles(LAYER_INC_SW, "perf_data.h"));
    ck_assert(!compiles(LAYER_INC_SW, "ete_model.h"));
    ck_assert(!compiles(LAYER_INC_SW, "spe_model.h"));
    ck_assert(!compiles(LAYER_INC_SW, "brbe_model.h"));
    ck_assert(!compiles(LAYER_INC_SW, "harness.h"));
}
END_TEST

/* every header of common/ stands alone, and common/ sees no other layer */
START_TEST(test_common_layer)
{
    DIR *d = opendir("common");
    ck_assert_ptr_nonnull(d);
    int headers = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0)
            continue;
        ck_assert_msg(compiles(LAYER_INC_COMMON, e->d_name),
                      "common/%s does not compile with common/ alone", e->d_name);
        headers++;
    }
    closedir(d);
    ck_assert_int_ge(headers, 6);
    ck_assert(!compiles(LAYER_INC_COMMON, "ete_model.h"));
    ck_assert(!compiles(LAYER_INC_COMMON, "ete_decoder.h"));
}
END_TEST

static Suite *layers_suite(void)
{
    Suite *s = suite_create("layers");
    TCase *tc = tcase_create("include_sets");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_model_layer);
    tcase_add_test(tc, test_sw_layer);
    tcase_add_test(tc, test_common_layer);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cu_run_suite(layers_suite());
}
