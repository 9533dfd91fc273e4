/* OpenCSD 1.3.3 as an independent second ETE decoder: setup, element
 * mapping, packet text, and the comparison with our decoder's elements.
 * Waivers: tests/ete/ocsd_waivers.md. */
#include "ocsd_ete.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <opencsd/c_api/opencsd_c_api.h>

#define NO_OFFSET UINT64_MAX

/* ------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------- */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static char *dup_text(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* ------------------------------------------------------------------------
 * One decode run: shared by decode, count and packet text
 * ---------------------------------------------------------------------- */

enum run_mode { RUN_DECODE, RUN_COUNT, RUN_TEXT };

typedef struct run_ctx {
    enum run_mode mode;
    ocsd_ete_result *res;       /* RUN_DECODE */
    uint64_t insn_count;
    FILE *out;                  /* RUN_TEXT */
    int oom;
    const uint8_t *trace;
    size_t len;
    uint64_t last_offset;       /* offset of the latest packet or element seen */
    int rs;                     /* TRCCONFIGR.RS: the return stack is enabled */
    size_t last_range;          /* index of the latest RANGE element, SIZE_MAX: none */
    uint64_t last_exc;          /* offset of the latest Exception packet, NO_OFFSET: none */
    /* packet offsets from OpenCSD's packet printer, ascending: packets that
     * carry an explicit address, Trace Info and Trace On packets, and the
     * Transaction Commit, Failure and Start packets */
    uint64_t *anchor;
    size_t n_anchor, cap_anchor;
    uint64_t *sync;
    size_t n_sync, cap_sync;
    uint64_t *commit;           /* Transaction Commit packets */
    size_t n_commit, cap_commit;
    uint64_t *tfail;            /* Transaction Failure packets */
    size_t n_tfail, cap_tfail;
    uint64_t *tstart;           /* Transaction Start packets */
    size_t n_tstart, cap_tstart;
    size_t base;                /* where this run starts in the trace (an A-Sync after a
                                   restart) */
    /* in the child process: the pipe to the parent and what was sent */
    int fd;
    uint8_t *wb;
    size_t wn, wcap;
    size_t sent, sent_anchor, sent_sync, sent_commit, sent_tfail, sent_tstart;
    uint64_t child_insn;        /* parent, count mode: what the child counted */
    uint64_t done;              /* child: the trace is processed up to here */
} run_ctx;

static ocsd_ete_elem *push_elem(run_ctx *c, uint8_t kind, uint64_t offset)
{
    ocsd_ete_result *r = c->res;
    if (r->n == r->cap) {
        size_t ncap = r->cap ? 2 * r->cap : 256;
        ocsd_ete_elem *ne = realloc(r->elem, ncap * sizeof *ne);
        if (!ne) {
            c->oom = 1;
            return NULL;
        }
        r->elem = ne;
        r->cap = ncap;
    }
    ocsd_ete_elem *e = &r->elem[r->n++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->offset = offset;
    e->until = NO_OFFSET;
    return e;
}

/* An ERROR element with text "offset N: <what>". */
static ocsd_ete_elem *push_error(run_ctx *c, uint8_t src, uint64_t offset, const char *fmt, ...)
{
    char buf[320];
    int k = snprintf(buf, sizeof buf, "offset %" PRIu64 ": ", offset);
    if (k < 0)
        k = 0;
    if ((size_t)k >= sizeof buf)
        k = (int)sizeof buf - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + k, sizeof buf - (size_t)k, fmt, ap);
    va_end(ap);
    /* OpenCSD messages end in whitespace or a newline: trim it */
    size_t n = strlen(buf);
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
        buf[--n] = '\0';

    ocsd_ete_elem *e = push_elem(c, OCSD_ETE_ERROR, offset);
    if (!e)
        return NULL;
    e->sub = src;
    e->text = dup_text(buf, n);
    if (!e->text) {
        c->oom = 1;
        c->res->n--;
        return NULL;
    }
    if (c->res->errors == 0) {
        size_t m = n < sizeof c->res->first_error - 1 ? n : sizeof c->res->first_error - 1;
        memcpy(c->res->first_error, buf, m);
        c->res->first_error[m] = '\0';
    }
    c->res->errors++;
    return e;
}

/* W1 (ocsd_waivers.md): the bytes at off are an Exception packet whose
 * TYPE is PE Reset, either the PE Reset packet of D5.25 (address byte
 * 0b01110000) or an exception packet of D5.13-D5.23 with TYPE 0b00000, with
 * a permitted E (0b01 or 0b10). */
static int is_pe_reset_packet(const run_ctx *c, uint64_t off)
{
    if (off >= c->len || c->len - off < 3)
        return 0;
    const uint8_t *p = c->trace + off;
    if (p[0] != 0x06 || (p[1] & 0x80u))
        return 0;
    unsigned type = (p[1] >> 1) & 0x1Fu;                    /* TYPE, D5.13 */
    unsigned e = (p[1] & 1u) | ((p[1] >> 5) & 2u);          /* E[0] bit 0, E[1] bit 6 */
    return type == 0 && (e == 1 || e == 2);
}

static void push_offset(run_ctx *c, uint64_t **v, size_t *n, size_t *cap, uint64_t off)
{
    if (*n == *cap) {
        size_t ncap = *cap ? 2 * *cap : 256;
        uint64_t *nv = realloc(*v, ncap * sizeof *nv);
        if (!nv) {
            c->oom = 1;
            return;
        }
        *v = nv;
        *cap = ncap;
    }
    (*v)[(*n)++] = off;
}

static int has_prefix(const char *s, size_t n, const char *pfx)
{
    size_t k = strlen(pfx);
    return n >= k && memcmp(s, pfx, k) == 0;
}

/* Find needle in s[0..n). */
static const char *find_in(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(s + i, needle, k) == 0)
            return s + i;
    return NULL;
}

/* A packet printer line: "Idx:<n>; ID:<id>; [<bytes>];\t<NAME> : <text>". */
static void scan_packet_line(run_ctx *c, const char *s, size_t n)
{
    char num[24];
    size_t i = 4, k = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9' && k < sizeof num - 1)
        num[k++] = s[i++];
    num[k] = '\0';
    if (!k)
        return;
    uint64_t idx = strtoull(num, NULL, 10);
    c->last_offset = idx;
    const char *tab = memchr(s, '\t', n);
    if (!tab)
        return;
    const char *name = tab + 1;
    size_t rest = n - (size_t)(name - s);
    if (has_prefix(name, rest, "I_ADDR_") || has_prefix(name, rest, "I_SRC_ADDR_")) {
        push_offset(c, &c->anchor, &c->n_anchor, &c->cap_anchor, idx);
    } else if (has_prefix(name, rest, "I_TRACE_INFO") || has_prefix(name, rest, "I_TRACE_ON")) {
        push_offset(c, &c->sync, &c->n_sync, &c->cap_sync, idx);
    } else if (has_prefix(name, rest, "I_TRANS_COMMIT")) {
        push_offset(c, &c->commit, &c->n_commit, &c->cap_commit, idx);
    } else if (has_prefix(name, rest, "I_TRANS_FAIL")) {
        push_offset(c, &c->tfail, &c->n_tfail, &c->cap_tfail, idx);
    } else if (has_prefix(name, rest, "I_TRANS_ST")) {
        push_offset(c, &c->tstart, &c->n_tstart, &c->cap_tstart, idx);
    } else if (has_prefix(name, rest, "I_EXCEPT")) {
        c->last_exc = idx;
    } else if (has_prefix(name, rest, "I_INCOMPLETE_EOT") ||
               has_prefix(name, rest, "I_BAD_SEQUENCE") ||
               has_prefix(name, rest, "I_BAD_TRACEMODE") ||
               has_prefix(name, rest, "I_RESERVED")) {
        push_error(c, OCSD_ETE_ERR_PACKET, idx, "OpenCSD packet processor: %.*s",
                   (int)rest, name);
    }
}

/* An error logged by OpenCSD: "<component> : 0x<code> (OCSD_ERR_...) [...];
 * TrcIdx=<n>; CS ID=<id>; <text>". */
static void scan_error_line(run_ctx *c, const char *s, size_t n)
{
    uint64_t idx = c->last_offset;
    const char *ti = find_in(s, n, "TrcIdx=");
    if (ti) {
        char num[24];
        size_t i = (size_t)(ti - s) + 7, k = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && k < sizeof num - 1)
            num[k++] = s[i++];
        num[k] = '\0';
        if (k)
            idx = strtoull(num, NULL, 10);
    }
    /* W3: OpenCSD pops its return stack while it processes an Exception
     * packet with E = 0b10 that follows a taken indirect branch; with the
     * stack empty it reports it there.  The packet is the exception's. */
    int w3 = 0;
    if (c->rs && find_in(s, n, "OCSD_ERR_RET_STACK_OVERFLOW") && c->last_exc != NO_OFFSET &&
        (idx == c->last_exc || idx == c->last_exc + 2) && c->last_exc + 1 < c->len &&
        c->last_range != SIZE_MAX && c->res->elem[c->last_range].taken &&
        c->res->elem[c->last_range].last_type == OCSD_INSTR_BR_INDIRECT) {
        const uint8_t *p = c->trace + c->last_exc;
        unsigned e = (p[1] & 1u) | ((p[1] >> 5) & 2u);      /* E[0] bit 0, E[1] bit 6 */
        if (p[0] == 0x06 && !(p[1] & 0x80u) && e == 2) {
            w3 = 1;
            idx = c->last_exc;
        }
    }
    /* the packet processor already reported this packet: count it once */
    ocsd_ete_result *r = c->res;
    if (r->n && r->elem[r->n - 1].kind == OCSD_ETE_ERROR &&
        r->elem[r->n - 1].sub == OCSD_ETE_ERR_PACKET && r->elem[r->n - 1].offset == idx)
        return;
    ocsd_ete_elem *e = push_error(c, OCSD_ETE_ERR_LOG, idx, "OpenCSD: %.*s", (int)n, s);
    if (e && is_pe_reset_packet(c, idx))
        e->waiver = OCSD_ETE_WAIVE_PE_RESET;
    else if (e && w3)
        e->waiver = OCSD_ETE_WAIVE_RS_POP;
}

/* ---- the child's side of the pipe ---------------------------------------
 * Records: a tag byte, then
 *   'E'  an ocsd_ete_elem (text pointer not used), uint32 length, the text
 *   'A', 'S', 'C', 'T', 'B'  uint64: the offset of an address, sync (Trace
 *        Info, Trace On), Transaction Commit, Failure or Start packet
 *   'P'  uint64 offset, uint64 instructions: progress, the latest packet
 *        offset seen and the instructions counted so far
 *   'N'  uint64: the instruction count (count mode)
 *   'F'  uint32 length, text: the setup failed with this message
 *   'X'  the run ended normally */

static void wb_put(run_ctx *c, const void *p, size_t n)
{
    if (c->oom)
        return;
    if (c->wn + n > c->wcap) {
        size_t ncap = c->wcap ? c->wcap : 65536;
        while (ncap < c->wn + n)
            ncap *= 2;
        uint8_t *nb = realloc(c->wb, ncap);
        if (!nb) {
            c->oom = 1;
            return;
        }
        c->wb = nb;
        c->wcap = ncap;
    }
    memcpy(c->wb + c->wn, p, n);
    c->wn += n;
}

static void wb_flush(run_ctx *c)
{
    size_t done = 0;
    while (done < c->wn) {
        ssize_t k = write(c->fd, c->wb + done, c->wn - done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;              /* the parent is gone: nothing left to do */
        done += (size_t)k;
    }
    c->wn = 0;
}

static void wb_offsets(run_ctx *c, char tag, const uint64_t *v, size_t n, size_t *sent)
{
    for (; *sent < n; (*sent)++) {
        wb_put(c, &tag, 1);
        wb_put(c, &v[*sent], sizeof v[*sent]);
    }
}

static void child_progress(run_ctx *c)
{
    char tag = 'P';
    uint64_t at = c->done > c->last_offset ? c->done : c->last_offset;
    wb_put(c, &tag, 1);
    wb_put(c, &at, sizeof at);
    wb_put(c, &c->insn_count, sizeof c->insn_count);
}

/* Send what the last callback produced.  Errors go out at once: OpenCSD
 * may crash right after one. */
static void child_send(run_ctx *c, int force)
{
    if (c->fd < 0 || c->mode != RUN_DECODE)
        return;
    int urgent = force;
    for (; c->sent < c->res->n; c->sent++) {
        ocsd_ete_elem e = c->res->elem[c->sent];
        uint32_t tl = e.text ? (uint32_t)strlen(e.text) : 0;
        const char *text = e.text;
        e.text = NULL;
        char tag = 'E';
        wb_put(c, &tag, 1);
        wb_put(c, &e, sizeof e);
        wb_put(c, &tl, sizeof tl);
        if (tl)
            wb_put(c, text, tl);
        urgent |= e.kind == OCSD_ETE_ERROR;
    }
    wb_offsets(c, 'A', c->anchor, c->n_anchor, &c->sent_anchor);
    wb_offsets(c, 'S', c->sync, c->n_sync, &c->sent_sync);
    wb_offsets(c, 'C', c->commit, c->n_commit, &c->sent_commit);
    wb_offsets(c, 'T', c->tfail, c->n_tfail, &c->sent_tfail);
    wb_offsets(c, 'B', c->tstart, c->n_tstart, &c->sent_tstart);
    if (urgent || c->wn >= 49152) {
        child_progress(c);
        wb_flush(c);
    }
}

static void log_cb(const void *p_context, const char *s, const int str_len)
{
    run_ctx *c = (run_ctx *)(uintptr_t)p_context;
    size_t n = str_len > 0 ? (size_t)str_len : 0;
    if (c->mode == RUN_TEXT) {
        if (has_prefix(s, n, "Idx:")) {
            uint64_t v = 0;
            for (size_t i = 4; i < n && s[i] >= '0' && s[i] <= '9' && v < UINT64_MAX / 10; i++)
                v = v * 10 + (uint64_t)(s[i] - '0');
            c->last_offset = v;
        }
        if (n) {
            fwrite(s, 1, n, c->out);
            if (s[n - 1] != '\n')
                fputc('\n', c->out);
            if (c->fd >= 0)
                fflush(c->out);
        }
        return;
    }
    if (c->mode == RUN_COUNT) {
        /* OpenCSD may crash right after an error: tell the parent how far
         * the count got */
        if (c->fd >= 0 && find_in(s, n, "(OCSD_ERR_")) {
            child_progress(c);
            wb_flush(c);
        }
        return;
    }
    if (c->mode != RUN_DECODE || c->oom)
        return;
    if (has_prefix(s, n, "Idx:"))
        scan_packet_line(c, s, n);
    else if (find_in(s, n, "(OCSD_ERR_"))
        scan_error_line(c, s, n);
    child_send(c, 0);
}

static void map_elem(run_ctx *c, uint64_t off, const ocsd_generic_trace_elem *g)
{
    ocsd_ete_elem *e;
    switch (g->elem_type) {
    case OCSD_GEN_TRC_ELEM_INSTR_RANGE:
        c->insn_count += g->num_instr_range;
        if (!(e = push_elem(c, OCSD_ETE_RANGE, off)))
            return;
        e->start = g->st_addr;
        e->end = g->en_addr;
        e->n_insn = g->num_instr_range;
        e->taken = (uint8_t)g->last_instr_exec;
        e->last_type = (uint8_t)g->last_i_type;
        e->last_subtype = (uint8_t)g->last_i_subtype;
        e->isa = (uint8_t)g->isa;
        e->cc_valid = (uint8_t)g->has_cc;
        e->cc = g->has_cc ? g->cycle_count : 0;
        c->last_range = c->res->n - 1;
        break;
    case OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH:
        /* instructions without the path through them: counted, not compared */
        c->insn_count += g->num_instr_range;
        if (!(e = push_elem(c, OCSD_ETE_OTHER, off)))
            return;
        e->sub = (uint8_t)g->elem_type;
        e->start = g->st_addr;
        e->end = g->en_addr;
        e->n_insn = g->num_instr_range;
        break;
    case OCSD_GEN_TRC_ELEM_EXCEPTION:
        /* OpenCSD: exception_number is the TYPE field; en_addr is the
         * preferred return address when excep_ret_addr is set. */
        if (!(e = push_elem(c, g->exception_number == PE_EXC_PE_RESET ? OCSD_ETE_PE_RESET
                                                                       : OCSD_ETE_EXCEPTION,
                            off)))
            return;
        e->exc_type = (uint8_t)g->exception_number;
        e->addr_valid = (uint8_t)g->excep_ret_addr;
        e->addr = g->excep_ret_addr ? g->en_addr : 0;
        e->addr_is_tgt = (uint8_t)g->excep_ret_addr_br_tgt;
        /* W3: E = 0b10 gives the target of the taken indirect branch that
         * ended the previous range (D5.13, D9.5.8), so no return stack pop
         * is due (R_WGHSB); OpenCSD pops anyway. */
        if (c->rs && e->addr_is_tgt && c->last_range != SIZE_MAX &&
            c->res->elem[c->last_range].taken &&
            c->res->elem[c->last_range].last_type == OCSD_INSTR_BR_INDIRECT)
            e->waiver = OCSD_ETE_WAIVE_RS_POP;
        break;
    case OCSD_GEN_TRC_ELEM_TRACE_ON:
        if (!(e = push_elem(c, OCSD_ETE_TRACE_ON, off)))
            return;
        e->sub = (uint8_t)g->trace_on_reason;
        break;
    case OCSD_GEN_TRC_ELEM_PE_CONTEXT:
        if (!(e = push_elem(c, OCSD_ETE_CONTEXT, off)))
            return;
        e->el = g->context.el_valid ? (uint8_t)g->context.exception_level : 0xFFu;
        e->ns = g->context.security_level == ocsd_sec_nonsecure;
        e->sf = (uint8_t)g->context.bits64;
        e->cid_valid = (uint8_t)g->context.ctxt_id_valid;
        e->vmid_valid = (uint8_t)g->context.vmid_valid;
        e->contextid = g->context.context_id;
        e->vmid = g->context.vmid;
        e->isa = (uint8_t)g->isa;
        break;
    case OCSD_GEN_TRC_ELEM_TIMESTAMP:
        if (!(e = push_elem(c, OCSD_ETE_TIMESTAMP, off)))
            return;
        e->ts = g->timestamp;
        e->cc_valid = (uint8_t)g->has_cc;
        e->cc = g->has_cc ? g->cycle_count : 0;
        break;
    case OCSD_GEN_TRC_ELEM_CYCLE_COUNT:
        if (!(e = push_elem(c, OCSD_ETE_CYCLE_COUNT, off)))
            return;
        e->cc_valid = 1;
        e->cc = g->cycle_count;
        break;
    case OCSD_GEN_TRC_ELEM_EVENT:
        /* OpenCSD reports one element whose number is the packet's
         * [V3:V0] mask; D9.2.17.2 emits one Event element per set bit,
         * event 0 first. */
        if (g->trace_event.ev_type == EVENT_NUMBERED && g->trace_event.ev_number &&
            g->trace_event.ev_number < 16u) {
            for (unsigned b = 0; b < 4; b++) {
                if (!(g->trace_event.ev_number & (1u << b)))
                    continue;
                if (!(e = push_elem(c, OCSD_ETE_EVENT, off)))
                    return;
                e->event = (uint8_t)b;
            }
        } else {
            if (!(e = push_elem(c, OCSD_ETE_OTHER, off)))
                return;
            e->sub = (uint8_t)g->elem_type;
        }
        break;
    case OCSD_GEN_TRC_ELEM_MEMTRANS:
        if (!(e = push_elem(c, OCSD_ETE_TXN, off)))
            return;
        switch (g->mem_trans) {
        case OCSD_MEM_TRANS_TRACE_INIT: e->sub = OCSD_ETE_TXN_INIT; break;
        case OCSD_MEM_TRANS_START:      e->sub = OCSD_ETE_TXN_START; break;
        case OCSD_MEM_TRANS_COMMIT:     e->sub = OCSD_ETE_TXN_COMMIT; break;
        default:                        e->sub = OCSD_ETE_TXN_FAIL; break;
        }
        break;
    case OCSD_GEN_TRC_ELEM_NO_SYNC:
        if (g->unsync_eot_info == UNSYNC_OVERFLOW) {
            push_elem(c, OCSD_ETE_OVERFLOW, off);
        } else if (g->unsync_eot_info == UNSYNC_DISCARD) {
            push_elem(c, OCSD_ETE_DISCARD, off);
        } else if ((e = push_elem(c, OCSD_ETE_OTHER, off))) {
            e->sub = (uint8_t)g->elem_type;
        }
        break;
    case OCSD_GEN_TRC_ELEM_ADDR_NACC:
        if ((e = push_error(c, OCSD_ETE_ERR_NACC, off,
                            "no program image at 0x%016" PRIx64 " (OpenCSD ADDR_NACC)",
                            (uint64_t)g->st_addr)))
            e->addr = g->st_addr;
        break;
    case OCSD_GEN_TRC_ELEM_ADDR_UNKNOWN:
        push_error(c, OCSD_ETE_ERR_ADDR_UNKNOWN, off,
                   "OpenCSD does not know the current address (ADDR_UNKNOWN)");
        break;
    default:
        if ((e = push_elem(c, OCSD_ETE_OTHER, off)))
            e->sub = (uint8_t)g->elem_type;
        break;
    }
}

static ocsd_datapath_resp_t elem_cb(const void *p_context, const ocsd_trc_index_t index_sop,
                                    const uint8_t trc_chan_id,
                                    const ocsd_generic_trace_elem *g)
{
    run_ctx *c = (run_ctx *)(uintptr_t)p_context;
    (void)trc_chan_id;
    c->last_offset = index_sop;
    if (c->mode == RUN_DECODE) {
        map_elem(c, index_sop, g);
        child_send(c, 0);
        if (c->oom)
            return OCSD_RESP_FATAL_SYS_ERR;
    } else if (g->elem_type == OCSD_GEN_TRC_ELEM_INSTR_RANGE ||
               g->elem_type == OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH) {
        c->insn_count += g->num_instr_range;
    }
    return OCSD_RESP_CONT;
}

/* The first offset in v[0..n) above off, or NO_OFFSET. */
static uint64_t next_after(const uint64_t *v, size_t n, uint64_t off)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n ? v[lo] : NO_OFFSET;
}

/* Offset of the first element after index i that OpenCSD produced once
 * synchronised again (not an error, not a NO_SYNC or other), or NO_OFFSET. */
static uint64_t resync_after(const ocsd_ete_result *r, size_t i)
{
    for (size_t j = i + 1; j < r->n; j++)
        if (r->elem[j].kind != OCSD_ETE_ERROR && r->elem[j].kind != OCSD_ETE_OTHER)
            return r->elem[j].offset;
    return NO_OFFSET;
}

/* After the run: fill in the 'until' offsets the waivers use, mark the
 * errors W3 explains, and hand the address packet offsets to the result. */
static void finish_result(run_ctx *c)
{
    ocsd_ete_result *r = c->res;
    uint64_t w3_lo = NO_OFFSET, w3_hi = 0;   /* the latest W3 window */
    for (size_t i = 0; i < r->n; i++) {
        ocsd_ete_elem *e = &r->elem[i];
        if (e->kind == OCSD_ETE_TXN && e->sub == OCSD_ETE_TXN_FAIL) {
            e->until = next_after(c->anchor, c->n_anchor, e->offset);
        } else if (e->kind == OCSD_ETE_EXCEPTION && e->waiver == OCSD_ETE_WAIVE_RS_POP) {
            e->until = next_after(c->sync, c->n_sync, e->offset);
            w3_lo = e->offset;
            w3_hi = e->until;
        } else if (e->kind == OCSD_ETE_ERROR && e->waiver != OCSD_ETE_WAIVE_NONE) {
            e->until = resync_after(r, i);
        } else if (e->kind == OCSD_ETE_TXN &&
                   (e->sub == OCSD_ETE_TXN_START || e->sub == OCSD_ETE_TXN_INIT)) {
            /* how the packets resolve the transaction, whether or not
             * OpenCSD gets to emit it: committed if a Commit packet comes
             * before any Failure or new Start packet */
            uint64_t cm = next_after(c->commit, c->n_commit, e->offset);
            uint64_t fl = next_after(c->tfail, c->n_tfail, e->offset);
            uint64_t st = next_after(c->tstart, c->n_tstart, e->offset);
            e->until = cm != NO_OFFSET && cm < fl && cm < st ? cm : NO_OFFSET;
        } else if (e->kind == OCSD_ETE_ERROR && e->sub == OCSD_ETE_ERR_LOG &&
                   w3_lo != NO_OFFSET && e->offset > w3_lo && e->offset < w3_hi &&
                   e->text && strstr(e->text, "OCSD_ERR_RET_STACK_OVERFLOW")) {
            /* W3: the extra pop left OpenCSD's return stack empty; it
             * reports it and waits for the next synchronisation */
            e->waiver = OCSD_ETE_WAIVE_RS_POP;
            e->until = resync_after(r, i);
        }
    }
}

/* The trace unit is an ETE (TRCDEVARCH.ARCHVER 5, ARCHPART 0xA13). */
static int check_devarch(uint32_t devarch, char *err, size_t errlen)
{
    if ((devarch & 0xF000u) != TRCDEVARCH_ARCHVER_ETE ||
        (devarch & 0xFFFu) != TRCDEVARCH_ARCHPART) {
        set_err(err, errlen, "TRCDEVARCH 0x%08" PRIx32 " does not describe an ETE "
                "(ARCHVER must be 5 and ARCHPART 0xA13)", devarch);
        return -1;
    }
    return 0;
}

static int check_inputs(const ete_idregs *id, const uint8_t *trace, size_t len, char *err,
                        size_t errlen)
{
    if (!id || (!trace && len)) {
        set_err(err, errlen, "ocsd_ete: missing ID registers or trace");
        return -1;
    }
    if (check_devarch(id->trcdevarch, err, errlen))
        return -1;
    if ((uint64_t)len >= UINT32_MAX) {
        /* this build of OpenCSD indexes trace bytes with 32 bits */
        set_err(err, errlen, "trace of %zu bytes is beyond OpenCSD's 32-bit trace index", len);
        return -1;
    }
    return 0;
}

static int g_logger_ready;

static int run(run_ctx *c, const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
               const pe_image *img, const uint8_t *trace, size_t len, char *err,
               size_t errlen)
{
    c->trace = trace;
    c->len = len;
    c->last_offset = 0;
    c->last_exc = NO_OFFSET;
    c->last_range = SIZE_MAX;

    if (!g_logger_ready) {
        if (ocsd_def_errlog_init(OCSD_ERR_SEV_WARN, 1) != OCSD_OK) {
            set_err(err, errlen, "OpenCSD: cannot initialise the error logger");
            return -1;
        }
        g_logger_ready = 1;
    }
    ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);

    dcd_tree_handle_t t = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
    if (t == C_API_INVALID_TREE_HANDLE) {
        set_err(err, errlen, "OpenCSD: cannot create a decode tree");
        return -1;
    }
    int rc = -1;
    if (ocsd_def_errlog_set_strprint_cb(t, c, log_cb) != OCSD_OK) {
        set_err(err, errlen, "OpenCSD: cannot attach to the message logger");
        goto out;
    }

    ocsd_ete_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.reg_idr0 = id->trcidr[0];
    cfg.reg_idr1 = id->trcidr[1];
    cfg.reg_idr2 = id->trcidr[2];
    cfg.reg_idr8 = id->trcidr[8];   /* MAXSPEC; 1.3.3's ETE config has no IDR9..13 */
    cfg.reg_devarch = id->trcdevarch;
    cfg.reg_configr = trcconfigr;
    cfg.reg_traceidr = trctraceidr & TRCTRACEIDR_TRACEID_MASK;
    cfg.arch_ver = ARCH_AA64;       /* ETE is an Armv9-A trace unit */
    cfg.core_prof = profile_CortexA;

    unsigned char csid = 0;
    ocsd_err_t oe = ocsd_dt_create_decoder(t, OCSD_BUILTIN_DCD_ETE, OCSD_CREATE_FLG_FULL_DECODER,
                                           &cfg, &csid);
    if (oe != OCSD_OK) {
        char es[128];
        ocsd_err_str(oe, es, (int)sizeof es);
        set_err(err, errlen, "OpenCSD: cannot create the ETE decoder: %s", es);
        goto out;
    }
    if (ocsd_dt_set_gen_elem_outfn(t, elem_cb, c) != OCSD_OK) {
        set_err(err, errlen, "OpenCSD: cannot set the element callback");
        goto out;
    }
    if (c->mode != RUN_COUNT && ocsd_dt_set_pkt_protocol_printer(t, csid, 1) != OCSD_OK) {
        set_err(err, errlen, "OpenCSD: cannot attach the packet printer");
        goto out;
    }
    for (size_t s = 0; img && s < img->nseg; s++) {
        const pe_segment *sg = &img->seg[s];
        uint64_t done = 0;
        while (done < sg->len) {
            /* OpenCSD takes 32-bit buffer lengths */
            uint64_t chunk = sg->len - done;
            if (chunk > 0x80000000u)
                chunk = 0x80000000u;
            oe = ocsd_dt_add_buffer_mem_acc(t, sg->base + done, OCSD_MEM_SPACE_ANY,
                                            sg->data + done, (uint32_t)chunk);
            if (oe != OCSD_OK) {
                char es[128];
                ocsd_err_str(oe, es, (int)sizeof es);
                set_err(err, errlen, "OpenCSD: image segment %zu at 0x%016" PRIx64
                        " (+0x%" PRIx64 " bytes) refused: %s", s, sg->base + done, chunk, es);
                goto out;
            }
            done += chunk;
        }
    }

    /* in pieces, so that the parent knows how far a crashed child got */
    size_t off = c->base;
    unsigned stalls = 0;
    while (off < len) {
        uint32_t used = 0;
        size_t piece = len - off < 65536 ? len - off : 65536;
        ocsd_datapath_resp_t resp = ocsd_dt_process_data(t, OCSD_OP_DATA, (ocsd_trc_index_t)off,
                                                         (uint32_t)piece, trace + off, &used);
        off += used;
        if (c->fd >= 0) {
            c->done = off;
            child_send(c, 0);
            child_progress(c);
            wb_flush(c);
        }
        if (c->oom)
            break;
        const char *stop = NULL;
        if (OCSD_DATA_RESP_IS_FATAL(resp)) {
            stop = "OpenCSD stopped with a fatal datapath response";
        } else {
            if (OCSD_DATA_RESP_IS_WAIT(resp))
                resp = ocsd_dt_process_data(t, OCSD_OP_FLUSH, 0, 0, NULL, NULL);
            stalls = used ? 0 : stalls + 1;
            if (OCSD_DATA_RESP_IS_FATAL(resp))
                stop = "OpenCSD stopped with a fatal datapath response";
            else if (stalls >= 2)
                stop = "OpenCSD accepts no more bytes";
        }
        if (stop) {
            if (c->mode == RUN_DECODE) {
                push_error(c, OCSD_ETE_ERR_DATAPATH, off, "%s (%d); the remaining %zu bytes "
                           "were not decoded", stop, (int)resp, len - off);
            } else if (c->mode == RUN_TEXT) {
                fprintf(c->out, "offset %zu: %s (%d)\n", off, stop, (int)resp);
            } else {
                set_err(err, errlen, "offset %zu: %s (%d)", off, stop, (int)resp);
                goto out;
            }
            break;
        }
    }
    if (!c->oom)
        ocsd_dt_process_data(t, OCSD_OP_EOT, 0, 0, NULL, NULL);
    if (c->oom) {
        set_err(err, errlen, "ocsd_ete: out of memory");
        goto out;
    }
    rc = 0;
out:
    /* the logger is global and keeps a pointer into the tree: detach first */
    ocsd_def_errlog_config_output(C_API_MSGLOGOUT_FLG_NONE, NULL);
    ocsd_destroy_dcd_tree(t);
    child_send(c, 1);
    return rc;
}

/* ---- the parent's side: OpenCSD runs in a child process ------------------
 * OpenCSD 1.3.3 can crash on some inputs (W3 in ocsd_waivers.md); the
 * child's death is then reported as an error instead of ending the caller. */

static void child_fatal(int sig)
{
    _exit(128 + sig);
}

/* Add an element received from the child. */
static void adopt_elem(run_ctx *c, const ocsd_ete_elem *in, const char *text, size_t tl)
{
    ocsd_ete_elem *e = push_elem(c, in->kind, in->offset);
    if (!e)
        return;
    *e = *in;
    e->text = NULL;
    if (tl) {
        e->text = dup_text(text, tl);
        if (!e->text) {
            c->oom = 1;
            c->res->n--;
            return;
        }
    }
    if (e->kind == OCSD_ETE_RANGE ||
        (e->kind == OCSD_ETE_OTHER && e->sub == OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH))
        c->insn_count += e->n_insn;
    if (e->kind == OCSD_ETE_ERROR) {
        if (c->res->errors == 0 && e->text) {
            size_t m = tl < sizeof c->res->first_error - 1 ? tl : sizeof c->res->first_error - 1;
            memcpy(c->res->first_error, e->text, m);
            c->res->first_error[m] = '\0';
        }
        c->res->errors++;
    }
    if (e->offset != NO_OFFSET && (e->offset > c->last_offset || c->last_offset == NO_OFFSET))
        c->last_offset = e->offset;
}

/* Parse the child's records; returns 'X', 'F' or 0 (the child died). */
static int parse_child(run_ctx *c, const uint8_t *b, size_t n, char *err, size_t errlen)
{
    size_t i = 0;
    while (i < n && !c->oom) {
        char tag = (char)b[i++];
        uint64_t v;
        uint32_t tl;
        switch (tag) {
        case 'E': {
            ocsd_ete_elem e;
            if (n - i < sizeof e + sizeof tl)
                return 0;
            memcpy(&e, b + i, sizeof e);
            i += sizeof e;
            memcpy(&tl, b + i, sizeof tl);
            i += sizeof tl;
            if (n - i < tl)
                return 0;
            adopt_elem(c, &e, (const char *)(b + i), tl);
            i += tl;
            break;
        }
        case 'P': {
            uint64_t pv[2];
            if (n - i < sizeof pv)
                return 0;
            memcpy(pv, b + i, sizeof pv);
            i += sizeof pv;
            if (c->last_offset == NO_OFFSET || pv[0] > c->last_offset)
                c->last_offset = pv[0];
            c->child_insn = pv[1];
            break;
        }
        case 'A': case 'S': case 'C': case 'T': case 'B': case 'N':
            if (n - i < sizeof v)
                return 0;
            memcpy(&v, b + i, sizeof v);
            i += sizeof v;
            if (tag == 'A')
                push_offset(c, &c->anchor, &c->n_anchor, &c->cap_anchor, v);
            else if (tag == 'S')
                push_offset(c, &c->sync, &c->n_sync, &c->cap_sync, v);
            else if (tag == 'C')
                push_offset(c, &c->commit, &c->n_commit, &c->cap_commit, v);
            else if (tag == 'T')
                push_offset(c, &c->tfail, &c->n_tfail, &c->cap_tfail, v);
            else if (tag == 'B')
                push_offset(c, &c->tstart, &c->n_tstart, &c->cap_tstart, v);
            else
                c->child_insn = v;
            break;
        case 'F':
            if (n - i < sizeof tl)
                return 0;
            memcpy(&tl, b + i, sizeof tl);
            i += sizeof tl;
            if (n - i < tl)
                return 0;
            set_err(err, errlen, "%.*s", (int)tl, (const char *)(b + i));
            return 'F';
        case 'X':
            return 'X';
        default:
            return 0;
        }
    }
    return 0;
}

/* The offset of the first A-Sync packet (D5.4: eleven 0x00 bytes, then
 * 0x80) that starts after off, or NO_OFFSET. */
static uint64_t next_async(const uint8_t *t, size_t len, uint64_t off)
{
    size_t zeros = 0;
    for (size_t i = (size_t)off + 1; i < len; i++) {
        if (t[i] == 0x00) {
            zeros++;
        } else {
            if (t[i] == 0x80 && zeros >= 11)
                return i - 11;
            zeros = 0;
        }
    }
    return NO_OFFSET;
}

/* One child process decoding from c->base.  Returns 'X' (finished), 'F'
 * (setup failed, err set), 0 (died: *status), -1 (the parent ran out of
 * memory: err set) or -2 (no child process could be started: err set). */
static int spawn_one(run_ctx *c, const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                     const pe_image *img, const uint8_t *trace, size_t len, int *status,
                     char *err, size_t errlen)
{
    int fds[2];
    if (pipe(fds) != 0) {
        set_err(err, errlen, "ocsd_ete: pipe: %s", strerror(errno));
        return -2;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        set_err(err, errlen, "ocsd_ete: fork: %s", strerror(errno));
        return -2;
    }
    if (pid == 0) {
        close(fds[0]);
        static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM };
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = child_fatal;
        sigemptyset(&sa.sa_mask);
        for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
            sigaction(sigs[k], &sa, NULL);
        /* OpenCSD decodes several MB/s: a generous bound against a hang */
        alarm(30u + (unsigned)((len - c->base) >> 16));
        c->fd = fds[1];
        /* what earlier children produced is the parent's already */
        c->sent = c->res ? c->res->n : 0;
        c->sent_anchor = c->n_anchor;
        c->sent_sync = c->n_sync;
        c->sent_commit = c->n_commit;
        c->sent_tfail = c->n_tfail;
        c->sent_tstart = c->n_tstart;
        c->insn_count = 0;
        c->done = c->base;
        char cerr[256] = "";
        int rc = run(c, id, trcconfigr, trctraceidr, img, trace, len, cerr, sizeof cerr);
        if (c->mode == RUN_TEXT)
            fflush(c->out);
        if (rc) {
            uint32_t tl = (uint32_t)strlen(cerr);
            char tag = 'F';
            wb_put(c, &tag, 1);
            wb_put(c, &tl, sizeof tl);
            wb_put(c, cerr, tl);
        } else {
            if (c->mode == RUN_COUNT) {
                char tag = 'N';
                wb_put(c, &tag, 1);
                wb_put(c, &c->insn_count, sizeof c->insn_count);
            }
            char tag = 'X';
            wb_put(c, &tag, 1);
        }
        wb_flush(c);
        _exit(0);
    }
    close(fds[1]);
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    int rd_oom = 0;
    for (;;) {
        if (n == cap) {
            size_t ncap = cap ? 2 * cap : 65536;
            uint8_t *nb = realloc(buf, ncap);
            if (!nb) {
                rd_oom = 1;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t k = read(fds[0], buf + n, cap - n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        n += (size_t)k;
    }
    close(fds[0]);
    if (rd_oom)
        kill(pid, SIGKILL);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
    int end = rd_oom ? 0 : parse_child(c, buf, n, err, errlen);
    free(buf);
    if (rd_oom || c->oom) {
        set_err(err, errlen, "ocsd_ete: out of memory");
        return -1;
    }
    return end;
}

/* Decode in child processes.  When OpenCSD dies, the caller gets what it
 * produced, an error saying so, and the rest of the trace from the next
 * A-Sync on, as OpenCSD would have resynchronised there. */
static int run_isolated(run_ctx *c, const ete_idregs *id, uint32_t trcconfigr,
                        uint32_t trctraceidr, const pe_image *img, const uint8_t *trace,
                        size_t len, char *err, size_t errlen)
{
    c->fd = -1;
    if (check_inputs(id, trace, len, err, errlen))
        return -1;
    uint64_t total = 0;
    int crashed = 0;
    c->base = 0;
    for (;;) {
        int status = 0;
        c->last_offset = NO_OFFSET;
        c->child_insn = 0;
        int end = spawn_one(c, id, trcconfigr, trctraceidr, img, trace, len, &status, err,
                            errlen);
        total += c->child_insn;
        if (end == -2 && c->base == 0) {
            /* no child process at all: decode here, unprotected */
            if (run(c, id, trcconfigr, trctraceidr, img, trace, len, err, errlen))
                return -1;
            total = c->insn_count;
            break;
        }
        if (end < 0 || end == 'F')
            return -1;
        if (end == 'X')
            break;

        int sig = WIFSIGNALED(status) ? WTERMSIG(status)
                  : WIFEXITED(status) && WEXITSTATUS(status) > 128 ? WEXITSTATUS(status) - 128
                  : 0;
        char what[96];
        if (sig == SIGALRM)
            snprintf(what, sizeof what, "OpenCSD 1.3.3 did not finish in time");
        else if (sig)
            snprintf(what, sizeof what, "OpenCSD 1.3.3 crashed (signal %d)", sig);
        else
            snprintf(what, sizeof what, "OpenCSD 1.3.3 ended unexpectedly (status 0x%x)",
                     status);
        uint64_t at = c->last_offset == NO_OFFSET ? c->base : c->last_offset;
        uint64_t next = next_async(trace, len, at);
        char then[96];
        if (next == NO_OFFSET)
            snprintf(then, sizeof then, "no A-Sync follows: the rest of the trace was not "
                     "decoded");
        else
            snprintf(then, sizeof then, "restarted at the A-Sync at offset %" PRIu64, next);
        if (c->mode == RUN_DECODE) {
            push_error(c, OCSD_ETE_ERR_DATAPATH, at, "%s; %s", what, then);
            if (c->oom) {
                set_err(err, errlen, "ocsd_ete: out of memory");
                return -1;
            }
        } else if (c->mode == RUN_TEXT) {
            fprintf(c->out, "offset %" PRIu64 ": %s; %s\n", at, what, then);
        } else if (!crashed) {
            set_err(err, errlen, "offset %" PRIu64 ": %s; %s", at, what, then);
        }
        crashed = 1;
        if (next == NO_OFFSET)
            break;
        c->base = (size_t)next;
    }
    if (c->mode == RUN_COUNT)
        c->insn_count = total;
    return 0;
}

void ocsd_ete_result_free(ocsd_ete_result *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n; i++)
        free(r->elem[i].text);
    free(r->elem);
    free(r->anchor);
    memset(r, 0, sizeof *r);
}

int ocsd_ete_decode(const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                    const pe_image *img, const uint8_t *trace, size_t len,
                    ocsd_ete_result *out, char *err, size_t errlen)
{
    if (!out) {
        set_err(err, errlen, "ocsd_ete_decode: no result");
        return -1;
    }
    memset(out, 0, sizeof *out);
    run_ctx c;
    memset(&c, 0, sizeof c);
    c.mode = RUN_DECODE;
    c.res = out;
    c.rs = (trcconfigr & TRCCONFIGR_RS) != 0;
    c.last_range = SIZE_MAX;
    int rc = run_isolated(&c, id, trcconfigr, trctraceidr, img, trace, len, err, errlen);
    if (rc == 0) {
        finish_result(&c);
        out->insn_count = c.insn_count;
        out->anchor = c.anchor;
        out->n_anchor = c.n_anchor;
        c.anchor = NULL;
    } else {
        ocsd_ete_result_free(out);
    }
    free(c.anchor);
    free(c.sync);
    free(c.commit);
    free(c.tfail);
    free(c.tstart);
    free(c.wb);
    return rc;
}

int ocsd_ete_count(const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                   const pe_image *img, const uint8_t *trace, size_t len,
                   uint64_t *insn_count, char *err, size_t errlen)
{
    run_ctx c;
    memset(&c, 0, sizeof c);
    c.mode = RUN_COUNT;
    int rc = run_isolated(&c, id, trcconfigr, trctraceidr, img, trace, len, err, errlen);
    free(c.wb);
    if (insn_count)
        *insn_count = rc == 0 ? c.insn_count : 0;
    return rc;
}

int ocsd_ete_packet_text(const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                         const pe_image *img, const uint8_t *trace, size_t len, FILE *out,
                         char *err, size_t errlen)
{
    if (!out) {
        set_err(err, errlen, "ocsd_ete_packet_text: no output stream");
        return -1;
    }
    run_ctx c;
    memset(&c, 0, sizeof c);
    c.mode = RUN_TEXT;
    c.out = out;
    int rc = run_isolated(&c, id, trcconfigr, trctraceidr, img, trace, len, err, errlen);
    free(c.wb);
    return rc;
}

const char *__lsan_default_suppressions(void)
{
    return "leak:ocsd_dt_set_gen_elem_outfn\n";
}

const char *__lsan_default_options(void)
{
    return "print_suppressions=0";
}

/* ------------------------------------------------------------------------
 * Names and formatting
 * ---------------------------------------------------------------------- */

const char *ocsd_ete_kind_name(unsigned kind)
{
    static const char *const names[OCSD_ETE_KIND_COUNT] = {
        "RANGE", "EXCEPTION", "TRACE_ON", "CONTEXT", "TIMESTAMP", "CYCLE_COUNT",
        "OVERFLOW", "EVENT", "TXN", "PE_RESET", "OTHER", "ERROR", "DISCARD"
    };
    return kind < OCSD_ETE_KIND_COUNT ? names[kind] : "?";
}

static const char *txn_name(unsigned sub)
{
    switch (sub) {
    case OCSD_ETE_TXN_START:  return "start";
    case OCSD_ETE_TXN_COMMIT: return "commit";
    case OCSD_ETE_TXN_FAIL:   return "fail";
    case OCSD_ETE_TXN_INIT:   return "init";
    default:                  return "?";
    }
}

int ocsd_ete_elem_format(const ocsd_ete_elem *e, char *buf, size_t len)
{
    const char *k = ocsd_ete_kind_name(e->kind);
    switch (e->kind) {
    case OCSD_ETE_RANGE:
        return snprintf(buf, len, "@%" PRIu64 " %s 0x%016" PRIx64 "-0x%016" PRIx64
                        " n=%" PRIu32 " %s", e->offset, k, e->start, e->end, e->n_insn,
                        e->taken ? "E" : "N");
    case OCSD_ETE_EXCEPTION:
    case OCSD_ETE_PE_RESET:
        if (e->addr_valid)
            return snprintf(buf, len, "@%" PRIu64 " %s type=0x%02x (%s) ret=0x%016" PRIx64
                            "%s%s", e->offset, k, e->exc_type, pe_exc_name(e->exc_type),
                            e->addr, e->addr_is_tgt ? " (also branch target)" : "",
                            e->waiver == OCSD_ETE_WAIVE_RS_POP ? " (waiver W3)" : "");
        return snprintf(buf, len, "@%" PRIu64 " %s type=0x%02x (%s) ret=UNKNOWN", e->offset,
                        k, e->exc_type, pe_exc_name(e->exc_type));
    case OCSD_ETE_CONTEXT:
        return snprintf(buf, len, "@%" PRIu64 " %s EL%d %s %s ctxid=%s0x%" PRIx32
                        " vmid=%s0x%" PRIx32, e->offset, k, e->el == 0xFF ? -1 : e->el,
                        e->ns ? "NS" : "S", e->sf ? "AArch64" : "AArch32",
                        e->cid_valid ? "" : "~", e->contextid, e->vmid_valid ? "" : "~",
                        e->vmid);
    case OCSD_ETE_TIMESTAMP:
        if (e->cc_valid)
            return snprintf(buf, len, "@%" PRIu64 " %s ts=0x%" PRIx64 " cc=%" PRIu64,
                            e->offset, k, e->ts, e->cc);
        return snprintf(buf, len, "@%" PRIu64 " %s ts=0x%" PRIx64, e->offset, k, e->ts);
    case OCSD_ETE_CYCLE_COUNT:
        return snprintf(buf, len, "@%" PRIu64 " %s cc=%" PRIu64, e->offset, k, e->cc);
    case OCSD_ETE_EVENT:
        return snprintf(buf, len, "@%" PRIu64 " %s %u", e->offset, k, e->event);
    case OCSD_ETE_TXN:
        return snprintf(buf, len, "@%" PRIu64 " %s %s", e->offset, k, txn_name(e->sub));
    case OCSD_ETE_ERROR:
        return snprintf(buf, len, "@%" PRIu64 " %s%s %s", e->offset, k,
                        e->waiver == OCSD_ETE_WAIVE_PE_RESET ? " (waiver W1)" :
                        e->waiver == OCSD_ETE_WAIVE_RS_POP ? " (waiver W3)" : "",
                        e->text ? e->text : "");
    default:
        return snprintf(buf, len, "@%" PRIu64 " %s sub=%u", e->offset, k, e->sub);
    }
}

/* ------------------------------------------------------------------------
 * Comparison
 * ---------------------------------------------------------------------- */

enum { CI_RANGE, CI_EXC };

typedef struct cmp_item {
    uint8_t  kind;          /* CI_RANGE, CI_EXC */
    uint8_t  type;          /* CI_EXC: exception type */
    uint8_t  addr_valid;    /* CI_EXC: addr known */
    uint32_t n;             /* CI_RANGE */
    uint64_t start, end;    /* CI_RANGE */
    uint64_t addr;          /* CI_EXC */
    size_t   elem;          /* index in the source sequence */
    uint64_t offset;
} cmp_item;

typedef struct window {
    uint64_t lo, hi;        /* offsets, inclusive / exclusive as the waiver says */
    unsigned why;           /* enum ocsd_ete_waiver, for the resynchronisation windows */
} window;

/* The window of w[0..n) that holds off, or NULL. */
static const window *in_windows(const window *w, size_t n, uint64_t off, int hi_inclusive)
{
    for (size_t i = 0; i < n; i++)
        if (off >= w[i].lo && (hi_inclusive ? off <= w[i].hi : off < w[i].hi))
            return &w[i];
    return NULL;
}

static void describe(const cmp_item *it, char *buf, size_t len)
{
    if (!it) {
        snprintf(buf, len, "end of sequence");
    } else if (it->kind == CI_RANGE) {
        snprintf(buf, len, "RANGE [0x%016" PRIx64 ", 0x%016" PRIx64 ") %" PRIu32
                 " insns (element %zu, offset %" PRIu64 ")", it->start, it->end, it->n,
                 it->elem, it->offset);
    } else if (it->addr_valid) {
        snprintf(buf, len, "EXCEPTION type 0x%02x (%s) return 0x%016" PRIx64
                 " (element %zu, offset %" PRIu64 ")", it->type, pe_exc_name(it->type),
                 it->addr, it->elem, it->offset);
    } else {
        snprintf(buf, len, "EXCEPTION type 0x%02x (%s) return UNKNOWN (element %zu, offset %"
                 PRIu64 ")", it->type, pe_exc_name(it->type), it->elem, it->offset);
    }
}

static int items_equal(const cmp_item *a, const cmp_item *b)
{
    if (a->kind != b->kind)
        return 0;
    if (a->kind == CI_RANGE)
        return a->start == b->start && a->end == b->end && a->n == b->n;
    if (a->type != b->type)
        return 0;
    /* R_JRNYF: a PE Reset has an UNKNOWN preferred return address */
    if (a->type == PE_EXC_PE_RESET)
        return 1;
    return a->addr_valid && b->addr_valid && a->addr == b->addr;
}

int ocsd_ete_compare(const ocsd_ete_result *ocsd, const ete_elem *ours, size_t n_ours,
                     char *msg, size_t msglen)
{
    if (!ocsd || (!ours && n_ours)) {
        set_err(msg, msglen, "ocsd_ete_compare: missing input");
        return -1;
    }
    const size_t no = ocsd->n;
    cmp_item *io = malloc((no ? no : 1) * sizeof *io);
    cmp_item *iu = malloc((n_ours ? n_ours : 1) * sizeof *iu);
    uint8_t *in_failed = calloc(no ? no : 1, 1);
    window *wf = malloc((no ? no : 1) * sizeof *wf);   /* W2b: after a failure */
    window *wr = malloc((no ? no : 1) * sizeof *wr);   /* W1: PE Reset resync */
    if (!io || !iu || !in_failed || !wf || !wr) {
        free(io); free(iu); free(in_failed); free(wf); free(wr);
        set_err(msg, msglen, "ocsd_ete_compare: out of memory");
        return -1;
    }
    size_t nwf = 0, nwr = 0;

    /* W2a: OpenCSD elements between a Transaction Start (or a trace that
     * began in Transactional state) and the Transaction Failure, Discard or
     * Overflow that ends it.  D9.4.4, I_XHLPG, D9.3.5: the analyzer
     * discards them. */
    size_t open = SIZE_MAX;
    for (size_t i = 0; i < no; i++) {
        const ocsd_ete_elem *e = &ocsd->elem[i];
        if (e->kind == OCSD_ETE_TXN) {
            if (e->sub == OCSD_ETE_TXN_START || e->sub == OCSD_ETE_TXN_INIT) {
                open = i;
            } else if (e->sub == OCSD_ETE_TXN_COMMIT) {
                open = SIZE_MAX;
            } else {
                size_t inside = 0;
                if (open != SIZE_MAX) {
                    for (size_t j = open + 1; j < i; j++) {
                        const ocsd_ete_elem *x = &ocsd->elem[j];
                        in_failed[j] = 1;
                        inside += (x->kind == OCSD_ETE_RANGE && x->n_insn > 0) ||
                                  x->kind == OCSD_ETE_EXCEPTION || x->kind == OCSD_ETE_PE_RESET;
                    }
                }
                /* W2b: having walked through the transaction, OpenCSD does
                 * not return to the instruction after the TSTART; its
                 * ranges up to the next explicit address are not
                 * comparable.  Without execution inside, it has not moved. */
                if (inside || open == SIZE_MAX) {
                    wf[nwf].lo = e->offset;
                    wf[nwf].hi = e->until;
                    wf[nwf].why = OCSD_ETE_WAIVE_NONE;
                    nwf++;
                }
                open = SIZE_MAX;
            }
        } else if ((e->kind == OCSD_ETE_DISCARD || e->kind == OCSD_ETE_OVERFLOW ||
                    (e->kind == OCSD_ETE_ERROR && e->waiver != OCSD_ETE_WAIVE_NONE)) &&
                   open != SIZE_MAX) {
            /* The transaction ends here in OpenCSD's output without its
             * MEMTRANS(Commit/Fail): a Discard element (also part of an
             * Overflow packet, D5.6) ends it and drops its queue (D9.3.5
             * ProcessDiscard), and after a W1 or W3 error OpenCSD emits
             * nothing more for it.  W2a applies unless the packets commit
             * it (before the Discard, or at all after the error). */
            uint64_t cm = ocsd->elem[open].until;
            int committed = cm != NO_OFFSET && (e->kind == OCSD_ETE_ERROR || cm < e->offset);
            if (!committed)
                for (size_t j = open + 1; j < i; j++)
                    in_failed[j] = 1;
            open = SIZE_MAX;
        }
        if (e->kind == OCSD_ETE_ERROR && e->waiver != OCSD_ETE_WAIVE_NONE) {
            /* W1, W3: OpenCSD lost sync at lo and found it again at hi */
            wr[nwr].lo = e->offset;
            wr[nwr].hi = e->until;
            wr[nwr].why = e->waiver;
            nwr++;
        }
    }

    size_t nio = 0, niu = 0;
    size_t w_txn_in = 0, w_txn_after_o = 0, w_txn_after_u = 0, w_reset = 0, w_rs_lost = 0;
    for (size_t i = 0; i < no; i++) {
        const ocsd_ete_elem *e = &ocsd->elem[i];
        int is_range = e->kind == OCSD_ETE_RANGE && e->n_insn > 0;
        int is_exc = e->kind == OCSD_ETE_EXCEPTION || e->kind == OCSD_ETE_PE_RESET;
        if (!is_range && !is_exc)
            continue;
        if (in_failed[i]) {
            w_txn_in++;
            continue;
        }
        if (is_range && in_windows(wf, nwf, e->offset, 1)) {
            w_txn_after_o++;
            continue;
        }
        cmp_item *it = &io[nio++];
        memset(it, 0, sizeof *it);
        it->elem = i;
        it->offset = e->offset;
        if (is_range) {
            it->kind = CI_RANGE;
            it->start = e->start;
            it->end = e->end;
            it->n = e->n_insn;
        } else {
            it->kind = CI_EXC;
            it->type = e->exc_type;
            it->addr_valid = e->addr_valid;
            it->addr = e->addr;
        }
    }
    for (size_t i = 0; i < n_ours; i++) {
        const ete_elem *e = &ours[i];
        int is_range = e->kind == ETE_ELEM_RANGE && e->n_insn > 0;
        int is_exc = e->kind == ETE_ELEM_EXCEPTION || e->kind == ETE_ELEM_PE_RESET;
        if (!is_range && !is_exc)
            continue;
        const window *rw = in_windows(wr, nwr, e->offset, 0);
        if (rw) {
            if (rw->why == OCSD_ETE_WAIVE_PE_RESET)
                w_reset++;
            else
                w_rs_lost++;
            continue;
        }
        if (is_range && in_windows(wf, nwf, e->offset, 1)) {
            w_txn_after_u++;
            continue;
        }
        cmp_item *it = &iu[niu++];
        memset(it, 0, sizeof *it);
        it->elem = i;
        it->offset = e->offset;
        if (is_range) {
            it->kind = CI_RANGE;
            it->start = e->start;
            it->end = e->end;
            it->n = e->n_insn;
        } else {
            it->kind = CI_EXC;
            it->type = e->kind == ETE_ELEM_PE_RESET ? (uint8_t)PE_EXC_PE_RESET : e->exc_type;
            it->addr_valid = e->kind == ETE_ELEM_EXCEPTION;
            it->addr = e->addr;
        }
    }

    /* W3 triggers: [exception offset, next Trace Info or Trace On) */
    window *wt = malloc((no ? no : 1) * sizeof *wt);
    uint8_t *skip_o = calloc(nio ? nio : 1, 1), *skip_u = calloc(niu ? niu : 1, 1);
    if (!wt || !skip_o || !skip_u) {
        free(io); free(iu); free(in_failed); free(wf); free(wr);
        free(wt); free(skip_o); free(skip_u);
        set_err(msg, msglen, "ocsd_ete_compare: out of memory");
        return -1;
    }
    size_t nwt = 0;
    for (size_t i = 0; i < no; i++) {
        if (ocsd->elem[i].kind == OCSD_ETE_EXCEPTION &&
            ocsd->elem[i].waiver == OCSD_ETE_WAIVE_RS_POP) {
            wt[nwt].lo = ocsd->elem[i].offset;
            wt[nwt].hi = ocsd->elem[i].until;
            wt[nwt].why = OCSD_ETE_WAIVE_RS_POP;
            nwt++;
        }
    }

    int rc = 0;
    size_t k = 0, nr = 0, ne = 0, w_rs_o = 0, w_rs_u = 0;
    size_t i = 0, j = 0;
    const cmp_item *prev = NULL;        /* the last pair that agreed (OpenCSD side) */
    for (;;) {
        while (i < nio && skip_o[i])
            i++;
        while (j < niu && skip_u[j])
            j++;
        const cmp_item *a = i < nio ? &io[i] : NULL;
        const cmp_item *b = j < niu ? &iu[j] : NULL;
        if (!a && !b)
            break;
        if (a && b && items_equal(a, b)) {
            if (a->kind == CI_RANGE)
                nr++;
            else
                ne++;
            prev = a;
            i++;
            j++;
            k++;
            continue;
        }
        /* W3: after OpenCSD's extra pop, a return stack prediction (a
         * range after a taken indirect branch with no explicit address in
         * between) may differ; ranges are not comparable until the next
         * packet with an explicit address. */
        const cmp_item *r = b && b->kind == CI_RANGE ? b : a && a->kind == CI_RANGE ? a : NULL;
        const ocsd_ete_elem *pe = prev ? &ocsd->elem[prev->elem] : NULL;
        if (r && pe && pe->kind == OCSD_ETE_RANGE && pe->taken &&
            pe->last_type == OCSD_INSTR_BR_INDIRECT && nwt &&
            /* no explicit address in between: the target was predicted */
            (!ocsd->anchor || next_after(ocsd->anchor, ocsd->n_anchor, pe->offset) >= r->offset)) {
            int active = 0;
            for (size_t t = 0; t < nwt && !active; t++)
                active = wt[t].lo < r->offset && r->offset < wt[t].hi;
            if (active) {
                uint64_t to = NO_OFFSET;
                if (ocsd->anchor)
                    to = next_after(ocsd->anchor, ocsd->n_anchor, r->offset);
                size_t before = w_rs_o + w_rs_u;
                for (size_t x = i; x < nio && io[x].offset <= to; x++)
                    if (io[x].kind == CI_RANGE && !skip_o[x]) {
                        skip_o[x] = 1;
                        w_rs_o++;
                    }
                for (size_t x = j; x < niu && iu[x].offset <= to; x++)
                    if (iu[x].kind == CI_RANGE && !skip_u[x]) {
                        skip_u[x] = 1;
                        w_rs_u++;
                    }
                if (w_rs_o + w_rs_u != before)
                    continue;
            }
        }
        char da[160], db[160];
        describe(a, da, sizeof da);
        describe(b, db, sizeof db);
        set_err(msg, msglen, "OpenCSD differs at item %zu: OpenCSD %s; ours %s", k, da, db);
        rc = 1;
        break;
    }
    if (rc == 0)
        set_err(msg, msglen, "OpenCSD agrees: %zu ranges, %zu exceptions; waived: %zu of our "
                "items in PE Reset resynchronisation (W1), %zu OpenCSD items inside failed "
                "transactions and %zu+%zu ranges (OpenCSD+ours) after them (W2), %zu+%zu "
                "ranges after a return stack pop and %zu of our items while OpenCSD had "
                "lost sync over it (W3)", nr, ne, w_reset, w_txn_in, w_txn_after_o,
                w_txn_after_u, w_rs_o, w_rs_u, w_rs_lost);
    free(wt); free(skip_o); free(skip_u);
    free(io); free(iu); free(in_failed); free(wf); free(wr);
    return rc;
}
