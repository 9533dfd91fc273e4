#include "check_util.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

void cu_fail_note(cu_fails *f, const char *fmt, ...)
{
    if (f->n < CU_FAILS_KEEP) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->first[f->n], sizeof f->first[f->n], fmt, ap);
        va_end(ap);
    }
    f->n++;
}

void cu_fails_report(const cu_fails *f)
{
    if (f->n == 0)
        return;
    char all[CU_FAILS_KEEP * 400 + 64];
    size_t k = 0;
    for (unsigned i = 0; i < f->n && i < CU_FAILS_KEEP; i++)
        k += (size_t)snprintf(all + k, sizeof all - k, "\n  %s", f->first[i]);
    ck_abort_msg("%u problems:%s", f->n, all);
}

const char *const cu_wl_names[CU_WL_COUNT] = {
    "compress", "qsort", "recurse", "switch", "fnptr", "signal", "gzip", "sqlite3",
};

int cu_wl_load(const char *test, const char *name, pe_stream *s)
{
    const char *d = getenv("WL_PE_DIR");
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/%s.pe", d && *d ? d : "build/workloads", name);
    FILE *probe = fopen(path, "rb");
    if (!probe) {
        printf("%s: %s not found: workload %s skipped (make workloads captures it)\n", test,
               path, name);
        return 0;
    }
    fclose(probe);
    pe_stream_init(s);
    ck_assert_msg(pe_stream_read(s, path, err, sizeof err) == 0, "%s", err);
    return 1;
}

int cu_run(const char *cmd)
{
    int st = system(cmd);
    return st == -1 ? -1 : (WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

int cu_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
