/* One round trip: generated execution -> model -> bytes -> decoder(s) ->
 * oracle.  Shared by the regression test, `ete-roundtrip`, the demo and the
 * benchmark. */
#ifndef ETE_ROUNDTRIP_H
#define ETE_ROUNDTRIP_H

#include <stddef.h>
#include <stdint.h>

#include "ete_decoder.h"
#include "ete_model.h"
#include "ete_oracle.h"
#include "pe_stream.h"

/* The configuration mix of the regression (TRCCONFIGR RS/BB/CCI/TS/CID/VMID,
 * filtering on and off, periodic sync, events). */
enum {
    ETE_RT_PLAIN = 0,
    ETE_RT_RS,
    ETE_RT_BB,
    ETE_RT_CCI,
    ETE_RT_TS,
    ETE_RT_CTXT,
    ETE_RT_FILTER_EL,
    ETE_RT_FILTER_RANGE,
    ETE_RT_FILTER_STARTSTOP,
    ETE_RT_EVENTS,
    ETE_RT_ALL,
    ETE_RT_OVERFLOW,      /* CCI + TS with buffer overflows at random points */
    ETE_RT_NUM_CONFIGS
};

const char *ete_rt_config_name(unsigned idx);
/* Parameters and registers for configuration idx; address comparators are
 * placed on addresses the execution s reaches, chosen from seed. */
void ete_rt_config(unsigned idx, uint64_t seed, const pe_stream *s, ete_params *p,
                   ete_progregs *r);
/* Fits the programming r of ete_rt_config to a unit with fewer resources
 * than the defaults (p's rs_depth, num_acpairs, num_events, num_extin), as
 * software reading TRCIDR would: no return stack without one, no second
 * comparator pair's range without it, event elements only for the events
 * implemented, and no external-input resource beyond NUMEXTIN (the
 * timestamp and event requests that used one are not made). */
void ete_rt_fit(const ete_params *p, ete_progregs *r);

/* A growable element list, filled by a decoder callback. */
typedef struct ete_elem_list {
    ete_elem *e;
    size_t n, cap;
    int oom;
} ete_elem_list;
void ete_elem_list_push(void *list, const ete_elem *e);  /* an ete_elem_fn */
void ete_elem_list_free(ete_elem_list *l);

/* Decoder memory accessor over a pe_image (an ete_mem_read_fn). */
int ete_rt_mem_read(void *img, uint64_t addr, unsigned el, int ns, uint32_t *word);

typedef struct ete_rt_result {
    uint64_t records;
    uint64_t insns;                 /* instructions decoded */
    uint64_t bytes;                 /* trace bytes */
    uint64_t pkt[ETE_ENC_PKT_COUNT];
    ete_oracle_stats st;
    int ocsd_checked;               /* OpenCSD agreed on this trace */
} ete_rt_result;

/* Encode s with the model under (p, r), decode with ours, check with the
 * oracle, and when with_ocsd also decode with OpenCSD and compare.  When
 * ovf_seed is nonzero, the trace unit buffer overflows at points chosen
 * from it (ete_model_overflow).
 * When trace_out is not NULL it receives the trace (caller frees). */
int ete_rt_run(const pe_stream *s, const ete_params *p, const ete_progregs *r,
               uint64_t ovf_seed, int with_ocsd,
               ete_rt_result *res, uint8_t **trace_out, size_t *trace_len, char *msg,
               size_t msglen);

/* Generate seed's execution (n records) and run configuration cfg. */
int ete_rt_run_seed(uint64_t seed, unsigned cfg, uint64_t n, int with_ocsd,
                    ete_rt_result *res, char *msg, size_t msglen);

/* Packet types (docs/ete-packets.md index) the model can emit from an A64,
 * non-speculative PE stream with this TRCIDR0.COMMOPT: every type but the
 * IS1 forms, speculation, Q and Source Address packets, Ignore, Timestamp
 * Marker, Cycle Count formats 2_0/3_0 and the other commit mode's formats. */
int ete_rt_pkt_reachable(unsigned type, unsigned commopt);

#endif
