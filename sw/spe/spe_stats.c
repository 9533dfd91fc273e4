/* SPE profile summary; see spe_stats.h. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "spe_stats.h"

/* PC key: ADDR with EL and NS (5.3.1), without the RAZ bits */
#define PC_KEY_MASK (SPE_ADDR_VALUE_MASK | (UINT64_C(1) << SPE_ADDR_NS_SHIFT) | \
                     ((uint64_t)SPE_ADDR_EL_MASK << SPE_ADDR_EL_SHIFT))

void spe_stats_init(spe_stats *s)
{
    memset(s, 0, sizeof *s);
}

void spe_stats_free(spe_stats *s)
{
    free(s->pc_key);
    free(s->pc_cnt);
    free(s->pc_agg);
    s->pc_key = s->pc_cnt = NULL;
    s->pc_untabulated = 0;
    s->pc_agg = NULL;
    s->pc_cap = s->pc_used = 0;
}

/* Longest probe sequence of an insertion: the work per record is bounded
 * whatever the PCs of the profile (docs/spe-decode.md, "Work per byte"). */
#define PC_PROBE_MAX 64u

static size_t slot_of(uint64_t key, size_t cap)
{
    /* every key bit reaches the low bits (the splitmix64 finalizer): PCs
     * that differ only in high or low bits do not share a slot */
    uint64_t h = key;
    h = (h ^ (h >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    h = (h ^ (h >> 27)) * UINT64_C(0x94D049BB133111EB);
    h ^= h >> 31;
    return (size_t)h & (cap - 1u);
}

static int pc_grow(spe_stats *s)
{
    size_t cap = s->pc_cap ? s->pc_cap * 2u : 1024u;
    uint64_t *k = calloc(cap, sizeof *k), *c = calloc(cap, sizeof *c);
    spe_pc_agg *g = calloc(cap, sizeof *g);

    if (!k || !c || !g || cap < s->pc_cap) {
        free(k);
        free(c);
        free(g);
        return -1;
    }
    for (size_t i = 0; i < s->pc_cap; i++) {
        size_t j;
        if (!s->pc_cnt[i])
            continue;
        j = slot_of(s->pc_key[i], cap);
        while (c[j])
            j = (j + 1u) & (cap - 1u);
        k[j] = s->pc_key[i];
        c[j] = s->pc_cnt[i];
        g[j] = s->pc_agg[i];
    }
    free(s->pc_key);
    free(s->pc_cnt);
    free(s->pc_agg);
    s->pc_key = k;
    s->pc_cnt = c;
    s->pc_agg = g;
    s->pc_cap = cap;
    return 0;
}

static int pc_add(spe_stats *s, uint64_t key, const spe_record *r)
{
    size_t j;

    if ((s->pc_used + 1u) * 4u > s->pc_cap * 3u && pc_grow(s) != 0)
        return -1;
    for (;;) {
        unsigned probes = 0;
        j = slot_of(key, s->pc_cap);
        while (s->pc_cnt[j] && s->pc_key[j] != key && probes < PC_PROBE_MAX) {
            j = (j + 1u) & (s->pc_cap - 1u);
            probes++;
        }
        if (!s->pc_cnt[j] || s->pc_key[j] == key)
            break;
        /* a cluster of PC_PROBE_MAX keys: a larger table splits it, unless
         * the table is already sparse (keys chosen to collide): then the
         * record is counted everywhere but in the PC table */
        if (s->pc_cap >= 16u * (s->pc_used + 1u)) {
            s->pc_untabulated++;
            return 0;
        }
        if (pc_grow(s) != 0)
            return -1;
    }
    if (!s->pc_cnt[j]) {
        s->pc_key[j] = key;
        s->pc_used++;
    }
    s->pc_cnt[j]++;
    spe_pc_agg *g = &s->pc_agg[j];
    if (spe_rec_has(r, SPE_REC_LAT(0))) {
        g->lat_n++;
        g->lat_sum += r->lat[0];
    }
    if (spe_rec_has(r, SPE_REC_EVENTS)) {
        static const unsigned bit[SPE_PC_EV_N] = {
            [SPE_PC_EV_L1D_REFILL] = SPE_EV_L1D_REFILL, [SPE_PC_EV_TLB_WALK] = SPE_EV_TLB_WALK,
            [SPE_PC_EV_LLC_MISS] = SPE_EV_LLC_MISS, [SPE_PC_EV_MISPRED] = SPE_EV_MISPRED,
        };
        for (unsigned e = 0; e < SPE_PC_EV_N; e++)
            g->ev[e] += (r->events >> bit[e]) & 1u;
    }
    return 0;
}

int spe_stats_pc_info(const spe_stats *s, uint64_t key, spe_pc_agg *out)
{
    if (!s->pc_cap)
        return -1;
    size_t j = slot_of(key, s->pc_cap);
    while (s->pc_cnt[j]) {
        if (s->pc_key[j] == key) {
            *out = s->pc_agg[j];
            return 0;
        }
        j = (j + 1u) & (s->pc_cap - 1u);
    }
    return -1;
}

int spe_stats_add(spe_stats *s, const spe_record *r)
{
    s->records++;
    if (spe_rec_has(r, SPE_REC_TS))
        s->with_ts++;
    if (spe_rec_has(r, SPE_REC_OP) && r->op_class < 3)
        s->op[r->op_class][r->op_sub]++;
    else
        s->no_op++;
    if (spe_rec_has(r, SPE_REC_EVENTS))
        for (unsigned n = 0; n < 64; n++)
            if ((r->events >> n) & 1u)
                s->events[n]++;
    for (unsigned i = 0; i < 3; i++) {
        unsigned v;
        if (!spe_rec_has(r, SPE_REC_LAT(i)))
            continue;
        v = r->lat[i];
        s->lat_n[i]++;
        s->lat_sum[i] += v;
        if (v > s->lat_max[i])
            s->lat_max[i] = v;
        if (v == SPE_CNT_SATURATED)
            s->lat_sat[i]++;
        if (i == 0 && v < SPE_STATS_LAT_VALUES)
            s->lat_tot_hist[v]++;
    }
    s->ignored += r->ignored;
    s->impdef += r->impdef;
    s->repeated += r->repeated;
    if (!spe_rec_has(r, SPE_REC_ADDR(SPE_ADDR_PC))) {
        s->no_pc++;
        return 0;
    }
    return pc_add(s, r->addr[SPE_ADDR_PC] & PC_KEY_MASK, r);
}

/* a before b: higher count, then lower key */
static int better(uint64_t ca, uint64_t ka, uint64_t cb, uint64_t kb)
{
    return ca > cb || (ca == cb && ka < kb);
}

size_t spe_stats_top_pcs(const spe_stats *s, size_t max, uint64_t *pcs, uint64_t *counts)
{
    size_t n = 0;

    for (size_t i = 0; i < s->pc_cap; i++) {
        size_t j;
        if (!s->pc_cnt[i])
            continue;
        if (n == max && (max == 0 || !better(s->pc_cnt[i], s->pc_key[i], counts[n - 1u],
                                             pcs[n - 1u])))
            continue;
        if (n < max)
            n++;
        /* insertion into the sorted list */
        for (j = n - 1u; j > 0 && better(s->pc_cnt[i], s->pc_key[i], counts[j - 1u],
                                         pcs[j - 1u]); j--) {
            counts[j] = counts[j - 1u];
            pcs[j] = pcs[j - 1u];
        }
        counts[j] = s->pc_cnt[i];
        pcs[j] = s->pc_key[i];
    }
    return n;
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

typedef struct op_row {
    uint64_t count;
    unsigned cls, sub;
} op_row;

static int op_row_cmp(const void *a, const void *b)
{
    const op_row *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    if (x->cls != y->cls)
        return x->cls < y->cls ? -1 : 1;
    return x->sub < y->sub ? -1 : (x->sub > y->sub);
}

void spe_stats_print(const spe_stats *s, const spe_dec *d, FILE *out, unsigned top)
{
    op_row rows[3 * 256];
    size_t nrows = 0;
    char name[SPE_PKT_DESC_MAX];

    fprintf(out, "records            %" PRIu64 " (%" PRIu64 " ended by Timestamp, %" PRIu64
            " by End)\n", s->records, s->with_ts, s->records - s->with_ts);
    if (d) {
        fprintf(out, "bytes              %zu (padding %" PRIu64 ", alignment %" PRIu64 ")\n",
                d->len, d->pad_bytes, d->align_bytes);
        fprintf(out, "packets            %" PRIu64 " (ignored %" PRIu64
                ", IMPLEMENTATION DEFINED %" PRIu64 ", dropped %" PRIu64 ")\n",
                d->packets, d->ignored, d->impdef, d->dropped);
        fprintf(out, "errors             %" PRIu64 " (bad or truncated packets %" PRIu64 ")\n",
                d->errors, d->bad);
    }
    if (s->repeated)
        fprintf(out, "repeated packets   %" PRIu64 "\n", s->repeated);

    fprintf(out, "operation types:\n");
    for (unsigned c = 0; c < 3; c++)
        for (unsigned sub = 0; sub < 256; sub++)
            if (s->op[c][sub]) {
                rows[nrows].count = s->op[c][sub];
                rows[nrows].cls = c;
                rows[nrows].sub = sub;
                nrows++;
            }
    qsort(rows, nrows, sizeof rows[0], op_row_cmp);
    for (size_t i = 0; i < nrows; i++) {
        spe_op_desc(rows[i].cls, rows[i].sub, name, sizeof name);
        fprintf(out, "  %-24s %12" PRIu64 " %6.2f%%\n", name, rows[i].count,
                pct(rows[i].count, s->records));
    }
    if (s->no_op)
        fprintf(out, "  %-24s %12" PRIu64 " %6.2f%%\n", "(none)", s->no_op,
                pct(s->no_op, s->records));

    fprintf(out, "events:\n");
    for (unsigned n = 0; n < 64; n++) {
        const char *ev = spe_event_name(n);
        char other[16];
        if (!s->events[n])
            continue;
        if (!ev) {
            snprintf(other, sizeof other, "E[%u]", n);
            ev = other;
        }
        fprintf(out, "  %-24s %12" PRIu64 " %6.2f%%\n", ev, s->events[n],
                pct(s->events[n], s->records));
    }

    fprintf(out, "latency (cycles):  %12s %10s %8s %10s\n", "records", "mean", "max",
            "saturated");
    for (unsigned i = 0; i < 3; i++) {
        static const char *const lat_names[3] = { "TOT", "ISSUE", "XLAT" };
        fprintf(out, "  %-16s %12" PRIu64 " %10.1f %8" PRIu64 " %10" PRIu64 "\n", lat_names[i],
                s->lat_n[i], s->lat_n[i] ? (double)s->lat_sum[i] / (double)s->lat_n[i] : 0.0,
                s->lat_max[i], s->lat_sat[i]);
    }

    if (top) {
        uint64_t *pcs = calloc(top, sizeof *pcs), *cnt = calloc(top, sizeof *cnt);
        size_t n;
        if (!pcs || !cnt) {
            fprintf(out, "top PCs: out of memory\n");
            free(pcs);
            free(cnt);
            return;
        }
        n = spe_stats_top_pcs(s, top, pcs, cnt);
        fprintf(out, "top PCs (%zu distinct, %" PRIu64 " records without PC); per PC: "
                "share, mean total latency, event rates:\n", s->pc_used, s->no_pc);
        if (s->pc_untabulated)
            fprintf(out, "  (%" PRIu64 " records with a PC not tabulated: more than %u PCs "
                    "share a slot of the PC table)\n", s->pc_untabulated, PC_PROBE_MAX);
        fprintf(out, "  %-28s %8s %7s %8s %10s %10s %10s %8s\n", "PC", "records", "share",
                "lat TOT", "L1D-REFILL", "TLB-REFILL", "LLC-REFILL", "MISPRED");
        for (size_t i = 0; i < n; i++) {
            spe_pc_agg g;
            if (spe_stats_pc_info(s, pcs[i], &g) != 0)
                memset(&g, 0, sizeof g);
            fprintf(out, "  0x%016" PRIx64 " el%u ns=%u %8" PRIu64 " %6.2f%%", spe_addr_value(pcs[i]),
                    spe_addr_el(pcs[i]), spe_addr_ns(pcs[i]), cnt[i], pct(cnt[i], s->records));
            if (g.lat_n)
                fprintf(out, " %8.1f", (double)g.lat_sum / (double)g.lat_n);
            else
                fprintf(out, " %8s", "-");
            for (unsigned e = 0; e < SPE_PC_EV_N; e++)
                fprintf(out, " %9.1f%%", pct(g.ev[e], cnt[i]));
            fputc('\n', out);
        }
        free(pcs);
        free(cnt);
    }
}

int spe_stats_write_plot_data(const spe_stats *s, FILE *out, unsigned top)
{
    fprintf(out, "records\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\n", s->records, s->lat_n[0],
            s->lat_sat[0]);
    for (unsigned v = 0; v < SPE_STATS_LAT_VALUES; v++)
        if (s->lat_tot_hist[v])
            fprintf(out, "lat\t%u\t%" PRIu64 "\n", v, s->lat_tot_hist[v]);
    if (!top)
        return 0;
    uint64_t *pcs = calloc(top, sizeof *pcs), *cnt = calloc(top, sizeof *cnt);
    if (!pcs || !cnt) {
        free(pcs);
        free(cnt);
        return -1;
    }
    size_t n = spe_stats_top_pcs(s, top, pcs, cnt);
    for (size_t i = 0; i < n; i++) {
        spe_pc_agg g;
        if (spe_stats_pc_info(s, pcs[i], &g) != 0)
            memset(&g, 0, sizeof g);
        fprintf(out, "pc\t0x%016" PRIx64 "\t%u\t%u\t%" PRIu64 "\t", spe_addr_value(pcs[i]),
                spe_addr_el(pcs[i]), spe_addr_ns(pcs[i]), cnt[i]);
        if (g.lat_n)
            fprintf(out, "%.1f\n", (double)g.lat_sum / (double)g.lat_n);
        else
            fprintf(out, "-\n");
    }
    free(pcs);
    free(cnt);
    return 0;
}
