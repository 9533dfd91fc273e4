/* BRBE record dump reader and printers (brbe_dump_read.h). */
#include "brbe_dump_read.h"

#include <stdarg.h>
#include <string.h>

#define MAX_TOKENS 12

typedef struct line {
    const char *p;       /* first character */
    size_t len;          /* without the line end */
    size_t off;          /* offset of the first character in the buffer */
} line_t;

typedef struct tokens {
    unsigned n;
    const char *p[MAX_TOKENS];
    size_t len[MAX_TOKENS];
    size_t off[MAX_TOKENS];
} tokens_t;

static int fail(brbe_dump_reader *r, unsigned long line, size_t off, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
    r->err_line = line;
    r->err_off = off;
    r->state = 2;
    return -1;
}

void brbe_dump_init(brbe_dump_reader *r, const void *buf, size_t len)
{
    memset(r, 0, sizeof *r);
    r->buf = (const char *)buf;
    r->len = len;
}

/* Quote a token for a message: at most 24 characters, then "...". */
static const char *quote(const char *p, size_t len, char *q, size_t qlen)
{
    if (len > 24)
        snprintf(q, qlen, "'%.24s...'", p);
    else
        snprintf(q, qlen, "'%.*s'", (int)len, p);
    return q;
}

/* Read the next physical line.  0 at the end of the buffer, 1 with a line,
 * -1 on a character the format does not allow (ASCII text, section 1). */
static int read_line(brbe_dump_reader *r, line_t *ln)
{
    const char *start, *nl;
    size_t avail, len;

    if (r->pos >= r->len)
        return 0;
    start = r->buf + r->pos;
    avail = r->len - r->pos;
    nl = memchr(start, '\n', avail);
    len = nl ? (size_t)(nl - start) : avail;
    r->line++;
    ln->p = start;
    ln->off = r->pos;
    r->pos += nl ? len + 1 : len;
    if (len > 0 && start[len - 1] == '\r' && nl)
        len--;   /* "\r\n" line end */
    ln->len = len;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)start[i];
        if (c == '\t' || (c >= 0x20 && c <= 0x7E))
            continue;
        return fail(r, r->line, ln->off + i, "byte 0x%02x is not allowed (the format is "
                    "printable ASCII with spaces and tabs)", c);
    }
    return 1;
}

static int is_blank(const line_t *ln)
{
    for (size_t i = 0; i < ln->len; i++)
        if (ln->p[i] != ' ' && ln->p[i] != '\t')
            return 0;
    return 1;
}

/* The next line that is neither a comment nor empty (section 1). */
static int read_significant(brbe_dump_reader *r, line_t *ln)
{
    for (;;) {
        int rc = read_line(r, ln);
        if (rc <= 0)
            return rc;
        if (ln->len > 0 && ln->p[0] == '#')
            continue;
        if (is_blank(ln))
            continue;
        return 1;
    }
}

static int tokenize(brbe_dump_reader *r, const line_t *ln, tokens_t *t)
{
    size_t i = 0;

    t->n = 0;
    while (i < ln->len) {
        size_t s;
        while (i < ln->len && (ln->p[i] == ' ' || ln->p[i] == '\t'))
            i++;
        if (i >= ln->len)
            break;
        s = i;
        while (i < ln->len && ln->p[i] != ' ' && ln->p[i] != '\t')
            i++;
        if (t->n == MAX_TOKENS) {
            char q[40];
            return fail(r, r->line, ln->off + s, "unexpected token %s: too many tokens on "
                        "the line", quote(ln->p + s, i - s, q, sizeof q));
        }
        t->p[t->n] = ln->p + s;
        t->len[t->n] = i - s;
        t->off[t->n] = ln->off + s;
        t->n++;
    }
    return 0;
}

static int tok_is(const tokens_t *t, unsigned i, const char *s)
{
    size_t n = strlen(s);
    return i < t->n && t->len[i] == n && memcmp(t->p[i], s, n) == 0;
}

/* DEC (section 1): digits, no sign, no leading zero, at most 20 digits,
 * below 2^64. */
static int parse_dec(const char *p, size_t len, uint64_t *v)
{
    uint64_t x = 0;

    if (len == 0 || len > 20 || (len > 1 && p[0] == '0'))
        return -1;
    for (size_t i = 0; i < len; i++) {
        unsigned d;
        if (p[i] < '0' || p[i] > '9')
            return -1;
        d = (unsigned)(p[i] - '0');
        if (x > (UINT64_MAX - d) / 10u)
            return -1;
        x = x * 10u + d;
    }
    *v = x;
    return 0;
}

/* HEX16: exactly 16 hexadecimal digits, either case. */
static int parse_hex16(const char *p, size_t len, uint64_t *v)
{
    uint64_t x = 0;

    if (len != 16)
        return -1;
    for (size_t i = 0; i < 16; i++) {
        unsigned d;
        char c = p[i];
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a') + 10u;
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A') + 10u;
        else
            return -1;
        x = (x << 4) | d;
    }
    *v = x;
    return 0;
}

static int want_dec(brbe_dump_reader *r, const tokens_t *t, unsigned i, size_t skip,
                    const char *what, uint64_t *v)
{
    char q[40];

    if (parse_dec(t->p[i] + skip, t->len[i] - skip, v) != 0)
        return fail(r, r->line, t->off[i] + skip, "%s %s is not a decimal number (digits, "
                    "no leading zero, below 2^64)", what,
                    quote(t->p[i] + skip, t->len[i] - skip, q, sizeof q));
    return 0;
}

static int want_hex(brbe_dump_reader *r, const tokens_t *t, unsigned i, size_t skip,
                    const char *what, uint64_t *v)
{
    char q[40];

    if (parse_hex16(t->p[i] + skip, t->len[i] - skip, v) != 0)
        return fail(r, r->line, t->off[i] + skip, "%s %s is not 16 hexadecimal digits", what,
                    quote(t->p[i] + skip, t->len[i] - skip, q, sizeof q));
    return 0;
}

static const char *const hdr_keys[8] = {
    "seq=", "pe=", "numrec=", "brbidr0=", "brbcr_el1=", "brbcr_el2=", "brbfcr_el1=", "brbts_el1="
};

static int parse_header(brbe_dump_reader *r, const line_t *ln, const tokens_t *t,
                        brbe_snapshot *s)
{
    uint64_t v[8];
    char q[40];

    for (unsigned k = 0; k < 8; k++) {
        unsigned i = k + 1;
        size_t kl = strlen(hdr_keys[k]);

        if (i >= t->n)
            return fail(r, r->line, ln->off + ln->len, "snapshot header ends early: expected "
                        "'%sVALUE'", hdr_keys[k]);
        if (t->len[i] < kl || memcmp(t->p[i], hdr_keys[k], kl) != 0)
            return fail(r, r->line, t->off[i], "snapshot header: expected '%sVALUE', found %s",
                        hdr_keys[k], quote(t->p[i], t->len[i], q, sizeof q));
        if (k < 3 ? want_dec(r, t, i, kl, hdr_keys[k], &v[k])
                  : want_hex(r, t, i, kl, hdr_keys[k], &v[k]))
            return -1;
    }
    if (t->n > 9)
        return fail(r, r->line, t->off[9], "snapshot header: unexpected token %s after "
                    "brbts_el1", quote(t->p[9], t->len[9], q, sizeof q));
    s->seq = v[0];
    s->pe = v[1];
    s->brbidr0 = v[3];
    s->brbcr_el1 = v[4];
    s->brbcr_el2 = v[5];
    s->brbfcr_el1 = v[6];
    s->brbts_el1 = v[7];
    if (s->seq != r->nsnap)
        return fail(r, r->line, t->off[1], "snapshot seq=%llu, expected %llu (snapshots are "
                    "numbered from 0)", (unsigned long long)s->seq, (unsigned long long)r->nsnap);
    if (v[2] != 8 && v[2] != 16 && v[2] != 32 && v[2] != 64)
        return fail(r, r->line, t->off[3], "numrec=%llu is not 8, 16, 32 or 64 (I_FBHCC)",
                    (unsigned long long)v[2]);
    s->numrec = (unsigned)v[2];
    if (((s->brbidr0 & BRBIDR0_NUMREC_MASK) >> BRBIDR0_NUMREC_SHIFT) != s->numrec)
        return fail(r, r->line, t->off[4], "numrec=%u differs from BRBIDR0_EL1.NUMREC %llu "
                    "(brbidr0=%016llx)", s->numrec,
                    (unsigned long long)((s->brbidr0 & BRBIDR0_NUMREC_MASK) >> BRBIDR0_NUMREC_SHIFT),
                    (unsigned long long)s->brbidr0);
    if (((s->brbidr0 & BRBIDR0_FORMAT_MASK) >> BRBIDR0_FORMAT_SHIFT) != BRBIDR0_FORMAT_0)
        return fail(r, r->line, t->off[4], "BRBIDR0_EL1.FORMAT %llu: only format 0 records "
                    "are defined", (unsigned long long)((s->brbidr0 & BRBIDR0_FORMAT_MASK) >>
                                                        BRBIDR0_FORMAT_SHIFT));
    s->cc_bits = brbe_cc_counter_bits(s->brbidr0);
    return 0;
}

static int parse_record(brbe_dump_reader *r, const line_t *ln, const tokens_t *t,
                        brbe_snapshot *s, unsigned idx)
{
    brbe_record *rec = &s->rec[idx];
    uint64_t index;
    char q[40], msg[256];

    if (t->n < 4)
        return fail(r, r->line, ln->off + ln->len, "record line has %u tokens, expected 4: "
                    "INDEX BRBSRC BRBTGT BRBINF", t->n);
    if (t->n > 4)
        return fail(r, r->line, t->off[4], "record line: unexpected token %s after BRBINF",
                    quote(t->p[4], t->len[4], q, sizeof q));
    if (want_dec(r, t, 0, 0, "record index", &index) ||
        want_hex(r, t, 1, 0, "BRBSRC", &rec->src) ||
        want_hex(r, t, 2, 0, "BRBTGT", &rec->tgt) ||
        want_hex(r, t, 3, 0, "BRBINF", &rec->inf))
        return -1;
    if (index != idx)
        return fail(r, r->line, t->off[0], "record index %llu, expected %u (indices run "
                    "0..numrec-1 in order)", (unsigned long long)index, idx);
    rec->index = idx;
    /* Rule 2 (X_QMKLH, R_SQLCX): valid records are contiguous from 0 */
    if ((rec->inf & BRBINF_VALID_MASK) != 0 && s->nvalid != idx)
        return fail(r, r->line, t->off[3], "record %u is valid but record %u before it is "
                    "invalid (valid records must be contiguous from index 0, X_QMKLH)",
                    idx, s->nvalid);
    /* Rules 3 to 7 */
    if (brbe_record_check(rec, s->cc_bits, msg, sizeof msg) != 0)
        return fail(r, r->line, t->off[3], "record %u: %s", idx, msg);
    if ((rec->inf & BRBINF_VALID_MASK) != 0)
        s->nvalid = idx + 1u;
    return 0;
}

int brbe_dump_next(brbe_dump_reader *r, brbe_snapshot *s)
{
    line_t ln;
    tokens_t t;
    char q[40];
    int rc;

    if (r->state == 2)
        return -1;
    if (r->state == 0) {
        size_t ml = strlen(BRBE_DUMP_MAGIC);
        rc = read_line(r, &ln);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return fail(r, 1, 0, "empty file: expected the line '%s'", BRBE_DUMP_MAGIC);
        if (ln.len != ml || memcmp(ln.p, BRBE_DUMP_MAGIC, ml) != 0)
            return fail(r, 1, 0, "first line %s is not '%s'",
                        quote(ln.p, ln.len, q, sizeof q), BRBE_DUMP_MAGIC);
        r->state = 1;
    }

    rc = read_significant(r, &ln);
    if (rc < 0)
        return -1;
    if (rc == 0) {
        if (r->nsnap == 0)
            return fail(r, r->line, r->len, "no snapshot in the file");
        return 0;
    }
    memset(s, 0, sizeof *s);
    s->line = (unsigned)r->line;
    if (tokenize(r, &ln, &t))
        return -1;
    if (!tok_is(&t, 0, "snapshot"))
        return fail(r, r->line, t.off[0], "expected a 'snapshot' header line, found %s",
                    quote(t.p[0], t.len[0], q, sizeof q));
    if (parse_header(r, &ln, &t, s))
        return -1;

    for (unsigned i = 0; i < s->numrec; i++) {
        rc = read_significant(r, &ln);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return fail(r, r->line, r->len, "file ends after %u of the %u records of snapshot "
                        "seq=%llu (header at line %u)", i, s->numrec,
                        (unsigned long long)s->seq, s->line);
        if (tokenize(r, &ln, &t))
            return -1;
        if (tok_is(&t, 0, "end") || tok_is(&t, 0, "snapshot"))
            return fail(r, r->line, t.off[0], "%s after %u of the %u records of snapshot "
                        "seq=%llu", tok_is(&t, 0, "end") ? "'end'" : "'snapshot'", i,
                        s->numrec, (unsigned long long)s->seq);
        if (parse_record(r, &ln, &t, s, i))
            return -1;
    }

    rc = read_significant(r, &ln);
    if (rc < 0)
        return -1;
    if (rc == 0)
        return fail(r, r->line, r->len, "file ends without 'end' of snapshot seq=%llu "
                    "(header at line %u)", (unsigned long long)s->seq, s->line);
    if (tokenize(r, &ln, &t))
        return -1;
    if (!tok_is(&t, 0, "end") || t.n != 1)
        return fail(r, r->line, t.n && tok_is(&t, 0, "end") ? t.off[1] : t.off[0],
                    "expected 'end' after the %u records of snapshot seq=%llu, found %s",
                    s->numrec, (unsigned long long)s->seq,
                    tok_is(&t, 0, "end") ? quote(t.p[1], t.len[1], q, sizeof q)
                                         : quote(t.p[0], t.len[0], q, sizeof q));
    r->nsnap++;
    return 1;
}

/* ---- output ------------------------------------------------------------------ */

void brbe_print_snapshot_header(FILE *out, const brbe_snapshot *s)
{
    fprintf(out, "snapshot seq=%llu pe=%llu numrec=%u valid=%u brbcr_el1=0x%016llx "
            "brbcr_el2=0x%016llx brbfcr_el1=0x%016llx (%s%s) brbts_el1=0x%016llx\n",
            (unsigned long long)s->seq, (unsigned long long)s->pe, s->numrec, s->nvalid,
            (unsigned long long)s->brbcr_el1, (unsigned long long)s->brbcr_el2,
            (unsigned long long)s->brbfcr_el1,
            (s->brbfcr_el1 & BRBFCR_PAUSED) ? "paused" : "running",
            (s->brbfcr_el1 & BRBFCR_LASTFAILED) ? ",lastfailed" : "",
            (unsigned long long)s->brbts_el1);
}

static void fmt_addr(char *b, size_t n, int has, uint64_t a)
{
    if (has)
        snprintf(b, n, "0x%016llx", (unsigned long long)a);
    else
        snprintf(b, n, "-");
}

static void fmt_cycles(char *b, size_t n, const brbe_info *in)
{
    switch (in->cc_status) {
    case BRBE_CC_KNOWN:
        snprintf(b, n, "%llu%s", (unsigned long long)in->cycles, in->cycles_span ? "+" : "");
        break;
    case BRBE_CC_UNKNOWN:  snprintf(b, n, "unknown"); break;
    case BRBE_CC_OVERFLOW: snprintf(b, n, "overflow"); break;
    default:               snprintf(b, n, "bad"); break;
    }
}

/* MPRED describes the prediction of a branch instruction in a record with a
 * source (R_XHWRB); for an exception it is always 0 (R_DHNJPJ) and says
 * nothing. */
static int has_pred(const brbe_info *in)
{
    return in->has_source && !brbe_type_is_exception(in->type);
}

void brbe_print_record(FILE *out, const brbe_record *r, unsigned counter_bits)
{
    brbe_info in;
    char src[24], tgt[24], cyc[32], ty[16];
    const char *name;
    const char *flags;

    brbe_info_decode(r->inf, counter_bits, &in);
    fmt_addr(src, sizeof src, in.has_source, r->src);
    fmt_addr(tgt, sizeof tgt, in.has_target, r->tgt);
    fmt_cycles(cyc, sizeof cyc, &in);
    name = brbe_type_name(in.type);
    if (!name) {
        snprintf(ty, sizeof ty, "type-0x%02x", in.type);
        name = ty;
    }
    if (in.has_source && in.t)
        flags = in.lastfailed ? "T,LASTFAILED" : "T";
    else
        flags = in.lastfailed ? "LASTFAILED" : "-";
    fprintf(out, "%4u  %-18s  %-18s  %-13s  %-3s  %-7s  %-9s  %-12s  %s\n", r->index, src, tgt,
            name, in.has_target ? brbe_el_name(in.el) : "-",
            has_pred(&in) ? (in.mpred ? "mispred" : "pred") : "-", cyc, flags,
            brbe_valid_name(in.valid));
}

void brbe_csv_header(FILE *out)
{
    fprintf(out, "seq,index,valid,source,target,type,type_code,el,mispred,cycles,cycles_max,"
            "cc_status,t,lastfailed,perf_type,brbinf\n");
}

void brbe_csv_record(FILE *out, uint64_t seq, const brbe_record *r, unsigned counter_bits)
{
    brbe_info in;
    char src[24] = "", tgt[24] = "", cyc[24] = "", cmax[24] = "";
    const char *name;
    unsigned pt, pn;

    brbe_info_decode(r->inf, counter_bits, &in);
    if (in.has_source)
        fmt_addr(src, sizeof src, 1, r->src);
    if (in.has_target)
        fmt_addr(tgt, sizeof tgt, 1, r->tgt);
    if (in.cc_status == BRBE_CC_KNOWN) {
        snprintf(cyc, sizeof cyc, "%llu", (unsigned long long)in.cycles);
        snprintf(cmax, sizeof cmax, "%llu", (unsigned long long)(in.cycles + in.cycles_span));
    }
    name = brbe_type_name(in.type);
    brbe_perf_type(in.type, &pt, &pn);
    fprintf(out, "%llu,%u,%s,%s,%s,%s,0x%02x,%s,%s,%s,%s,%s,%s,%u,%s,0x%016llx\n",
            (unsigned long long)seq, r->index, brbe_valid_name(in.valid), src, tgt,
            name ? name : "reserved", in.type, in.has_target ? brbe_el_name(in.el) : "",
            has_pred(&in) ? (in.mpred ? "1" : "0") : "", cyc, cmax,
            brbe_cc_status_name(in.cc_status), in.has_source ? (in.t ? "1" : "0") : "",
            in.lastfailed, brbe_perf_type_name(pt, pn), (unsigned long long)r->inf);
}
