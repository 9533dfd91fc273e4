/* Generated execution -> model -> bytes -> decoders -> oracle. */
#include "ete_roundtrip.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ocsd_ete.h"
#include "progen.h"

static const char *const cfg_names[ETE_RT_NUM_CONFIGS] = {
    "plain", "rs", "bb", "cci", "ts", "ctxt", "filter-el", "filter-range",
    "filter-startstop", "events", "all", "overflow"};

const char *ete_rt_config_name(unsigned idx)
{
    return idx < ETE_RT_NUM_CONFIGS ? cfg_names[idx] : "?";
}

/* pc of a random instruction record executed at el (or any el if el < 0). */
static uint64_t pick_pc(const pe_stream *s, harness_rng *rng, int el)
{
    for (int tries = 0; tries < 1000 && s->nrec; tries++) {
        const pe_rec *x = &s->rec[harness_rng_below(rng, s->nrec)];
        if (x->kind == PE_KIND_INSN && (el < 0 || x->el == (unsigned)el))
            return x->pc;
    }
    return s->nrec ? s->rec[0].pc : 0;
}

void ete_rt_config(unsigned idx, uint64_t seed, const pe_stream *s, ete_params *p,
                   ete_progregs *r)
{
    /* the choice of comparator addresses and register values */
    harness_rng rng;
    harness_rng_init(&rng, seed, idx);
    ete_params_default(p);
    memset(r, 0, sizeof *r);
    r->trcconfigr = TRCCONFIGR_RES1;
    r->trctraceidr = 0x10;
    r->trcvictlr = ETE_RESOURCE_TRUE | TRCVICTLR_SSSTATUS; /* ViewInst event: TRUE */
    /* periodic synchronisation: 0 (off) or 2^8..2^12 bytes */
    unsigned per = (unsigned)harness_rng_below(&rng, 6);
    r->trcsyncpr = per == 5 ? 0 : 8 + per;
    p->commopt = (unsigned)(seed & 1);
    /* resource selector 2 = EXTIN[0], 3 = EXTIN[1] (group 0, D7.3) */
    r->trcrsctlr[2] = TRCRSCTLR_GROUP_EXTIN << TRCRSCTLR_GROUP_SHIFT | 1u << 0;
    r->trcrsctlr[3] = TRCRSCTLR_GROUP_EXTIN << TRCRSCTLR_GROUP_SHIFT | 1u << 1;

    uint32_t cfg = 0;
    switch (idx) {
    case ETE_RT_RS: cfg = TRCCONFIGR_RS; break;
    case ETE_RT_BB: cfg = TRCCONFIGR_BB; break;
    case ETE_RT_CCI: cfg = TRCCONFIGR_CCI; break;
    case ETE_RT_TS: cfg = TRCCONFIGR_TS; break;
    case ETE_RT_OVERFLOW: cfg = TRCCONFIGR_CCI | TRCCONFIGR_TS | TRCCONFIGR_RS; break;
    case ETE_RT_CTXT: cfg = TRCCONFIGR_CID | TRCCONFIGR_VMID; break;
    case ETE_RT_ALL:
        cfg = TRCCONFIGR_RS | TRCCONFIGR_BB | TRCCONFIGR_CCI | TRCCONFIGR_TS |
              TRCCONFIGR_CID | TRCCONFIGR_VMID;
        break;
    default: break;
    }
    r->trcconfigr |= cfg;
    if (cfg & TRCCONFIGR_BB) {
        /* half the seeds broadcast inside one range (MODE include), half
         * everywhere but an excluded range */
        uint64_t a = pick_pc(s, &rng, 0), b = pick_pc(s, &rng, 0);
        r->trcacvr[0] = a < b ? a : b;
        r->trcacvr[1] = a < b ? b : a;
        r->trcbbctlr = 1u | ((seed >> 1 & 1) ? TRCBBCTLR_MODE : 0);
    }
    if (cfg & TRCCONFIGR_CCI)
        r->trcccctlr = p->ccitmin + (uint32_t)harness_rng_below(&rng, 200);
    if (cfg & TRCCONFIGR_TS)
        r->trctsctlr = 2; /* timestamp event: resource selector 2 (EXTIN[0]) */
    if (idx == ETE_RT_EVENTS || idx == ETE_RT_ALL) {
        r->trceventctl0r = 2u | 3u << 8;        /* event 0 <- selector 2, 1 <- 3 */
        r->trceventctl1r = TRCEVENTCTL1R_INSTEN(0) | TRCEVENTCTL1R_INSTEN(1);
    }
    switch (idx) {
    case ETE_RT_FILTER_EL:
        r->trcvictlr |= (seed >> 1 & 1) ? TRCVICTLR_EXLEVEL_NS(1) : TRCVICTLR_EXLEVEL_NS(0);
        break;
    case ETE_RT_FILTER_RANGE: {
        uint64_t a = pick_pc(s, &rng, -1), b = pick_pc(s, &rng, -1);
        r->trcacvr[0] = a < b ? a : b;
        r->trcacvr[1] = (a < b ? b : a) + 0x100;
        uint64_t c = pick_pc(s, &rng, -1);
        r->trcacvr[2] = c;
        r->trcacvr[3] = c + 0x40;
        r->trcviiectlr = (seed >> 1 & 1) ? TRCVIIECTLR_INCLUDE(0) | TRCVIIECTLR_EXCLUDE(1)
                                         : TRCVIIECTLR_EXCLUDE(0);
        break;
    }
    case ETE_RT_FILTER_STARTSTOP: {
        uint64_t a = pick_pc(s, &rng, 0), b = pick_pc(s, &rng, 0);
        if (a == b)
            b += 4;
        r->trcacvr[0] = a < b ? a : b;  /* R_SFXZB: SACs in address order */
        r->trcacvr[1] = a < b ? b : a;
        r->trcvictlr &= ~TRCVICTLR_SSSTATUS;
        r->trcvissctlr = (seed >> 1 & 1) ? TRCVISSCTLR_START(0) | TRCVISSCTLR_STOP(1)
                                         : TRCVISSCTLR_START(1) | TRCVISSCTLR_STOP(0);
        break;
    }
    default: break;
    }
}

void ete_rt_fit(const ete_params *p, ete_progregs *r)
{
    if (!p->rs_depth)
        r->trcconfigr &= ~TRCCONFIGR_RS;
    /* address comparator pairs beyond NUMACPAIRS: their range controls and
     * values go (the driver refuses to program what TRCIDR4 lacks) */
    for (unsigned m = p->num_acpairs; m < ETE_NUM_ACPAIRS_MAX; m++) {
        r->trcviiectlr &= ~(TRCVIIECTLR_INCLUDE(m) | TRCVIIECTLR_EXCLUDE(m));
        r->trcbbctlr &= ~(1u << m);
    }
    for (unsigned a = 2 * p->num_acpairs; a < 2 * ETE_NUM_ACPAIRS_MAX; a++) {
        r->trcvissctlr &= ~(TRCVISSCTLR_START(a) | TRCVISSCTLR_STOP(a));
        r->trcacvr[a] = 0;
        r->trcacatr[a] = 0;
    }
    /* selectors 2 and 3 name EXTIN[0] and EXTIN[1] (ete_rt_config) */
    int sel_ok[4] = {1, 1, p->num_extin >= 1, p->num_extin >= 2};
    for (unsigned k = 2; k < 4; k++)
        if (!sel_ok[k])
            r->trcrsctlr[k] = 0;
    if ((r->trctsctlr & 0x1Fu) < 4 && !sel_ok[r->trctsctlr & 0x1Fu])
        r->trctsctlr = 0;
    uint32_t inst = 0;
    for (unsigned n = 0; n < 4; n++) {
        unsigned sel = TRCEVENTCTL0R_SEL(r->trceventctl0r, n);
        int used = n < p->num_events && sel < 4 && sel_ok[sel];
        if (!used)
            r->trceventctl0r &= ~(0xFFu << (8u * n));
        else if (r->trceventctl1r & TRCEVENTCTL1R_INSTEN(n))
            inst |= TRCEVENTCTL1R_INSTEN(n);
    }
    r->trceventctl1r = (r->trceventctl1r & ~0xFu) | inst;
}

void ete_elem_list_push(void *list, const ete_elem *e)
{
    ete_elem_list *l = list;
    if (l->oom)
        return;
    if (l->n == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 4096;
        ete_elem *ne = realloc(l->e, nc * sizeof *ne);
        if (!ne) {
            l->oom = 1;
            return;
        }
        l->e = ne;
        l->cap = nc;
    }
    l->e[l->n++] = *e;
}

void ete_elem_list_free(ete_elem_list *l)
{
    free(l->e);
    memset(l, 0, sizeof *l);
}

int ete_rt_mem_read(void *img, uint64_t addr, unsigned el, int ns, uint32_t *word)
{
    (void)el;
    (void)ns;
    return pe_image_read32(img, addr, word);
}

int ete_rt_run(const pe_stream *s, const ete_params *p, const ete_progregs *r,
               uint64_t ovf_seed, int with_ocsd,
               ete_rt_result *res, uint8_t **trace_out, size_t *trace_len, char *msg,
               size_t msglen)
{
    memset(res, 0, sizeof *res);
    res->records = s->nrec;
    ete_model *m = ete_model_new(p, r, msg, msglen);
    if (!m)
        return -1;
    size_t *resume = NULL, nresume = 0;
    if (!ovf_seed) {
        ete_model_run(m, s->rec, s->nrec);
    } else {
        /* the buffer overflows every 500..4500 records: what the unit had
         * not yet output is lost, and it resynchronises (D6.4) */
        harness_rng rng;
        harness_rng_init(&rng, ovf_seed, 0);
        size_t i = 0;
        while (i < s->nrec) {
            size_t run = 500 + (size_t)harness_rng_below(&rng, 4000);
            if (run > s->nrec - i)
                run = s->nrec - i;
            ete_model_run(m, s->rec + i, run);
            i += run;
            if (i < s->nrec) {
                ete_model_overflow(m);
                size_t *nr = realloc(resume, (nresume + 1) * sizeof *nr);
                if (!nr) {
                    free(resume);
                    ete_model_free(m);
                    snprintf(msg, msglen, "out of memory");
                    return -1;
                }
                resume = nr;
                resume[nresume++] = i;
            }
        }
    }
    ete_model_finish(m);
    size_t len = 0;
    const uint8_t *bytes = ete_model_bytes(m, &len);
    res->bytes = len;
    memcpy(res->pkt, ete_model_pkt_counts(m), sizeof res->pkt);

    ete_dec_cfg dc;
    memset(&dc, 0, sizeof dc);
    ete_model_idregs(p, &dc.id);
    dc.trcconfigr = r->trcconfigr;
    dc.trctraceidr = r->trctraceidr;
    ete_elem_list l = {0};
    int rc = -1;
    ete_decoder *d = ete_decoder_new(&dc, ete_rt_mem_read, (void *)&s->image,
                                     ete_elem_list_push, &l, msg, msglen);
    if (!d)
        goto out;
    size_t used = 0;
    if (ete_decoder_feed(d, bytes, len, &used) != 0 || used != len) {
        snprintf(msg, msglen, "decoder failed after %zu of %zu bytes", used, len);
        ete_decoder_free(d);
        goto out;
    }
    ete_decoder_finish(d);
    res->insns = ete_decoder_insn_count(d);
    if (ete_decoder_errors(d)) {
        snprintf(msg, msglen, "decoder: %u errors, last: %s", ete_decoder_errors(d),
                 ete_decoder_last_error(d));
        ete_decoder_free(d);
        goto out;
    }
    ete_decoder_free(d);
    if (l.oom) {
        snprintf(msg, msglen, "out of memory");
        goto out;
    }
    const char *tdump = getenv("ETE_RT_TRACE");  /* debugging: write the trace */
    if (tdump) {
        FILE *f = fopen(tdump, "wb");
        if (f) {
            fwrite(bytes, 1, len, f);
            fclose(f);
        }
    }
    const char *dump = getenv("ETE_RT_ELEMS");  /* debugging: write the elements */
    if (dump) {
        FILE *f = fopen(dump, "w");
        for (size_t i = 0; f && i < l.n; i++) {
            char line[256];
            ete_elem_format(&l.e[i], line, sizeof line);
            fprintf(f, "%zu @%" PRIx64 " %s\n", i, l.e[i].offset, line);
        }
        for (size_t i = 0; f && i < nresume; i++)
            fprintf(f, "resume %zu\n", resume[i]);
        if (f)
            fclose(f);
    }
    if (ete_oracle_check(s, r, p->num_acpairs, p->ccsize, resume, nresume, l.e, l.n, &res->st,
                         msg, msglen))
        goto out;
    if (with_ocsd) {
        ocsd_ete_result o;
        if (ocsd_ete_decode(&dc.id, r->trcconfigr, r->trctraceidr, &s->image, bytes, len, &o,
                            msg, msglen))
            goto out;
        int c = ocsd_ete_compare(&o, l.e, l.n, msg, msglen);
        ocsd_ete_result_free(&o);
        if (c)
            goto out;
        res->ocsd_checked = 1;
    }
    rc = 0;
out:
    if (trace_out) {
        *trace_out = malloc(len ? len : 1);
        if (*trace_out)
            memcpy(*trace_out, bytes, len);
        *trace_len = len;
    }
    ete_elem_list_free(&l);
    ete_model_free(m);
    free(resume);
    return rc;
}

int ete_rt_run_seed(uint64_t seed, unsigned cfg, uint64_t n, int with_ocsd,
                    ete_rt_result *res, char *msg, size_t msglen)
{
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    pc.n_records = n;
    pe_stream s;
    pe_stream_init(&s);
    if (progen_generate(&pc, &s, msg, msglen)) {
        pe_stream_free(&s);
        return -1;
    }
    ete_params p;
    ete_progregs r;
    ete_rt_config(cfg, seed, &s, &p, &r);
    char inner[900];
    int rc = ete_rt_run(&s, &p, &r, cfg == ETE_RT_OVERFLOW ? seed : 0, with_ocsd, res, NULL,
                        NULL, inner, sizeof inner);
    if (rc)
        snprintf(msg, msglen, "seed %" PRIu64 " config %s: %s", seed, ete_rt_config_name(cfg),
                 inner);
    pe_stream_free(&s);
    return rc;
}

int ete_rt_pkt_reachable(unsigned t, unsigned commopt)
{
    switch (t) {
    /* IS1 address forms (T32 only), speculation packets (MAXSPEC = 0,
     * D6.11.1), Cycle Count formats 2_0 and 3_0 (D5.30, D5.31, D5.33: they
     * commit at least one element, and with MAXSPEC = 0 every element is
     * already committed), Q packets (TRCIDR0.QSUPP = 0), Source Address
     * packets (no source address tracing), Ignore, Timestamp Marker
     * (TRCIDR0.TSMARK = 0) */
    case ETE_ENC_EXC_SHORT_IS1: case ETE_ENC_EXC_32_IS1: case ETE_ENC_EXC_64_IS1:
    case ETE_ENC_EXC_CTXT_32_IS1: case ETE_ENC_EXC_CTXT_64_IS1:
    case ETE_ENC_ADDR_SHORT_IS1: case ETE_ENC_ADDR_32_IS1: case ETE_ENC_ADDR_64_IS1:
    case ETE_ENC_ADDR_CTXT_32_IS1: case ETE_ENC_ADDR_CTXT_64_IS1:
    case ETE_ENC_COMMIT: case ETE_ENC_CANCEL_F1: case ETE_ENC_CANCEL_F2:
    case ETE_ENC_CANCEL_F3: case ETE_ENC_MISPREDICT:
    case ETE_ENC_CC_F2_0_SMALL: case ETE_ENC_CC_F2_0_LARGE: case ETE_ENC_CC_F3_0:
    case ETE_ENC_Q: case ETE_ENC_Q_COUNT: case ETE_ENC_Q_EXACT: case ETE_ENC_Q_SHORT_IS0:
    case ETE_ENC_Q_SHORT_IS1: case ETE_ENC_Q_32_IS0: case ETE_ENC_Q_32_IS1:
    case ETE_ENC_SRC_SHORT_IS0: case ETE_ENC_SRC_SHORT_IS1: case ETE_ENC_SRC_32_IS0:
    case ETE_ENC_SRC_32_IS1: case ETE_ENC_SRC_64_IS0: case ETE_ENC_SRC_64_IS1:
    case ETE_ENC_SRC_EXACT: case ETE_ENC_IGNORE: case ETE_ENC_TS_MARKER:
        return 0;
    /* one commit mode per unit (TRCIDR0.COMMOPT): D5.26-D5.34 */
    case ETE_ENC_CC_F1_0: case ETE_ENC_CC_F1_0_UNKNOWN:
        return commopt == 0;
    case ETE_ENC_CC_F1_1: case ETE_ENC_CC_F1_1_UNKNOWN: case ETE_ENC_CC_F2_1:
    case ETE_ENC_CC_F3_1:
        return commopt == 1;
    default:
        return t < ETE_ENC_PKT_COUNT;
    }
}
