/* SPE packet dump and CSV records; see spe_dump.h. */
#include <inttypes.h>
#include <string.h>

#include "spe_dump.h"

void spe_dumper_init(spe_dumper *dp, FILE *out)
{
    memset(dp, 0, sizeof *dp);
    dp->out = out;
}

static void print_line(FILE *out, uint64_t off, const uint8_t *b, size_t n, const char *desc)
{
    char line[32 + 3 * 16 + SPE_PKT_DESC_MAX];
    spe_dump_line(off, b, n, desc, line, sizeof line);
    fprintf(out, "%s\n", line);
}

void spe_dumper_flush(spe_dumper *dp)
{
    if (dp->npad)
        print_line(dp->out, dp->pad_off, dp->pad, dp->npad, "PAD");
    dp->npad = 0;
}

/* Bytes printed 16 to a line, each line with the same description. */
static void print_chunks(FILE *out, uint64_t off, const uint8_t *b, size_t n, const char *desc)
{
    do {
        size_t k = n < 16 ? n : 16;
        print_line(out, off, b, k, desc);
        off += k;
        b += k;
        n -= k;
    } while (n);
}

void spe_dumper_hook(void *ctx, uint64_t off, const uint8_t *b, size_t n, const spe_pkt *pkt)
{
    spe_dumper *dp = ctx;
    char desc[SPE_PKT_DESC_MAX];

    if (pkt && pkt->type == SPE_PKT_PAD) {
        if (dp->npad == 16 || (dp->npad && dp->pad_off + dp->npad != off))
            spe_dumper_flush(dp);
        if (!dp->npad)
            dp->pad_off = off;
        dp->pad[dp->npad++] = b[0];
        return;
    }
    spe_dumper_flush(dp);
    if (!pkt) {
        print_chunks(dp->out, off, b, n, NULL);
        return;
    }
    spe_pkt_desc(pkt, desc, sizeof desc);
    print_chunks(dp->out, off, b, n, desc);
}

void spe_csv_header(FILE *out)
{
    fprintf(out, "offset,size,ts,pc,pc_el,pc_ns,op,tgt,tgt_el,tgt_ns,va,pa,pa_ns,"
                 "ctx_el1,ctx_el2,lat_tot,lat_issue,lat_xlat,events,event_names,"
                 "data_source,ignored,impdef\n");
}

static void csv_ip(FILE *out, const spe_record *r, unsigned idx)
{
    uint64_t a = r->addr[idx];
    if (spe_rec_has(r, SPE_REC_ADDR(idx)))
        fprintf(out, "0x%" PRIx64 ",%u,%u,", spe_addr_value(a), spe_addr_el(a), spe_addr_ns(a));
    else
        fputs(",,,", out);
}

void spe_csv_record(FILE *out, const spe_record *r)
{
    char buf[SPE_PKT_DESC_MAX];

    fprintf(out, "%" PRIu64 ",%" PRIu64 ",", r->offset, r->size);
    if (spe_rec_has(r, SPE_REC_TS))
        fprintf(out, "%" PRIu64, r->ts);
    fputc(',', out);
    csv_ip(out, r, SPE_ADDR_PC);
    if (spe_rec_has(r, SPE_REC_OP) && spe_op_desc(r->op_class, r->op_sub, buf, sizeof buf) > 0)
        fputs(buf, out);
    fputc(',', out);
    csv_ip(out, r, SPE_ADDR_TGT);
    if (spe_rec_has(r, SPE_REC_ADDR(SPE_ADDR_VA)))
        fprintf(out, "0x%" PRIx64, r->addr[SPE_ADDR_VA]);
    fputc(',', out);
    if (spe_rec_has(r, SPE_REC_ADDR(SPE_ADDR_PA)))
        fprintf(out, "0x%" PRIx64 ",%u,", spe_addr_value(r->addr[SPE_ADDR_PA]),
                spe_addr_ns(r->addr[SPE_ADDR_PA]));
    else
        fputs(",,", out);
    for (unsigned i = SPE_CTX_EL1; i <= SPE_CTX_EL2; i++) {
        if (spe_rec_has(r, SPE_REC_CTX(i)))
            fprintf(out, "0x%" PRIx32, r->ctx[i]);
        fputc(',', out);
    }
    for (unsigned i = SPE_CNT_TOTAL; i <= SPE_CNT_XLAT; i++) {
        if (spe_rec_has(r, SPE_REC_LAT(i)))
            fprintf(out, "%u", (unsigned)r->lat[i]);
        fputc(',', out);
    }
    if (spe_rec_has(r, SPE_REC_EVENTS) && spe_events_desc(r->events, buf, sizeof buf) >= 2)
        /* the names without perf's "EV" word */
        fprintf(out, "0x%" PRIx64 ",%s,", r->events, buf[2] ? buf + 3 : "");
    else
        fputs(",,", out);
    if (spe_rec_has(r, SPE_REC_DS))
        fprintf(out, "%u", (unsigned)r->data_source);
    fprintf(out, ",%" PRIu32 ",%" PRIu32 "\n", r->ignored, r->impdef);
}
