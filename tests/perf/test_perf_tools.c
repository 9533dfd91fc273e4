/* Linux perf on the perf.data files perf-data-write writes (docs/perf-data.md):
 * `perf script` gives the instruction and branch counts of our ETE decoder
 * and `perf report -D` prints the packet lines of spe-decode
 * (scripts/perf_check.sh), on a random program (pe-gen) and on a bundled
 * capture (gzip, mk/workloads.mk).  Skipped, with a line saying so, when
 * perf is not installed (`make deps` installs Debian's linux-perf).
 *
 * The tools are run from build/bin ($PERF_TEST_BIN overrides). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SKIP 77

static char tmpdir[128];
static const char *bin = "build/bin";

static int run(const char *cmd)
{
    int st = system(cmd);
    if (st == -1 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static void run_ok(const char *cmd)
{
    int rc = run(cmd);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, cmd);
}

/* ETE (model, in configuration config, checked against pe by the round
 * trip of ete-trace) and SPE (model) of pe, written as perf.data files and
 * read by perf */
static void check_stream(const char *test, const char *pe, const char *config,
                         const char *elf_args)
{
    char d[256], cmd[4096];
    snprintf(d, sizeof d, "%s/%s", tmpdir, test);
    mkdir(tmpdir, 0777);
    mkdir(d, 0777);
    snprintf(cmd, sizeof cmd, "%s/ete-trace %s --out %s --config %s > /dev/null", bin, pe, d,
             config);
    run_ok(cmd);
    snprintf(cmd, sizeof cmd, "%s/spe-profile -q %s -o %s/spe.bin", bin, pe, d);
    run_ok(cmd);
    snprintf(cmd, sizeof cmd,
             "%s/perf-data-write --ete %s/snapshot --pe %s %s -o %s/perf.data > /dev/null && "
             "%s/perf-data-write --spe %s/spe.bin --pe %s %s -o %s/spe.perf.data > /dev/null",
             bin, d, pe, elf_args, d, bin, d, pe, elf_args, d);
    run_ok(cmd);
    snprintf(cmd, sizeof cmd,
             "scripts/perf_check.sh --bin %s --ete %s/snapshot %s/perf.data "
             "--spe %s/spe.bin %s/spe.perf.data",
             bin, d, d, d, d);
    int rc = run(cmd);
    if (rc == SKIP) {
        printf("%s: skipped: Linux perf with OpenCSD is not installed (make deps)\n", test);
    } else {
        ck_assert_msg(rc == 0, "%s: perf and our decoders differ (exit %d): %s", test, rc, cmd);
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s", d);
    run(cmd);
}

START_TEST(random_program)
{
    /* one process at EL0 (perf maps user code only), loads and stores,
     * ISBs and WFx: ranges that end without a branch; every ETE option
     * (all), and an address range filter with its gaps (filter-range) */
    static const unsigned seeds[] = {11, 4242};
    static const char *const configs[] = {"all", "filter-range"};
    unsigned seed = seeds[_i];
    char pe[256], cmd[1024], name[64];
    snprintf(name, sizeof name, "random-%u", seed);
    mkdir(tmpdir, 0777);
    snprintf(pe, sizeof pe, "%s/%s.pe", tmpdir, name);
    snprintf(cmd, sizeof cmd,
             "%s/pe-gen --seed %u --records 30000 --features ldst,isb,wfx -o %s > /dev/null",
             bin, seed, pe);
    run_ok(cmd);
    check_stream(name, pe, configs[_i], "");
    unlink(pe);
}
END_TEST

START_TEST(bundled_capture)
{
    const char *wl = getenv("WL_PE_DIR");
    char pe[1024], sysroot[1024], args[3072];
    snprintf(pe, sizeof pe, "%s/gzip.pe", wl && *wl ? wl : "build/workloads");
    snprintf(sysroot, sizeof sysroot, "%s/debian/sysroot", wl && *wl ? wl : "build/workloads");
    if (access(pe, R_OK) != 0) {
        printf("bundled_capture: skipped: %s does not exist (make workloads)\n", pe);
        return;
    }
    snprintf(args, sizeof args, "--elf %s/bin/gzip --sysroot %s", sysroot, sysroot);
    check_stream("gzip", pe, "ctxt", args);
}
END_TEST

/* the tool's own errors: a message naming the problem, exit 2 for usage
 * and 1 for a file (no perf needed) */
static void expect(const char *args, int want_rc, const char *want)
{
    char log[256], cmd[2048];
    mkdir(tmpdir, 0777);
    snprintf(log, sizeof log, "%s/pdw-%ld.txt", tmpdir, (long)getpid());
    snprintf(cmd, sizeof cmd, "%s/perf-data-write %s > %s 2>&1", bin, args, log);
    int rc = run(cmd);
    FILE *f = fopen(log, "r");
    ck_assert_ptr_nonnull(f);
    char text[4096] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    unlink(log);
    ck_assert_msg(rc == want_rc, "%s: exit %d, want %d: %s", cmd, rc, want_rc, text);
    ck_assert_msg(strstr(text, want), "%s: '%s' not in: %s", cmd, want, text);
}

START_TEST(writer_tool_errors)
{
    expect("", 2, "give exactly one of --ete DIR and --spe FILE");
    expect("--ete a --spe b -o x", 2, "give exactly one of");
    expect("--spe b", 2, "no output file");
    expect("--spe b -o x --pid 0", 2, "--pid: '0' is not a positive number");
    expect("--spe b -o x --cpu -1", 2, "--cpu: '-1' is not a CPU number");
    expect("--spe b -o x --sysroot /", 2, "--sysroot needs the program");
    expect("--spe b -o x --bogus", 2, "unknown argument '--bogus'");
    expect("--spe /nonexistent/buf.bin -o /tmp/x.data", 1, "/nonexistent/buf.bin");
    expect("--ete /nonexistent/snap -o /tmp/x.data", 1, "/nonexistent/snap");
    expect("--elf-info /bin/sh", 1, "not AArch64");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("perf_tools");
    TCase *tc = tcase_create("perf");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, random_program, 0, 2);
    tcase_add_test(tc, bundled_capture);
    tcase_add_test(tc, writer_tool_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    const char *b = getenv("PERF_TEST_BIN");
    if (b && *b)
        bin = b;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_perf_tools_%ld", (long)getpid());
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    rmdir(tmpdir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
