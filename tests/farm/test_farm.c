/* Regression farms and FuseSoC (docs/regression-farm.md, docs/fusesoc.md):
 *  - two shards of `make regress` run at once and merged by
 *    `make regress-merge` equal the unsharded run, test case by test case;
 *  - a failing seed's JUnit failure carries its replay command;
 *  - overlapping shards and bad SHARD values are refused;
 *  - `fusesoc run --target=lint` passes for every core of the repository
 *    and fails for an illegal parameter (skipped, with a line saying so,
 *    when fusesoc is not installed: `make deps` installs it);
 *  - the plots (docs/plots.md): `spe-decode --stats --plot` and
 *    scripts/plot_bench.py write PNG files from real runs, and the plot data
 *    agree with the summary (skipped when Debian's python3-matplotlib is
 *    missing).
 * Run from the repository root (as `make test` does). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char tmpdir[128];

static int run(const char *cmd)
{
    int st = system(cmd);
    if (st == -1 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

/* make without the jobserver of a calling make */
#define MAKE "env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory"
/* a short regression: 10 seeds of the ETE round trip, 3000 records each */
#define SHORT "regress REGRESS_SEEDS=10 REGRESS_START=41 REGRESS_ARGS='--records 3000'"

static void run_ok(const char *cmd)
{
    int rc = run(cmd);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, cmd);
}

/* 1 when file holds text */
static int file_has(const char *file, const char *text)
{
    char q[1024], cmd[1400];
    size_t n = 0;
    /* text in single quotes for the shell: ' becomes '\'' */
    for (const char *p = text; *p && n + 5 < sizeof q; p++) {
        if (*p == '\'') {
            memcpy(q + n, "'\\''", 4);
            n += 4;
        } else
            q[n++] = *p;
    }
    q[n] = 0;
    snprintf(cmd, sizeof cmd, "grep -qF -- '%s' %s", q, file);
    return run(cmd) == 0;
}

START_TEST(shards_merge_to_full_run)
{
    char cmd[2048];
    mkdir(tmpdir, 0777);
    snprintf(cmd, sizeof cmd, MAKE " " SHORT " JUNIT=%s/full.xml > %s/full.txt", tmpdir, tmpdir);
    run_ok(cmd);
    /* both shards at once, as a farm runs them */
    snprintf(cmd, sizeof cmd,
             "(" MAKE " " SHORT " SHARD=1/2 JUNIT=%s/s1.xml > %s/s1.txt & a=$!; "
             MAKE " " SHORT " SHARD=2/2 JUNIT=%s/s2.xml > %s/s2.txt & b=$!; "
             "wait $a && wait $b)",
             tmpdir, tmpdir, tmpdir, tmpdir);
    run_ok(cmd);
    char f[256];
    snprintf(f, sizeof f, "%s/s1.xml", tmpdir);
    ck_assert_msg(file_has(f, "<testsuites name=\"regress\" tests=\"5\" failures=\"0\""),
                  "shard 1/2 of 10 seeds does not hold 5 passing test cases");
    ck_assert_msg(file_has(f, "name=\"seed 41\"") && file_has(f, "name=\"seed 49\"") &&
                      !file_has(f, "name=\"seed 42\""),
                  "shard 1/2 does not hold seeds 41, 43 .. 49");
    snprintf(f, sizeof f, "%s/s2.xml", tmpdir);
    ck_assert_msg(file_has(f, "name=\"seed 42\"") && file_has(f, "name=\"seed 50\"") &&
                      !file_has(f, "name=\"seed 41\""),
                  "shard 2/2 does not hold seeds 42, 44 .. 50");
    snprintf(cmd, sizeof cmd,
             MAKE " regress-merge JUNIT_IN='%s/s1.xml %s/s2.xml' JUNIT=%s/merged.xml > /dev/null",
             tmpdir, tmpdir, tmpdir);
    run_ok(cmd);
    snprintf(f, sizeof f, "%s/merged.xml", tmpdir);
    ck_assert_msg(file_has(f, "tests=\"10\" failures=\"0\" errors=\"0\""),
                  "the merged file does not count 10 passing test cases");
    snprintf(cmd, sizeof cmd, "python3 scripts/regress.py compare %s/full.xml %s/merged.xml",
             tmpdir, tmpdir);
    run_ok(cmd);
    /* the comparison itself tells a difference: one shard alone is not the
     * full run */
    snprintf(cmd, sizeof cmd,
             "python3 scripts/regress.py compare %s/full.xml %s/s1.xml > /dev/null", tmpdir,
             tmpdir);
    ck_assert_int_eq(run(cmd), 1);
    /* the same shard twice overlaps */
    snprintf(cmd, sizeof cmd,
             "python3 scripts/regress.py merge -o %s/bad.xml %s/s1.xml %s/s1.xml 2> %s/err.txt",
             tmpdir, tmpdir, tmpdir, tmpdir);
    ck_assert_int_eq(run(cmd), 2);
    snprintf(f, sizeof f, "%s/err.txt", tmpdir);
    ck_assert_msg(file_has(f, "the shards overlap"), "no overlap message");
}
END_TEST

START_TEST(failure_carries_replay)
{
    char cmd[2048], f[256];
    mkdir(tmpdir, 0777);
    /* seeds 3 and 6 of 1..7 fail; two sets */
    snprintf(cmd, sizeof cmd,
             "python3 scripts/regress.py run --name t --sets 'A B' --start 1 --seeds 7 "
             "--junit %s/fail.xml --log %s/fail-{set}.log -- "
             "sh -c 'echo set $0 seed $1; test $(($1 %% 3)) -ne 0' {set} {seed} > %s/fail.txt",
             tmpdir, tmpdir, tmpdir);
    ck_assert_int_eq(run(cmd), 1);
    snprintf(f, sizeof f, "%s/fail.xml", tmpdir);
    ck_assert_msg(file_has(f, "<testsuites name=\"t\" tests=\"14\" failures=\"4\""),
                  "expected 14 test cases, 4 failures");
    ck_assert_msg(file_has(f, "<testsuite name=\"t.B\" tests=\"7\" failures=\"2\""),
                  "expected suite t.B with 2 failures");
    ck_assert_msg(file_has(f, "message=\"exit 1; replay: sh -c 'echo set $0 seed $1; test "
                              "$(($1 % 3)) -ne 0' B 6\""),
                  "set B seed 6: no failure with its replay command");
    ck_assert_msg(file_has(f, "set A seed 3"), "the failure text lacks the seed's output");
    snprintf(f, sizeof f, "%s/fail-B.log", tmpdir);
    ck_assert_msg(file_has(f, "set B seed 7"), "set B's log lacks seed 7");
}
END_TEST

START_TEST(bad_arguments)
{
    static const char *const bad[] = {"0/2", "3/2", "1/0", "x", "1/2/3"};
    char cmd[1024], f[256];
    mkdir(tmpdir, 0777);
    snprintf(f, sizeof f, "%s/bad.txt", tmpdir);
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(cmd, sizeof cmd,
                 "python3 scripts/regress.py run --name t --seeds 4 --shard %s -- "
                 "true {seed} 2> %s",
                 bad[i], f);
        ck_assert_msg(run(cmd) == 2, "SHARD %s accepted", bad[i]);
        ck_assert_msg(file_has(f, "SHARD"), "SHARD %s: the message does not name SHARD", bad[i]);
    }
    /* a command without {seed} would run one test N times */
    snprintf(cmd, sizeof cmd, "python3 scripts/regress.py run --name t --seeds 4 -- true 2> %s", f);
    ck_assert_int_eq(run(cmd), 2);
    /* make regress-merge without its files */
    snprintf(cmd, sizeof cmd, MAKE " regress-merge JUNIT=%s/x.xml 2> %s", tmpdir, f);
    ck_assert_int_ne(run(cmd), 0);
    ck_assert_msg(file_has(f, "JUNIT_IN"), "regress-merge does not ask for JUNIT_IN");
    /* a file that is not XML: the message names the file and the line */
    snprintf(cmd, sizeof cmd,
             "printf '<testsuites>\\n<testsuite>\\n' > %s/trunc.xml && "
             "python3 scripts/regress.py merge -o %s/y.xml %s/trunc.xml 2> %s",
             tmpdir, tmpdir, tmpdir, f);
    ck_assert_int_eq(run(cmd), 2);
    ck_assert_msg(file_has(f, "trunc.xml: not XML") && file_has(f, "line 3"),
                  "no message naming the file and line");
}
END_TEST

/* every core of the repository, and the wide ETE set of make lint-ete */
static const char *const lint_runs[] = {
    "armtrace:ip:common",
    "armtrace:ip:ete",
    "armtrace:ip:ete --RETIRE_WIDTH=4 --OUT_BYTES=16 --OUT_FIFO_DEPTH=1024 --NUM_ACPAIRS=8 "
    "--NUM_EXTIN=8",
    "armtrace:ip:trbe",
    "armtrace:ip:trbe --IN_BYTES=16 --DATA_W=128 --BURST_BEATS=32 --ID_W=6 --AXI_ID=37",
    "armtrace:ip:spe",
    "armtrace:ip:brbe",
    "armtrace:ip:etmv1",
    "armtrace:ip:trace_subsystem",
};

static int have_fusesoc(void)
{
    return run("command -v fusesoc > /dev/null 2>&1") == 0;
}

START_TEST(fusesoc_lint)
{
    if (!have_fusesoc()) {
        printf("fusesoc_lint: skipped: fusesoc is not installed (make deps)\n");
        return;
    }
    char cmd[1024];
    mkdir(tmpdir, 0777);
    snprintf(cmd, sizeof cmd, "fusesoc run --target=lint %s > %s/fusesoc-%d.log 2>&1",
             lint_runs[_i], tmpdir, _i);
    int rc = run(cmd);
    if (rc != 0) {
        char show[512];
        snprintf(show, sizeof show, "grep -E '%%(Error|Warning)' %s/fusesoc-%d.log | head -n 8",
                 tmpdir, _i);
        run(show);
    }
    ck_assert_msg(rc == 0, "fusesoc lint of %s: exit %d", lint_runs[_i], rc);
}
END_TEST

START_TEST(fusesoc_lint_rejects)
{
    if (!have_fusesoc()) {
        printf("fusesoc_lint_rejects: skipped: fusesoc is not installed (make deps)\n");
        return;
    }
    /* RETIRE_WIDTH 3 is illegal: the elaboration check names it */
    char cmd[1024], f[256];
    mkdir(tmpdir, 0777);
    snprintf(f, sizeof f, "%s/fusesoc-bad.log", tmpdir);
    snprintf(cmd, sizeof cmd, "fusesoc run --target=lint armtrace:ip:ete --RETIRE_WIDTH=3 > %s 2>&1",
             f);
    ck_assert_int_ne(run(cmd), 0);
    ck_assert_msg(file_has(f, "RETIRE_WIDTH_must_be"), "no message naming RETIRE_WIDTH");
}
END_TEST

static int have_matplotlib(void)
{
    return run("/usr/bin/python3 -c 'import matplotlib' > /dev/null 2>&1") == 0;
}

/* 1 when file starts with the PNG signature */
static int is_png(const char *file)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char b[8];
    FILE *f = fopen(file, "rb");
    if (!f)
        return 0;
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    return n == sizeof b && memcmp(b, sig, sizeof sig) == 0;
}

START_TEST(spe_decode_plot)
{
    if (!have_matplotlib()) {
        printf("spe_decode_plot: skipped: python3-matplotlib is not installed (make deps)\n");
        return;
    }
    char cmd[2048], f[256];
    mkdir(tmpdir, 0777);
    snprintf(cmd, sizeof cmd,
             "build/bin/pe-gen --seed 5 --records 40000 -o %s/p.pe > /dev/null 2>&1 && "
             "build/bin/spe-profile -q %s/p.pe -o %s/p.spe && "
             "build/bin/spe-decode --stats --top 5 --plot %s/p.png %s/p.spe > %s/p.txt",
             tmpdir, tmpdir, tmpdir, tmpdir, tmpdir, tmpdir);
    run_ok(cmd);
    snprintf(f, sizeof f, "%s/p.png", tmpdir);
    ck_assert_msg(is_png(f), "%s is not a PNG file", f);
    /* the histogram holds every record with a total latency, the summary's
     * TOT count; five PC lines */
    snprintf(cmd, sizeof cmd,
             "n=$(awk -F'\t' '$1 == \"lat\" { s += $3 } END { print s + 0 }' %s/p.png.tsv); "
             "t=$(awk -F'\t' '$1 == \"records\" { print $3 }' %s/p.png.tsv); "
             "s=$(awk '$1 == \"TOT\" { print $2 }' %s/p.txt); "
             "p=$(grep -c '^pc' %s/p.png.tsv); "
             "[ \"$n\" -gt 0 ] && [ \"$n\" = \"$t\" ] && [ \"$t\" = \"$s\" ] && [ \"$p\" = 5 ]",
             tmpdir, tmpdir, tmpdir, tmpdir);
    run_ok(cmd);
    /* --plot needs --stats; a script that fails is an error */
    snprintf(cmd, sizeof cmd, "build/bin/spe-decode --plot %s/q.png %s/p.spe > /dev/null 2>&1",
             tmpdir, tmpdir);
    ck_assert_int_eq(run(cmd), 2);
    snprintf(cmd, sizeof cmd,
             "SPE_PLOT_SCRIPT=/nonexistent build/bin/spe-decode --stats --plot %s/q.png %s/p.spe "
             "> /dev/null 2>&1", tmpdir, tmpdir);
    ck_assert_int_eq(run(cmd), 2);
}
END_TEST

START_TEST(bench_plots)
{
    if (!have_matplotlib()) {
        printf("bench_plots: skipped: python3-matplotlib is not installed (make deps)\n");
        return;
    }
    char cmd[2048], f[256];
    mkdir(tmpdir, 0777);
    /* two configurations' round trips and a short ete-bench, as make bench
     * saves them (mk/plots.mk); no RTL rates: that plot is skipped */
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/data/configs && for c in plain rs; do "
             "build/bin/ete-roundtrip --config $c --seeds 2 --records 3000 > %s/data/configs/$c.txt "
             "|| exit 1; done && build/bin/ete-bench --records 20000 > %s/data/ete-bench.txt && "
             "/usr/bin/python3 scripts/plot_bench.py --data %s/data --out %s/out "
             "--refs docs/trace-reference.csv > %s/plot.txt",
             tmpdir, tmpdir, tmpdir, tmpdir, tmpdir, tmpdir);
    run_ok(cmd);
    static const char *const pngs[] = {"bits-per-instruction.png", "packet-mix.png",
                                       "decoder-speed.png"};
    for (unsigned i = 0; i < 3; i++) {
        snprintf(f, sizeof f, "%s/out/%s", tmpdir, pngs[i]);
        ck_assert_msg(is_png(f), "%s is not a PNG file", f);
    }
    snprintf(f, sizeof f, "%s/plot.txt", tmpdir);
    ck_assert_msg(file_has(f, "rtl-throughput.png skipped: no bench-ete-rtl.txt"),
                  "the missing RTL data is not reported");
    snprintf(f, sizeof f, "%s/out/rtl-throughput.png", tmpdir);
    ck_assert_msg(access(f, F_OK) != 0, "an RTL plot without RTL data");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("farm");
    TCase *tc = tcase_create("shards");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, shards_merge_to_full_run);
    tcase_add_test(tc, failure_carries_replay);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);
    TCase *tf = tcase_create("fusesoc");
    tcase_set_timeout(tf, 180);
    tcase_add_loop_test(tf, fusesoc_lint, 0, (int)(sizeof lint_runs / sizeof lint_runs[0]));
    tcase_add_test(tf, fusesoc_lint_rejects);
    suite_add_tcase(s, tf);
    TCase *tp = tcase_create("plots");
    tcase_set_timeout(tp, 180);
    tcase_add_test(tp, spe_decode_plot);
    tcase_add_test(tp, bench_plots);
    suite_add_tcase(s, tp);
    return s;
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_farm_%ld", (long)getpid());
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    run(cmd);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
