/* The RTL's list of ETE packet type numbers (rtl/ete/ete_pkt_types.vh)
 * against the two C lists: the decoder's enum ete_pkt_type
 * (sw/ete/ete_pkt_names.def) and the model's enum ete_enc_pkt
 * (model/ete/ete_pkt_names.def).  Every name in each list, with the same
 * value, and no RTL file types a packet number of its own.  Paths are
 * relative to the repository root, where the tests run. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "ete_model.h"
#include "ete_pkt.h"

#define VH_PATH "rtl/ete/ete_pkt_types.vh"

typedef struct name_val {
    const char *name;
    unsigned val;
} name_val;

static const name_val dec_list[] = {
#define ETE_PKT(name) {#name, ETE_PKT_##name},
#include "../../sw/ete/ete_pkt_names.def"
#undef ETE_PKT
};

static const name_val model_list[] = {
#define ETE_ENC_PKT(name) {#name, ETE_ENC_##name},
#include "../../model/ete/ete_pkt_names.def"
#undef ETE_ENC_PKT
};

#define MAX_RTL 256
typedef struct rtl_list {
    char name[MAX_RTL][48];
    unsigned val[MAX_RTL];
    unsigned width[MAX_RTL];
    size_t n;
} rtl_list;

/* The localparams `localparam [W-1:0] ETE_PKT_<name> = W'd<value>;` of one
 * Verilog file; returns how many lines name ETE_PKT_ in a localparam. */
static size_t read_localparams(const char *path, rtl_list *l)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s: cannot open", path);
    char line[512];
    size_t seen = 0;
    unsigned lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        const char *p = strstr(line, "localparam");
        if (!p || !strstr(p, "ETE_PKT_"))
            continue;
        seen++;
        if (!l)
            continue;
        unsigned hi, lo, w, v;
        char name[48];
        int got = sscanf(p, "localparam [%u:%u] ETE_PKT_%47[A-Z0-9_] = %u'd%u;", &hi, &lo, name,
                         &w, &v);
        ck_assert_msg(got == 5, "%s:%u: not `localparam [N:0] ETE_PKT_X = W'dV;`", path, lineno);
        ck_assert_msg(lo == 0 && hi + 1 == w, "%s:%u: range [%u:%u] and width %u differ", path,
                      lineno, hi, lo, w);
        ck_assert_msg(w >= 32 || v < (1u << w), "%s:%u: %u does not fit %u bits", path, lineno,
                      v, w);
        ck_assert_msg(l->n < MAX_RTL, "%s: more than %d types", path, MAX_RTL);
        snprintf(l->name[l->n], sizeof l->name[l->n], "%s", name);
        l->val[l->n] = v;
        l->width[l->n] = w;
        l->n++;
    }
    fclose(f);
    return seen;
}

static int find(const rtl_list *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->name[i], name))
            return (int)i;
    return -1;
}

/* 0 when l holds exactly the names and values of c; else 1 and why */
static int diff_against(const rtl_list *l, const name_val *c, size_t n, const char *what,
                        char *why, size_t len)
{
    if (l->n != n) {
        snprintf(why, len, "%s has %zu types, %s %zu", VH_PATH, l->n, what, n);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        int k = find(l, c[i].name);
        if (k < 0) {
            snprintf(why, len, "%s: ETE_PKT_%s of %s is missing", VH_PATH, c[i].name, what);
            return 1;
        }
        if (l->val[k] != c[i].val) {
            snprintf(why, len, "%s: ETE_PKT_%s is %u, %s has %u", VH_PATH, c[i].name,
                     l->val[k], what, c[i].val);
            return 1;
        }
    }
    return 0;
}

static void check_against(const rtl_list *l, const name_val *c, size_t n, const char *what)
{
    char why[256] = "";
    ck_assert_msg(diff_against(l, c, n, what, why, sizeof why) == 0, "%s", why);
}

START_TEST(test_rtl_list_is_decoder_list)
{
    static rtl_list l;
    memset(&l, 0, sizeof l);
    read_localparams(VH_PATH, &l);
    ck_assert_uint_eq(sizeof dec_list / sizeof dec_list[0], ETE_PKT_TYPE_COUNT);
    check_against(&l, dec_list, ETE_PKT_TYPE_COUNT, "sw/ete/ete_pkt_names.def");
    /* one width for every type, wide enough for the count */
    for (size_t i = 0; i < l.n; i++)
        ck_assert_uint_eq(l.width[i], l.width[0]);
    ck_assert_uint_lt(ETE_PKT_TYPE_COUNT - 1, 1u << l.width[0]);
}
END_TEST

START_TEST(test_rtl_list_is_model_list)
{
    static rtl_list l;
    memset(&l, 0, sizeof l);
    read_localparams(VH_PATH, &l);
    ck_assert_uint_eq(sizeof model_list / sizeof model_list[0], ETE_ENC_PKT_COUNT);
    check_against(&l, model_list, ETE_ENC_PKT_COUNT, "model/ete/ete_pkt_names.def");
}
END_TEST

/* the list is the only one: no other RTL file declares a packet number */
START_TEST(test_no_private_lists)
{
    DIR *d = opendir("rtl/ete");
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    unsigned files = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".v"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "rtl/ete/%s", e->d_name);
        files++;
        ck_assert_msg(read_localparams(path, NULL) == 0,
                      "%s declares ETE_PKT_ localparams: include ete_pkt_types.vh instead", path);
    }
    closedir(d);
    ck_assert_uint_gt(files, 10);
}
END_TEST

/* the comparison refuses a list with one value changed, one name missing */
START_TEST(test_diff_finds_changes)
{
    static rtl_list l;
    memset(&l, 0, sizeof l);
    read_localparams(VH_PATH, &l);
    char why[256];
    int k = find(&l, "ATOM_F1");
    ck_assert_int_ge(k, 0);
    l.val[k]++;
    ck_assert_int_eq(diff_against(&l, dec_list, ETE_PKT_TYPE_COUNT, "dec", why, sizeof why), 1);
    ck_assert_ptr_nonnull(strstr(why, "ETE_PKT_ATOM_F1 is 37"));
    l.val[k]--;
    l.name[k][0] = 'X';
    ck_assert_int_eq(diff_against(&l, dec_list, ETE_PKT_TYPE_COUNT, "dec", why, sizeof why), 1);
    ck_assert_ptr_nonnull(strstr(why, "ETE_PKT_ATOM_F1 of dec is missing"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_rtl_names");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_rtl_list_is_decoder_list);
    tcase_add_test(tc, test_rtl_list_is_model_list);
    tcase_add_test(tc, test_no_private_lists);
    tcase_add_test(tc, test_diff_finds_changes);
    suite_add_tcase(s, tc);
    return cu_run_suite(s);
}
