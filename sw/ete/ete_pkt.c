/* ETE packet parser (chapter D5; parsing rules of D9.2 and D15.4). */
#include "ete_pkt.h"

#include <limits.h>
#include <string.h>

/* ---- configuration --------------------------------------------------------- */

void ete_pkt_cfg_from_regs(ete_pkt_cfg *c, const ete_idregs *id, uint32_t trcconfigr)
{
    uint32_t idr0 = id->trcidr[0], idr2 = id->trcidr[2];

    memset(c, 0, sizeof *c);
    c->commopt  = (idr0 & TRCIDR0_COMMOPT) ? 1u : 0u;
    c->trccci   = (idr0 & TRCIDR0_TRCCCI) ? 1u : 0u;
    c->tssize   = (uint8_t)((idr0 & TRCIDR0_TSSIZE_MASK) >> TRCIDR0_TSSIZE_SHIFT);
    c->tsmark   = (idr0 & TRCIDR0_TSMARK) ? 1u : 0u;
    c->ccsize   = (uint8_t)(((idr2 & TRCIDR2_CCSIZE_MASK) >> TRCIDR2_CCSIZE_SHIFT) + 12u);
    c->cidsize  = (uint8_t)((idr2 & TRCIDR2_CIDSIZE_MASK) >> TRCIDR2_CIDSIZE_SHIFT);
    c->vmidsize = (uint8_t)((idr2 & TRCIDR2_VMIDSIZE_MASK) >> TRCIDR2_VMIDSIZE_SHIFT);
    c->iasize   = (uint8_t)(idr2 & TRCIDR2_IASIZE_MASK);
    c->maxspec  = id->trcidr[8];                      /* TRCIDR8.MAXSPEC */
    c->cc_enabled   = (trcconfigr & TRCCONFIGR_CCI) ? 1u : 0u;
    c->ts_enabled   = (trcconfigr & TRCCONFIGR_TS) ? 1u : 0u;
    c->cid_enabled  = (trcconfigr & TRCCONFIGR_CID) ? 1u : 0u;
    c->vmid_enabled = (trcconfigr & TRCCONFIGR_VMID) ? 1u : 0u;
    c->strict = 1;
}

/* ---- byte reader ------------------------------------------------------------ */

#define ST_OK 1   /* internal: field read, go on */

typedef struct rd {
    const uint8_t *buf;
    size_t len;
    size_t pos;
    ete_pkt *pkt;
} rd;

static int bad(rd *r, size_t off, const char *why)
{
    r->pkt->err_off = off;
    r->pkt->err = why;
    return ETE_PKT_BAD;
}

static int get8(rd *r, uint8_t *b)
{
    if (r->pos >= r->len)
        return ETE_PKT_NEED_MORE;
    *b = r->buf[r->pos++];
    return ST_OK;
}

#define TRY(x) do { int st_ = (x); if (st_ != ST_OK) return st_; } while (0)

/* Continuable field of nbits bits: unsigned LE128n (I_NKPMZ) or bit
 * replacement (I_TGRZ), read as BitReplacement() of D15.4.3: 7 bits per
 * byte while the continuation bit is set, until 8 bits or fewer remain; a
 * last byte then carries all its 8 bits, and those above the field are SBZ.
 * So a continuation bit can never run past the field's maximum length. */
static int get_cont(rd *r, unsigned nbits, uint64_t *val, unsigned *given,
                    const char *sbz_msg)
{
    uint64_t v = 0;
    unsigned i = 0;
    uint8_t b;

    for (;;) {
        TRY(get8(r, &b));
        v |= (uint64_t)(b & 0x7Fu) << i;
        i += 7;
        if (!(b & ETE_PKT_CONT))
            break;
        if (i >= nbits - 8u) {
            unsigned end = nbits - i;      /* bits of the field in the last byte */
            TRY(get8(r, &b));
            if (end < 8u && (b >> end) != 0)
                return bad(r, r->pos - 1, sbz_msg);   /* SBZ(BYTE<7:end>) */
            v |= (uint64_t)b << i;
            i = nbits;
            break;
        }
    }
    *val = v;
    if (given)
        *given = i;
    return ST_OK;
}

static int get_u32le(rd *r, uint32_t *out)
{
    uint32_t v = 0;
    for (unsigned k = 0; k < 4; k++) {
        uint8_t b;
        TRY(get8(r, &b));
        v |= (uint32_t)b << (8u * k);
    }
    *out = v;
    return ST_OK;
}

/* Short address (D5.47, D5.48; ShortAddressBytes() D9.2.14.4): C0 A[lo+6:lo],
 * then when C0 is set A[lo+14:lo+7].  The packet's sub_isa gives the
 * alignment: IS0 word, IS1 halfword (R_FXNDF, I_WKMNL). */
static int get_addr_short(rd *r, unsigned is)
{
    ete_pkt_addr *a = &r->pkt->addr;
    unsigned lo = is ? 1u : 2u;
    uint8_t b0, b1;

    TRY(get8(r, &b0));
    a->form = ETE_ADDR_SHORT;
    a->is = (uint8_t)is;
    a->lo = (uint8_t)lo;
    a->val = (uint64_t)(b0 & 0x7Fu) << lo;
    a->hi = (uint8_t)(lo + 6u);
    if (b0 & ETE_PKT_CONT) {
        TRY(get8(r, &b1));
        a->val |= (uint64_t)b1 << (lo + 7u);
        a->hi = (uint8_t)(lo + 14u);
    }
    return ST_OK;
}

/* Long address (LongAddressBytes() D9.2.14.2; D5.49-D5.52): IS0 gives
 * (0) A[8:2], (0) A[15:9], then whole bytes from A[23:16]; IS1 gives
 * (0) A[7:1], then whole bytes from A[15:8]. */
static int get_addr_long(rd *r, unsigned is, unsigned bits)
{
    ete_pkt_addr *a = &r->pkt->addr;
    uint64_t v;
    unsigned sh;
    uint8_t b;

    a->form = (uint8_t)(bits == 64 ? ETE_ADDR_64 : ETE_ADDR_32);
    a->is = (uint8_t)is;
    a->lo = (uint8_t)(is ? 1u : 2u);
    a->hi = (uint8_t)(bits - 1u);
    if (is) {
        TRY(get8(r, &b));
        if (b & 0x80u)
            return bad(r, r->pos - 1, "address byte A[7:1]: bit 7 is SBZ");
        v = (uint64_t)b << 1;
        sh = 8;
    } else {
        TRY(get8(r, &b));
        if (b & 0x80u)
            return bad(r, r->pos - 1, "address byte A[8:2]: bit 7 is SBZ");
        v = (uint64_t)b << 2;
        TRY(get8(r, &b));
        if (b & 0x80u)
            return bad(r, r->pos - 1, "address byte A[15:9]: bit 7 is SBZ");
        v |= (uint64_t)b << 9;
        sh = 16;
    }
    for (; sh < bits; sh += 8) {
        TRY(get8(r, &b));
        v |= (uint64_t)b << sh;
    }
    a->val = v;
    return ST_OK;
}

/* Context information byte and the VMID / CONTEXTID that follow it
 * (ContextBytes() D9.2.14.9; D5.55). */
static int get_ctxt(rd *r)
{
    ete_pkt_ctxt *c = &r->pkt->ctxt;
    uint8_t b;

    TRY(get8(r, &b));
    if (b & ETE_CTXT_RES0_MASK)
        return bad(r, r->pos - 1, "context information byte: bits [3:2] are SBZ");
    r->pkt->has_ctxt = 1;
    c->el = b & ETE_CTXT_EL_MASK;
    c->sf = (b & ETE_CTXT_SF) ? 1u : 0u;
    c->ns = (b & ETE_CTXT_NS) ? 1u : 0u;
    c->v  = (b & ETE_CTXT_V) ? 1u : 0u;
    c->c  = (b & ETE_CTXT_C) ? 1u : 0u;
    if (c->v)
        TRY(get_u32le(r, &c->vmid));         /* VMID before CONTEXTID */
    if (c->c)
        TRY(get_u32le(r, &c->contextid));
    return ST_OK;
}

/* Address field selected by an address header byte h, as used by the
 * Target Address packets and inside Exception packets (D9.2.13.1). */
static int get_addr_by_header(rd *r, uint8_t h)
{
    switch (h) {
    case ETE_HDR_ADDR_SHORT_IS0: return get_addr_short(r, 0);
    case ETE_HDR_ADDR_SHORT_IS1: return get_addr_short(r, 1);
    case ETE_HDR_ADDR_32_IS0:
    case ETE_HDR_ADDR_CTXT_32_IS0: return get_addr_long(r, 0, 32);
    case ETE_HDR_ADDR_32_IS1:
    case ETE_HDR_ADDR_CTXT_32_IS1: return get_addr_long(r, 1, 32);
    case ETE_HDR_ADDR_64_IS0:
    case ETE_HDR_ADDR_CTXT_64_IS0: return get_addr_long(r, 0, 64);
    default:                       return get_addr_long(r, 1, 64);
    }
}

static void set_exact(ete_pkt *p, unsigned qe)
{
    p->addr.form = ETE_ADDR_EXACT;
    p->addr.qe = (uint8_t)qe;
}

static void set_atoms(ete_pkt *p, unsigned count, uint32_t bits)
{
    p->atom_count = (uint8_t)count;
    p->atom_bits = bits;
}

/* Atoms before the Mispredict / Cancel element for the A field of the
 * Mispredict packet and Cancel Format 2 (D5.37, D5.39): 00 none, 01 E,
 * 10 E E, 11 N. */
static void set_mispredict_atoms(ete_pkt *p, unsigned a)
{
    static const uint8_t cnt[4] = { 0, 1, 2, 1 };
    static const uint8_t bits[4] = { 0x0, 0x1, 0x3, 0x0 };
    set_atoms(p, cnt[a], bits[a]);
}

/* ---- packets ---------------------------------------------------------------- */

/* Header 0x00: A-Sync, Discard or Overflow (Parse_ExtensionPacket(),
 * D9.2.3.1). */
static int parse_extension(rd *r)
{
    ete_pkt *p = r->pkt;
    uint8_t b;
    size_t i;

    TRY(get8(r, &b));
    if (b == ETE_EXT_DISCARD) {                       /* D5.5 */
        p->type = ETE_PKT_DISCARD;
        return ST_OK;
    }
    if (b == ETE_EXT_OVERFLOW) {                      /* D5.6 */
        p->type = ETE_PKT_OVERFLOW;
        return ST_OK;
    }
    if (b != ETE_EXT_ASYNC)
        return bad(r, 1, "reserved extension byte after header 0x00");
    /* D5.4, D9.2.3: a header of zero, at least ten zero payload bytes and a
     * final 0x80 (R_BXZZJ: the byte after it is a header). */
    i = 2;
    while (i < r->len && r->buf[i] == 0) {
        i++;
        if (i >= (size_t)INT_MAX - 1u)
            return bad(r, i, "A-Sync: zero run too long");
    }
    if (i >= r->len)
        return ETE_PKT_NEED_MORE;
    if (r->buf[i] != ETE_ASYNC_END)
        return bad(r, i, "A-Sync: zero bytes not followed by 0x80");
    if (i < ETE_ASYNC_MIN_ZEROS)
        return bad(r, i, "A-Sync: fewer than 11 zero bytes before 0x80");
    p->type = ETE_PKT_ASYNC;
    p->async_zeros = (uint32_t)i;
    r->pos = i + 1;
    return ST_OK;
}

/* Trace Info (D5.7; Parse_TraceInfoPacket() D9.2.6.1). */
static int parse_trace_info(rd *r)
{
    ete_pkt *p = r->pkt;
    uint64_t v;
    uint8_t b;

    TRY(get8(r, &b));
    /* PLCTL: only the INFO, SPEC and CYCT sections of Variants 1-8 exist
     * in ETE; bit 1 (a KEY section in ETMv4) and bits [7:4] match no
     * layout. */
    if (b & (uint8_t)~(ETE_TINFO_PLCTL_INFO | ETE_TINFO_PLCTL_SPEC | ETE_TINFO_PLCTL_CYCT))
        return bad(r, 1, "Trace Info: reserved PLCTL bits set");
    p->plctl = b;
    if (p->plctl & ETE_TINFO_PLCTL_INFO) {
        TRY(get8(r, &b));
        if (b & (uint8_t)~(ETE_TINFO_INFO_CC | ETE_TINFO_INFO_T))
            return bad(r, r->pos - 1, "Trace Info: INFO bits [7], [5:1] are SBZ");
        p->info = b;
        p->tinfo_cc = (b & ETE_TINFO_INFO_CC) ? 1u : 0u;
        p->tinfo_t = (b & ETE_TINFO_INFO_T) ? 1u : 0u;
    }
    if (p->plctl & ETE_TINFO_PLCTL_SPEC) {
        TRY(get_cont(r, 32, &v, NULL, "Trace Info: SPEC[31:28] byte bits [7:4] are SBZ"));
        p->spec = (uint32_t)v;
    }
    if (p->plctl & ETE_TINFO_PLCTL_CYCT) {
        TRY(get_cont(r, 12, &v, NULL, "Trace Info: CYCT[11:7] byte bits [7:5] are SBZ"));
        p->cyct = (uint32_t)v;
    }
    return ST_OK;
}

/* Timestamp (D5.9; Parse_TimestampPacket() D9.2.16.1). */
static int parse_timestamp(rd *r, uint8_t h)
{
    ete_pkt *p = r->pkt;
    uint64_t v;
    unsigned given;

    p->type = ETE_PKT_TIMESTAMP;
    TRY(get_cont(r, 64, &v, &given, "Timestamp: TS SBZ bits set"));
    p->ts = v;
    p->ts_bits = (uint8_t)given;
    if (h & 1u) {                                      /* N: COUNT follows */
        TRY(get_cont(r, 20, &v, NULL, "Timestamp: COUNT[19:14] byte bits [7:6] are SBZ"));
        p->count = (uint32_t)v;
        p->count_valid = 1;
    }
    return ST_OK;
}

static int exc_type_defined(unsigned t)
{
    /* TYPE table of D5.13: 0-4, 6, 7, 10-12, 14-23 and 24 (Transaction
     * Failure, only in the Transaction Failure packet). */
    switch (t) {
    case 0x05: case 0x08: case 0x09: case 0x0D:
        return 0;
    default:
        return t <= ETE_EXC_TYPE_TXN_FAILURE;
    }
}

/* Exception, Transaction Failure and PE Reset packets (D5.13-D5.25;
 * Parse_ExceptionPacket() D9.2.13.1). */
static int parse_exception(rd *r)
{
    ete_pkt *p = r->pkt;
    uint8_t b, ah;
    unsigned e, t;

    TRY(get8(r, &b));
    if (b & ETE_EXC_RES0)
        return bad(r, 1, "Exception: bit 7 of the information byte is not 0");
    e = ((b & ETE_EXC_E1) ? 2u : 0u) | ((b & ETE_EXC_E0) ? 1u : 0u);
    t = (b & ETE_EXC_TYPE_MASK) >> ETE_EXC_TYPE_SHIFT;
    if (e != ETE_EXC_E_EXC && e != ETE_EXC_E_ADDR_EXC)
        return bad(r, 1, "Exception: reserved E value");
    if (!exc_type_defined(t))
        return bad(r, 1, "Exception: reserved TYPE value");
    p->e = (uint8_t)e;
    p->exc_type = (uint8_t)t;
    TRY(get8(r, &ah));
    if (ah == ETE_EXC_ADDR_UNKNOWN) {
        /* D5.24, D5.25: the address byte 0x70 is the UNKNOWN address */
        if (t == ETE_EXC_TYPE_TXN_FAILURE)
            p->type = ETE_PKT_TXN_FAILURE;
        else if (t == ETE_EXC_TYPE_PE_RESET)
            p->type = ETE_PKT_PE_RESET;
        else
            return bad(r, 2, "Exception: UNKNOWN address with a TYPE other than PE Reset");
        p->addr.form = ETE_ADDR_UNKNOWN;
        return ST_OK;
    }
    if (t == ETE_EXC_TYPE_TXN_FAILURE)
        return bad(r, 2, "Exception: Transaction Failure TYPE with an address");
    switch (ah) {
    case ETE_HDR_ADDR_EXACT + 0: case ETE_HDR_ADDR_EXACT + 1: case ETE_HDR_ADDR_EXACT + 2:
        p->type = ETE_PKT_EXC_EXACT;                   /* D5.13 */
        set_exact(p, ah & 3u);
        return ST_OK;
    case ETE_HDR_ADDR_SHORT_IS0: p->type = ETE_PKT_EXC_SHORT_IS0; break;
    case ETE_HDR_ADDR_SHORT_IS1: p->type = ETE_PKT_EXC_SHORT_IS1; break;
    case ETE_HDR_ADDR_32_IS0:    p->type = ETE_PKT_EXC_32_IS0; break;
    case ETE_HDR_ADDR_32_IS1:    p->type = ETE_PKT_EXC_32_IS1; break;
    case ETE_HDR_ADDR_64_IS0:    p->type = ETE_PKT_EXC_64_IS0; break;
    case ETE_HDR_ADDR_64_IS1:    p->type = ETE_PKT_EXC_64_IS1; break;
    case ETE_HDR_ADDR_CTXT_32_IS0: p->type = ETE_PKT_EXC_CTXT_32_IS0; break;
    case ETE_HDR_ADDR_CTXT_32_IS1: p->type = ETE_PKT_EXC_CTXT_32_IS1; break;
    case ETE_HDR_ADDR_CTXT_64_IS0: p->type = ETE_PKT_EXC_CTXT_64_IS0; break;
    case ETE_HDR_ADDR_CTXT_64_IS1: p->type = ETE_PKT_EXC_CTXT_64_IS1; break;
    default:
        return bad(r, 2, "Exception: reserved address byte");
    }
    TRY(get_addr_by_header(r, ah));
    if ((ah & 0xF0u) == 0x80u)                         /* with Context */
        TRY(get_ctxt(r));
    return ST_OK;
}

/* Cycle Count packets (D5.26-D5.34; Parse_CycleCountPackets() D9.2.16.2).
 * TRCIDR0.COMMOPT selects the x_0 or the x_1 formats. */
static int parse_cycle_count(rd *r, const ete_pkt_cfg *cfg, uint8_t h)
{
    ete_pkt *p = r->pkt;
    uint64_t v;
    uint8_t b;

    if (cfg->strict && !cfg->trccci)
        return bad(r, 0, "Cycle Count packet but TRCIDR0.TRCCCI is 0");
    if ((h & ETE_HDR_CC_F1_MASK) == ETE_HDR_CC_F1) {   /* format 1 */
        unsigned u = h & ETE_HDR_CC_F1_U;
        if (!cfg->commopt) {
            TRY(get_cont(r, 32, &v, NULL, "Cycle Count: COMMIT[31:28] byte bits [7:4] are SBZ"));
            p->commit = (uint32_t)v;
        }
        if (!u) {
            TRY(get_cont(r, 20, &v, NULL, "Cycle Count: COUNT[19:14] byte bits [7:6] are SBZ"));
            p->count = (uint32_t)v;
            p->count_valid = 1;
        }
        if (cfg->commopt)
            p->type = u ? ETE_PKT_CC_F1_1_UNKNOWN : ETE_PKT_CC_F1_1;
        else
            p->type = u ? ETE_PKT_CC_F1_0_UNKNOWN : ETE_PKT_CC_F1_0;
        return ST_OK;
    }
    if ((h & ETE_HDR_CC_F2_MASK) == ETE_HDR_CC_F2) {   /* format 2 */
        if (cfg->commopt && h != ETE_HDR_CC_F2_1)
            return bad(r, 0, "Cycle Count Format 2 header 0x0C is reserved when COMMOPT is 1");
        TRY(get8(r, &b));
        p->aaaa = (uint8_t)(b >> 4);
        p->bbbb = (uint8_t)(b & 0xFu);
        p->count = p->bbbb;
        p->count_valid = 1;
        if (cfg->commopt) {
            /* D5.32: the payload's upper nibble is 0b1111 */
            if (p->aaaa != 0xFu)
                return bad(r, 1, "Cycle Count Format 2_1: payload bits [7:4] are not 0b1111");
            p->type = ETE_PKT_CC_F2_1;
        } else if (h == ETE_HDR_CC_F2_0_SMALL) {
            p->type = ETE_PKT_CC_F2_0_SMALL;
            p->commit = p->aaaa + 1u;                  /* D5.30 */
        } else {
            /* D5.31: MAXSPEC + AAAA - 15, which must be greater than 0 */
            uint64_t n = (uint64_t)cfg->maxspec + p->aaaa;
            if (n <= 15u)
                return bad(r, 1, "Cycle Count Format 2_0 large: commit count MAXSPEC + AAAA - 15 is not > 0");
            if (n - 15u > UINT32_MAX)
                return bad(r, 1, "Cycle Count Format 2_0 large: commit count out of range");
            p->type = ETE_PKT_CC_F2_0_LARGE;
            p->commit = (uint32_t)(n - 15u);
        }
        return ST_OK;
    }
    /* format 3: 0001xxxx */
    p->bb = h & 3u;
    p->count = p->bb;
    p->count_valid = 1;
    if (cfg->commopt) {
        if ((h & ETE_HDR_CC_F3_1_MASK) != ETE_HDR_CC_F3_1)
            return bad(r, 0, "Cycle Count Format 3 header 0x14-0x1F is reserved when COMMOPT is 1");
        p->type = ETE_PKT_CC_F3_1;                     /* D5.34 */
    } else {
        p->aa = (uint8_t)((h >> 2) & 3u);
        p->commit = p->aa + 1u;                        /* D5.33 */
        p->type = ETE_PKT_CC_F3_0;
    }
    return ST_OK;
}

static int need_spec(rd *r, const ete_pkt_cfg *cfg)
{
    if (cfg->strict && cfg->maxspec == 0)
        return bad(r, 0, "Commit/Cancel packet but TRCIDR8.MAXSPEC is 0");
    return ST_OK;
}

/* Atom packets (D5.40-D5.46; Parse_AtomPackets() D9.2.10.1). */
static void parse_atom(ete_pkt *p, uint8_t h)
{
    if (h == ETE_HDR_ATOM_F5_1) {                      /* N E E E E */
        p->type = ETE_PKT_ATOM_F5_1;
        set_atoms(p, 5, 0x1Eu);
    } else if ((h & ETE_HDR_ATOM_F1_MASK) == ETE_HDR_ATOM_F1) {
        p->type = ETE_PKT_ATOM_F1;
        p->a = h & 1u;
        set_atoms(p, 1, p->a);
    } else if ((h & ETE_HDR_ATOM_F3_MASK) == ETE_HDR_ATOM_F3) {
        p->type = ETE_PKT_ATOM_F3;                     /* A<i> = atom i */
        p->a = h & 7u;
        set_atoms(p, 3, p->a);
    } else if ((h & ETE_HDR_ATOM_F2_MASK) == ETE_HDR_ATOM_F2) {
        p->type = ETE_PKT_ATOM_F2;
        p->a = h & 3u;
        set_atoms(p, 2, p->a);
    } else if ((h & ETE_HDR_ATOM_F4_MASK) == ETE_HDR_ATOM_F4) {
        /* 00: N E E E, 01: N N N N, 10: N E N E, 11: E N E N */
        static const uint8_t f4[4] = { 0xE, 0x0, 0xA, 0x5 };
        p->type = ETE_PKT_ATOM_F4;
        p->a = h & 3u;
        set_atoms(p, 4, f4[p->a]);
    } else if ((h & ETE_HDR_ATOM_F5_2_MASK) == ETE_HDR_ATOM_F5_2 && (h & 3u) != 0) {
        /* 01: N N N N N, 10: N E N E N, 11: E N E N E */
        static const uint8_t f52[4] = { 0x00, 0x00, 0x0A, 0x15 };
        p->type = ETE_PKT_ATOM_F5_2;
        p->a = h & 3u;
        set_atoms(p, 5, f52[p->a]);
    } else {
        /* Format 6: 11 A COUNT, COUNT <= 20 (the other values are the
         * headers above): 3 + COUNT E atoms, then E (A = 0) or N (A = 1) */
        unsigned cnt = h & 0x1Fu;
        uint32_t bits = (1u << (cnt + 3u)) - 1u;
        p->type = ETE_PKT_ATOM_F6;
        p->a = (h >> 5) & 1u;
        p->count = cnt;
        p->count_valid = 1;
        if (!p->a)
            bits |= 1u << (cnt + 3u);
        set_atoms(p, cnt + 4u, bits);
    }
}

static int get_q_count(rd *r)
{
    uint64_t v;
    TRY(get_cont(r, 32, &v, NULL, "Q: COUNT[31:28] byte bits [7:4] are SBZ"));
    r->pkt->count = (uint32_t)v;
    r->pkt->count_valid = 1;
    return ST_OK;
}

static int parse_body(rd *r, const ete_pkt_cfg *cfg, uint8_t h)
{
    ete_pkt *p = r->pkt;
    uint64_t v;

    switch (h) {
    case ETE_HDR_EXTENSION:  return parse_extension(r);
    case ETE_HDR_TRACE_INFO: p->type = ETE_PKT_TRACE_INFO; return parse_trace_info(r);
    case ETE_HDR_TIMESTAMP:
    case ETE_HDR_TIMESTAMP + 1:
        if (cfg->strict && cfg->tssize == 0)
            return bad(r, 0, "Timestamp packet but TRCIDR0.TSSIZE is 0");
        return parse_timestamp(r, h);
    case ETE_HDR_TRACE_ON:   p->type = ETE_PKT_TRACE_ON; return ST_OK;
    case ETE_HDR_EXCEPTION:  return parse_exception(r);
    case ETE_HDR_TXN_START:  p->type = ETE_PKT_TXN_START; return ST_OK;
    case ETE_HDR_TXN_COMMIT: p->type = ETE_PKT_TXN_COMMIT; return ST_OK;
    case ETE_HDR_COMMIT:                               /* D5.35 */
        TRY(need_spec(r, cfg));
        p->type = ETE_PKT_COMMIT;
        TRY(get_cont(r, 32, &v, NULL, "Commit: COMMIT[31:28] byte bits [7:4] are SBZ"));
        p->commit = (uint32_t)v;
        return ST_OK;
    case ETE_HDR_CANCEL_F1:
    case ETE_HDR_CANCEL_F1 + 1:                        /* D5.36 */
        TRY(need_spec(r, cfg));
        p->type = ETE_PKT_CANCEL_F1;
        p->m = h & 1u;
        TRY(get_cont(r, 32, &v, NULL, "Cancel: CANCEL[31:28] byte bits [7:4] are SBZ"));
        if (v == 0)
            return bad(r, 1, "Cancel Format 1: CANCEL of 0 is reserved");
        p->cancel = (uint32_t)v;
        return ST_OK;
    case ETE_HDR_CTXT_SAME:  p->type = ETE_PKT_CTXT_SAME; return ST_OK;
    case ETE_HDR_CTXT:       p->type = ETE_PKT_CTXT; return get_ctxt(r);
    case ETE_HDR_ADDR_CTXT_32_IS0:
    case ETE_HDR_ADDR_CTXT_32_IS1:
    case ETE_HDR_ADDR_CTXT_64_IS0:
    case ETE_HDR_ADDR_CTXT_64_IS1:                     /* D5.56-D5.59 */
        p->type = (uint8_t)(h == ETE_HDR_ADDR_CTXT_32_IS0 ? ETE_PKT_ADDR_CTXT_32_IS0 :
                            h == ETE_HDR_ADDR_CTXT_32_IS1 ? ETE_PKT_ADDR_CTXT_32_IS1 :
                            h == ETE_HDR_ADDR_CTXT_64_IS0 ? ETE_PKT_ADDR_CTXT_64_IS0 :
                                                            ETE_PKT_ADDR_CTXT_64_IS1);
        TRY(get_addr_by_header(r, h));
        return get_ctxt(r);
    case ETE_HDR_TS_MARKER:                            /* D5.10 */
        if (cfg->strict && (cfg->tssize == 0 || !cfg->tsmark))
            return bad(r, 0, "Timestamp Marker packet but TRCIDR0.TSSIZE is 0 or TSMARK is 0");
        p->type = ETE_PKT_TS_MARKER;
        return ST_OK;
    case ETE_HDR_ADDR_SHORT_IS0: p->type = ETE_PKT_ADDR_SHORT_IS0; return get_addr_short(r, 0);
    case ETE_HDR_ADDR_SHORT_IS1: p->type = ETE_PKT_ADDR_SHORT_IS1; return get_addr_short(r, 1);
    case ETE_HDR_ADDR_32_IS0: p->type = ETE_PKT_ADDR_32_IS0; return get_addr_long(r, 0, 32);
    case ETE_HDR_ADDR_32_IS1: p->type = ETE_PKT_ADDR_32_IS1; return get_addr_long(r, 1, 32);
    case ETE_HDR_ADDR_64_IS0: p->type = ETE_PKT_ADDR_64_IS0; return get_addr_long(r, 0, 64);
    case ETE_HDR_ADDR_64_IS1: p->type = ETE_PKT_ADDR_64_IS1; return get_addr_long(r, 1, 64);
    case ETE_HDR_Q_SHORT_IS0:                          /* D5.72 */
        p->type = ETE_PKT_Q_SHORT_IS0;
        TRY(get_addr_short(r, 0));
        return get_q_count(r);
    case ETE_HDR_Q_SHORT_IS1:                          /* D5.73 */
        p->type = ETE_PKT_Q_SHORT_IS1;
        TRY(get_addr_short(r, 1));
        return get_q_count(r);
    case ETE_HDR_Q_32_IS0:                             /* D5.74 */
        p->type = ETE_PKT_Q_32_IS0;
        TRY(get_addr_long(r, 0, 32));
        return get_q_count(r);
    case ETE_HDR_Q_32_IS1:                             /* D5.75 */
        p->type = ETE_PKT_Q_32_IS1;
        TRY(get_addr_long(r, 1, 32));
        return get_q_count(r);
    case ETE_HDR_Q_COUNT:    p->type = ETE_PKT_Q_COUNT; return get_q_count(r);  /* D5.70 */
    case ETE_HDR_Q:          p->type = ETE_PKT_Q; return ST_OK;                 /* D5.69 */
    case ETE_HDR_SRC_SHORT_IS0: p->type = ETE_PKT_SRC_SHORT_IS0; return get_addr_short(r, 0);
    case ETE_HDR_SRC_SHORT_IS1: p->type = ETE_PKT_SRC_SHORT_IS1; return get_addr_short(r, 1);
    case ETE_HDR_SRC_32_IS0: p->type = ETE_PKT_SRC_32_IS0; return get_addr_long(r, 0, 32);
    case ETE_HDR_SRC_32_IS1: p->type = ETE_PKT_SRC_32_IS1; return get_addr_long(r, 1, 32);
    case ETE_HDR_SRC_64_IS0: p->type = ETE_PKT_SRC_64_IS0; return get_addr_long(r, 0, 64);
    case ETE_HDR_SRC_64_IS1: p->type = ETE_PKT_SRC_64_IS1; return get_addr_long(r, 1, 64);
    default:
        break;
    }

    if ((h & ETE_HDR_CC_F2_MASK) == ETE_HDR_CC_F2 || (h & ETE_HDR_CC_F1_MASK) == ETE_HDR_CC_F1 ||
        (h & ETE_HDR_CC_F3_0_MASK) == ETE_HDR_CC_F3_0)
        return parse_cycle_count(r, cfg, h);
    if ((h & ETE_HDR_MISPREDICT_MASK) == ETE_HDR_MISPREDICT) {        /* D5.39 */
        p->type = ETE_PKT_MISPREDICT;
        p->a = h & 3u;
        p->m = 1;
        set_mispredict_atoms(p, p->a);
        return ST_OK;
    }
    if ((h & ETE_HDR_CANCEL_F2_MASK) == ETE_HDR_CANCEL_F2) {          /* D5.37 */
        TRY(need_spec(r, cfg));
        p->type = ETE_PKT_CANCEL_F2;
        p->a = h & 3u;
        p->cancel = 1;
        p->m = 1;
        set_mispredict_atoms(p, p->a);
        return ST_OK;
    }
    if ((h & ETE_HDR_CANCEL_F3_MASK) == ETE_HDR_CANCEL_F3) {          /* D5.38 */
        TRY(need_spec(r, cfg));
        p->type = ETE_PKT_CANCEL_F3;
        p->a = h & 1u;
        p->cancel_cc = (uint8_t)((h >> 1) & 3u);
        p->cancel = p->cancel_cc + 2u;
        p->m = 1;
        set_atoms(p, p->a, p->a);                      /* A = 1: one E atom */
        return ST_OK;
    }
    if ((h & ETE_HDR_EVENT_MASK) == ETE_HDR_EVENT) {
        if (h == ETE_HDR_IGNORE) {                     /* D5.67 */
            p->type = ETE_PKT_IGNORE;
        } else {                                       /* D5.68 */
            p->type = ETE_PKT_EVENT;
            p->event = h & 0xFu;
        }
        return ST_OK;
    }
    if ((h & ETE_HDR_ADDR_EXACT_MASK) == ETE_HDR_ADDR_EXACT && (h & 3u) != 3u) {
        p->type = ETE_PKT_ADDR_EXACT;                  /* D5.53 */
        set_exact(p, h & 3u);
        return ST_OK;
    }
    if ((h & ETE_HDR_Q_EXACT_MASK) == ETE_HDR_Q_EXACT && (h & 3u) != 3u) {
        p->type = ETE_PKT_Q_EXACT;                     /* D5.71: TYPE 0b11 reserved */
        set_exact(p, h & 3u);
        return get_q_count(r);
    }
    if ((h & ETE_HDR_SRC_EXACT_MASK) == ETE_HDR_SRC_EXACT && (h & 3u) != 3u) {
        p->type = ETE_PKT_SRC_EXACT;                   /* D5.66 */
        set_exact(p, h & 3u);
        return ST_OK;
    }
    if ((h & ETE_HDR_ATOM_F6_MASK) == ETE_HDR_ATOM_F6) {
        parse_atom(p, h);
        return ST_OK;
    }
    return bad(r, 0, "reserved header byte");          /* D5.2 */
}

int ete_pkt_parse(const ete_pkt_cfg *cfg, const uint8_t *buf, size_t len, ete_pkt *pkt)
{
    rd r;
    int st;

    static const ete_pkt_cfg lenient;                  /* cfg NULL: all zero */

    memset(pkt, 0, sizeof *pkt);
    if (!cfg)
        cfg = &lenient;
    if (len == 0)
        return ETE_PKT_NEED_MORE;
    r.buf = buf;
    r.len = len;
    r.pos = 1;
    r.pkt = pkt;
    pkt->header = buf[0];                              /* R_BVTNX */
    st = parse_body(&r, cfg, buf[0]);
    if (st != ST_OK) {
        /* nothing of a partial or bad packet is kept but where and why */
        size_t off = pkt->err_off;
        const char *why = pkt->err;
        memset(pkt, 0, sizeof *pkt);
        pkt->header = buf[0];
        if (st == ETE_PKT_BAD) {
            pkt->err_off = off;
            pkt->err = why;
        }
        return st;
    }
    pkt->len = (uint32_t)r.pos;
    return (int)r.pos;
}

/* ---- helpers ------------------------------------------------------------------ */

uint64_t ete_pkt_addr_apply(const ete_pkt_addr *a, uint64_t prev)
{
    uint64_t mask;

    switch (a->form) {
    case ETE_ADDR_SHORT:
    case ETE_ADDR_32:
    case ETE_ADDR_64:
        mask = a->hi >= 63 ? ~(uint64_t)0 : (((uint64_t)1 << (a->hi + 1u)) - 1u);
        return (prev & ~mask) | (a->val & mask);
    default:
        return prev;
    }
}

uint64_t ete_pkt_ts_apply(const ete_pkt *p, uint64_t prev)
{
    uint64_t mask;

    if (p->ts_bits == 0)
        return prev;
    mask = p->ts_bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << p->ts_bits) - 1u);
    return (prev & ~mask) | (p->ts & mask);
}

int ete_pkt_find_async(const uint8_t *buf, size_t len, size_t *pos)
{
    size_t run = 0;

    for (size_t i = 0; i < len; i++) {
        if (buf[i] == 0) {
            run++;
            continue;
        }
        if (buf[i] == ETE_ASYNC_END && run >= ETE_ASYNC_MIN_ZEROS) {
            *pos = i - run;
            return 1;
        }
        run = 0;
    }
    *pos = len - run;
    return 0;
}

static const char *const pkt_names[ETE_PKT_TYPE_COUNT] = {
#define ETE_PKT(name) #name,
#include "ete_pkt_names.def"
#undef ETE_PKT
};

const char *ete_pkt_name(unsigned type)
{
    return type < ETE_PKT_TYPE_COUNT ? pkt_names[type] : "?";
}
