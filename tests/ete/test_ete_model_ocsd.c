/* ETE model against OpenCSD: a snapshot (ete_snapshot_write) of a small
 * hand-built AArch64 program decoded by the installed trc_pkt_lister, which
 * must list the executed instructions without errors.  And the model's fast
 * paths against its general path on random streams in many configurations. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ete_model.h"
#include "harness.h"

/* ---- A64 encodings ------------------------------------------------------- */
#define A64_NOP 0xD503201Fu
#define A64_SVC0 0xD4000001u
#define A64_ERET 0xD69F03E0u
#define A64_RET 0xD65F03C0u
#define A64_BR_X1 0xD61F0020u
#define A64_ISB 0xD5033FDFu

static uint32_t a64_b(int64_t off)
{
    return 0x14000000u | ((uint32_t)(off >> 2) & 0x3FFFFFFu);
}

static uint32_t a64_bl(int64_t off)
{
    return 0x94000000u | ((uint32_t)(off >> 2) & 0x3FFFFFFu);
}

static uint32_t a64_bcond(int64_t off, unsigned cond)
{
    return 0x54000000u | (((uint32_t)(off >> 2) & 0x7FFFFu) << 5) | cond;
}

typedef struct prog {
    pe_stream s;
    uint64_t cyc, ts;
    unsigned el;
} prog;

static void rec(prog *g, unsigned kind, uint64_t pc, unsigned ic, int taken, uint64_t target)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = (uint8_t)kind;
    r.pc = pc;
    r.iclass = (uint8_t)ic;
    r.target = target;
    r.flags = PE_F_NS | (taken ? PE_F_TAKEN : 0);
    r.el = (uint8_t)g->el;
    r.isa = PE_ISA_A64;
    r.contextidr_el1 = 0x42;
    r.contextidr_el2 = 0xC0DE0007;  /* the Virtual context identifier (R_PTVTD) */
    r.vmid = 0x99;                  /* VTTBR_EL2.VMID: not traced */
    r.cycle = g->cyc;
    r.timestamp = g->ts;
    g->cyc += 3;
    g->ts += 1;
    ck_assert_int_eq(pe_stream_push(&g->s, &r), 0);
}

/* main at 0x80000 (EL0):
 *   0x80000 nop          0x80004 bl f (0x80040)   0x80008 svc #0
 *   0x8000c b.ne 0x80004 0x80010 isb              0x80014 br x1 (0x80080)
 *   f: 0x80040 nop; 0x80044 ret
 *   0x80080 nop; 0x80084 b 0x80080
 * EL1 vector 0x90400: nop; eret */
static void build(prog *g, int loops)
{
    uint32_t code[64], vec[8];
    for (int i = 0; i < 64; i++)
        code[i] = A64_NOP;
    code[1] = a64_bl(0x40 - 0x4);
    code[2] = A64_SVC0;
    code[3] = a64_bcond(0x4 - 0xC, 1);
    code[4] = A64_ISB;
    code[5] = A64_BR_X1;
    code[0x44 / 4] = A64_RET;
    code[0x84 / 4] = a64_b(-4);
    for (int i = 0; i < 8; i++)
        vec[i] = A64_NOP;
    vec[1] = A64_ERET;
    pe_stream_init(&g->s);
    g->cyc = 100;
    g->ts = 0x5000;
    g->el = 0;
    ck_assert_int_eq(pe_image_add(&g->s.image, 0x80000, (const uint8_t *)code, sizeof code), 0);
    ck_assert_int_eq(pe_image_add(&g->s.image, 0x90400, (const uint8_t *)vec, sizeof vec), 0);
    const uint64_t B = 0x80000;
    rec(g, PE_KIND_INSN, B, PE_IC_OTHER, 0, 0);
    for (int it = 0; it < loops; it++) {
        rec(g, PE_KIND_INSN, B + 4, PE_IC_BL, 1, B + 0x40);
        rec(g, PE_KIND_INSN, B + 0x40, PE_IC_OTHER, 0, 0);
        rec(g, PE_KIND_INSN, B + 0x44, PE_IC_RET, 1, B + 8);
        rec(g, PE_KIND_INSN, B + 8, PE_IC_EXCGEN, 0, 0);
        g->el = 1;
        pe_rec *e;
        rec(g, PE_KIND_EXC, B + 0xC, 0, 0, 0x90400);
        e = &g->s.rec[g->s.nrec - 1];
        e->from_el = 0;
        e->exc_type = PE_EXC_CALL;
        rec(g, PE_KIND_INSN, 0x90400, PE_IC_OTHER, 0, 0);
        rec(g, PE_KIND_INSN, 0x90404, PE_IC_ERET, 1, B + 0xC);
        g->el = 0;
        rec(g, PE_KIND_INSN, B + 0xC, PE_IC_BCOND, it + 1 < loops, B + 4);
    }
    rec(g, PE_KIND_INSN, B + 0x10, PE_IC_ISB, 1, B + 0x14);
    rec(g, PE_KIND_INSN, B + 0x14, PE_IC_BR, 1, B + 0x80);
    for (int k = 0; k < 5; k++) {
        rec(g, PE_KIND_INSN, B + 0x80, PE_IC_OTHER, 0, 0);
        rec(g, PE_KIND_INSN, B + 0x84, PE_IC_B, 1, B + 0x80);
    }
}

/* Encode, snapshot, decode with trc_pkt_lister; returns its output. */
static char *lister(prog *g, const ete_params *p, const ete_progregs *r)
{
    char err[300], dir[] = "/tmp/ete_model_ocsd_XXXXXX";
    ck_assert(mkdtemp(dir) != NULL);
    ete_model *m = ete_model_new(p, r, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    ete_model_run(m, g->s.rec, g->s.nrec);
    ete_model_finish(m);
    size_t len;
    const uint8_t *b = ete_model_bytes(m, &len);
    ete_idregs id;
    ete_model_idregs(p, &id);
    ck_assert_msg(ete_snapshot_write(dir, &id, r, &g->s.image, b, len, err, sizeof err) == 0,
                  "%s", err);
    ete_model_free(m);

    char cmd[600];
    /* run inside the snapshot directory: nothing is left in the caller's */
    snprintf(cmd, sizeof cmd,
             "cd %s && trc_pkt_lister -ss_dir . -decode -no_time_print -logstdout 2>&1", dir);
    FILE *f = popen(cmd, "r");
    ck_assert_msg(f != NULL, "cannot run trc_pkt_lister");
    size_t cap = 1 << 16, n = 0;
    char *txt = malloc(cap);
    ck_assert(txt != NULL);
    size_t k;
    while ((k = fread(txt + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (cap - n < 2) {
            cap *= 2;
            txt = realloc(txt, cap);
            ck_assert(txt != NULL);
        }
    }
    txt[n] = 0;
    int rc = pclose(f);
    ck_assert_msg(rc == 0, "trc_pkt_lister exit %d:\n%s", rc, txt);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    return txt;
}

static unsigned count(const char *txt, const char *what)
{
    unsigned c = 0;
    for (const char *p = txt; (p = strstr(p, what)) != NULL; p++)
        c++;
    return c;
}

static void check_listing(const char *txt, int loops)
{
    ck_assert_msg(strstr(txt, "ERROR") == NULL && strstr(txt, "BAD_") == NULL &&
                      strstr(txt, "RESERVED") == NULL, "trc_pkt_lister reports:\n%s", txt);
    ck_assert_msg(strstr(txt, "Trace buffer done") != NULL, "%s", txt);
    /* per loop: BL range, f, the SVC exception, the handler, the B.cond */
    ck_assert_uint_eq(count(txt, "exec range=0x80040:[0x80048] num_i(2)"), (unsigned)loops);
    ck_assert_uint_eq(count(txt, "EXCEPTION(pref ret addr:0x8000c; excep num (0x02)"),
                      (unsigned)loops);
    ck_assert_uint_eq(count(txt, "exec range=0x90400:[0x90408] num_i(2)"), (unsigned)loops);
    ck_assert_uint_eq(count(txt, "exec range=0x8000c:[0x80010] num_i(1)"), (unsigned)loops);
    ck_assert_uint_eq(count(txt, "exec range=0x80010:[0x80014] num_i(1)"), 1);  /* ISB */
    ck_assert_uint_eq(count(txt, "exec range=0x80014:[0x80018] num_i(1)"), 1);  /* BR */
    ck_assert_uint_eq(count(txt, "exec range=0x80080:[0x80088] num_i(2)"), 5);
}

START_TEST(opencsd_decodes_snapshot)
{
    prog g;
    ete_params p;
    ete_progregs r;
    build(&g, 3);
    ete_params_default(&p);
    ete_progregs_default(&r);
    r.trcconfigr |= TRCCONFIGR_RS | TRCCONFIGR_CID | TRCCONFIGR_VMID | TRCCONFIGR_TS;
    char *txt = lister(&g, &p, &r);
    check_listing(txt, 3);
    ck_assert(strstr(txt, "CTXTID=0x42") != NULL);
    ck_assert_msg(strstr(txt, "VMID=0xc0de0007") != NULL, "%s", txt);
    ck_assert(strstr(txt, "VMID=0x99") == NULL);
    free(txt);

    /* cycle counting, both commit modes */
    r.trcconfigr |= TRCCONFIGR_CCI;
    r.trcccctlr = 4;
    for (unsigned commopt = 0; commopt < 2; commopt++) {
        p.commopt = commopt;
        txt = lister(&g, &p, &r);
        check_listing(txt, 3);
        ck_assert(strstr(txt, "CYCLE_COUNT( [CC=0]") != NULL);   /* the UNKNOWN first */
        ck_assert(strstr(txt, "CYCLE_COUNT( [CC=9]") != NULL);
        free(txt);
    }
    /* branch broadcasting everywhere (exclude mode, no range), events */
    ete_progregs_default(&r);
    r.trcconfigr |= TRCCONFIGR_BB;
    r.trceventctl0r = 1;                      /* event 0: TRUE */
    r.trceventctl1r = 1;
    txt = lister(&g, &p, &r);
    check_listing(txt, 3);
    ck_assert(strstr(txt, "EVENT( Numbered:") != NULL);
    free(txt);
    pe_stream_free(&g.s);
}
END_TEST

/* ---- random streams: fast paths against the general path -----------------
 * Modes: 0 ete_model_run in chunks, 1 ete_model_run one record at a time,
 * 2 ete_model_step, 3 ete_model_step with the fast paths off. */
static uint64_t rnd(harness_rng *x)
{
    return harness_rng_next(x);
}

static void random_stream(pe_rec *r, size_t n, uint64_t seed)
{
    uint64_t pc = 0x400000, cyc = 0, ts = 0;
    harness_rng x;
    harness_rng_init(&x, seed, 0);
    unsigned el = 0, isa = PE_ISA_A64;
    int ns = 1, tstate = 0;
    uint32_t cid = 1, cid2 = 1, vmid = 1;
    for (size_t i = 0; i < n; i++) {
        pe_rec *p = &r[i];
        memset(p, 0, sizeof *p);
        uint64_t v = rnd(&x);
        cyc += 1 + (v & 3) + ((v >> 40) % 97 == 0 ? 3000 : 0);
        ts += (v >> 3) & 1;
        p->pc = pc;
        p->cycle = cyc;
        p->timestamp = ts;
        p->el = (uint8_t)el;
        p->isa = (uint8_t)isa;
        p->flags = (ns ? PE_F_NS : 0) | (tstate ? PE_F_TSTATE : 0);
        p->contextidr_el1 = cid;
        p->contextidr_el2 = cid2;
        p->vmid = vmid;
        p->ext_in = (v >> 50) % 23 == 0 ? (uint8_t)(v >> 56) & 0xF : 0;
        unsigned k = (unsigned)((v >> 8) % 100);
        unsigned step = isa == PE_ISA_T32 ? 2 : 4;
        if (k < 62) {
            p->iclass = PE_IC_OTHER;
            pc += step;
        } else if (k < 90) {
            static const uint8_t cls[] = {PE_IC_B, PE_IC_BCOND, PE_IC_BL, PE_IC_BR, PE_IC_BLR,
                                          PE_IC_RET, PE_IC_ERET, PE_IC_ISB, PE_IC_WFX,
                                          PE_IC_BCOND, PE_IC_RET, PE_IC_BCOND};
            p->iclass = cls[(v >> 16) % sizeof cls];
            int taken = p->iclass != PE_IC_BCOND || ((v >> 24) & 1);
            if (taken)
                p->flags |= PE_F_TAKEN;
            uint64_t t = (v >> 30) % 5 == 0 ? ((v >> 20) << 2) : pc + (((v >> 28) % 4096) << 2);
            if ((v >> 33) % 3 == 0)
                t = pc - (((v >> 34) % 64) << 2);
            if (isa != PE_ISA_A64)
                t &= 0xFFFFFFFEu;
            p->target = taken ? t : pc + step;
            pc = p->target;
            if (p->iclass == PE_IC_ERET && (v >> 45) % 2)
                el = el ? 0 : 1;
            if ((v >> 46) % 31 == 0) {
                isa = isa == PE_ISA_A64 ? PE_ISA_T32 : (isa == PE_ISA_T32 ? PE_ISA_A32
                                                                          : PE_ISA_A64);
                pc &= isa == PE_ISA_A64 ? ~3ull : 0xFFFFFFFEull;
            }
        } else if (k < 93) {
            p->kind = PE_KIND_EXC;
            p->from_el = (uint8_t)el;
            static const uint8_t ty[] = {2, 3, 4, 6, 7, 0xA, 0xB, 0xC, 0xE, 0xF, 0x11};
            p->exc_type = ty[(v >> 16) % sizeof ty];
            el = 1 + (unsigned)((v >> 20) % 3);
            p->el = (uint8_t)el;
            p->target = 0xFFFF800000000000ull + ((v >> 24) % 4) * 0x80;
            pc = p->target;
            isa = PE_ISA_A64;
            tstate = 0;
        } else if (k < 95) {
            p->iclass = tstate ? PE_IC_TCOMMIT : PE_IC_TSTART;
            if (!tstate)
                p->flags |= PE_F_TAKEN;
            tstate = !tstate;
            pc += step;
        } else if (k < 96 && tstate) {
            p->kind = PE_KIND_TFAIL;
            p->target = pc - 0x20;
            pc = p->target;
            tstate = 0;
        } else if (k < 97) {
            /* CONTEXTIDR_EL1, CONTEXTIDR_EL2 (the Virtual context identifier,
             * R_PTVTD) or VTTBR_EL2.VMID (not traced) changes */
            unsigned which = (unsigned)((v >> 16) % 3);
            if (which == 0)
                cid = (uint32_t)(v >> 32);
            else if (which == 1)
                cid2 = (uint32_t)(v >> 24);
            else
                vmid = (uint32_t)(v >> 40) & 0xFFFF;
            p->iclass = PE_IC_OTHER;
            pc += step;
        } else if (k < 98) {
            ns = !ns;
            p->iclass = PE_IC_OTHER;
            pc += step;
        } else if (k < 99 && (v >> 60) == 0) {
            p->kind = PE_KIND_RESET;
            p->from_el = (uint8_t)el;
            el = 1;
            p->el = 1;
            p->target = 0x1000;
            pc = 0x1000;
            tstate = 0;
            isa = PE_ISA_A64;
        } else {
            p->iclass = PE_IC_EXCGEN;
            pc += step;
        }
        p->flags |= (uint16_t)(tstate && p->kind == PE_KIND_INSN ? PE_F_TSTATE : 0);
        if (p->kind != PE_KIND_INSN)
            p->flags &= (uint16_t)~PE_F_TSTATE;
    }
}

static void random_config(uint64_t seed, ete_params *p, ete_progregs *r)
{
    harness_rng x;
    harness_rng_init(&x, seed, 1);
    ete_params_default(p);
    ete_progregs_default(r);
    uint64_t v = rnd(&x);
    static const uint32_t cfgbits[] = {TRCCONFIGR_BB, TRCCONFIGR_CCI, TRCCONFIGR_CID,
                                       TRCCONFIGR_VMID, TRCCONFIGR_TS, TRCCONFIGR_RS,
                                       TRCCONFIGR_VMIDOPT};
    for (unsigned i = 0; i < 7; i++)
        if ((v >> i) & 1)
            r->trcconfigr |= cfgbits[i];
    p->commopt = (v >> 8) & 1;
    p->rs_depth = 1 + (unsigned)((v >> 9) % 15);
    p->vmidsize = 32;                       /* the only size with EL2 (R_PTVTD) */
    r->trcccctlr = 4 + (uint32_t)((v >> 16) % 60);
    if ((v >> 24) % 3 == 0)
        r->trcsyncpr = 8;
    r->trcrsctlr[2] = 1;
    r->trcrsctlr[3] = 2 | TRCRSCTLR_INV;
    r->trcrsctlr[4] = 4;
    r->trcrsctlr[5] = 8;
    if ((v >> 26) & 1) {
        r->trceventctl0r = 2u | (0x82u << 8) | (4u << 16);
        r->trceventctl1r = 0x7;
    }
    if ((v >> 27) & 1)
        r->trctsctlr = 5;
    switch ((v >> 28) % 6) {
    case 0:
        r->trcvictlr |= TRCVICTLR_EXLEVEL_NS(1) | TRCVICTLR_TRCERR;
        break;
    case 1:
        r->trcviiectlr = TRCVIIECTLR_INCLUDE(0);
        r->trcacvr[0] = 0x400000;
        r->trcacvr[1] = 0x420000;
        break;
    case 2:
        r->trcviiectlr = TRCVIIECTLR_EXCLUDE(1);
        r->trcacvr[2] = 0x400000;
        r->trcacvr[3] = 0x408000;
        break;
    case 3:
        r->trcvictlr = ETE_RESOURCE_TRUE | TRCVICTLR_TRCRESET;
        r->trcvissctlr = TRCVISSCTLR_START(0) | TRCVISSCTLR_STOP(1);
        r->trcacvr[0] = 0x400040;
        r->trcacvr[1] = 0x400400;
        break;
    case 4:
        r->trcvictlr = 3u | TRCVICTLR_SSSTATUS;          /* ViewInst from EXTIN[1] low */
        break;
    default:
        break;
    }
    if (seed & 1) {
        /* half the seeds without cycle counting and branch broadcasting,
         * where the fast paths take branches too */
        r->trcconfigr &= ~(TRCCONFIGR_BB | TRCCONFIGR_CCI);
        if ((v >> 41) & 1)
            r->trcsyncpr = 8;
    }
    r->trcbbctlr = (v >> 40) & 1 ? (TRCBBCTLR_MODE | 1) : 0;
    r->trcacvr[0] = r->trcacvr[0] ? r->trcacvr[0] : 0x400100;
    r->trcacvr[1] = r->trcacvr[1] ? r->trcacvr[1] : 0x404000;
}

START_TEST(fast_paths_equal_general_path)
{
    const size_t n = 4000;
    pe_rec *recs = malloc(n * sizeof *recs);
    ck_assert(recs != NULL);
    uint64_t total = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        ete_params p;
        ete_progregs r;
        char err[300];
        random_stream(recs, n, seed);
        random_config(seed, &p, &r);
        uint8_t *out[4] = {0};
        size_t len[4] = {0};
        for (int mode = 0; mode < 4; mode++) {
            ete_model *m = ete_model_new(&p, &r, err, sizeof err);
            ck_assert_msg(m != NULL, "seed %llu: %s", (unsigned long long)seed, err);
            if (mode == 3)
                ete_model_set_fast_paths(m, 0);
            for (size_t i = 0; i < n;) {
                size_t chunk = 1 + (size_t)((seed * 7919 + i) % 300);
                if (chunk > n - i)
                    chunk = n - i;
                if (mode == 0)
                    ete_model_run(m, recs + i, chunk);
                else if (mode == 1)
                    for (size_t j = 0; j < chunk; j++)
                        ete_model_run(m, &recs[i + j], 1);
                else
                    for (size_t j = 0; j < chunk; j++)
                        ete_model_step(m, &recs[i + j]);
                i += chunk;
                if (seed % 4 == 0 && (i / 300) % 5 == 2)
                    ete_model_overflow(m);
            }
            ete_model_finish(m);
            ck_assert_msg(ete_model_error(m) == NULL, "seed %llu: %s",
                          (unsigned long long)seed, ete_model_error(m));
            const uint8_t *b = ete_model_bytes(m, &len[mode]);
            out[mode] = malloc(len[mode] + 1);
            ck_assert(out[mode] != NULL);
            memcpy(out[mode], b, len[mode]);
            ete_model_free(m);
        }
        for (int mode = 1; mode < 4; mode++) {
            size_t d = 0;
            while (d < len[0] && d < len[mode] && out[0][d] == out[mode][d])
                d++;
            ck_assert_msg(len[0] == len[mode] && d == len[0],
                          "seed %llu: mode %d differs at byte %zu (%zu vs %zu bytes)",
                          (unsigned long long)seed, mode, d, len[0], len[mode]);
        }
        total += len[0];
        for (int mode = 0; mode < 4; mode++)
            free(out[mode]);
    }
    ck_assert_uint_gt(total, 10000);
    free(recs);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ete_model_ocsd");
    TCase *t = tcase_create("opencsd");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, opencsd_decodes_snapshot);
    tcase_add_test(t, fast_paths_equal_general_path);
    suite_add_tcase(s, t);
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
