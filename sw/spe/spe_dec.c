/* SPE record layer (SPE supplement 5.1.2, 5.1.4); see spe_dec.h. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "spe_dec.h"

void spe_dec_init(spe_dec *d, const uint8_t *buf, size_t len, uint64_t base)
{
    memset(d, 0, sizeof *d);
    d->buf = buf;
    d->len = buf ? len : 0;
    d->base = base;
}

void spe_dec_set_hook(spe_dec *d, spe_dec_hook hook, void *ctx)
{
    d->hook = hook;
    d->hook_ctx = ctx;
}

static void emit(spe_dec *d, size_t pos, size_t n, const spe_pkt *pkt)
{
    if (d->hook)
        d->hook(d->hook_ctx, d->base + pos, d->buf + pos, n, pkt);
}

static int error(spe_dec *d, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int error(spe_dec *d, size_t pos, const char *fmt, ...)
{
    va_list ap;

    d->err_off = d->base + pos;
    va_start(ap, fmt);
    vsnprintf(d->err, sizeof d->err, fmt, ap);
    va_end(ap);
    d->errors++;
    return SPE_DEC_ERROR;
}

/* Put one packet's fields into the record in progress. */
static void apply(spe_dec *d, spe_record *r, const spe_pkt *p)
{
    uint32_t bit = 0;

    if (p->status == SPE_PKT_ST_RESERVED) {
        /* 5.1.4: unknown packets and reserved values are ignored */
        r->ignored++;
        d->ignored++;
        return;
    }
    if (p->status == SPE_PKT_ST_IMPDEF) {
        /* 5.4: IMPLEMENTATION DEFINED data a tool can skip */
        r->impdef++;
        d->impdef++;
        return;
    }
    switch (p->type) {
    case SPE_PKT_ADDRESS:
        bit = SPE_REC_ADDR(p->index);
        break;
    case SPE_PKT_COUNTER:
        bit = SPE_REC_LAT(p->index);
        break;
    case SPE_PKT_CONTEXT:
        bit = SPE_REC_CTX(p->index);
        break;
    case SPE_PKT_EVENTS:
        bit = SPE_REC_EVENTS;
        break;
    case SPE_PKT_OP_TYPE:
        bit = SPE_REC_OP;
        break;
    case SPE_PKT_DATA_SOURCE:
        bit = SPE_REC_DS;
        break;
    case SPE_PKT_TIMESTAMP:
        bit = SPE_REC_TS;
        break;
    default:
        return; /* End */
    }
    if (r->present & bit)
        r->repeated++;
    r->present |= bit;
    switch (p->type) {
    case SPE_PKT_ADDRESS:
        r->addr[p->index] = p->payload;
        break;
    case SPE_PKT_COUNTER:
        r->lat[p->index] = (uint16_t)p->payload;
        break;
    case SPE_PKT_CONTEXT:
        r->ctx[p->index] = (uint32_t)p->payload;
        break;
    case SPE_PKT_EVENTS:
        /* 5.3.7: bits that are not output are treated as zero */
        r->events = p->payload;
        r->events_len = p->payload_len;
        break;
    case SPE_PKT_OP_TYPE:
        r->op_class = p->index;
        r->op_sub = (uint8_t)p->payload;
        break;
    case SPE_PKT_DATA_SOURCE:
        r->data_source = (uint16_t)p->payload;
        break;
    default:
        r->ts = p->payload;
        break;
    }
}

int spe_dec_next(spe_dec *d, spe_record *rec)
{
    for (;;) {
        spe_pkt p;
        size_t at = d->pos, rest = d->len - d->pos;
        int n;

        if (rest == 0) {
            if (d->in_rec && !d->resync) {
                d->in_rec = 0;
                /* 5.1.2: a record ends with an End or a Timestamp packet */
                return error(d, (size_t)(d->cur.offset - d->base),
                             "record of %" PRIu64 " bytes (%" PRIu64 " packets) has no End or "
                             "Timestamp packet before the end of the data (5.1.2)",
                             (uint64_t)(d->len - (size_t)(d->cur.offset - d->base)),
                             d->cur.packets);
            }
            d->in_rec = 0;
            d->resync = 0;
            return SPE_DEC_EOF;
        }

        n = spe_pkt_parse(d->buf + at, rest, &p);
        if (n == SPE_PKT_NEED_MORE) {
            int was_rec = d->in_rec && !d->resync;
            emit(d, at, rest, NULL);
            d->pos = d->len;
            d->bad++;
            d->in_rec = 0;
            d->resync = 0;
            if (p.need)
                return error(d, at, "truncated %s packet (header 0x%02x): needs %u bytes, "
                             "%zu left at the end of the data%s",
                             spe_pkt_type_name(p.type), p.hdr[0], p.need, rest,
                             was_rec ? "; its record is incomplete" : "");
            return error(d, at, "truncated extended header 0x%02x at the end of the data%s",
                         p.hdr[0], was_rec ? "; its record is incomplete" : "");
        }
        if (n == SPE_PKT_BAD) {
            int was_rec = d->in_rec && !d->resync;
            uint64_t rec_off = d->cur.offset;
            emit(d, at, 1, NULL);
            d->pos = at + 1;
            d->bad++;
            d->in_rec = 0;
            d->resync = 1;
            if (was_rec)
                return error(d, at, "bad packet 0x%02x 0x%02x: %s (5.1.1); skipped 1 byte, "
                             "dropped the record from offset %" PRIu64 " (0x%" PRIx64
                             ") and the packets up to the next End or Timestamp",
                             p.hdr[0], p.hdr[1], p.err, rec_off, rec_off);
            return error(d, at, "bad packet 0x%02x 0x%02x: %s (5.1.1); skipped 1 byte and "
                         "the packets up to the next End or Timestamp",
                         p.hdr[0], p.hdr[1], p.err);
        }

        d->pos = at + (size_t)n;
        if (p.type == SPE_PKT_PAD) {
            /* 5.3.9, 5.1.4: Padding is framing, allowed between records */
            d->pad_bytes++;
            emit(d, at, (size_t)n, &p);
            continue;
        }
        if (p.type == SPE_PKT_ALIGNMENT && p.status == SPE_PKT_ST_OK) {
            /* 5.3.2: the bytes up to the next aligned offset are ignored */
            uint32_t skip = spe_align_skip(&p, d->base + d->pos);
            if (skip > d->len - d->pos) {
                size_t left = d->len - d->pos;
                int was_rec = d->in_rec && !d->resync;
                emit(d, at, rest, NULL);
                d->pos = d->len;
                d->bad++;
                d->in_rec = 0;
                d->resync = 0;
                return error(d, at, "Alignment command to %" PRIu32 " bytes skips %" PRIu32
                             " bytes, %zu left at the end of the data (5.3.2)%s",
                             SPE_ALIGN_BYTES(p.index), skip, left,
                             was_rec ? "; its record is incomplete" : "");
            }
            d->pos += skip;
            d->align_bytes += (uint64_t)n + skip;
            emit(d, at, (size_t)n + skip, &p);
            continue;
        }

        d->packets++;
        emit(d, at, (size_t)n, &p);
        if (d->resync) {
            d->dropped++;
            if (p.type == SPE_PKT_END || p.type == SPE_PKT_TIMESTAMP)
                d->resync = 0;
            continue;
        }
        if (!d->in_rec) {
            memset(&d->cur, 0, sizeof d->cur);
            d->cur.offset = d->base + at;
            d->in_rec = 1;
        }
        d->cur.packets++;
        apply(d, &d->cur, &p);
        if (p.type == SPE_PKT_END || p.type == SPE_PKT_TIMESTAMP) {
            /* 5.1.2, 5.3.6, 5.3.10: the record ends here */
            d->cur.size = d->base + d->pos - d->cur.offset;
            d->in_rec = 0;
            d->records++;
            *rec = d->cur;
            return SPE_DEC_RECORD;
        }
    }
}
