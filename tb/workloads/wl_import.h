/* Capture (wl_capture.h) -> PE retirement stream (pe_stream.h).
 *
 * The capture holds what one Linux process executed at EL0 under
 * qemu-user.  The importer classifies each instruction (a64_classify,
 * tb/common/a64.h), finds taken branches from the next pc, turns system
 * calls, faults and signals into exceptions to EL1 and returns from it,
 * annotates loads and stores from a cache/TLB model (wl_cache.h), predicts
 * branches, synthesises cycles and timestamps, and builds the program image
 * from the executed instruction words.  docs/workloads.md describes the result.
 */
#ifndef WL_IMPORT_H
#define WL_IMPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pe_stream.h"

/* EL1 as the stream shows it: the kernel is not visible, so each entry to
 * EL1 is an exception record followed by one ERET instruction at the
 * vector (synchronous from a lower EL: VBAR_EL1 + 0x400; IRQ: + 0x480). */
#define WL_VBAR_EL1_DEFAULT 0xFFFF800010010000ull
#define WL_ERET_WORD        0xD69F03E0u

typedef struct wl_import_opts {
    uint32_t contextidr;      /* CONTEXTIDR_EL1 of the process (a PID) */
    uint64_t vbar_el1;        /* VBAR_EL1 */
    uint64_t cycle0;          /* cycle of the first record */
    uint64_t ts0;             /* system counter at cycle 0 */
    unsigned ts_div;          /* cycles per system counter tick (>= 1) */
    unsigned syscall_cycles;  /* cycles at EL1 per system call */
    unsigned signal_cycles;   /* cycles at EL1 per fault, trap or signal */
    unsigned mispred_cycles;  /* pipeline refill after a mispredicted branch */
    unsigned image_gap;       /* executed runs closer than this many bytes
                                 share an image segment (the bytes between
                                 them, never executed, read as zero) */
} wl_import_opts;

void wl_import_opts_default(wl_import_opts *o);

typedef struct wl_import_stats {
    uint64_t capture_insns;   /* EXEC entries */
    uint64_t capture_accesses;/* MEM entries */
    uint64_t defs;            /* DEF entries (translated instructions) */
    unsigned end;             /* enum wl_end */
    uint64_t records;         /* records written */
    uint64_t insns;           /* INSN records at EL0 */
    uint64_t iclass[PE_IC_COUNT]; /* INSN records at EL0 per class */
    uint64_t taken;           /* taken branches (B..RET) */
    uint64_t mispredicted;
    uint64_t syscalls;        /* SVC */
    uint64_t data_faults, traps, inst_debug, irqs;
    uint64_t loads, stores;   /* by the PE_LS_STORE_F / class rule */
    uint64_t ls_class[8];     /* per enum pe_ls */
    uint64_t ls_simd, ls_sve;
    uint64_t ls_no_access;    /* loads/stores QEMU reported no access for */
    uint64_t stray_accesses;  /* accesses of instructions that are not loads/stores */
    uint64_t l1_miss, l2_miss, llc_miss, tlb_walks, pages;
    uint64_t cycles;          /* last cycle - first cycle */
    size_t segments;
    uint64_t image_bytes;
    uint64_t distinct_pcs;
} wl_import_stats;

/* Convert the capture in cap[0..len) into out (initialised by the caller,
 * filled from empty).  Returns 0, or -1 with a message naming the byte
 * offset of the problem in err. */
int wl_import_buf(const uint8_t *cap, size_t len, const wl_import_opts *o, pe_stream *out,
                  wl_import_stats *st, char *err, size_t errlen);
/* The same for a capture file. */
int wl_import_file(const char *path, const wl_import_opts *o, pe_stream *out,
                   wl_import_stats *st, char *err, size_t errlen);

void wl_import_stats_print(FILE *f, const char *name, const wl_import_stats *st);

#endif
