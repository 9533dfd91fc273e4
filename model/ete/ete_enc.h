/* ETE packet encoders (chapter D5): one function per packet type the model
 * emits.  Each writes the packet's bytes to out (at most ETE_ENC_MAX_PKT
 * bytes) and returns the count.  The encoders are stateless: compression
 * decisions (which form, how many address bytes) are the caller's; the
 * helpers below compute them from the address history buffer entry 0
 * (D6.11.3) and the last timestamp (D6.11.5). */
#ifndef ETE_ENC_H
#define ETE_ENC_H

#include <stddef.h>
#include <stdint.h>

#define ETE_ENC_MAX_PKT 24u

/* The E field of Exception, PE Reset and Transaction Failure packets. */
#define ETE_EXC_E_EXC      1u  /* E=0b01: Exception element only */
#define ETE_EXC_E_ADDR_EXC 2u  /* E=0b10: Target Address element, then Exception */

/* Transaction Failure TYPE (D5.13 "Reserved. See Transaction Failure") */
#define ETE_EXC_TYPE_TXN_FAILURE 0x18u

/* Context fields of Context and "with Context" packets (D5.55). */
typedef struct ete_enc_ctx {
    uint8_t el;           /* EL[1:0] */
    uint8_t ns;           /* NS */
    uint8_t sf;           /* SF: 1 = AArch64 */
    uint8_t c;            /* CONTEXTID field present */
    uint8_t v;            /* VMID field present (always 4 bytes, D5.55) */
    uint32_t contextid;
    uint32_t vmid;
} ete_enc_ctx;

/* ---- compression helpers -------------------------------------------- */
/* Bytes of the A field a Short address packet needs to encode addr relative
 * to ref (history entry 0): 1 or 2, or 0 when no short form can. */
unsigned ete_short_bytes_is0(uint64_t addr, uint64_t ref);
unsigned ete_short_bytes_is1(uint64_t addr, uint64_t ref);
/* Nonzero when addr[63:32] == ref[63:32]: a 32-bit form can encode addr. */
int ete_addr_fits32(uint64_t addr, uint64_t ref);
/* Bytes of the TS field encoding ts relative to prev (1..9), D6.11.5. */
unsigned ete_ts_bytes(uint64_t ts, uint64_t prev);
/* Bytes of an unsigned LE128 field holding v (D5.3.1). */
unsigned ete_uleb_bytes(uint64_t v);

/* ---- D5.4 .. D5.12 --------------------------------------------------- */
size_t ete_enc_async(uint8_t *out);
size_t ete_enc_discard(uint8_t *out);
size_t ete_enc_overflow(uint8_t *out);
/* D5.7: spec = SPEC (uncommitted P0 elements, 0 for MAXSPEC 0); the INFO
 * section is present when cc_enabled or tstate; CYCT when cc_enabled. */
size_t ete_enc_trace_info(uint8_t *out, int cc_enabled, unsigned cc_threshold,
                          int tstate, uint32_t spec);
size_t ete_enc_trace_on(uint8_t *out);
/* D5.9: ts compressed against prev (ete_ts_bytes); has_count selects the
 * variant with the COUNT field (count < 2^20). */
size_t ete_enc_timestamp(uint8_t *out, uint64_t ts, uint64_t prev, int has_count,
                         uint32_t count);
size_t ete_enc_txn_start(uint8_t *out);
size_t ete_enc_txn_commit(uint8_t *out);

/* ---- D5.13 .. D5.25 exceptions ---------------------------------------- */
size_t ete_enc_exc_exact(uint8_t *out, unsigned e, unsigned type, unsigned qe);
/* nbytes: 1 or 2 address bytes (ete_short_bytes_is0/1). */
size_t ete_enc_exc_short_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                             unsigned nbytes);
size_t ete_enc_exc_short_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                             unsigned nbytes);
size_t ete_enc_exc_32_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr);
size_t ete_enc_exc_32_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr);
size_t ete_enc_exc_64_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr);
size_t ete_enc_exc_64_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr);
size_t ete_enc_exc_ctxt_32_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c);
size_t ete_enc_exc_ctxt_32_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c);
size_t ete_enc_exc_ctxt_64_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c);
size_t ete_enc_exc_ctxt_64_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c);
size_t ete_enc_txn_failure(uint8_t *out, unsigned e);
size_t ete_enc_pe_reset(uint8_t *out, unsigned e);

/* ---- D5.26 .. D5.34 cycle count --------------------------------------- */
/* count arguments are the COUNT field: cycles - cc_threshold. */
size_t ete_enc_cc_f1_0_unknown(uint8_t *out, uint32_t commit);
size_t ete_enc_cc_f1_1_unknown(uint8_t *out);
size_t ete_enc_cc_f1_0(uint8_t *out, uint32_t commit, uint32_t count);
size_t ete_enc_cc_f1_1(uint8_t *out, uint32_t count);
size_t ete_enc_cc_f2_1(uint8_t *out, unsigned bbbb);
size_t ete_enc_cc_f3_1(uint8_t *out, unsigned bb);

/* ---- D5.40 .. D5.46 atoms --------------------------------------------- */
/* a: bit i = atom i (1 = E, 0 = N), first atom in bit 0. */
size_t ete_enc_atom_f1(uint8_t *out, unsigned a);
size_t ete_enc_atom_f2(uint8_t *out, unsigned a);
size_t ete_enc_atom_f3(uint8_t *out, unsigned a);
/* F4, F5.2: the A field of the packet (F4: 0=NEEE 1=NNNN 2=NENE 3=ENEN;
 * F5.2: 1=NNNNN 2=NENEN 3=ENENE). */
size_t ete_enc_atom_f4(uint8_t *out, unsigned afield);
size_t ete_enc_atom_f5_1(uint8_t *out);
size_t ete_enc_atom_f5_2(uint8_t *out, unsigned afield);
/* F6: 3+count E atoms (count 0..20), then E (last_n 0) or N (last_n 1). */
size_t ete_enc_atom_f6(uint8_t *out, unsigned count, unsigned last_n);

/* ---- D5.47 .. D5.59 addresses and context ----------------------------- */
size_t ete_enc_addr_short_is0(uint8_t *out, uint64_t addr, unsigned nbytes);
size_t ete_enc_addr_short_is1(uint8_t *out, uint64_t addr, unsigned nbytes);
size_t ete_enc_addr_32_is0(uint8_t *out, uint64_t addr);
size_t ete_enc_addr_32_is1(uint8_t *out, uint64_t addr);
size_t ete_enc_addr_64_is0(uint8_t *out, uint64_t addr);
size_t ete_enc_addr_64_is1(uint8_t *out, uint64_t addr);
size_t ete_enc_addr_exact(uint8_t *out, unsigned qe);
size_t ete_enc_ctxt_same(uint8_t *out);
size_t ete_enc_ctxt(uint8_t *out, const ete_enc_ctx *c);
size_t ete_enc_addr_ctxt_32_is0(uint8_t *out, uint64_t addr, const ete_enc_ctx *c);
size_t ete_enc_addr_ctxt_32_is1(uint8_t *out, uint64_t addr, const ete_enc_ctx *c);
size_t ete_enc_addr_ctxt_64_is0(uint8_t *out, uint64_t addr, const ete_enc_ctx *c);
size_t ete_enc_addr_ctxt_64_is1(uint8_t *out, uint64_t addr, const ete_enc_ctx *c);

/* ---- D5.68 ------------------------------------------------------------ */
/* events: bit n = ETEEvent n (1..15; 0 would be an Ignore packet). */
size_t ete_enc_event(uint8_t *out, unsigned events);

#endif
