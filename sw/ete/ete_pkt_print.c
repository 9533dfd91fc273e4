/* One-line text form of a parsed ETE packet: NAME field=value ...
 * Field names are those of chapter D5 in lower case. */
#include "ete_pkt.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct out {
    char *buf;
    size_t len;
    size_t n;     /* characters the whole line needs */
    int err;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    size_t room = o->n < o->len ? o->len - o->n : 0;
    int k;

    va_start(ap, fmt);
    k = vsnprintf(room ? o->buf + o->n : NULL, room, fmt, ap);
    va_end(ap);
    if (k < 0)
        o->err = 1;
    else
        o->n += (size_t)k;
}

static void put_atoms(out *o, const ete_pkt *p)
{
    char s[32];
    unsigned i, n = p->atom_count < sizeof s - 1 ? p->atom_count : (unsigned)sizeof s - 1;

    for (i = 0; i < n; i++)
        s[i] = ((p->atom_bits >> i) & 1u) ? 'E' : 'N';
    s[i] = '\0';
    put(o, " atoms=%s", n ? s : "-");
}

static void put_addr(out *o, const ete_pkt_addr *a)
{
    switch (a->form) {
    case ETE_ADDR_EXACT:
        put(o, " qe=%u", a->qe);
        break;
    case ETE_ADDR_SHORT:
    case ETE_ADDR_32:
    case ETE_ADDR_64:
        put(o, " addr=0x%" PRIx64 " bits=%u:%u is=%u", a->val, a->hi, a->lo, a->is);
        break;
    case ETE_ADDR_UNKNOWN:
        put(o, " addr=unknown");
        break;
    default:
        break;
    }
}

static void put_ctxt(out *o, const ete_pkt_ctxt *c)
{
    put(o, " el=%u sf=%u ns=%u v=%u c=%u", c->el, c->sf, c->ns, c->v, c->c);
    if (c->v)
        put(o, " vmid=0x%" PRIx32, c->vmid);
    if (c->c)
        put(o, " contextid=0x%" PRIx32, c->contextid);
}

int ete_pkt_format(const ete_pkt *p, char *buf, size_t len)
{
    out o = { buf, len, 0, 0 };

    if (len)
        buf[0] = '\0';
    put(&o, "%s", ete_pkt_name(p->type));
    switch (p->type) {
    case ETE_PKT_ASYNC:
        put(&o, " zeros=%" PRIu32, p->async_zeros);
        break;
    case ETE_PKT_TRACE_INFO:
        put(&o, " plctl=0x%02x", p->plctl);
        if (p->plctl & ETE_TINFO_PLCTL_INFO)
            put(&o, " cc=%u t=%u", p->tinfo_cc, p->tinfo_t);
        if (p->plctl & ETE_TINFO_PLCTL_SPEC)
            put(&o, " spec=%" PRIu32, p->spec);
        if (p->plctl & ETE_TINFO_PLCTL_CYCT)
            put(&o, " cyct=%" PRIu32, p->cyct);
        break;
    case ETE_PKT_TIMESTAMP:
        put(&o, " ts=0x%" PRIx64 " ts_bits=%u", p->ts, p->ts_bits);
        if (p->count_valid)
            put(&o, " count=%" PRIu32, p->count);
        break;
    case ETE_PKT_EXC_EXACT: case ETE_PKT_EXC_SHORT_IS0: case ETE_PKT_EXC_SHORT_IS1:
    case ETE_PKT_EXC_32_IS0: case ETE_PKT_EXC_32_IS1: case ETE_PKT_EXC_64_IS0:
    case ETE_PKT_EXC_64_IS1: case ETE_PKT_EXC_CTXT_32_IS0: case ETE_PKT_EXC_CTXT_32_IS1:
    case ETE_PKT_EXC_CTXT_64_IS0: case ETE_PKT_EXC_CTXT_64_IS1:
        put(&o, " e=%u type=%u", p->e, p->exc_type);
        put_addr(&o, &p->addr);
        if (p->has_ctxt)
            put_ctxt(&o, &p->ctxt);
        break;
    case ETE_PKT_TXN_FAILURE:
    case ETE_PKT_PE_RESET:
        put(&o, " e=%u", p->e);
        break;
    case ETE_PKT_CC_F1_0_UNKNOWN:
        put(&o, " commit=%" PRIu32, p->commit);
        break;
    case ETE_PKT_CC_F1_0:
        put(&o, " commit=%" PRIu32 " count=%" PRIu32, p->commit, p->count);
        break;
    case ETE_PKT_CC_F1_1:
        put(&o, " count=%" PRIu32, p->count);
        break;
    case ETE_PKT_CC_F2_0_SMALL:
    case ETE_PKT_CC_F2_0_LARGE:
        put(&o, " aaaa=%u bbbb=%u commit=%" PRIu32, p->aaaa, p->bbbb, p->commit);
        break;
    case ETE_PKT_CC_F2_1:
        put(&o, " bbbb=%u", p->bbbb);
        break;
    case ETE_PKT_CC_F3_0:
        put(&o, " aa=%u bb=%u commit=%" PRIu32, p->aa, p->bb, p->commit);
        break;
    case ETE_PKT_CC_F3_1:
        put(&o, " bb=%u", p->bb);
        break;
    case ETE_PKT_COMMIT:
        put(&o, " commit=%" PRIu32, p->commit);
        break;
    case ETE_PKT_CANCEL_F1:
        put(&o, " m=%u cancel=%" PRIu32, p->m, p->cancel);
        break;
    case ETE_PKT_CANCEL_F2:
        put(&o, " a=%u", p->a);
        put_atoms(&o, p);
        put(&o, " cancel=%" PRIu32, p->cancel);
        break;
    case ETE_PKT_CANCEL_F3:
        put(&o, " a=%u cc=%u", p->a, p->cancel_cc);
        put_atoms(&o, p);
        put(&o, " cancel=%" PRIu32, p->cancel);
        break;
    case ETE_PKT_MISPREDICT:
        put(&o, " a=%u", p->a);
        put_atoms(&o, p);
        break;
    case ETE_PKT_ATOM_F1: case ETE_PKT_ATOM_F2: case ETE_PKT_ATOM_F3:
    case ETE_PKT_ATOM_F4: case ETE_PKT_ATOM_F5_2:
        put(&o, " a=%u", p->a);
        put_atoms(&o, p);
        break;
    case ETE_PKT_ATOM_F5_1:
        put_atoms(&o, p);
        break;
    case ETE_PKT_ATOM_F6:
        put(&o, " a=%u count=%" PRIu32, p->a, p->count);
        put_atoms(&o, p);
        break;
    case ETE_PKT_ADDR_SHORT_IS0: case ETE_PKT_ADDR_SHORT_IS1: case ETE_PKT_ADDR_32_IS0:
    case ETE_PKT_ADDR_32_IS1: case ETE_PKT_ADDR_64_IS0: case ETE_PKT_ADDR_64_IS1:
    case ETE_PKT_ADDR_EXACT:
    case ETE_PKT_SRC_SHORT_IS0: case ETE_PKT_SRC_SHORT_IS1: case ETE_PKT_SRC_32_IS0:
    case ETE_PKT_SRC_32_IS1: case ETE_PKT_SRC_64_IS0: case ETE_PKT_SRC_64_IS1:
    case ETE_PKT_SRC_EXACT:
        put_addr(&o, &p->addr);
        break;
    case ETE_PKT_CTXT:
        put_ctxt(&o, &p->ctxt);
        break;
    case ETE_PKT_ADDR_CTXT_32_IS0: case ETE_PKT_ADDR_CTXT_32_IS1:
    case ETE_PKT_ADDR_CTXT_64_IS0: case ETE_PKT_ADDR_CTXT_64_IS1:
        put_addr(&o, &p->addr);
        put_ctxt(&o, &p->ctxt);
        break;
    case ETE_PKT_EVENT:
        put(&o, " event=0x%x", p->event);
        break;
    case ETE_PKT_Q_COUNT:
        put(&o, " count=%" PRIu32, p->count);
        break;
    case ETE_PKT_Q_EXACT: case ETE_PKT_Q_SHORT_IS0: case ETE_PKT_Q_SHORT_IS1:
    case ETE_PKT_Q_32_IS0: case ETE_PKT_Q_32_IS1:
        put_addr(&o, &p->addr);
        put(&o, " count=%" PRIu32, p->count);
        break;
    default:
        /* DISCARD, OVERFLOW, TRACE_ON, TS_MARKER, TXN_START, TXN_COMMIT,
         * CC_F1_1_UNKNOWN, CTXT_SAME, IGNORE, Q: no fields */
        break;
    }
    if (o.err)
        return -1;
    return o.n > (size_t)INT32_MAX ? -1 : (int)o.n;
}
