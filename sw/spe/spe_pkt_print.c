/* SPE packet text in the wording of Linux perf's SPE dump (perf report -D):
 * the packet names and the field words perf prints, so that the output of
 * spe-decode can be compared with perf's line by line.  See spe_pkt.h and
 * docs/spe-decode.md for where the text departs from perf (encodings the
 * supplement reserves). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "spe_pkt.h"

static const char *const type_names[SPE_PKT_TYPE_COUNT] = {
    [SPE_PKT_PAD] = "PAD",
    [SPE_PKT_END] = "END",
    [SPE_PKT_TIMESTAMP] = "TS",
    [SPE_PKT_ADDRESS] = "ADDR",
    [SPE_PKT_COUNTER] = "LAT",
    [SPE_PKT_CONTEXT] = "CONTEXT",
    [SPE_PKT_OP_TYPE] = "OP-TYPE",
    [SPE_PKT_EVENTS] = "EVENTS",
    [SPE_PKT_DATA_SOURCE] = "DATA-SOURCE",
    [SPE_PKT_ALIGNMENT] = "ALIGN",
    [SPE_PKT_UNKNOWN] = "UNKNOWN",
};

const char *spe_pkt_type_name(spe_pkt_type type)
{
    if ((unsigned)type >= SPE_PKT_TYPE_COUNT)
        return "?";
    return type_names[type];
}

/* 5.3.7: the architected events E[10:0], in perf's words */
static const char *const event_names[SPE_EV_ARCH_COUNT] = {
    [SPE_EV_EXCEPTION_GEN] = "EXCEPTION-GEN",
    [SPE_EV_RETIRED] = "RETIRED",
    [SPE_EV_L1D_ACCESS] = "L1D-ACCESS",
    [SPE_EV_L1D_REFILL] = "L1D-REFILL",
    [SPE_EV_TLB_ACCESS] = "TLB-ACCESS",
    [SPE_EV_TLB_WALK] = "TLB-REFILL",
    [SPE_EV_NOT_TAKEN] = "NOT-TAKEN",
    [SPE_EV_MISPRED] = "MISPRED",
    [SPE_EV_LLC_ACCESS] = "LLC-ACCESS",
    [SPE_EV_LLC_MISS] = "LLC-REFILL",
    [SPE_EV_REMOTE_ACCESS] = "REMOTE-ACCESS",
};

const char *spe_event_name(unsigned n)
{
    return n < SPE_EV_ARCH_COUNT ? event_names[n] : NULL;
}

/* An appending writer: once a write does not fit, every later one fails. */
typedef struct outbuf {
    char *p;
    size_t left;
    int len;
    int full;
} outbuf;

static void ob_init(outbuf *o, char *buf, size_t len)
{
    o->p = buf;
    o->left = len;
    o->len = 0;
    o->full = len == 0;
    if (len)
        buf[0] = '\0';
}

static void ob_put(outbuf *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void ob_put(outbuf *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (o->full)
        return;
    va_start(ap, fmt);
    n = vsnprintf(o->p, o->left, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= o->left) {
        o->full = 1;
        return;
    }
    o->p += n;
    o->left -= (size_t)n;
    o->len += n;
}

static int ob_result(const outbuf *o)
{
    return o->full ? -1 : o->len;
}

static void put_events(outbuf *o, uint64_t ev)
{
    ob_put(o, "EV");
    for (unsigned n = 0; n < SPE_EV_ARCH_COUNT; n++)
        if ((ev >> n) & 1u)
            ob_put(o, " %s", event_names[n]);
}

int spe_events_desc(uint64_t events, char *buf, size_t len)
{
    outbuf o;
    ob_init(&o, buf, len);
    put_events(&o, events);
    return ob_result(&o);
}

static void put_op(outbuf *o, unsigned op_class, unsigned sub)
{
    if (!spe_op_valid(op_class, sub)) {
        /* perf's form for what it cannot name: NAME 0xPAYLOAD (INDEX) */
        ob_put(o, "OP-TYPE 0x%x (%u)", sub, op_class);
        return;
    }
    switch (op_class) {
    case SPE_OP_CLASS_OTHER:
        ob_put(o, "OTHER %s", (sub & SPE_OP_OTHER_COND) ? "COND-SELECT" : "INSN-OTHER");
        break;
    case SPE_OP_CLASS_LDST:
        ob_put(o, "%s", (sub & SPE_OP_LDST_ST) ? "ST" : "LD");
        if ((sub & SPE_OP_LDST_EXT_MASK) == SPE_OP_LDST_EXT) {
            if (sub & SPE_OP_LDST_AT)
                ob_put(o, " AT");
            if (sub & SPE_OP_LDST_EXCL)
                ob_put(o, " EXCL");
            if (sub & SPE_OP_LDST_AR)
                ob_put(o, " AR");
        } else if ((sub & SPE_OP_LDST_SUB_MASK) == SPE_OP_LDST_SUB_SIMD_FP) {
            ob_put(o, " SIMD-FP");
        } else {
            ob_put(o, " GP-REG");
        }
        break;
    default: /* SPE_OP_CLASS_BRANCH */
        ob_put(o, "B");
        if (sub & SPE_OP_BR_COND)
            ob_put(o, " COND");
        if (sub & SPE_OP_BR_IND)
            ob_put(o, " IND");
        break;
    }
}

int spe_op_desc(unsigned op_class, unsigned subclass, char *buf, size_t len)
{
    outbuf o;
    ob_init(&o, buf, len);
    put_op(&o, op_class, subclass);
    return ob_result(&o);
}

static void put_raw(outbuf *o, const spe_pkt *pkt)
{
    ob_put(o, "%s 0x%" PRIx64 " (%u)", type_names[pkt->type], pkt->payload, pkt->index);
}

static void put_addr(outbuf *o, const spe_pkt *pkt)
{
    uint64_t v = pkt->payload;

    switch (pkt->index) {
    case SPE_ADDR_PC:
    case SPE_ADDR_TGT:
        ob_put(o, "%s 0x%" PRIx64 " el%u ns=%u", pkt->index == SPE_ADDR_PC ? "PC" : "TGT",
               spe_addr_value(v), spe_addr_el(v), spe_addr_ns(v));
        break;
    case SPE_ADDR_VA:
        ob_put(o, "VA 0x%" PRIx64, v); /* with the TAG byte (5.3.1) */
        break;
    case SPE_ADDR_PA:
        /* perf 6.1 prints the Checked (CH, bit 62) and the Physical Address
         * Tag (PAT, bits [59:56]) of the data PA too */
        ob_put(o, "PA 0x%" PRIx64 " ns=%u ch=%u pat=%x", spe_addr_value(v), spe_addr_ns(v),
               (unsigned)(v >> 62) & 1u, (unsigned)(v >> 56) & 0xFu);
        break;
    default:
        put_raw(o, pkt);
        break;
    }
}

int spe_pkt_desc(const spe_pkt *pkt, char *buf, size_t len)
{
    outbuf o;

    ob_init(&o, buf, len);
    switch (pkt->type) {
    case SPE_PKT_PAD:
    case SPE_PKT_END:
        ob_put(&o, "%s", type_names[pkt->type]);
        break;
    case SPE_PKT_TIMESTAMP:
        ob_put(&o, "TS %" PRIu64, pkt->payload);
        break;
    case SPE_PKT_ADDRESS:
        put_addr(&o, pkt);
        break;
    case SPE_PKT_COUNTER:
        /* perf: "LAT <count> " then the counter's word, none for others */
        ob_put(&o, "LAT %u ", (unsigned)(pkt->payload & 0xFFFFu));
        if (pkt->index == SPE_CNT_TOTAL)
            ob_put(&o, "TOT");
        else if (pkt->index == SPE_CNT_ISSUE)
            ob_put(&o, "ISSUE");
        else if (pkt->index == SPE_CNT_XLAT)
            ob_put(&o, "XLAT");
        break;
    case SPE_PKT_CONTEXT:
        if (pkt->status == SPE_PKT_ST_OK)
            ob_put(&o, "CONTEXT 0x%" PRIx64 " el%u", pkt->payload, pkt->index + 1u);
        else
            put_raw(&o, pkt);
        break;
    case SPE_PKT_OP_TYPE:
        put_op(&o, pkt->index, (unsigned)pkt->payload);
        break;
    case SPE_PKT_EVENTS:
        put_events(&o, pkt->payload);
        break;
    case SPE_PKT_DATA_SOURCE:
        if (pkt->status == SPE_PKT_ST_OK)
            ob_put(&o, "DATA-SOURCE %" PRIu64, pkt->payload);
        else
            put_raw(&o, pkt);
        break;
    case SPE_PKT_ALIGNMENT:
        /* perf prints an Alignment command and its skipped bytes as PAD */
        if (pkt->status == SPE_PKT_ST_OK)
            ob_put(&o, "PAD");
        else
            put_raw(&o, pkt);
        break;
    default:
        if (pkt->hdr_len == 2)
            ob_put(&o, "UNKNOWN 0x%" PRIx64 " (hdr 0x%02x 0x%02x)", pkt->payload,
                   pkt->hdr[0], pkt->hdr[1]);
        else
            ob_put(&o, "UNKNOWN 0x%" PRIx64 " (hdr 0x%02x)", pkt->payload, pkt->hdr[0]);
        break;
    }
    return ob_result(&o);
}

int spe_dump_line(uint64_t offset, const uint8_t *bytes, size_t n, const char *desc,
                  char *buf, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    outbuf o;
    char cols[3 * 16 + 1];
    size_t i, w = 0;

    ob_init(&o, buf, len);
    /* perf: "." "  %08x: " then " %02x" per byte, padded to 16 columns */
    ob_put(&o, ".  %08" PRIx64 ": ", offset);
    for (i = 0; i < n; i++) {
        if (w == sizeof cols - 1u) {
            cols[w] = '\0';
            ob_put(&o, "%s", cols);
            w = 0;
        }
        cols[w++] = ' ';
        cols[w++] = hex[bytes[i] >> 4];
        cols[w++] = hex[bytes[i] & 15u];
    }
    for (; i < 16; i++) {
        cols[w++] = ' ';
        cols[w++] = ' ';
        cols[w++] = ' ';
    }
    cols[w] = '\0';
    ob_put(&o, "%s %s", cols, desc ? desc : "Bad packet!");
    return ob_result(&o);
}
