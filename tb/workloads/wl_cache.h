/* A deterministic memory hierarchy for the workload importer: it gives
 * each load and store the latencies, SPE events and data source that the
 * PE stream carries (docs/pe-interface.md 1.4).
 *
 *   translation: L1 DTLB (48 entries, fully associative) and L2 TLB (1024
 *                entries, 4-way), 4 KB pages; a miss in both is a walk.
 *                Physical pages are handed out in first-touch order.
 *   data:        L1D 64 KB 4-way, L2 512 KB 8-way, last-level cache 4 MB
 *                16-way, 64-byte lines, LRU, write-allocate; then DRAM.
 *
 * Latencies (cycles) are the WL_LAT_* constants below.
 */
#ifndef WL_CACHE_H
#define WL_CACHE_H

#include <stdint.h>

#define WL_LAT_L1      4u
#define WL_LAT_L2      12u
#define WL_LAT_LLC     30u
#define WL_LAT_DRAM    150u
#define WL_LAT_TLB1    1u
#define WL_LAT_TLB2    6u
#define WL_LAT_WALK    40u

/* SPE Events packet bit numbers (SPE supplement 5.3.7) */
#define WL_EV_EXC       (1u << 0)
#define WL_EV_RETIRED   (1u << 1)
#define WL_EV_L1D_ACC   (1u << 2)
#define WL_EV_L1D_REF   (1u << 3)
#define WL_EV_TLB_ACC   (1u << 4)
#define WL_EV_TLB_WALK  (1u << 5)
#define WL_EV_NOT_TAKEN (1u << 6)
#define WL_EV_MISPRED   (1u << 7)
#define WL_EV_LLC_ACC   (1u << 8)
#define WL_EV_LLC_MISS  (1u << 9)

/* SPE Data Source values used for loads (docs/pe-interface.md 1.4) */
#define WL_SRC_L1      0u
#define WL_SRC_L2      8u
#define WL_SRC_LLC     11u
#define WL_SRC_DRAM    13u

typedef struct wl_cache wl_cache;

/* The outcome of one instruction's accesses: the worst over them. */
typedef struct wl_mem_result {
    uint32_t events;        /* WL_EV_* */
    uint16_t lat_xlat;      /* translation latency */
    uint16_t lat_mem;       /* data latency after translation */
    uint16_t data_source;   /* WL_SRC_* of the slowest line */
    uint64_t pa;            /* physical address of the first access */
    int have_pa;
} wl_mem_result;

wl_cache *wl_cache_new(void);
void wl_cache_free(wl_cache *c);
void wl_mem_result_init(wl_mem_result *r);
/* Account one access of size bytes at va to r. Returns 0, or -1 when out
 * of memory (the page table could not grow). */
int wl_cache_access(wl_cache *c, uint64_t va, unsigned size, wl_mem_result *r);

typedef struct wl_cache_stats {
    uint64_t lines;         /* line lookups */
    uint64_t l1_miss, l2_miss, llc_miss;
    uint64_t tlb_lookups, tlb1_miss, tlb_walks;
    uint64_t pages;         /* distinct pages touched */
} wl_cache_stats;
void wl_cache_get_stats(const wl_cache *c, wl_cache_stats *st);

#endif
