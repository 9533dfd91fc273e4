/* Deterministic TLB and cache model (see wl_cache.h). */
#include "wl_cache.h"

#include <stdlib.h>
#include <string.h>

#define PAGE_SHIFT 12u
#define LINE_SHIFT 6u
#define PA_BASE    0x80000000ull     /* first physical page handed out */

typedef struct sa_cache {
    unsigned sets, ways;
    uint64_t *tag;      /* sets * ways; 0: invalid, else key + 1 */
    uint64_t *used;     /* LRU stamps */
    uint64_t clock;
} sa_cache;

struct wl_cache {
    sa_cache l1, l2, llc, tlb1, tlb2;
    /* page table: open addressing, VPN -> PFN */
    uint64_t *pt_key, *pt_val;
    size_t pt_cap, pt_n;
    uint64_t next_pfn;
    wl_cache_stats st;
};

static int sa_init(sa_cache *c, unsigned sets, unsigned ways)
{
    c->sets = sets;
    c->ways = ways;
    c->clock = 0;
    c->tag = calloc((size_t)sets * ways, sizeof *c->tag);
    c->used = calloc((size_t)sets * ways, sizeof *c->used);
    return c->tag && c->used ? 0 : -1;
}

static void sa_free(sa_cache *c)
{
    free(c->tag);
    free(c->used);
}

/* Look key up; on a miss, fill it over the least recently used way.
 * Returns 1 on a hit. */
static int sa_access(sa_cache *c, uint64_t key)
{
    unsigned set = (unsigned)(key % c->sets);
    uint64_t *t = c->tag + (size_t)set * c->ways, *u = c->used + (size_t)set * c->ways;
    unsigned victim = 0;
    c->clock++;
    for (unsigned w = 0; w < c->ways; w++) {
        if (t[w] == key + 1u) {
            u[w] = c->clock;
            return 1;
        }
        if (u[w] < u[victim])
            victim = w;
    }
    t[victim] = key + 1u;
    u[victim] = c->clock;
    return 0;
}

wl_cache *wl_cache_new(void)
{
    wl_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    int bad = sa_init(&c->l1, 256, 4) | sa_init(&c->l2, 1024, 8) |
              sa_init(&c->llc, 4096, 16) | sa_init(&c->tlb1, 1, 48) |
              sa_init(&c->tlb2, 256, 4);
    c->pt_cap = 1024;
    c->pt_key = calloc(c->pt_cap, sizeof *c->pt_key);
    c->pt_val = calloc(c->pt_cap, sizeof *c->pt_val);
    c->next_pfn = PA_BASE >> PAGE_SHIFT;
    if (bad || !c->pt_key || !c->pt_val) {
        wl_cache_free(c);
        return NULL;
    }
    return c;
}

void wl_cache_free(wl_cache *c)
{
    if (!c)
        return;
    sa_free(&c->l1);
    sa_free(&c->l2);
    sa_free(&c->llc);
    sa_free(&c->tlb1);
    sa_free(&c->tlb2);
    free(c->pt_key);
    free(c->pt_val);
    free(c);
}

void wl_mem_result_init(wl_mem_result *r)
{
    memset(r, 0, sizeof *r);
}

static size_t pt_slot(const uint64_t *keys, size_t cap, uint64_t vpn)
{
    uint64_t h = (vpn + 1u) * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 20) & (cap - 1u);
    while (keys[i] && keys[i] != vpn + 1u)
        i = (i + 1u) & (cap - 1u);
    return i;
}

/* The physical frame of vpn, handed out on first touch; -1 when out of memory. */
static int pt_lookup(wl_cache *c, uint64_t vpn, uint64_t *pfn)
{
    size_t i = pt_slot(c->pt_key, c->pt_cap, vpn);
    if (c->pt_key[i]) {
        *pfn = c->pt_val[i];
        return 0;
    }
    if ((c->pt_n + 1u) * 2u > c->pt_cap) {
        size_t ncap = c->pt_cap * 2u;
        uint64_t *nk = calloc(ncap, sizeof *nk), *nv = calloc(ncap, sizeof *nv);
        if (!nk || !nv) {
            free(nk);
            free(nv);
            return -1;
        }
        for (size_t j = 0; j < c->pt_cap; j++) {
            if (!c->pt_key[j])
                continue;
            size_t k = pt_slot(nk, ncap, c->pt_key[j] - 1u);
            nk[k] = c->pt_key[j];
            nv[k] = c->pt_val[j];
        }
        free(c->pt_key);
        free(c->pt_val);
        c->pt_key = nk;
        c->pt_val = nv;
        c->pt_cap = ncap;
        i = pt_slot(c->pt_key, c->pt_cap, vpn);
    }
    c->pt_key[i] = vpn + 1u;
    c->pt_val[i] = c->next_pfn++;
    c->pt_n++;
    c->st.pages++;
    *pfn = c->pt_val[i];
    return 0;
}

static void worst(wl_mem_result *r, unsigned lat, unsigned src)
{
    if (lat > r->lat_mem) {
        r->lat_mem = (uint16_t)lat;
        r->data_source = (uint16_t)src;
    }
}

int wl_cache_access(wl_cache *c, uint64_t va, unsigned size, wl_mem_result *r)
{
    if (size == 0)
        size = 1;
    uint64_t last = va + (size - 1u);
    if (last < va)
        last = UINT64_MAX;
    uint64_t page = va >> PAGE_SHIFT;
    for (;;) {
        /* translation, once per page touched */
        uint64_t pfn;
        if (pt_lookup(c, page, &pfn))
            return -1;
        unsigned xlat;
        c->st.tlb_lookups++;
        r->events |= WL_EV_TLB_ACC;
        if (sa_access(&c->tlb1, page)) {
            xlat = WL_LAT_TLB1;
        } else {
            c->st.tlb1_miss++;
            if (sa_access(&c->tlb2, page)) {
                xlat = WL_LAT_TLB2;
            } else {
                xlat = WL_LAT_WALK;
                c->st.tlb_walks++;
                r->events |= WL_EV_TLB_WALK;
            }
        }
        if (xlat > r->lat_xlat)
            r->lat_xlat = (uint16_t)xlat;
        uint64_t lo = page == (va >> PAGE_SHIFT) ? va : page << PAGE_SHIFT;
        uint64_t page_end = (page << PAGE_SHIFT) | ((1u << PAGE_SHIFT) - 1u);
        uint64_t hi = last < page_end ? last : page_end;
        if (!r->have_pa) {
            r->pa = pfn << PAGE_SHIFT | (va & ((1u << PAGE_SHIFT) - 1u));
            r->have_pa = 1;
        }
        /* the lines of this page, physically indexed */
        for (uint64_t l = lo >> LINE_SHIFT; l <= hi >> LINE_SHIFT; l++) {
            uint64_t pline = pfn << (PAGE_SHIFT - LINE_SHIFT) |
                             (l & ((1u << (PAGE_SHIFT - LINE_SHIFT)) - 1u));
            c->st.lines++;
            r->events |= WL_EV_L1D_ACC;
            if (sa_access(&c->l1, pline)) {
                worst(r, WL_LAT_L1, WL_SRC_L1);
                continue;
            }
            c->st.l1_miss++;
            r->events |= WL_EV_L1D_REF;
            if (sa_access(&c->l2, pline)) {
                worst(r, WL_LAT_L2, WL_SRC_L2);
                continue;
            }
            c->st.l2_miss++;
            r->events |= WL_EV_LLC_ACC;
            if (sa_access(&c->llc, pline)) {
                worst(r, WL_LAT_LLC, WL_SRC_LLC);
                continue;
            }
            c->st.llc_miss++;
            r->events |= WL_EV_LLC_MISS;
            worst(r, WL_LAT_DRAM, WL_SRC_DRAM);
        }
        if (hi == last)
            break;
        page++;
    }
    return 0;
}

void wl_cache_get_stats(const wl_cache *c, wl_cache_stats *st)
{
    *st = c->st;
}
