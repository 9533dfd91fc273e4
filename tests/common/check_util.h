/* Support for the Check suites (linked into every test binary).
 *
 * A failure collector for tests that check millions of fields: Check
 * reports every passing assertion to its parent process, far too slow at
 * that scale, so the first few problems are kept and reported once. */
#ifndef CHECK_UTIL_H
#define CHECK_UTIL_H

#include <stddef.h>

#include "pe_stream.h"

#define CU_FAILS_KEEP 8u

typedef struct cu_fails {
    unsigned n;                         /* problems noted */
    char first[CU_FAILS_KEEP][400];     /* the first CU_FAILS_KEEP of them */
} cu_fails;

void cu_fail_note(cu_fails *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Note a problem unless cond holds. */
#define CU_EXPECT(F, cond, ...)              \
    do {                                     \
        if (!(cond))                         \
            cu_fail_note((F), __VA_ARGS__);  \
    } while (0)

/* Fail the current Check test with the problems kept, if any. */
void cu_fails_report(const cu_fails *f);

/* ---- the captured workloads (mk/workloads.mk) ---------------------------- */
#define CU_WL_COUNT 8
extern const char *const cu_wl_names[CU_WL_COUNT];

/* Load build/workloads/<name>.pe (or $WL_PE_DIR/<name>.pe).  Returns 1 when
 * loaded, 0 when the capture does not exist (a line naming the test and how
 * to make it is printed), and fails the Check test on a bad file. */
int cu_wl_load(const char *test, const char *name, pe_stream *s);

/* Exit status of a shell command, -1 when it did not exit normally. */
int cu_run(const char *cmd);

/* Run every test of suite s (CK_NORMAL), free it; EXIT_SUCCESS when none
 * failed, for main() to return. */
struct Suite;
int cu_run_suite(struct Suite *s);

#endif
