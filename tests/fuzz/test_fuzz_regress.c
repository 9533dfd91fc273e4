/* The regression inputs (tests/fuzz/regress/<target>/: every input that
 * once broke a decoder) and the seed corpora (tests/fuzz/corpus/<target>/)
 * fed to the fuzz targets' entry points, built here with gcc's ASan and
 * UBSan, so that `make test` runs them without clang.  The entry point
 * aborts on a broken invariant (and fuzz_ete_dec on work beyond its bound
 * per byte); each input has REGRESS_LIMIT_S seconds, after which the test
 * fails naming it.  FUZZ_TARGETS (from mk/fuzz.mk) lists every
 * tests/fuzz/fuzz_<target>.c as X(<target>). */
#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef FUZZ_TARGETS
#error "FUZZ_TARGETS: build with mk/fuzz.mk"
#endif

#define REGRESS_LIMIT_S 10u     /* under ASan; libFuzzer's limit is 1 s */

#define X(n) int fuzz_entry_##n(const uint8_t *data, size_t size);
FUZZ_TARGETS
#undef X

typedef struct target {
    const char *name;
    int (*entry)(const uint8_t *, size_t);
} target;

static const target targets[] = {
#define X(n) { #n, fuzz_entry_##n },
    FUZZ_TARGETS
#undef X
};
#define NTARGETS (sizeof targets / sizeof targets[0])

static char current[1024];

static void on_alarm(int sig)
{
    static const char msg[] = "test_fuzz_regress: time limit exceeded by ";
    (void)sig;
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, current, strlen(current)) < 0 ||
        write(2, "\n", 1) < 0)
        _exit(3);
    _exit(3);
}

/* Feed every regular file of dir to entry; returns the number fed. */
static unsigned run_dir(const target *t, const char *kind)
{
    char dir[512];
    snprintf(dir, sizeof dir, "tests/fuzz/%s/%s", kind, t->name);
    DIR *dp = opendir(dir);
    if (!dp)
        return 0;
    unsigned n = 0;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL) {
        struct stat st;
        snprintf(current, sizeof current, "%s/%s", dir, de->d_name);
        if (stat(current, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        FILE *f = fopen(current, "rb");
        ck_assert_msg(f != NULL, "cannot open %s", current);
        size_t len = (size_t)st.st_size;
        uint8_t *buf = malloc(len ? len : 1);
        ck_assert_ptr_nonnull(buf);
        ck_assert_msg(fread(buf, 1, len, f) == len, "cannot read %s", current);
        fclose(f);
        alarm(REGRESS_LIMIT_S);
        ck_assert_int_eq(t->entry(buf, len), 0);
        alarm(0);
        free(buf);
        n++;
    }
    closedir(dp);
    return n;
}

START_TEST(regress_inputs)
{
    const target *t = &targets[_i];
    signal(SIGALRM, on_alarm);
    unsigned nr = run_dir(t, "regress");
    unsigned nc = run_dir(t, "corpus");
    /* every target has seeds; a missing directory is a packaging error */
    ck_assert_msg(nc > 0, "%s: no seeds in tests/fuzz/corpus/%s", t->name, t->name);
    (void)nr;
}
END_TEST

/* The two inputs of issue 12 are kept. */
START_TEST(issue_12_inputs_present)
{
    struct stat st;
    ck_assert_int_eq(stat("tests/fuzz/regress/ete_dec/trace-info-spec-above-maxspec", &st), 0);
    ck_assert_int_eq(stat("tests/fuzz/regress/ete_snapshot/dump-file-empty-is-directory", &st), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fuzz_regress");
    TCase *tc = tcase_create("regress");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, regress_inputs, 0, (int)NTARGETS);
    tcase_add_test(tc, issue_12_inputs_present);
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
