/* The bundled workloads (docs/workloads.md): each captured PE stream
 * (build/workloads/<name>.pe, made by `make workloads`, or the directory in
 * WL_PE_DIR) is consistent with the PE interface (docs/pe-interface.md),
 * and the ETE model, our decoder and the oracle give back every traced
 * instruction with EL1 excluded by TRCVICTLR.EXLEVEL_NS (D6.8, D7.2). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a64.h"
#include "ete_regs.h"
#include "ete_roundtrip.h"
#include "pe_stream.h"

static const char *const names[] = {
    "compress", "qsort", "recurse", "switch", "fnptr", "signal", "gzip", "sqlite3",
};
#define NNAMES ((int)(sizeof names / sizeof names[0]))

static const char *pe_dir(void)
{
    const char *d = getenv("WL_PE_DIR");
    return d && *d ? d : "build/workloads";
}

static void load(int i, pe_stream *s)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/%s.pe", pe_dir(), names[i]);
    pe_stream_init(s);
    ck_assert_msg(pe_stream_read(s, path, err, sizeof err) == 0,
                  "%s (run `make workloads` first)", err);
    ck_assert_msg(s->nrec > 1000, "%s: only %zu records", path, s->nrec);
}

/* Where the record says execution continues (docs/pe-interface.md 1.1). */
static uint64_t next_addr(const pe_rec *r)
{
    if (r->kind == PE_KIND_INSN)
        return (r->flags & PE_F_TAKEN) ? r->target : r->pc + 4u;
    return r->target;
}

static int is_p0(const pe_rec *r)
{
    return r->kind == PE_KIND_INSN && r->iclass != PE_IC_OTHER &&
           r->iclass != PE_IC_EXCGEN && r->iclass != PE_IC_TCOMMIT &&
           r->iclass != PE_IC_TCANCEL && r->iclass != PE_IC_WFX;
}

/* ---- the stream follows the PE interface rules ------------------------ */
/* Check's assertions report each pass to the parent process, too slow for
 * millions of records: the checks run here and fail once, with the first
 * problem found. */
#define CHECK(cond, ...)                                      \
    do {                                                      \
        if (!(cond)) {                                        \
            snprintf(msg, msglen, __VA_ARGS__);               \
            return -1;                                        \
        }                                                     \
    } while (0)

static int check_stream(const pe_stream *ps, const char *n, char *msg, size_t msglen)
{
    uint64_t same_cycle = 0, el0 = 0, exc = 0, ls = 0;
    unsigned cur_el = 0;
    uint32_t cid = ps->rec[0].contextidr_el1;
    for (size_t k = 0; k < ps->nrec; k++) {
        const pe_rec *r = &ps->rec[k], *p = k ? &ps->rec[k - 1] : NULL;
        CHECK(r->kind == PE_KIND_INSN || r->kind == PE_KIND_EXC,
              "%s record %zu: kind %u", n, k, r->kind);
        CHECK(r->flags & PE_F_NS, "%s record %zu: not Non-secure", n, k);
        CHECK(r->contextidr_el1 == cid && !r->contextidr_el2 && !r->vmid,
              "%s record %zu: context changed", n, k);
        if (p) {
            /* rule 1 (flow) and rule 2 (an exception's handler at target) */
            CHECK(r->kind == PE_KIND_EXC || r->pc == next_addr(p),
                  "%s record %zu: pc 0x%" PRIx64 ", previous leads to 0x%" PRIx64, n,
                  k, r->pc, next_addr(p));
            CHECK(r->cycle >= p->cycle && r->timestamp >= p->timestamp,
                  "%s record %zu: time goes back", n, k);
            same_cycle = r->cycle == p->cycle ? same_cycle + 1 : 0;
            CHECK(same_cycle < 2, "%s record %zu: three records in a cycle", n, k);
        }
        if (r->kind == PE_KIND_EXC) {
            exc++;
            CHECK(r->el == 1 && r->from_el == 0 && cur_el == 0 && p,
                  "%s record %zu: exception not from EL0 to EL1", n, k);
            cur_el = 1;
            CHECK(r->cycle > p->cycle, "%s record %zu: exception cycle", n, k);
            if (r->exc_type == PE_EXC_CALL) {
                /* the SVC retired just before; return address after it */
                CHECK(p->kind == PE_KIND_INSN && p->iclass == PE_IC_EXCGEN &&
                      (p->opcode & 0xFFE0001Fu) == 0xD4000001u &&
                      r->pc == p->pc + 4u,
                      "%s record %zu: Call not after its SVC", n, k);
            } else {
                CHECK(r->pc == next_addr(p),
                      "%s record %zu: preferred return address 0x%" PRIx64, n, k,
                      r->pc);
            }
            /* the kernel: one ERET at the vector, back to EL0 */
            if (k + 1 < ps->nrec) {
                const pe_rec *e = &ps->rec[k + 1];
                CHECK(e->kind == PE_KIND_INSN && e->iclass == PE_IC_ERET &&
                      e->el == 1 && e->pc == r->target,
                      "%s record %zu: no ERET at the vector", n, k + 1);
            }
            continue;
        }
        /* instruction records */
        uint32_t w;
        CHECK(pe_image_read32(&ps->image, r->pc, &w) == 0 && w == r->opcode,
              "%s record %zu: opcode %08" PRIx32 " is not the image's word at 0x%"
              PRIx64, n, k, r->opcode, r->pc);
        CHECK(r->iclass == a64_iclass(r->opcode),
              "%s record %zu: class %u for %08" PRIx32 ", expected %u", n, k,
              r->iclass, r->opcode, a64_iclass(r->opcode));
        CHECK(r->spe_events & 2u, "%s record %zu: retired event missing", n, k);
        CHECK(r->lat_total >= r->lat_issue + r->lat_xlat,
              "%s record %zu: latencies", n, k);
        CHECK(r->el == cur_el, "%s record %zu: EL%u, expected EL%u", n, k, r->el, cur_el);
        if (r->el == 1) {
            /* rule 3: the ERET returns to EL0 */
            CHECK(r->iclass == PE_IC_ERET, "%s record %zu: EL1 instruction other than the "
                  "ERET", n, k);
            cur_el = 0;
            continue;
        }
        el0++;
        int64_t off;
        if (a64_pcrel_offset(r->opcode, &off) == 0 && r->iclass != PE_IC_OTHER)
            CHECK(r->target == r->pc + (uint64_t)off,
                  "%s record %zu: direct branch target", n, k);
        if (r->iclass == PE_IC_B || r->iclass == PE_IC_BL || r->iclass == PE_IC_BR ||
            r->iclass == PE_IC_BLR || r->iclass == PE_IC_RET)
            CHECK(r->flags & PE_F_TAKEN, "%s record %zu: not taken", n, k);
        if (r->ls) {
            ls++;
            unsigned c = r->ls & PE_LS_MASK;
            CHECK(c >= PE_LS_LOAD && c <= PE_LS_ACQREL,
                  "%s record %zu: ls %02x", n, k, r->ls);
            int store = c == PE_LS_STORE || (r->ls & PE_LS_STORE_F);
            CHECK(!store || r->data_source == 0, "%s record %zu: store source", n, k);
            CHECK(r->va == 0 || (r->spe_events & 0x14u) == 0x14u,
                  "%s record %zu: L1D/TLB access events missing", n, k);
        } else {
            CHECK(!r->va && !r->pa && !r->lat_xlat && !r->data_source,
                  "%s record %zu: data fields on a non-load/store", n, k);
        }
    }
    CHECK(el0 > 1000 && ls > 100, "%s: %" PRIu64 " EL0 instructions, %" PRIu64
          " loads/stores", n, el0, ls);
    CHECK(exc > 0, "%s: no system call", n);
    return 0;
}

START_TEST(stream_consistent)
{
    pe_stream s;
    load(_i, &s);
    char msg[512];
    int rc = check_stream(&s, names[_i], msg, sizeof msg);
    pe_stream_free(&s);
    ck_assert_msg(rc == 0, "%s", msg);
}
END_TEST

/* ---- the ETE round trip with EL1 excluded ------------------------------ */
static void round_trip(int i, unsigned cfg)
{
    pe_stream s;
    load(i, &s);
    ete_params p;
    ete_progregs r;
    ete_rt_config(cfg, 1, &s, &p, &r);
    r.trcvictlr |= TRCVICTLR_EXLEVEL_NS(1);   /* EL1 not traced: D6.8.1 R_LWYJR */
    ete_rt_result res;
    char msg[1024];
    int rc = ete_rt_run(&s, &p, &r, 0, 0, &res, NULL, NULL, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s (%s): %s", names[i], ete_rt_config_name(cfg), msg);
    /* every EL0 instruction up to the last P0 element or exception is
     * given back (those after it are never output: no P0 element ends
     * their range) */
    uint64_t el0 = 0, tail = 0;
    for (size_t k = 0; k < s.nrec; k++) {
        const pe_rec *x = &s.rec[k];
        if (x->kind == PE_KIND_INSN && x->el == 0) {
            el0++;
            tail = is_p0(x) ? 0 : tail + 1;
        } else if (x->kind == PE_KIND_EXC) {
            tail = 0;
        }
    }
    ck_assert_msg(res.st.insn_checked == el0 - tail,
                  "%s (%s): %" PRIu64 " instructions checked, %" PRIu64 " executed at EL0 "
                  "(%" PRIu64 " after the last P0)", names[i], ete_rt_config_name(cfg),
                  res.st.insn_checked, el0, tail);
    printf("%-9s %-6s %8zu records %8" PRIu64 " instructions %7" PRIu64 " bytes %6.3f "
           "bits/instruction %4" PRIu64 " exceptions\n", names[i], ete_rt_config_name(cfg),
           s.nrec, res.st.insn_checked, res.bytes,
           res.st.insn_checked ? 8.0 * (double)res.bytes / (double)res.st.insn_checked : 0.0,
           res.st.exc_checked);
    pe_stream_free(&s);
}

START_TEST(ete_plain_no_el1)
{
    round_trip(_i, ETE_RT_PLAIN);
}
END_TEST

START_TEST(ete_all_no_el1)
{
    round_trip(_i, ETE_RT_ALL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("workloads");
    TCase *tc = tcase_create("workloads");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, stream_consistent, 0, NNAMES);
    tcase_add_loop_test(tc, ete_plain_no_el1, 0, NNAMES);
    tcase_add_loop_test(tc, ete_all_no_el1, 0, NNAMES);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
