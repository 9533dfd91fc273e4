/* ETE trace decoder: the stateful analysis of chapter D9 on top of the
 * stateless packet parser (ete_pkt.h).  Streaming API in the manner of
 * OpenCSD: feed bytes to a handle, get trace elements through a callback,
 * learn how many bytes were processed.
 *
 * Elements are the architectural trace elements of chapter D2 after
 * speculation resolution (D9.3), transaction resolution (D9.4) and the
 * program-image walk (D9.5), which turns each P0 element into an
 * ETE_ELEM_RANGE of executed instructions.
 */
#ifndef ETE_DECODER_H
#define ETE_DECODER_H

#include <stddef.h>
#include <stdint.h>

#include "ete_regs.h"

/* Decoder configuration: what a trace snapshot records about the unit. */
typedef struct ete_dec_cfg {
    ete_idregs id;          /* TRCIDR0..13, TRCDEVARCH */
    uint32_t trcconfigr;
    uint32_t trctraceidr;
} ete_dec_cfg;

/* Program memory.  Returns 0 and the little-endian word at addr, or -1 when
 * addr is not in the image.  el/ns give the context the read is for. */
typedef int (*ete_mem_read_fn)(void *ctx, uint64_t addr, unsigned el, int ns,
                               uint32_t *word);

enum ete_elem_kind {
    ETE_ELEM_RANGE = 0,     /* instructions [start, end) executed; last one is the P0 */
    ETE_ELEM_EXCEPTION,     /* exception: type, addr = preferred return address */
    ETE_ELEM_CONTEXT,       /* context changed (or first context) */
    ETE_ELEM_TIMESTAMP,     /* ts; cc if cc_valid */
    ETE_ELEM_CYCLE_COUNT,   /* cc cycles (cc_valid == 0: UNKNOWN) */
    ETE_ELEM_TRACE_ON,      /* discontinuity */
    ETE_ELEM_OVERFLOW,      /* trace unit buffer overflow */
    ETE_ELEM_TRACE_INFO,    /* trace info (compression reset) */
    ETE_ELEM_EVENT,         /* event number in 'event' */
    ETE_ELEM_TXN_START,
    ETE_ELEM_TXN_COMMIT,
    ETE_ELEM_TXN_FAILURE,
    ETE_ELEM_PE_RESET,      /* exception of type PE Reset */
    ETE_ELEM_TS_MARKER,
    ETE_ELEM_NO_SYNC,       /* lost: data skipped until the next A-Sync */
    ETE_ELEM_MEM_NACC,      /* image has no instruction at addr; walk stopped */
    ETE_ELEM_KIND_COUNT
};

/* P0 instruction class at the end of a range (A64, D3.1). */
enum ete_p0_class {
    ETE_P0_NONE = 0,        /* range ended by an exception, not a P0 instruction */
    ETE_P0_BR_DIRECT,       /* B, BL, B.cond, CBZ/CBNZ, TBZ/TBNZ */
    ETE_P0_BR_INDIRECT,     /* BR, BLR, RET, ERET and PAC forms */
    ETE_P0_ISB,
    ETE_P0_WFX,
    ETE_P0_TSTART
};

typedef struct ete_elem {
    uint8_t  kind;          /* enum ete_elem_kind */
    uint8_t  p0_class;      /* RANGE: enum ete_p0_class of the last instruction */
    uint8_t  taken;         /* RANGE: last instruction's atom was E */
    uint8_t  is_link;       /* RANGE: last instruction is a branch with link */
    uint8_t  exc_type;      /* EXCEPTION: TYPE field of D5.13 */
    uint8_t  el;            /* CONTEXT: exception level */
    uint8_t  ns;            /* CONTEXT: non-secure */
    uint8_t  sf;            /* CONTEXT: AArch64 */
    uint8_t  cc_valid;      /* TIMESTAMP/CYCLE_COUNT: cc is known */
    uint8_t  cid_valid;     /* CONTEXT: contextid is traced */
    uint8_t  vmid_valid;    /* CONTEXT: vmid is traced */
    uint8_t  event;         /* EVENT: event number 0..3 */
    uint32_t n_insn;        /* RANGE: number of instructions */
    uint32_t contextid;     /* CONTEXT */
    uint32_t vmid;          /* CONTEXT */
    uint64_t start;         /* RANGE: first instruction address */
    uint64_t end;           /* RANGE: address after the last instruction */
    uint64_t addr;          /* EXCEPTION: preferred return address;
                               MEM_NACC: the address that could not be read */
    uint64_t ts;            /* TIMESTAMP */
    uint64_t cc;            /* TIMESTAMP/CYCLE_COUNT: cycle count */
    uint64_t offset;        /* byte offset in the trace of the packet that
                               produced the element */
} ete_elem;

typedef void (*ete_elem_fn)(void *ctx, const ete_elem *e);

typedef struct ete_decoder ete_decoder;

/* Returns NULL with a message in err when cfg describes a unit the decoder
 * cannot decode (for example not ETE per TRCDEVARCH). */
ete_decoder *ete_decoder_new(const ete_dec_cfg *cfg, ete_mem_read_fn mem, void *mem_ctx,
                             ete_elem_fn out, void *out_ctx, char *err, size_t errlen);
void ete_decoder_free(ete_decoder *d);

/* Decode len bytes.  *used receives the bytes processed (all of them unless
 * the return is negative).  Returns 0, or -1 on a fatal error (allocation).
 * A bad packet is not fatal: it is reported by ete_decoder_errors(), an
 * ETE_ELEM_NO_SYNC element is emitted and decoding resumes at the next
 * A-Sync packet. */
int ete_decoder_feed(ete_decoder *d, const uint8_t *buf, size_t len, size_t *used);
/* End of trace: resolve what the stream allows and emit the rest. */
void ete_decoder_finish(ete_decoder *d);

/* Number of bad-packet errors so far and the text of the last one, which
 * names the byte offset and the problem. */
unsigned ete_decoder_errors(const ete_decoder *d);
const char *ete_decoder_last_error(const ete_decoder *d);

/* Instructions reconstructed so far. */
uint64_t ete_decoder_insn_count(const ete_decoder *d);

/* Work done so far: resolution-queue elements stepped (committed,
 * cancelled, discarded) plus image words read and runs stepped by the
 * program-image walk.  Bounded per trace byte (docs/ete-decode.md). */
uint64_t ete_decoder_work(const ete_decoder *d);

const char *ete_elem_kind_name(unsigned kind);
/* One line, no newline, in the `ete-decode --ranges` format (docs/ete-decode.md). */
int ete_elem_format(const ete_elem *e, char *buf, size_t len);

#endif
