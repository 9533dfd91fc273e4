/* trace-run (scripts/trace-run, docs/trace-run.md) on a small program: the
 * outputs it promises, and a clear error and a non-zero exit for a missing
 * program, a program that is not AArch64, a program that crashes under
 * QEMU and an instruction cap of 0.
 *
 * Runs build/bin/trace-run ($PERF_TEST_BIN overrides the folder) on
 * build/workloads/bin/wl_recurse and build/perf/perf_crash (mk/perf.mk). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "file_read.h"

static char tmpdir[128];
static const char *bin = "build/bin";
static const char *build = "build";

/* run trace-run with args, its output (both streams) into *out */
static int trace_run(const char *args, char **out)
{
    char log[256], cmd[4096];
    mkdir(tmpdir, 0777);
    snprintf(log, sizeof log, "%s/log-%ld.txt", tmpdir, (long)getpid());
    snprintf(cmd, sizeof cmd, "%s/trace-run %s > %s 2>&1 < /dev/null", bin, args, log);
    int st = system(cmd);
    uint8_t *d = NULL;
    size_t n = 0;
    char err[256];
    ck_assert_msg(file_read_all(log, &d, &n, err, sizeof err) == 0, "%s", err);
    *out = malloc(n + 1);
    ck_assert_ptr_nonnull(*out);
    if (n)
        memcpy(*out, d, n);
    (*out)[n] = 0;
    free(d);
    unlink(log);
    ck_assert_msg(st != -1 && WIFEXITED(st), "%s did not run", cmd);
    return WEXITSTATUS(st);
}

static int exists(const char *dir, const char *name)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return access(p, R_OK) == 0;
}

static void check_outputs(const char *o, int spe)
{
    ck_assert(exists(o, "snapshot/snapshot.ini"));
    ck_assert(exists(o, "snapshot/trace.bin"));
    ck_assert(exists(o, "trace.bin"));
    ck_assert(exists(o, "wl_recurse.pe"));
    char p[512], err[256];
    snprintf(p, sizeof p, "%s/perf.data", o);
    uint8_t *d = NULL;
    size_t n = 0;
    ck_assert_msg(file_read_all(p, &d, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_gt(n, 104);
    ck_assert_int_eq(memcmp(d, "PERFILE2", 8), 0);
    free(d);
    ck_assert_int_eq(exists(o, "spe.perf.data"), spe);
    ck_assert_int_eq(exists(o, "spe.bin"), spe);
}

START_TEST(model_run_writes_everything)
{
    char o[256], args[1024], *out;
    snprintf(o, sizeof o, "%s/model", tmpdir);
    snprintf(args, sizeof args,
             "--model --spe --brbe --insns 40000 --out %s -- %s/workloads/bin/wl_recurse", o,
             build);
    int rc = trace_run(args, &out);
    ck_assert_msg(rc == 0, "trace-run exit %d:\n%s", rc, out);
    ck_assert_ptr_nonnull(strstr(out, "ete-trace: PASS"));
    ck_assert_ptr_nonnull(strstr(out, "trace-run: PASS"));
    ck_assert_ptr_nonnull(strstr(out, "sample records written and decoded back"));
    ck_assert_msg(!strstr(out, "perf_check: ETE FAIL") && !strstr(out, "perf_check: SPE FAIL"),
                  "%s", out);
    check_outputs(o, 1);
    ck_assert(exists(o, "brbe.txt"));
    free(out);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", o);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(rtl_run)
{
    char ts[256];
    snprintf(ts, sizeof ts, "%s/ts-demo", bin);
    if (access(ts, X_OK) != 0) {
        printf("rtl_run: skipped: %s is not built (make %s; trace-run --rtl builds it)\n", ts,
               ts);
        return;
    }
    char o[256], args[1024], *out;
    snprintf(o, sizeof o, "%s/rtl", tmpdir);
    snprintf(args, sizeof args, "--rtl --insns 20000 --out %s -- %s/workloads/bin/wl_recurse",
             o, build);
    int rc = trace_run(args, &out);
    ck_assert_msg(rc == 0, "trace-run exit %d:\n%s", rc, out);
    ck_assert_ptr_nonnull(strstr(out, "verdict        PASS"));
    ck_assert_ptr_nonnull(strstr(out, "trace-run: PASS"));
    check_outputs(o, 0);
    free(out);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", o);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* trace-run with args exits with rc_want and says needle. */
static void expect_fail(const char *args, int rc_want, const char *needle)
{
    char *out;
    int rc = trace_run(args, &out);
    ck_assert_int_eq(rc, rc_want);
    ck_assert_msg(strstr(out, needle), "%s", out);
    free(out);
}

START_TEST(insns_zero)
{
    expect_fail("--insns 0 -- /bin/true", 2, "--insns 0: the instruction cap must be at least 1");
    expect_fail("--insns ten -- /bin/true", 2, "is not a number");
}
END_TEST

START_TEST(missing_program)
{
    expect_fail("--model -- /nonexistent/prog", 1, "/nonexistent/prog: no such file");
    expect_fail("--model -- no-such-program-anywhere", 1, "no-such-program-anywhere: program not found");
    expect_fail("--model", 2, "no program given");
}
END_TEST

START_TEST(not_aarch64)
{
    char *out;
    int rc = trace_run("--model -- /bin/sh -c true", &out);
    ck_assert_int_eq(rc, 1);
    ck_assert_msg(strstr(out, "is not an AArch64 Linux program") && strstr(out, "not AArch64"),
                  "%s", out);
    free(out);
    expect_fail("--model -- scripts/trace-run", 1, "not an ELF file");
}
END_TEST

START_TEST(crashing_program)
{
    char o[256], args[1024], *out;
    snprintf(o, sizeof o, "%s/crash", tmpdir);
    snprintf(args, sizeof args, "--model --out %s -- %s/perf/perf_crash", o, build);
    int rc = trace_run(args, &out);
    ck_assert_int_eq(rc, 1);
    ck_assert_msg(strstr(out, "perf_crash crashed under qemu-aarch64") &&
                  strstr(out, "Segmentation fault"), "%s", out);
    ck_assert(!exists(o, "perf.data"));
    free(out);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", o);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("trace_run");
    TCase *tc = tcase_create("trace-run");
    tcase_set_timeout(tc, 180);
    tcase_add_test(tc, model_run_writes_everything);
    tcase_add_test(tc, rtl_run);
    tcase_add_test(tc, insns_zero);
    tcase_add_test(tc, missing_program);
    tcase_add_test(tc, not_aarch64);
    tcase_add_test(tc, crashing_program);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    const char *b = getenv("PERF_TEST_BIN");
    if (b && *b)
        bin = b;
    const char *wl = getenv("WL_PE_DIR");
    static char bd[1024];
    if (wl && *wl) {   /* $(BUILD)/workloads, exported by mk/workloads.mk */
        snprintf(bd, sizeof bd, "%s/..", wl);
        build = bd;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_trace_run_%ld", (long)getpid());
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    rmdir(tmpdir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
