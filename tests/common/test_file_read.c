/* file_read_all: contents, empty files, errors naming the path. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_read.h"

static char tmp_path[64];

static void write_tmp(const uint8_t *d, size_t n)
{
    snprintf(tmp_path, sizeof tmp_path, "/tmp/test_file_read_%ld.bin", (long)getpid());
    FILE *f = fopen(tmp_path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, n, f), n);
    fclose(f);
}

START_TEST(reads_all_bytes)
{
    /* larger than the first allocation so that the buffer grows */
    size_t n = 200000;
    uint8_t *d = malloc(n);
    ck_assert_ptr_nonnull(d);
    for (size_t i = 0; i < n; i++)
        d[i] = (uint8_t)(i * 7u + (i >> 9));
    write_tmp(d, n);
    uint8_t *got = NULL;
    size_t len = 0;
    char err[256] = "";
    ck_assert_int_eq(file_read_all(tmp_path, &got, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, n);
    ck_assert_int_eq(memcmp(got, d, n), 0);
    free(got);
    free(d);
    unlink(tmp_path);
}
END_TEST

START_TEST(empty_file)
{
    write_tmp((const uint8_t *)"", 0);
    uint8_t *got = NULL;
    size_t len = 99;
    char err[256] = "";
    ck_assert_int_eq(file_read_all(tmp_path, &got, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, 0);
    free(got);
    unlink(tmp_path);
}
END_TEST

START_TEST(missing_file_names_path)
{
    uint8_t *got = NULL;
    size_t len = 0;
    char err[256] = "";
    ck_assert_int_eq(file_read_all("/nonexistent/dir/x.bin", &got, &len, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/dir/x.bin"));
    ck_assert_ptr_nonnull(strstr(err, "No such file"));
}
END_TEST

START_TEST(directory_is_an_error)
{
    uint8_t *got = NULL;
    size_t len = 0;
    char err[256] = "";
    ck_assert_int_eq(file_read_all("/tmp", &got, &len, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/tmp"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("file_read");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, reads_all_bytes);
    tcase_add_test(tc, empty_file);
    tcase_add_test(tc, missing_file_names_path);
    tcase_add_test(tc, directory_is_an_error);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
