/* SPE record layer: packets (spe_pkt.h) grouped into sample records
 * (SPE supplement 5.1.2): a record is the packets up to and including an
 * End packet or a Timestamp packet.
 *
 *  - Padding (5.3.9) and Alignment commands (5.3.2) are framing, not record
 *    content; they may appear between records (5.1.4) and are accepted
 *    inside one.  An Alignment command skips the bytes up to the next
 *    multiple of its size, counted from stream offset 0 (the base of the
 *    Profiling Buffer, whose write pointer is aligned, 3.4.1).
 *  - Unknown packets and packets with a reserved value in a field are
 *    skipped by their size and otherwise ignored (5.1.4); a record counts
 *    them.  IMPLEMENTATION DEFINED addresses and counters (5.4) are counted
 *    and skipped too.
 *  - A byte that starts no packet of known size (SPE_PKT_BAD) is an error:
 *    the decoder skips that byte, drops the record in progress and every
 *    packet up to the next End or Timestamp, then carries on.
 *  - A packet cut off by the end of the data, and packets after the last
 *    End or Timestamp, are errors too.
 * Errors never stop the decoder: spe_dec_next() reports one, and the next
 * call carries on after it.
 */
#ifndef SPE_DEC_H
#define SPE_DEC_H

#include <stddef.h>
#include <stdint.h>

#include "spe_pkt.h"

/* spe_record.present bits */
#define SPE_REC_ADDR(i)  (UINT32_C(1) << (i))        /* i = SPE_ADDR_PC..PA */
#define SPE_REC_LAT(i)   (UINT32_C(1) << (4u + (i))) /* i = SPE_CNT_TOTAL..XLAT */
#define SPE_REC_CTX(i)   (UINT32_C(1) << (7u + (i))) /* i = SPE_CTX_EL1, EL2 */
#define SPE_REC_EVENTS   (UINT32_C(1) << 9)
#define SPE_REC_OP       (UINT32_C(1) << 10)
#define SPE_REC_DS       (UINT32_C(1) << 11)
#define SPE_REC_TS       (UINT32_C(1) << 12)         /* ended by a Timestamp */

typedef struct spe_record {
    uint64_t offset;     /* stream offset of the record's first packet */
    uint64_t size;       /* bytes up to and including the End/Timestamp */
    uint64_t packets;    /* packets, Padding and Alignment not counted */
    uint32_t present;    /* SPE_REC_* */
    uint32_t ignored;    /* unknown or reserved packets skipped (5.1.4) */
    uint32_t impdef;     /* IMPLEMENTATION DEFINED address/counter packets */
    uint32_t repeated;   /* packets that replaced one of the same kind */
    uint64_t addr[4];    /* Address payloads by INDEX (PC, TGT, VA, PA) */
    uint16_t lat[3];     /* Counter payloads by INDEX (TOT, ISSUE, XLAT) */
    uint32_t ctx[2];     /* CONTEXTIDR_EL1, CONTEXTIDR_EL2 */
    uint64_t events;     /* Events payload; bits not output read as 0 */
    uint8_t events_len;  /* Events payload bytes */
    uint8_t op_class;    /* Operation Type CLASS */
    uint8_t op_sub;      /* Operation Type SUBCLASS payload */
    uint16_t data_source;
    uint64_t ts;         /* Timestamp (SPE_REC_TS) */
} spe_record;

/* Called for every piece of the stream in order: a packet (pkt set), an
 * Alignment command with the bytes it skips (n = command + skipped bytes),
 * or bytes that form no packet (pkt NULL: a bad byte, or the truncated end
 * of the data). */
typedef void (*spe_dec_hook)(void *ctx, uint64_t offset, const uint8_t *bytes, size_t n,
                             const spe_pkt *pkt);

#define SPE_DEC_ERR_MAX 320u

typedef struct spe_dec {
    const uint8_t *buf;
    size_t len;
    size_t pos;
    uint64_t base;       /* stream offset of buf[0] */
    spe_dec_hook hook;
    void *hook_ctx;
    int resync;          /* dropping packets up to the next End/Timestamp */
    int in_rec;
    spe_record cur;
    /* the error reported by the last SPE_DEC_ERROR */
    uint64_t err_off;
    char err[SPE_DEC_ERR_MAX];
    /* totals */
    uint64_t records;
    uint64_t packets;      /* every packet except Padding and Alignment */
    uint64_t pad_bytes;
    uint64_t align_bytes;  /* Alignment commands and the bytes they skip */
    uint64_t ignored;      /* unknown or reserved packets */
    uint64_t impdef;
    uint64_t dropped;      /* packets dropped after a bad byte */
    uint64_t bad;          /* bad bytes and truncated packets */
    uint64_t errors;       /* SPE_DEC_ERROR results */
} spe_dec;

#define SPE_DEC_RECORD 1
#define SPE_DEC_EOF    0
#define SPE_DEC_ERROR  (-1)

/* Decode buf[0..len) whose first byte is at stream offset base (use 0 for
 * a whole Profiling Buffer dump; alignment is counted from offset 0). */
void spe_dec_init(spe_dec *d, const uint8_t *buf, size_t len, uint64_t base);
void spe_dec_set_hook(spe_dec *d, spe_dec_hook hook, void *ctx);

/* SPE_DEC_RECORD: *rec holds the next record.  SPE_DEC_EOF: no more data.
 * SPE_DEC_ERROR: d->err_off and d->err describe a problem; call again to
 * carry on. */
int spe_dec_next(spe_dec *d, spe_record *rec);

/* Record field helpers */
static inline int spe_rec_has(const spe_record *r, uint32_t bit)
{
    return (r->present & bit) != 0;
}

#endif
