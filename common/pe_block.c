/* The PE block stream (pe_block.h, docs/pe-blocks.md): derivation from the
 * record stream, statistics, text dump. */
#include "pe_block.h"

#include <inttypes.h>
#include <string.h>

int pe_iclass_is_p0(unsigned ic)
{
    switch (ic) {
    case PE_IC_B: case PE_IC_BCOND: case PE_IC_BL: case PE_IC_BR: case PE_IC_BLR:
    case PE_IC_RET: case PE_IC_ERET: case PE_IC_ISB: case PE_IC_WFX: case PE_IC_TSTART:
        return 1;                          /* R_PBVZM, R_GPNRJ, R_DJMQM, D3.4 */
    default:
        return 0;
    }
}

/* The instruction classes after which a run ends (rule 3): the P0
 * instructions, whose element the unit generates with the slot, and the
 * special ones that the unit acts on with the slot: TCOMMIT (Transaction
 * Commit element, D6.9.10), TCANCEL and EXCGEN (a TFAIL or EXC slot
 * follows). */
static int ends_run(unsigned ic)
{
    return pe_iclass_is_p0(ic) || ic == PE_IC_TCOMMIT || ic == PE_IC_TCANCEL ||
           ic == PE_IC_EXCGEN;
}

uint8_t pe_blk_port_flags(const pe_blk *b)
{
    return (uint8_t)(((b->flags & PE_F_TAKEN) ? 1u : 0u) | ((b->flags & PE_F_NS) ? 2u : 0u) |
                     ((b->flags & PE_F_TSTATE) ? 4u : 0u) | ((b->flags & PE_F_CCFAIL) ? 8u : 0u));
}

size_t pe_blk_nrecs(const pe_blk *b)
{
    switch (b->kind) {
    case PE_BLK_INSN:
        return b->isa == PE_ISA_T32 ? 1u : (size_t)b->last / 4u + 1u;
    case PE_BLK_CTX:
        return 0;
    default:
        return 1;
    }
}

static const char *check_rec(const pe_rec *r, unsigned *v)
{
    if (r->kind >= PE_KIND_COUNT) {
        *v = r->kind;
        return "reserved kind";
    }
    if (r->kind == PE_KIND_INSN && r->iclass >= PE_IC_COUNT) {
        *v = r->iclass;
        return "reserved instruction class";
    }
    if (r->isa > PE_ISA_T32) {
        *v = r->isa;
        return "reserved instruction set";
    }
    if (r->el > 3) {
        *v = r->el;
        return "Exception level above EL3";
    }
    if (r->kind == PE_KIND_EXC && r->from_el > 3) {
        *v = r->from_el;
        return "from_el above EL3";
    }
    if (r->kind == PE_KIND_EXC && r->exc_type > 0x1F) {
        *v = r->exc_type;
        return "exception type wider than 5 bits";
    }
    return NULL;
}

/* Fields of a record that a slot carries, for any kind. */
static void blk_fill(pe_blk *b, const pe_rec *r)
{
    b->flags = r->flags & PE_BLK_FLAGS;
    b->isa = r->isa;
    b->el = r->el;
    b->ext_in = r->ext_in;
    b->cycle = r->cycle;        /* the last record's: the clock the slot is presented */
    b->timestamp = r->timestamp;
}

long pe_blk_from_recs(const pe_rec *rec, size_t n, unsigned max_insns, pe_blk *out,
                      size_t *bad, char *err, size_t errlen)
{
    size_t k = 0;
    int have_ctx = 0;
    uint32_t cid1 = 0, cid2 = 0;
    int open = 0;               /* out[k - 1] is an INSN run that may grow */
    unsigned ninsn = 0;         /* instructions in the open run */
    unsigned cap = max_insns ? max_insns : PE_BLK_LAST_MAX / 4u + 1u;
    if (cap > PE_BLK_LAST_MAX / 4u + 1u)
        cap = PE_BLK_LAST_MAX / 4u + 1u;

    for (size_t i = 0; i < n; i++) {
        const pe_rec *r = &rec[i];
        unsigned v = 0;
        const char *why = check_rec(r, &v);
        if (why) {
            if (bad)
                *bad = i;
            if (err && errlen)
                snprintf(err, errlen, "record %zu: %s (0x%x)", i, why, v);
            return -1;
        }
        /* Rule 1: the unit holds the context identifiers, so a CTX slot
         * precedes the first record (the unit starts with known values)
         * and every record whose identifiers differ from the previous
         * record's, EXC, RESET and TFAIL records included (an exception's
         * Context element carries them, D6.9.12). */
        if (!have_ctx || r->contextidr_el1 != cid1 || r->contextidr_el2 != cid2) {
            pe_blk *c = &out[k++];
            memset(c, 0, sizeof *c);
            c->kind = PE_BLK_CTX;
            c->addr = (uint64_t)r->contextidr_el2 << 32 | r->contextidr_el1;
            c->cycle = r->cycle;
            c->timestamp = r->timestamp;
            cid1 = r->contextidr_el1;
            cid2 = r->contextidr_el2;
            have_ctx = 1;
            open = 0;
        }
        if (r->kind != PE_KIND_INSN) {
            /* Rule 2: an exception, a reset or a transaction failure is
             * one slot: each is a P0-like element of its own (R_YPPRPH)
             * with its own address, and ends the run before it. */
            pe_blk *b = &out[k++];
            memset(b, 0, sizeof *b);
            blk_fill(b, r);
            b->kind = r->kind == PE_KIND_EXC ? PE_BLK_EXC
                    : r->kind == PE_KIND_RESET ? PE_BLK_RESET : PE_BLK_TFAIL;
            b->addr = r->kind == PE_KIND_RESET ? 0 : r->pc;  /* R_JRNYF: RESET pc UNKNOWN */
            b->from_el = r->kind == PE_KIND_EXC ? r->from_el : 0;
            b->exc_type = r->kind == PE_KIND_EXC ? r->exc_type : 0;
            b->cycle = r->cycle;
            b->timestamp = r->timestamp;
            open = 0;
            continue;
        }
        if (open) {
            pe_blk *b = &out[k - 1];
            uint64_t next = b->addr + b->last + 4u;
            /* Rule 4: el, Security state, instruction set, Transactional
             * state and EXTIN are uniform in a run, so that E and N of
             * ViewInst (D6.8.1), the context (D6.9.12) and the
             * transaction state are evaluated once per slot; events are
             * sampled per slot, so an instruction with ext_in != 0 is a
             * run of its own (one event per slot, R_WJPTE). */
            if (r->el != b->el || r->isa != b->isa || r->ext_in != 0 || b->ext_in != 0 ||
                ((r->flags ^ b->flags) & (PE_F_NS | PE_F_TSTATE)) ||
                /* Rule 5: T32 instructions are 2 or 4 bytes; a unit without
                 * the lengths cannot place the address comparator edges
                 * inside a T32 run, so T32 runs are one instruction. */
                r->isa == PE_ISA_T32 ||
                /* Rule 6: a run is sequential (addr, addr + 4, ...); the
                 * flow rule of docs/pe-interface.md 2 says a non-P0
                 * instruction leads to pc + 4, so this only ends runs of
                 * malformed or wrapping streams. */
                r->pc != next || next < b->addr ||
                /* Rule 7: RETIRE_WIDTH grouping, and the 8-bit offset */
                ninsn >= cap)
                open = 0;
        }
        if (open) {
            pe_blk *b = &out[k - 1];
            b->last = (uint8_t)(b->last + 4u);
            blk_fill(b, r);
            b->iclass = r->iclass;
            ninsn++;
        } else {
            pe_blk *b = &out[k++];
            memset(b, 0, sizeof *b);
            blk_fill(b, r);
            b->kind = PE_BLK_INSN;
            b->addr = r->pc;
            b->last = 0;
            b->iclass = r->iclass;
            ninsn = 1;
            open = 1;
        }
        /* Rule 3: a run ends with (includes) a P0 instruction, TCOMMIT,
         * TCANCEL or EXCGEN: the unit acts on it with the slot, and only
         * the last instruction of a slot can have a class.  Rule 4: an
         * instruction with EXTIN asserted is a run of its own.  Rule 5: so
         * is a T32 instruction. */
        if (ends_run(r->iclass) || r->ext_in != 0 || r->isa == PE_ISA_T32)
            open = 0;
    }
    return (long)k;
}

void pe_blk_stats_add(pe_blk_stats *st, const pe_blk *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const pe_blk *x = &b[i];
        size_t nr = pe_blk_nrecs(x);
        st->slots++;
        st->records += nr;
        if (x->kind < PE_BLK_KIND_COUNT)
            st->kind[x->kind]++;
        if (x->kind != PE_BLK_INSN)
            continue;
        if (nr > 1)
            st->runs_multi++;
        if (pe_iclass_is_p0(x->iclass))
            st->runs_p0++;
        if (nr > st->insns_max)
            st->insns_max = nr;
    }
}

const char *pe_blk_kind_name(unsigned kind)
{
    static const char *const names[PE_BLK_KIND_COUNT] = {"insn", "exc", "reset", "tfail",
                                                         "ctx"};
    return kind < PE_BLK_KIND_COUNT ? names[kind] : "?";
}

void pe_blk_print(FILE *f, const pe_blk *b)
{
    fprintf(f, "%-5s addr=0x%016" PRIx64, pe_blk_kind_name(b->kind), b->addr);
    switch (b->kind) {
    case PE_BLK_INSN:
        fprintf(f, " n=%zu last=+%u %s", pe_blk_nrecs(b), b->last, pe_iclass_name(b->iclass));
        if (b->iclass != PE_IC_OTHER)
            fputs((b->flags & PE_F_TAKEN) ? " T" : " N", f);
        if (b->flags & PE_F_CCFAIL)
            fputs(" ccfail", f);
        break;
    case PE_BLK_EXC:
        fprintf(f, " type=%s(%u) from=el%u", pe_exc_name(b->exc_type), b->exc_type,
                b->from_el);
        break;
    case PE_BLK_CTX:
        fprintf(f, " cid1=%" PRIx32 " cid2=%" PRIx32, (uint32_t)b->addr,
                (uint32_t)(b->addr >> 32));
        break;
    default:
        break;
    }
    if (b->kind != PE_BLK_CTX)
        fprintf(f, " el%u%s isa=%u", b->el, (b->flags & PE_F_NS) ? "ns" : "s", b->isa);
    fprintf(f, " cyc=%" PRIu64 " ts=%" PRIu64, b->cycle, b->timestamp);
    if (b->flags & PE_F_TSTATE)
        fputs(" tstate", f);
    if (b->ext_in)
        fprintf(f, " extin=%x", b->ext_in);
    fputc('\n', f);
}
