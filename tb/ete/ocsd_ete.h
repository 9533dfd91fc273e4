/* OpenCSD 1.3.3 as an independent second ETE decoder.
 *
 * A thin C wrapper over OpenCSD's C API: configure its ETE decoder from the
 * ID registers, feed it the raw (unformatted, single-source) trace, give it
 * the program image, and collect its generic trace elements in a form that
 * can be compared with the elements of our decoder (sw/ete/ete_decoder.h).
 *
 * Where OpenCSD 1.3.3 departs from the specification the comparison waives
 * exactly that departure and nothing else; the list, with a minimal stream
 * and the rule broken for each, is tests/ete/ocsd_waivers.md.
 *
 * Each call runs OpenCSD in a child process (fork), so that OpenCSD's crashes
 * (W3) end only that child: the caller gets what OpenCSD produced, an error
 * naming the offset, and the rest of the trace decoded from the next A-Sync.
 * Not thread-safe: OpenCSD's message logger is process-global, and fork is
 * used.
 */
#ifndef OCSD_ETE_H
#define OCSD_ETE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ete_decoder.h"
#include "ete_regs.h"
#include "pe_stream.h"

/* Element kinds, mapped from OpenCSD's ocsd_gen_trc_elem_t. */
enum ocsd_ete_kind {
    OCSD_ETE_RANGE = 0,     /* INSTR_RANGE: [start, end) executed, n_insn instructions */
    OCSD_ETE_EXCEPTION,     /* EXCEPTION: exc_type; addr = preferred return address */
    OCSD_ETE_TRACE_ON,      /* TRACE_ON: sub = OpenCSD trace_on_reason_t */
    OCSD_ETE_CONTEXT,       /* PE_CONTEXT: el, ns, sf, contextid, vmid */
    OCSD_ETE_TIMESTAMP,     /* TIMESTAMP: ts; cc when cc_valid */
    OCSD_ETE_CYCLE_COUNT,   /* CYCLE_COUNT: cc */
    OCSD_ETE_OVERFLOW,      /* NO_SYNC with reason overflow (Overflow packet, D5.6) */
    OCSD_ETE_EVENT,         /* EVENT: event = number 0..3 (one element per event) */
    OCSD_ETE_TXN,           /* MEMTRANS: sub = enum ocsd_ete_txn */
    OCSD_ETE_PE_RESET,      /* EXCEPTION with number 0 (PE Reset) */
    OCSD_ETE_OTHER,         /* anything else: sub = OpenCSD element type */
    OCSD_ETE_ERROR,         /* error: text; also ADDR_NACC (addr) and ADDR_UNKNOWN */
    OCSD_ETE_DISCARD,       /* NO_SYNC with reason discard (Discard packet, D5.5) */
    OCSD_ETE_KIND_COUNT
};

/* OCSD_ETE_TXN: sub */
enum ocsd_ete_txn {
    OCSD_ETE_TXN_START = 0,
    OCSD_ETE_TXN_COMMIT,
    OCSD_ETE_TXN_FAIL,
    OCSD_ETE_TXN_INIT       /* trace began in Transactional state (Trace Info T = 1) */
};

/* OCSD_ETE_ERROR: sub, where the error came from */
enum ocsd_ete_err_src {
    OCSD_ETE_ERR_LOG = 0,   /* OpenCSD logged an error (decoder / packet processor) */
    OCSD_ETE_ERR_PACKET,    /* the packet processor flagged a bad or incomplete packet */
    OCSD_ETE_ERR_NACC,      /* no program image at addr (ADDR_NACC) */
    OCSD_ETE_ERR_ADDR_UNKNOWN, /* OpenCSD does not know the current address */
    OCSD_ETE_ERR_DATAPATH   /* the datapath returned a fatal response, or OpenCSD's
                               process died (then restarted at the next A-Sync) */
};

/* waiver: a known OpenCSD 1.3.3 departure (ocsd_waivers.md) shown by this element */
enum ocsd_ete_waiver {
    OCSD_ETE_WAIVE_NONE = 0,
    OCSD_ETE_WAIVE_PE_RESET,    /* W1, on an ERROR: Exception packet with TYPE PE Reset
                                   rejected */
    OCSD_ETE_WAIVE_RS_POP       /* W3, on an EXCEPTION: E = 0b10 after a taken indirect
                                   branch, with the return stack enabled; OpenCSD
                                   popped its return stack.  On an ERROR: the
                                   OCSD_ERR_RET_STACK_OVERFLOW that follows, after
                                   which OpenCSD lost sync */
};

typedef struct ocsd_ete_elem {
    uint8_t  kind;          /* enum ocsd_ete_kind */
    uint8_t  exc_type;      /* EXCEPTION, PE_RESET: exception number (TYPE of D5.13) */
    uint8_t  el;            /* CONTEXT: exception level, 0xFF when not traced */
    uint8_t  ns;            /* CONTEXT: 1 = Non-secure */
    uint8_t  sf;            /* CONTEXT: 1 = AArch64 */
    uint8_t  cid_valid;     /* CONTEXT: contextid is valid */
    uint8_t  vmid_valid;    /* CONTEXT: vmid is valid */
    uint8_t  addr_valid;    /* EXCEPTION: addr is the preferred return address */
    uint8_t  addr_is_tgt;   /* EXCEPTION: the address is also the target of the
                               previous taken branch (E = 0b10, D5.13) */
    uint8_t  taken;         /* RANGE: the last instruction was executed (E atom) */
    uint8_t  last_type;     /* RANGE: OpenCSD ocsd_instr_type of the last instruction */
    uint8_t  last_subtype;  /* RANGE: OpenCSD ocsd_instr_subtype */
    uint8_t  isa;           /* RANGE, CONTEXT: OpenCSD ocsd_isa */
    uint8_t  cc_valid;      /* RANGE, TIMESTAMP: cc is valid; CYCLE_COUNT: always 1 */
    uint8_t  event;         /* EVENT: event number 0..3 */
    uint8_t  sub;           /* TXN, TRACE_ON, ERROR, OTHER: see above */
    uint8_t  waiver;        /* ERROR, EXCEPTION: enum ocsd_ete_waiver */
    uint32_t n_insn;        /* RANGE: instructions in the range */
    uint32_t contextid;     /* CONTEXT */
    uint32_t vmid;          /* CONTEXT */
    uint64_t start;         /* RANGE: first instruction address */
    uint64_t end;           /* RANGE: address after the last instruction (exclusive) */
    uint64_t addr;          /* EXCEPTION: preferred return address; ERROR (NACC): the
                               address that could not be read */
    uint64_t ts;            /* TIMESTAMP */
    uint64_t cc;            /* CYCLE_COUNT; RANGE/TIMESTAMP when cc_valid */
    uint64_t offset;        /* byte offset of the packet that produced the element
                               (OpenCSD's index_sop) */
    uint64_t until;         /* TXN FAIL: offset of the first packet after the failure
                               that carries an explicit address (UINT64_MAX: none);
                               ERROR with a waiver: offset of the first element
                               OpenCSD produced after it resynchronised (UINT64_MAX:
                               never); EXCEPTION with waiver RS_POP: offset of the
                               next Trace Info or Trace On packet (UINT64_MAX: none);
                               TXN START or INIT: offset of the Commit packet that
                               ends the transaction (UINT64_MAX: a Failure, a new
                               Start or nothing ends it) */
    char    *text;          /* ERROR: message, owned by the result; else NULL */
} ocsd_ete_elem;

typedef struct ocsd_ete_result {
    ocsd_ete_elem *elem;
    size_t   n;
    size_t   cap;
    uint64_t insn_count;    /* sum of n_insn over the ranges (and OpenCSD's
                               I_RANGE_NOPATH, kept as OTHER) */
    unsigned errors;        /* ERROR elements (every source, waived or not) */
    char     first_error[256]; /* text of the first ERROR element, "" if none */
    uint64_t *anchor;       /* offsets of the packets that carry an explicit address
                               (OpenCSD's I_ADDR_* and I_SRC_ADDR_*), ascending */
    size_t   n_anchor;
} ocsd_ete_result;

/* Decode len bytes of raw ETE trace with OpenCSD configured from id
 * (TRCIDR0/1/2/8, TRCDEVARCH), trcconfigr and trctraceidr, over the program
 * image img (every segment, any exception level and security state).
 * Returns 0 with the elements in *out (free with ocsd_ete_result_free) even
 * when the trace had errors: those are ERROR elements and out->errors.
 * Returns -1 with a message in err when OpenCSD cannot be set up for this
 * configuration or memory runs out; *out is then empty. */
int ocsd_ete_decode(const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                    const pe_image *img, const uint8_t *trace, size_t len,
                    ocsd_ete_result *out, char *err, size_t errlen);

/* The same decode, keeping only the number of instructions: for the
 * benchmark.  Returns 0, or -1 with err as for ocsd_ete_decode.  When
 * OpenCSD crashed and was restarted at the next A-Sync, it still returns 0,
 * with a note in err; the count then misses the bytes skipped. */
int ocsd_ete_count(const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                   const pe_image *img, const uint8_t *trace, size_t len,
                   uint64_t *insn_count, char *err, size_t errlen);

void ocsd_ete_result_free(ocsd_ete_result *r);

/* OpenCSD's packet printer text for the trace, one packet a line, with its
 * error messages in between, written to out.  Returns 0, or -1 with err. */
int ocsd_ete_packet_text(const ete_idregs *id, uint32_t trcconfigr, uint32_t trctraceidr,
                         const pe_image *img, const uint8_t *trace, size_t len, FILE *out,
                         char *err, size_t errlen);

/* Compare OpenCSD's instruction ranges and exceptions (type and preferred
 * return address) with ours, in order.  Empty ranges are ignored on both
 * sides; ranges must otherwise match exactly.  The waivers of
 * tests/ete/ocsd_waivers.md are applied and nothing else.  Returns 0 when
 * the sequences agree (msg: a summary of what was compared and waived), 1
 * when they differ (msg: the index of the first difference and both sides),
 * -1 on bad arguments. */
int ocsd_ete_compare(const ocsd_ete_result *ocsd, const ete_elem *ours, size_t n_ours,
                     char *msg, size_t msglen);

const char *ocsd_ete_kind_name(unsigned kind);
/* One line, no newline, describing e. */
int ocsd_ete_elem_format(const ocsd_ete_elem *e, char *buf, size_t len);

/* LeakSanitizer hook, called by the sanitizer runtime and never by the
 * project: OpenCSD 1.3.3 never frees the 32-byte callback object that
 * ocsd_dt_set_gen_elem_outfn allocates (Linaro/OpenCSD issue #55, fixed
 * after 1.3.3), one per decode tree; the suppression names only that frame.
 * It matters when no child process can be started and OpenCSD runs in the
 * caller's process. */
const char *__lsan_default_suppressions(void);
/* ... and keeps LeakSanitizer from listing that suppression at every exit. */
const char *__lsan_default_options(void);

#endif
