/* Random A64 program generator: builds a real A64 program image (user
 * processes at EL0, a kernel at EL1 with a vector table, a small hypervisor
 * at EL2) and produces the PE retirement stream (pe_stream.h) of one
 * execution of it.  Everything is deterministic per seed and feature set.
 *
 * The execution follows the rules of docs/pe-interface.md.  In short:
 *  - every INSN record's opcode is the image word at pc and its iclass is
 *    the class of that word; direct branch targets are the encoded ones;
 *  - EXC records sit between the last instruction executed before the
 *    exception and the first instruction of the handler (the vector);
 *  - ERET records carry the return address as target; the next record
 *    carries the EL (and context) returned to;
 *  - TFAIL records follow TCANCEL or an asynchronous transaction failure,
 *    target = the instruction after the outer TSTART;
 *  - RESET records precede the first instruction at the reset vector.
 *
 * The program: 1 to PROGEN_MAX_PROC processes at EL0 (a main loop calling a
 * chain of functions more than 15 deep, leaf functions, jump tables,
 * transactions, system calls; part of the chain and of the leaves placed
 * more than 128 KB away as far code reached by BL; a library at a high
 * address, upper 32 bits different, sometimes straddling a 4 GB boundary,
 * entered through PLT stubs (BL, then BR) and function pointers (BLR),
 * calling back into the process by BLR, with a system call wrapper), a
 * kernel at EL1 (vector table at
 * PROGEN_VBAR_EL1, system call table, interrupt and abort handlers, a
 * scheduler that writes CONTEXTIDR_EL1 and returns to another process, a
 * reset path at PROGEN_RESET_PC), and a hypervisor at EL2 (HVC handler that
 * changes VTTBR_EL2.VMID and CONTEXTIDR_EL2).  Handlers return past BRK and
 * UDF, and to the faulting instruction after aborts and watchpoints.
 */
#ifndef PROGEN_H
#define PROGEN_H

#include <stddef.h>
#include <stdint.h>

#include "pe_stream.h"

/* ---- features --------------------------------------------------------- */
#define PROGEN_F_EXCEPTIONS (1u << 0) /* SVC/HVC/BRK/UDF, aborts, watchpoints */
#define PROGEN_F_IRQ        (1u << 1) /* IRQ/FIQ/SError at arbitrary points */
#define PROGEN_F_CONTEXT    (1u << 2) /* processes, CONTEXTIDR/VMID changes */
#define PROGEN_F_TXN        (1u << 3) /* TME transactions */
#define PROGEN_F_WFX        (1u << 4) /* WFI/WFE */
#define PROGEN_F_ISB        (1u << 5) /* ISB */
#define PROGEN_F_RESET      (1u << 6) /* rare PE Warm reset */
#define PROGEN_F_EVENTS     (1u << 7) /* ext_in pulses */
#define PROGEN_F_LDST       (1u << 8) /* loads/stores with SPE fields */
#define PROGEN_F_ALL        0x1FFu

typedef struct progen_cfg {
    uint64_t seed;
    uint64_t n_records;   /* records to produce; 0 = no limit (progen_next) */
    unsigned features;    /* PROGEN_F_* */
} progen_cfg;

/* All features, 20000 records. */
void progen_cfg_default(progen_cfg *c, uint64_t seed);

/* Feature names ("exceptions", "irq", "context", "txn", "wfx", "isb",
 * "reset", "events", "ldst"): name of one PROGEN_F_* bit, or NULL. */
const char *progen_feature_name(unsigned bit);
/* Parse a comma-separated list: names, "all", "none", and "-name" or
 * "no-name" to remove one.  Starts from none unless the first item is a
 * removal (then from all).  Returns 0, or -1 with a message in err. */
int progen_parse_features(const char *list, unsigned *features, char *err, size_t errlen);

/* ---- fixed parts of the address map ------------------------------------ */
#define PROGEN_VBAR_EL1   0xFFFF800010000000ull /* kernel code, vector table */
#define PROGEN_RESET_PC   (PROGEN_VBAR_EL1 + 0x800u) /* reset vector (EL1) */
#define PROGEN_VBAR_EL2   0x0000000040000000ull /* hypervisor code, vectors */
#define PROGEN_USER_BASE  0x0000000000400000ull /* process p at + p * STRIDE */
#define PROGEN_USER_STRIDE 0x0000000000100000ull
#define PROGEN_MAX_PROC   4
/* A process's far code starts more than PROGEN_FAR_GAP bytes past the end
 * of its main code, inside its slot [base, base + PROGEN_USER_STRIDE). */
#define PROGEN_FAR_GAP    0x0000000000020000ull
/* The library of process p lies in [PROGEN_LIB_BASE + p * PROGEN_LIB_STRIDE,
 * + PROGEN_LIB_STRIDE), above the first 4 GB of that window. */
#define PROGEN_LIB_BASE   0x00007F0000000000ull
#define PROGEN_LIB_STRIDE 0x0000001000000000ull

typedef struct progen progen;

/* Build the program image for c (copied into *image_out when it is not
 * NULL; free it with pe_image_free).  Returns NULL on allocation failure
 * or unknown feature bits. */
progen *progen_new(const progen_cfg *c, pe_image *image_out);
/* Write the next records of the execution into buf[0..n); returns n, or
 * fewer once c->n_records records have been produced in total. */
size_t progen_next(progen *g, pe_rec *buf, size_t n);
/* Records produced so far. */
uint64_t progen_count(const progen *g);
void progen_free(progen *g);

/* Image and c->n_records records into out (initialised here; free with
 * pe_stream_free); out->seed = c->seed.  Returns 0, or -1 with a message. */
int progen_generate(const progen_cfg *c, pe_stream *out, char *err, size_t errlen);

/* ---- branch-only programs ------------------------------------------------
 * A random A64 program in which every instruction is a branch, for rate
 * measurements where every retired instruction is a P0 element: one EL0
 * region of PROGEN_BR_SLOTS instructions at PROGEN_USER_BASE, each a B.cond
 * (taken with a per-site bias, to any other slot), B or BL (to a later slot), RET,
 * BR or BLR; the last slot is a BR, so no loop of the program is free of
 * random choices.  BR and BLR go to random slots, as through a table; RET
 * returns after the newest call (BL, BLR) not yet returned from, as code
 * that saves and restores x30 on a stack would (64 calls deep; with none, to
 * a random slot).  Records follow docs/pe-interface.md (target: the encoded
 * or taken target; TAKEN, COND and CCFAIL flags; Events retired and not
 * taken; issue and total latencies; cycle counter and timestamp increasing;
 * no load or store).  n_records
 * records into out (initialised here, out->seed = seed).  Returns 0, or -1
 * with a message. */
#define PROGEN_BR_SLOTS 2048u
int progen_branches(uint64_t seed, uint64_t n_records, pe_stream *out, char *err,
                    size_t errlen);

/* ---- long straight-line runs -------------------------------------------
 * A random A64 program of blocks, each a body of non-branch instructions
 * (ADD, NOP) and then a branch, as progen_branches' (B.cond, B, BL, RET, BR,
 * BLR; targets anywhere, so into the middle of bodies too): one EL0 region
 * of PROGEN_LR_SLOTS instructions at PROGEN_USER_BASE, a quarter of the
 * bodies 0..15 instructions, a quarter 16..63, half 64..PROGEN_LR_BODY_MAX,
 * so that runs of every length up to and past a block slot's 64
 * instructions (docs/pe-blocks.md) occur, with comparator edges anywhere in
 * them.  Records as progen_branches'.  n_records records into out
 * (initialised here, out->seed = seed).  Returns 0, or -1 with a message. */
#define PROGEN_LR_SLOTS    16384u
#define PROGEN_LR_BODY_MAX 200u
int progen_long_runs(uint64_t seed, uint64_t n_records, pe_stream *out, char *err,
                     size_t errlen);

#endif
