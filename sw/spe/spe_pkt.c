/* SPE packet parser (SPE supplement chapter 5); see spe_pkt.h. */
#include <string.h>

#include "spe_pkt.h"

/* 5.1.3: payload values are little-endian. */
static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i > 0; i--)
        v = (v << 8) | p[i - 1];
    return v;
}

/* Payload size of a header byte with a payload (5.1.1 Figures 1, 2). */
static unsigned payload_bytes(uint8_t h)
{
    if ((h & SPE_HDR_NOPAYLOAD_MASK) == 0)
        return 0;
    return 1u << SPE_HDR_SZ(h);
}

int spe_op_valid(unsigned op_class, unsigned subclass)
{
    switch (op_class) {
    case SPE_OP_CLASS_OTHER:
        /* 5.3.8 Other: 0x00 unconditional, 0x01 conditional or select */
        return subclass <= SPE_OP_OTHER_COND;
    case SPE_OP_CLASS_BRANCH:
        /* 5.3.8 Branch: 0b0000000x direct, 0b0000001x indirect */
        return (subclass & SPE_OP_BR_RESERVED_MASK) == 0;
    case SPE_OP_CLASS_LDST:
        /* 5.3.8 Load/store (layout in spe_pkt.h) */
        if ((subclass & SPE_OP_LDST_EXT_MASK) == SPE_OP_LDST_EXT)
            return 1;
        return (subclass & SPE_OP_LDST_SUB_MASK) == SPE_OP_LDST_SUB_GP ||
               (subclass & SPE_OP_LDST_SUB_MASK) == SPE_OP_LDST_SUB_SIMD_FP;
    default:
        return 0;
    }
}

/* Address (5.3.1) and Counter (5.3.4) INDEX values: 0..2 (3 for Address)
 * architected, 0b0011x and 0b1xxxx IMPLEMENTATION DEFINED, others reserved. */
static void classify_index(spe_pkt *pkt, unsigned last_arch)
{
    if (pkt->index <= last_arch)
        pkt->status = SPE_PKT_ST_OK;
    else if (SPE_ADDR_IS_IMPDEF(pkt->index))
        pkt->status = SPE_PKT_ST_IMPDEF;
    else {
        pkt->status = SPE_PKT_ST_RESERVED;
        pkt->err = pkt->type == SPE_PKT_ADDRESS ? "reserved Address INDEX"
                                                : "reserved Counter INDEX";
    }
}

/* Classify a packet with a 16-bit header (5.2.2 Figure 6). */
static void classify_ext(spe_pkt *pkt)
{
    uint8_t h0 = pkt->hdr[0], h1 = pkt->hdr[1];

    if ((h0 & SPE_HDR0_ALIGN_MASK) == SPE_HDR0_ALIGN && h1 == SPE_HDR1_ALIGN) {
        pkt->type = SPE_PKT_ALIGNMENT;
        pkt->index = h0 & SPE_HDR0_ALIGN_SIZE_MASK;
        if (pkt->index == 0) {
            /* 5.3.2: SIZE 0b0000 is reserved */
            pkt->status = SPE_PKT_ST_RESERVED;
            pkt->err = "reserved Alignment SIZE 0b0000";
        }
        return;
    }
    if ((h0 & SPE_HDR0_EXT_MASK) == SPE_HDR0_EXT) {
        unsigned idx = ((unsigned)(h0 & SPE_HDR0_EXT_INDEX_MASK) << 3) |
                       (h1 & SPE_HDR_SHORT_INDEX_MASK);
        if ((h1 & SPE_HDR_ADDRESS_MASK) == SPE_HDR_ADDRESS) {
            pkt->type = SPE_PKT_ADDRESS;
            pkt->index = (uint8_t)idx;
            classify_index(pkt, SPE_ADDR_PA);
            return;
        }
        if ((h1 & SPE_HDR_COUNTER_MASK) == SPE_HDR_COUNTER) {
            pkt->type = SPE_PKT_COUNTER;
            pkt->index = (uint8_t)idx;
            classify_index(pkt, SPE_CNT_XLAT);
            return;
        }
    }
    pkt->type = SPE_PKT_UNKNOWN;
    pkt->status = SPE_PKT_ST_RESERVED;
    pkt->err = "unknown extended header";
}

/* Classify a packet with an 8-bit header (5.2.1 Figure 5). */
static void classify_short(spe_pkt *pkt)
{
    uint8_t h = pkt->hdr[0];

    if (h == SPE_HDR_PAD) {
        pkt->type = SPE_PKT_PAD;
    } else if (h == SPE_HDR_END) {
        pkt->type = SPE_PKT_END;
    } else if (h == SPE_HDR_TIMESTAMP) {
        pkt->type = SPE_PKT_TIMESTAMP;
    } else if ((h & SPE_HDR_EVENTS_MASK) == SPE_HDR_EVENTS) {
        pkt->type = SPE_PKT_EVENTS; /* every SZ is defined (5.3.7) */
    } else if ((h & SPE_HDR_DATA_SOURCE_MASK) == SPE_HDR_DATA_SOURCE) {
        pkt->type = SPE_PKT_DATA_SOURCE;
        if (SPE_HDR_SZ(h) > SPE_DS_SZ_MAX) {
            /* 5.3.5: SZ 0b00 byte and 0b01 halfword are the defined values */
            pkt->status = SPE_PKT_ST_RESERVED;
            pkt->err = "reserved Data Source SZ";
        }
    } else if ((h & SPE_HDR_CONTEXT_MASK) == SPE_HDR_CONTEXT) {
        pkt->type = SPE_PKT_CONTEXT;
        pkt->index = h & SPE_HDR_CONTEXT_INDEX_MASK;
        if (pkt->index > SPE_CTX_EL2) {
            /* 5.3.3: INDEX 0b00 and 0b01 are the defined values */
            pkt->status = SPE_PKT_ST_RESERVED;
            pkt->err = "reserved Context INDEX";
        }
    } else if ((h & SPE_HDR_OP_TYPE_MASK) == SPE_HDR_OP_TYPE) {
        pkt->type = SPE_PKT_OP_TYPE;
        pkt->index = h & SPE_HDR_OP_CLASS_MASK;
        if (pkt->index > SPE_OP_CLASS_BRANCH) {
            /* 5.3.8: CLASS 0b11 is reserved */
            pkt->status = SPE_PKT_ST_RESERVED;
            pkt->err = "reserved Operation Type CLASS";
        }
    } else if ((h & SPE_HDR_ADDRESS_MASK) == SPE_HDR_ADDRESS) {
        pkt->type = SPE_PKT_ADDRESS;
        pkt->index = h & SPE_HDR_SHORT_INDEX_MASK; /* INDEX[4:3] zero (5.3.1) */
        classify_index(pkt, SPE_ADDR_PA);
    } else if ((h & SPE_HDR_COUNTER_MASK) == SPE_HDR_COUNTER) {
        pkt->type = SPE_PKT_COUNTER;
        pkt->index = h & SPE_HDR_SHORT_INDEX_MASK;
        classify_index(pkt, SPE_CNT_XLAT);
    } else {
        pkt->type = SPE_PKT_UNKNOWN;
        pkt->status = SPE_PKT_ST_RESERVED;
        pkt->err = "unknown header";
    }
}

int spe_pkt_parse(const uint8_t *buf, size_t len, spe_pkt *pkt)
{
    unsigned hdr_len = 1, plen;

    memset(pkt, 0, sizeof *pkt);
    pkt->type = SPE_PKT_UNKNOWN;
    if (len == 0) {
        pkt->need = 1;
        pkt->err = "no bytes";
        return SPE_PKT_NEED_MORE;
    }
    pkt->hdr[0] = buf[0];
    if ((buf[0] & SPE_HDR_PREFIX_MASK) == SPE_HDR_PREFIX) {
        /* 5.1.1 Figure 2: a 16-bit header */
        hdr_len = 2;
        if (len < 2) {
            pkt->err = "extended header needs its second byte";
            return SPE_PKT_NEED_MORE;
        }
        pkt->hdr[1] = buf[1];
        if (buf[1] >= SPE_HDR1_RESERVED_MIN && buf[1] <= SPE_HDR1_RESERVED_MAX) {
            /* Figure 2: byte 1 0x20-0x3F is reserved and has no size field */
            pkt->hdr_len = 2;
            pkt->err_off = 1;
            pkt->err = "reserved extended header: a second byte 0x20-0x3F encodes no size";
            return SPE_PKT_BAD;
        }
        plen = payload_bytes(buf[1]);
    } else {
        plen = payload_bytes(buf[0]);
    }
    pkt->hdr_len = (uint8_t)hdr_len;
    pkt->payload_len = (uint8_t)plen;
    pkt->len = (uint8_t)(hdr_len + plen);
    pkt->status = SPE_PKT_ST_OK;
    if (hdr_len == 2)
        classify_ext(pkt);
    else
        classify_short(pkt);
    if (len < pkt->len) {
        pkt->need = pkt->len;
        pkt->err = "packet truncated";
        return SPE_PKT_NEED_MORE;
    }
    pkt->payload = get_le(buf + hdr_len, plen);

    if (pkt->type == SPE_PKT_OP_TYPE && pkt->status == SPE_PKT_ST_OK &&
        !spe_op_valid(pkt->index, (unsigned)pkt->payload)) {
        /* 5.3.8: a reserved SUBCLASS value; ignored as 5.1.4 says */
        pkt->status = SPE_PKT_ST_RESERVED;
        pkt->err = "reserved Operation Type SUBCLASS";
    }
    return pkt->len;
}

uint32_t spe_align_skip(const spe_pkt *pkt, uint64_t end_off)
{
    uint32_t a;

    if (pkt->type != SPE_PKT_ALIGNMENT || pkt->status != SPE_PKT_ST_OK)
        return 0;
    /* 5.3.2: the next protocol byte is at the next multiple of the size; fewer
     * than that many bytes lie between the command and that byte. */
    a = SPE_ALIGN_BYTES(pkt->index);
    return (uint32_t)((a - (end_off & (a - 1u))) & (a - 1u));
}
