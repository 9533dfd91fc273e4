/* SPE profile summary: records per operation type, per event, latencies
 * and the most sampled PCs, from the records of spe_dec.h. */
#ifndef SPE_STATS_H
#define SPE_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "spe_dec.h"

/* Values of a 12-bit Counter packet payload (0xFFF: saturated). */
#define SPE_STATS_LAT_VALUES 4096u

/* Per-PC figures of the profile summary. */
enum { SPE_PC_EV_L1D_REFILL, SPE_PC_EV_TLB_WALK, SPE_PC_EV_LLC_MISS, SPE_PC_EV_MISPRED,
       SPE_PC_EV_N };

typedef struct spe_pc_agg {
    uint64_t lat_n, lat_sum;        /* records with a total latency, their sum */
    uint64_t ev[SPE_PC_EV_N];       /* records with the event (SPE_PC_EV_*) */
} spe_pc_agg;

typedef struct spe_stats {
    uint64_t records;
    uint64_t with_ts;         /* ended by a Timestamp */
    uint64_t no_op;           /* no (valid) Operation Type packet */
    uint64_t op[3][256];      /* [CLASS][SUBCLASS] */
    uint64_t events[64];      /* records with event E[n] */
    uint64_t lat_n[3], lat_sum[3], lat_max[3], lat_sat[3]; /* TOT ISSUE XLAT */
    uint64_t lat_tot_hist[SPE_STATS_LAT_VALUES]; /* records per total latency value */
    uint64_t ignored, impdef, repeated;
    uint64_t no_pc;
    /* PC -> count, open addressing; a slot with count 0 is empty */
    uint64_t *pc_key;
    uint64_t *pc_cnt;
    spe_pc_agg *pc_agg;
    size_t pc_cap;            /* power of two, or 0 */
    size_t pc_used;
    uint64_t pc_untabulated;  /* records whose PC's probe sequence was too long */
} spe_stats;

void spe_stats_init(spe_stats *s);
void spe_stats_free(spe_stats *s);

/* Count a record; -1 when memory for the PC table ran out (the record is
 * counted everywhere else). */
int spe_stats_add(spe_stats *s, const spe_record *r);

/* Number of distinct PCs and the `max` most frequent, most frequent first
 * (ties: lower PC first); keys are PC payloads with EL and NS. */
size_t spe_stats_top_pcs(const spe_stats *s, size_t max, uint64_t *pcs, uint64_t *counts);

/* The per-PC figures of a key spe_stats_top_pcs returned; 0, or -1 when the
 * key was never counted. */
int spe_stats_pc_info(const spe_stats *s, uint64_t key, spe_pc_agg *out);

/* The summary as text; d (may be NULL) adds the stream totals. */
void spe_stats_print(const spe_stats *s, const spe_dec *d, FILE *out, unsigned top);

/* The data of spe-decode --plot (scripts/plot_spe.py), tab-separated:
 *   records <n> <with total latency> <saturated>
 *   lat <total latency value> <records>        (values with records only)
 *   pc 0x<pc> <el> <ns> <records> <mean total latency or ->   (top PCs)
 * Returns 0, or -1 when memory for the PC list ran out. */
int spe_stats_write_plot_data(const spe_stats *s, FILE *out, unsigned top);

#endif
