/* The workload importer (tb/workloads): A64 classification, the capture
 * format and its errors, exceptions from system calls, faults and
 * signals, the image, the cache/TLB model. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a64.h"
#include "harness.h"
#include "pe_stream.h"
#include "wl_cache.h"
#include "wl_capture.h"
#include "wl_import.h"

/* ---- classification -------------------------------------------------- */
typedef struct cls_case {
    uint32_t word;
    uint8_t iclass, ls, size_log2, cond, excgen, udf;
    int64_t offset;
    const char *text;
} cls_case;

#define L(x) PE_LS_##x
#define SIMD PE_LS_SIMDFP
#define STF PE_LS_STORE_F
/* words assembled with aarch64-linux-gnu-as */
static const cls_case cls_cases[] = {
    {0x14000040u, PE_IC_B, 0, 0, 0, 0, 0, 0x100, "b .+0x100"},
    {0x97ffff80u, PE_IC_BL, 0, 0, 0, 0, 0, -0x200, "bl .-0x200"},
    {0x54000201u, PE_IC_BCOND, 0, 0, 1, 0, 0, 0x40, "b.ne .+0x40"},
    {0xb4000401u, PE_IC_BCOND, 0, 0, 1, 0, 0, 0x80, "cbz x1, .+0x80"},
    {0x371fff02u, PE_IC_BCOND, 0, 0, 1, 0, 0, -0x20, "tbnz w2, #3, .-0x20"},
    {0xd61f0060u, PE_IC_BR, 0, 0, 0, 0, 0, 0, "br x3"},
    {0xd63f0080u, PE_IC_BLR, 0, 0, 0, 0, 0, 0, "blr x4"},
    {0xd65f03c0u, PE_IC_RET, 0, 0, 0, 0, 0, 0, "ret"},
    {0xd65f0bffu, PE_IC_RET, 0, 0, 0, 0, 0, 0, "retaa"},
    {0xd71f08a6u, PE_IC_BR, 0, 0, 0, 0, 0, 0, "braa x5, x6"},
    {0xd63f08ffu, PE_IC_BLR, 0, 0, 0, 0, 0, 0, "blraaz x7"},
    {0xd69f03e0u, PE_IC_ERET, 0, 0, 0, 0, 0, 0, "eret"},
    {0xd4000001u, PE_IC_EXCGEN, 0, 0, 0, A64_EXCGEN_SVC, 0, 0, "svc #0"},
    {0xd4000022u, PE_IC_EXCGEN, 0, 0, 0, A64_EXCGEN_HVC, 0, 0, "hvc #1"},
    {0xd4000043u, PE_IC_EXCGEN, 0, 0, 0, A64_EXCGEN_SMC, 0, 0, "smc #2"},
    {0xd42000a0u, PE_IC_EXCGEN, 0, 0, 0, A64_EXCGEN_BRK, 0, 0, "brk #5"},
    {0xd5033fdfu, PE_IC_ISB, 0, 0, 0, 0, 0, 0, "isb"},
    {0xd503207fu, PE_IC_WFX, 0, 0, 0, 0, 0, 0, "wfi"},
    {0xd503205fu, PE_IC_WFX, 0, 0, 0, 0, 0, 0, "wfe"},
    {0xd5233060u, PE_IC_TSTART, 0, 0, 0, 0, 0, 0, "tstart x0"},
    {0xd503307fu, PE_IC_TCOMMIT, 0, 0, 0, 0, 0, 0, "tcommit"},
    {0xd4600020u, PE_IC_TCANCEL, 0, 0, 0, 0, 0, 0, "tcancel #1"},
    {0xf9400420u, 0, L(LOAD), 3, 0, 0, 0, 0, "ldr x0, [x1, #8]"},
    {0xb9000062u, 0, L(STORE), 2, 0, 0, 0, 0, "str w2, [x3]"},
    {0x386668a4u, 0, L(LOAD), 0, 0, 0, 0, 0, "ldrb w4, [x5, x6]"},
    {0xb8804420u, 0, L(LOAD), 2, 0, 0, 0, 0, "ldrsw x0, [x1], #4"},
    {0xf8400820u, 0, L(LOAD), 3, 0, 0, 0, 0, "ldtr x0, [x1]"},
    {0xa94107e0u, 0, L(LOAD), 4, 0, 0, 0, 0, "ldp x0, x1, [sp, #16]"},
    {0xa8400440u, 0, L(LOAD), 4, 0, 0, 0, 0, "ldnp x0, x1, [x2]"},
    {0xad000440u, 0, L(STORE) | SIMD, 5, 0, 0, 0, 0, "stp q0, q1, [x2]"},
    {0x2d400460u, 0, L(LOAD) | SIMD, 3, 0, 0, 0, 0, "ldp s0, s1, [x3]"},
    {0x69000440u, 0, L(STORE), 4, 0, 0, 0, 0, "stgp x0, x1, [x2]"},
    {0xc85f7c20u, 0, L(EXCL), 3, 0, 0, 0, 0, "ldxr x0, [x1]"},
    {0xc8027c83u, 0, L(EXCL) | STF, 3, 0, 0, 0, 0, "stxr w2, x3, [x4]"},
    {0xc87f8440u, 0, L(EXCL), 4, 0, 0, 0, 0, "ldaxp x0, x1, [x2]"},
    {0x88dffc20u, 0, L(ACQREL), 2, 0, 0, 0, 0, "ldar w0, [x1]"},
    {0xc89ffc20u, 0, L(ACQREL) | STF, 3, 0, 0, 0, 0, "stlr x0, [x1]"},
    {0xf8bfc020u, 0, L(ACQREL), 3, 0, 0, 0, 0, "ldapr x0, [x1]"},
    {0x99404020u, 0, L(ACQREL), 2, 0, 0, 0, 0, "ldapur w0, [x1, #4]"},
    {0xd9000020u, 0, L(ACQREL) | STF, 3, 0, 0, 0, 0, "stlur x0, [x1]"},
    {0xc8a07c41u, 0, L(ATOMIC), 3, 0, 0, 0, 0, "cas x0, x1, [x2]"},
    {0x48207c82u, 0, L(ATOMIC), 4, 0, 0, 0, 0, "casp x0, x1, x2, x3, [x4]"},
    {0xf8200041u, 0, L(ATOMIC), 3, 0, 0, 0, 0, "ldadd x0, x1, [x2]"},
    {0xb820003fu, 0, L(ATOMIC) | STF, 2, 0, 0, 0, 0, "stadd w0, [x1]"},
    {0xf8208041u, 0, L(ATOMIC), 3, 0, 0, 0, 0, "swp x0, x1, [x2]"},
    {0x4c407000u, 0, L(LOAD) | SIMD, 4, 0, 0, 0, 0, "ld1 {v0.16b}, [x0]"},
    {0x4c9f0820u, 0, L(STORE) | SIMD, 6, 0, 0, 0, 0, "st4 {v0.4s-v3.4s}, [x1], #64"},
    {0x4d40c840u, 0, L(LOAD) | SIMD, 2, 0, 0, 0, 0, "ld1r {v0.4s}, [x2]"},
    {0x4d408460u, 0, L(LOAD) | SIMD, 3, 0, 0, 0, 0, "ld1 {v0.d}[1], [x3]"},
    {0x3dc00820u, 0, L(LOAD) | SIMD, 4, 0, 0, 0, 0, "ldr q0, [x1, #32]"},
    {0xfd000041u, 0, L(STORE) | SIMD, 3, 0, 0, 0, 0, "str d1, [x2]"},
    {0x58000200u, 0, L(LOAD), 3, 0, 0, 0, 0, "ldr x0, <literal>"},
    {0x9c000200u, 0, L(LOAD) | SIMD, 4, 0, 0, 0, 0, "ldr q0, <literal>"},
    {0xf8201420u, 0, L(LOAD), 3, 0, 0, 0, 0, "ldraa x0, [x1, #8]"},
    {0xf9800000u, 0, 0, 0, 0, 0, 0, 0, "prfm pldl1keep, [x0]"},
    {0xd8000200u, 0, 0, 0, 0, 0, 0, 0, "prfm pldl1keep, <literal>"},
    {0xd50b7420u, 0, 0, 0, 0, 0, 0, 0, "dc zva, x0"},
    {0xa400a020u, 0, L(LOAD) | PE_LS_SVE, 0, 0, 0, 0, 0, "ld1b {z0.b}, p0/z, [x1]"},
    {0xe400e000u, 0, L(STORE) | PE_LS_SVE, 0, 0, 0, 0, 0, "st1b {z0.b}, p0, [x0]"},
    {0x9a820020u, 0, 0, 0, 1, 0, 0, 0, "csel x0, x1, x2, eq"},
    {0xfa411800u, 0, 0, 0, 1, 0, 0, 0, "ccmp x0, #1, #0, ne"},
    {0x1e62cc20u, 0, 0, 0, 1, 0, 0, 0, "fcsel d0, d1, d2, gt"},
    {0x8b020020u, 0, 0, 0, 0, 0, 0, 0, "add x0, x1, x2"},
    {0x9b027c20u, 0, 0, 0, 0, 0, 0, 0, "mul x0, x1, x2"},
    {0x00000077u, 0, 0, 0, 0, 0, 1, 0, "udf #0x77"},
};
#define NCLS ((int)(sizeof cls_cases / sizeof cls_cases[0]))

START_TEST(classify)
{
    const cls_case *c = &cls_cases[_i];
    a64_insn in;
    a64_classify(c->word, &in);
    ck_assert_msg(in.iclass == c->iclass && in.ls == c->ls && in.size_log2 == c->size_log2 &&
                  in.cond == c->cond && in.excgen == c->excgen && in.udf == c->udf &&
                  in.offset == c->offset,
                  "%08" PRIx32 " %s: iclass %u ls %02x size %u cond %u excgen %u udf %u "
                  "offset %" PRId64, c->word, c->text, in.iclass, in.ls, in.size_log2, in.cond,
                  in.excgen, in.udf, in.offset);
    ck_assert_uint_eq(a64_iclass(c->word), c->iclass);
    if (in.iclass == PE_IC_B || in.iclass == PE_IC_BL || in.iclass == PE_IC_BCOND)
        ck_assert_uint_eq(a64_direct_target(0x400000, &in),
                          0x400000u + (uint64_t)c->offset);
}
END_TEST

/* ---- captures built in memory ---------------------------------------- */
typedef struct cap {
    uint8_t *b;
    size_t n, cap;
    uint64_t insns, accesses;
    uint32_t next_id;
} cap;

static void put32(cap *c, uint32_t v)
{
    if (c->n + 4 > c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->b = realloc(c->b, c->cap);
        ck_assert_ptr_nonnull(c->b);
    }
    for (int k = 0; k < 4; k++)
        c->b[c->n++] = (uint8_t)(v >> (8 * k));
}

static void put64(cap *c, uint64_t v)
{
    put32(c, (uint32_t)v);
    put32(c, (uint32_t)(v >> 32));
}

static void cap_init(cap *c)
{
    memset(c, 0, sizeof *c);
    for (int k = 0; k < 8; k += 4)
        put32(c, (uint32_t)WL_CAP_MAGIC[k] | (uint32_t)WL_CAP_MAGIC[k + 1] << 8 |
                     (uint32_t)WL_CAP_MAGIC[k + 2] << 16 |
                     (uint32_t)WL_CAP_MAGIC[k + 3] << 24);
    put32(c, WL_CAP_VERSION);
    put32(c, 0);
}

static uint32_t def(cap *c, uint64_t pc, uint32_t word)
{
    put32(c, WL_CAP_DEF);
    put64(c, pc);
    put32(c, word);
    return c->next_id++;
}

static void exec(cap *c, uint32_t id)
{
    put32(c, id);
    c->insns++;
}

static void mem(cap *c, uint64_t va, unsigned shift, int store)
{
    put32(c, WL_CAP_MEM | shift | (store ? WL_CAP_MEM_STORE : 0u));
    put64(c, va);
    c->accesses++;
}

static void end(cap *c, unsigned how, uint64_t next_pc)
{
    put32(c, WL_CAP_END | how);
    put64(c, c->insns);
    put64(c, c->accesses);
    put64(c, next_pc);
}

static int import(const cap *c, pe_stream *s, wl_import_stats *st, char *err, size_t len)
{
    wl_import_opts o;
    wl_import_opts_default(&o);
    pe_stream_init(s);
    return wl_import_buf(c->b, c->n, &o, s, st, err, len);
}

static void expect_insn(const pe_stream *s, size_t i, uint64_t pc, unsigned iclass, int taken,
                        uint64_t target)
{
    ck_assert_msg(i < s->nrec, "record %zu missing", i);
    const pe_rec *r = &s->rec[i];
    ck_assert_msg(r->kind == PE_KIND_INSN && r->pc == pc && r->iclass == iclass &&
                  !!(r->flags & PE_F_TAKEN) == taken && r->target == target,
                  "record %zu: kind %u pc 0x%" PRIx64 " class %u flags %x target 0x%" PRIx64,
                  i, r->kind, r->pc, r->iclass, r->flags, r->target);
}

static void expect_exc(const pe_stream *s, size_t i, unsigned type, uint64_t pc, unsigned vec)
{
    ck_assert_msg(i < s->nrec, "record %zu missing", i);
    const pe_rec *r = &s->rec[i];
    ck_assert_msg(r->kind == PE_KIND_EXC && r->exc_type == type && r->pc == pc &&
                  r->target == WL_VBAR_EL1_DEFAULT + vec && r->el == 1 && r->from_el == 0,
                  "record %zu: kind %u type %u pc 0x%" PRIx64 " target 0x%" PRIx64, i,
                  r->kind, r->exc_type, r->pc, r->target);
}

static void expect_eret(const pe_stream *s, size_t i, unsigned vec, uint64_t ret)
{
    expect_insn(s, i, WL_VBAR_EL1_DEFAULT + vec, PE_IC_ERET, 1, ret);
    ck_assert_uint_eq(s->rec[i].el, 1);
    ck_assert_uint_eq(s->rec[i].opcode, WL_ERET_WORD);
}

START_TEST(branches_and_syscalls)
{
    cap c;
    cap_init(&c);
    uint32_t add = def(&c, 0x1000, 0x8b020020u);        /* add x0, x1, x2 */
    uint32_t bne = def(&c, 0x1004, 0x54000201u);        /* b.ne .+0x40 */
    uint32_t ldr = def(&c, 0x1044, 0xf9400420u);        /* ldr x0, [x1, #8] */
    uint32_t svc = def(&c, 0x1048, 0xd4000001u);        /* svc #0 */
    put32(&c, WL_CAP_WORD);                             /* the word after the SVC */
    put64(&c, 0x104c);
    put32(&c, 0x54000201u);
    exec(&c, add);
    exec(&c, bne);
    exec(&c, ldr);
    mem(&c, 0x80008, 3, 0);
    exec(&c, svc);
    uint32_t bne2 = def(&c, 0x104c, 0x54000201u);
    uint32_t svc2 = def(&c, 0x1050, 0xd4000001u);
    exec(&c, bne2);                                     /* after the system call */
    exec(&c, svc2);                                     /* not taken; exit_group */
    end(&c, WL_END_EXIT, 0);

    pe_stream s;
    wl_import_stats st;
    char err[256];
    ck_assert_msg(import(&c, &s, &st, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.nrec, 9);
    expect_insn(&s, 0, 0x1000, PE_IC_OTHER, 0, 0);
    expect_insn(&s, 1, 0x1004, PE_IC_BCOND, 1, 0x1044);
    expect_insn(&s, 2, 0x1044, PE_IC_OTHER, 0, 0);
    ck_assert_uint_eq(s.rec[2].ls, PE_LS_LOAD);
    ck_assert_uint_eq(s.rec[2].size_log2, 3);
    ck_assert_uint_eq(s.rec[2].va, 0x80008);
    ck_assert_uint_eq(s.rec[2].data_source, WL_SRC_DRAM);      /* cold */
    ck_assert(s.rec[2].spe_events & WL_EV_TLB_WALK);
    ck_assert(s.rec[2].lat_total >= s.rec[2].lat_issue + s.rec[2].lat_xlat);
    expect_insn(&s, 3, 0x1048, PE_IC_EXCGEN, 0, 0);
    ck_assert(s.rec[3].spe_events & WL_EV_EXC);
    expect_exc(&s, 4, PE_EXC_CALL, 0x104c, 0x400);
    expect_eret(&s, 5, 0x400, 0x104c);
    expect_insn(&s, 6, 0x104c, PE_IC_BCOND, 0, 0x108c);
    ck_assert(s.rec[6].flags & PE_F_CCFAIL);
    ck_assert(s.rec[6].spe_events & WL_EV_NOT_TAKEN);
    expect_insn(&s, 7, 0x1050, PE_IC_EXCGEN, 0, 0);
    expect_exc(&s, 8, PE_EXC_CALL, 0x1054, 0x400);     /* the process ends at EL1 */
    for (size_t i = 0; i < s.nrec; i++) {
        ck_assert(s.rec[i].flags & PE_F_NS);
        ck_assert_uint_eq(s.rec[i].contextidr_el1, 1000);
        if (i)
            ck_assert(s.rec[i].cycle >= s.rec[i - 1].cycle);
    }
    ck_assert_uint_eq(st.syscalls, 2);
    ck_assert_uint_eq(st.insns, 6);
    ck_assert_uint_eq(st.taken, 1);
    /* the image: executed words (the gap between them reads as zero), the
     * word after the first SVC, the vector's ERET */
    uint32_t w;
    ck_assert_int_eq(pe_image_read32(&s.image, 0x1004, &w), 0);
    ck_assert_uint_eq(w, 0x54000201u);
    ck_assert_int_eq(pe_image_read32(&s.image, 0x1020, &w), 0);
    ck_assert_uint_eq(w, 0);
    ck_assert_int_eq(pe_image_read32(&s.image, 0x1050, &w), 0);
    ck_assert_uint_eq(w, 0xd4000001u);
    ck_assert_int_eq(pe_image_read32(&s.image, WL_VBAR_EL1_DEFAULT + 0x400, &w), 0);
    ck_assert_uint_eq(w, WL_ERET_WORD);
    ck_assert_int_ne(pe_image_read32(&s.image, 0x1054, &w), 0);
    pe_stream_free(&s);
    free(c.b);
}
END_TEST

START_TEST(faults_and_signals)
{
    cap c;
    cap_init(&c);
    uint32_t ldr = def(&c, 0x2000, 0xf9400420u);        /* ldr: faults */
    uint32_t udf = def(&c, 0x3000, 0x00000077u);        /* udf: SIGILL */
    uint32_t brk = def(&c, 0x4000, 0xd42000a0u);        /* brk: SIGTRAP */
    uint32_t b = def(&c, 0x4004, 0x14000040u);          /* b .+0x100 */
    uint32_t add = def(&c, 0x5000, 0x8b020020u);        /* a signal handler */
    uint32_t bcc = def(&c, 0x5004, 0x54000201u);        /* b.ne .+0x40 */
    exec(&c, ldr);                                      /* no access: data abort */
    exec(&c, udf);
    exec(&c, brk);
    exec(&c, b);                                        /* retires, then a signal */
    exec(&c, add);
    exec(&c, bcc);
    end(&c, WL_END_CAPPED, 0x6000);                     /* neither pc + 4 nor target */

    pe_stream s;
    wl_import_stats st;
    char err[256];
    ck_assert_msg(import(&c, &s, &st, err, sizeof err) == 0, "%s", err);
    expect_exc(&s, 0, PE_EXC_DATA_FAULT, 0x2000, 0x400);
    expect_eret(&s, 1, 0x400, 0x3000);
    expect_exc(&s, 2, PE_EXC_TRAP, 0x3000, 0x400);
    expect_eret(&s, 3, 0x400, 0x4000);
    expect_exc(&s, 4, PE_EXC_INST_DEBUG, 0x4000, 0x400);   /* the BRK does not retire */
    expect_eret(&s, 5, 0x400, 0x4004);
    expect_insn(&s, 6, 0x4004, PE_IC_B, 1, 0x4104);
    expect_exc(&s, 7, PE_EXC_IRQ, 0x4104, 0x480);
    expect_eret(&s, 8, 0x480, 0x5000);
    expect_insn(&s, 9, 0x5000, PE_IC_OTHER, 0, 0);
    expect_insn(&s, 10, 0x5004, PE_IC_BCOND, 0, 0x5044); /* taken as not taken */
    expect_exc(&s, 11, PE_EXC_IRQ, 0x5008, 0x480);
    expect_eret(&s, 12, 0x480, 0x6000);
    ck_assert_uint_eq(s.nrec, 13);
    ck_assert_uint_eq(st.data_faults, 1);
    ck_assert_uint_eq(st.traps, 1);
    ck_assert_uint_eq(st.inst_debug, 1);
    ck_assert_uint_eq(st.irqs, 2);
    ck_assert_uint_eq(st.end, WL_END_CAPPED);
    uint32_t w;
    ck_assert_int_eq(pe_image_read32(&s.image, WL_VBAR_EL1_DEFAULT + 0x480, &w), 0);
    ck_assert_uint_eq(w, WL_ERET_WORD);
    /* the most executed segment comes first */
    ck_assert_uint_eq(s.image.seg[0].base, WL_VBAR_EL1_DEFAULT + 0x400);
    pe_stream_free(&s);
    free(c.b);
}
END_TEST

START_TEST(indirect_and_prediction)
{
    cap c;
    cap_init(&c);
    uint32_t bl = def(&c, 0x1000, 0x94000040u);         /* bl .+0x100 */
    uint32_t ret = def(&c, 0x1100, 0xd65f03c0u);        /* ret */
    uint32_t blr = def(&c, 0x1004, 0xd63f0080u);        /* blr x4 */
    uint32_t ret2 = def(&c, 0x7000, 0xd65f03c0u);
    uint32_t br = def(&c, 0x1008, 0xd61f0060u);         /* br x3 */
    uint32_t svc = def(&c, 0x2000, 0xd4000001u);
    exec(&c, bl);
    exec(&c, ret);
    exec(&c, blr);
    exec(&c, ret2);
    exec(&c, br);
    exec(&c, svc);
    end(&c, WL_END_EXIT, 0);
    pe_stream s;
    wl_import_stats st;
    char err[256];
    ck_assert_msg(import(&c, &s, &st, err, sizeof err) == 0, "%s", err);
    expect_insn(&s, 0, 0x1000, PE_IC_BL, 1, 0x1100);
    expect_insn(&s, 1, 0x1100, PE_IC_RET, 1, 0x1004);
    ck_assert(!(s.rec[1].flags & PE_F_MISPRED));          /* the return stack knew */
    expect_insn(&s, 2, 0x1004, PE_IC_BLR, 1, 0x7000);
    ck_assert(s.rec[2].flags & PE_F_MISPRED);             /* first time: BTB empty */
    ck_assert(s.rec[2].spe_events & WL_EV_MISPRED);
    expect_insn(&s, 3, 0x7000, PE_IC_RET, 1, 0x1008);
    expect_insn(&s, 4, 0x1008, PE_IC_BR, 1, 0x2000);
    ck_assert_uint_eq(st.mispredicted, 2);
    /* a mispredicted branch costs the refill */
    ck_assert_uint_ge(s.rec[3].cycle, s.rec[2].cycle + 1 + 11);
    pe_stream_free(&s);
    free(c.b);
}
END_TEST

/* ---- bad captures: the error names the byte offset --------------------*/
static void expect_error(const cap *c, const char *what)
{
    pe_stream s;
    wl_import_stats st;
    char err[256];
    ck_assert_int_ne(import(c, &s, &st, err, sizeof err), 0);
    ck_assert_msg(strstr(err, what) != NULL, "error '%s' does not say '%s'", err, what);
    pe_stream_free(&s);
}

START_TEST(bad_captures)
{
    cap c;
    cap_init(&c);
    c.b[0] = 'X';
    expect_error(&c, "byte 0: not a capture");
    free(c.b);

    cap_init(&c);
    c.b[8] = 2;
    expect_error(&c, "byte 8: capture version 2");
    free(c.b);

    cap_init(&c);
    exec(&c, 5);
    expect_error(&c, "byte 16: instruction id 5 used before its definition");
    free(c.b);

    cap_init(&c);
    mem(&c, 0x1000, 2, 0);
    expect_error(&c, "byte 16: memory access before any instruction");
    free(c.b);

    cap_init(&c);
    put32(&c, WL_CAP_DEF);
    put32(&c, 0x1000);
    expect_error(&c, "byte 16: truncated DEF entry");
    free(c.b);

    cap_init(&c);
    def(&c, 0x1000, 0x8b020020u);
    put32(&c, 0xB0000000u);
    expect_error(&c, "byte 32: unknown entry b0000000");
    free(c.b);

    cap_init(&c);
    def(&c, 0x1002, 0x8b020020u);
    expect_error(&c, "byte 16: instruction address 0x1002 is not word aligned");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0x8b020020u));
    mem(&c, 0x1000, 9, 0);
    expect_error(&c, "byte 36: malformed MEM entry");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0x8b020020u));
    expect_error(&c, "byte 36: the capture has no END entry");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0x8b020020u));
    c.insns = 7;
    end(&c, WL_END_EXIT, 0);
    expect_error(&c, "byte 36: END counts 7 instructions");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0xd4000001u));
    end(&c, WL_END_EXIT, 0);
    put32(&c, 0);
    expect_error(&c, "byte 64: data after the END entry");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0xd4000001u));
    put32(&c, WL_CAP_END | 1u);
    put32(&c, 1);
    expect_error(&c, "byte 36: truncated END entry");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0xd4000001u));
    end(&c, WL_END_ERROR, 0);
    expect_error(&c, "byte 36: the plugin could not record every instruction");
    free(c.b);

    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0xd4000001u));
    end(&c, 9, 0);
    expect_error(&c, "byte 36: END entry with unknown reason 9");
    free(c.b);

    /* code that changes while it runs */
    cap_init(&c);
    exec(&c, def(&c, 0x1000, 0x14000001u));
    exec(&c, def(&c, 0x1000, 0x8b020020u));
    end(&c, WL_END_CAPPED, 0x1004);
    expect_error(&c, "byte 52: the instruction at 0x1000 is 8b020020 but was 14000001");
    free(c.b);
}
END_TEST

/* Damaged captures (truncated, bytes changed) are refused with a message
 * naming a byte offset, or imported; never a crash (ASan, UBSan). */
START_TEST(damaged_captures)
{
    cap c;
    cap_init(&c);
    uint32_t ids[6];
    ids[0] = def(&c, 0x2000, 0xf9400420u);
    ids[1] = def(&c, 0x2004, 0x54000201u);
    ids[2] = def(&c, 0x2008, 0xd4000001u);
    put32(&c, WL_CAP_WORD);
    put64(&c, 0x200c);
    put32(&c, 0xd65f03c0u);
    ids[3] = def(&c, 0x2044, 0xd61f0060u);
    ids[4] = def(&c, 0x3000, 0x00000077u);
    ids[5] = def(&c, 0x200c, 0xd65f03c0u);
    for (int k = 0; k < 40; k++) {
        exec(&c, ids[k % 6]);
        if (k % 6 == 0)
            mem(&c, 0x9000 + 8u * (unsigned)k, 3, k & 1);
    }
    end(&c, WL_END_CAPPED, 0x2000);
    harness_rng rng;
    harness_rng_init(&rng, 1, 0);
    uint8_t *buf = malloc(c.n);
    ck_assert_ptr_nonnull(buf);
    int refused = 0;
    for (int t = 0; t < 600; t++) {
        memcpy(buf, c.b, c.n);
        size_t n = c.n;
        if (t % 3 == 0) {
            n = (size_t)harness_rng_below(&rng, c.n);  /* truncated */
        } else {
            for (int m = 0; m <= t % 4; m++) {          /* bytes changed */
                size_t at = 16 + (size_t)harness_rng_below(&rng, c.n - 16);
                buf[at] = (uint8_t)harness_rng_below(&rng, 256);
            }
        }
        wl_import_opts o;
        wl_import_opts_default(&o);
        pe_stream s;
        pe_stream_init(&s);
        wl_import_stats st;
        char err[256] = "";
        if (wl_import_buf(buf, n, &o, &s, &st, err, sizeof err)) {
            refused++;
            ck_assert_msg(strncmp(err, "byte ", 5) == 0, "trial %d: '%s'", t, err);
        }
        pe_stream_free(&s);
    }
    ck_assert_int_gt(refused, 200);
    free(buf);
    free(c.b);
}
END_TEST

START_TEST(missing_file)
{
    wl_import_opts o;
    wl_import_opts_default(&o);
    pe_stream s;
    pe_stream_init(&s);
    wl_import_stats st;
    char err[256];
    ck_assert_int_ne(wl_import_file("/nonexistent/x.cap", &o, &s, &st, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "/nonexistent/x.cap") != NULL, "%s", err);
    pe_stream_free(&s);
}
END_TEST

/* ---- the memory hierarchy --------------------------------------------- */
START_TEST(cache_model)
{
    wl_cache *c = wl_cache_new();
    ck_assert_ptr_nonnull(c);
    wl_mem_result r;
    wl_mem_result_init(&r);
    ck_assert_int_eq(wl_cache_access(c, 0x10008, 8, &r), 0);
    ck_assert_uint_eq(r.data_source, WL_SRC_DRAM);
    ck_assert_uint_eq(r.lat_mem, WL_LAT_DRAM);
    ck_assert_uint_eq(r.lat_xlat, WL_LAT_WALK);
    ck_assert_uint_eq(r.events, WL_EV_L1D_ACC | WL_EV_L1D_REF | WL_EV_TLB_ACC |
                                    WL_EV_TLB_WALK | WL_EV_LLC_ACC | WL_EV_LLC_MISS);
    ck_assert_uint_eq(r.pa, 0x80000008u);                   /* first page handed out */
    wl_mem_result_init(&r);
    ck_assert_int_eq(wl_cache_access(c, 0x10010, 8, &r), 0); /* same line */
    ck_assert_uint_eq(r.data_source, WL_SRC_L1);
    ck_assert_uint_eq(r.lat_xlat, WL_LAT_TLB1);
    ck_assert_uint_eq(r.events, WL_EV_L1D_ACC | WL_EV_TLB_ACC);
    /* an access across a page boundary touches two pages and two lines */
    wl_mem_result_init(&r);
    ck_assert_int_eq(wl_cache_access(c, 0x10ffc, 8, &r), 0);
    ck_assert_uint_eq(r.pa, 0x80000ffcu);
    wl_cache_stats cs;
    wl_cache_get_stats(c, &cs);
    ck_assert_uint_eq(cs.pages, 2);
    ck_assert_uint_eq(cs.lines, 4);
    ck_assert_uint_eq(cs.tlb_walks, 2);
    /* 65 KB of distinct lines overflow the 64 KB L1D: the first line is
     * then served by L2 */
    for (uint64_t a = 0x100000; a < 0x100000 + 65 * 1024; a += 64) {
        wl_mem_result_init(&r);
        ck_assert_int_eq(wl_cache_access(c, a, 8, &r), 0);
    }
    wl_mem_result_init(&r);
    ck_assert_int_eq(wl_cache_access(c, 0x100000, 8, &r), 0);
    ck_assert_uint_eq(r.data_source, WL_SRC_L2);
    ck_assert_uint_eq(r.lat_mem, WL_LAT_L2);
    wl_cache_free(c);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("workloads-import");
    TCase *tc = tcase_create("import");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, classify, 0, NCLS);
    tcase_add_test(tc, branches_and_syscalls);
    tcase_add_test(tc, faults_and_signals);
    tcase_add_test(tc, indirect_and_prediction);
    tcase_add_test(tc, bad_captures);
    tcase_add_test(tc, damaged_captures);
    tcase_add_test(tc, missing_file);
    tcase_add_test(tc, cache_model);
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
