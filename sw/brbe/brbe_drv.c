/* BRBE driver (brbe_drv.h). */
#include "brbe_drv.h"

#include <stdio.h>
#include <string.h>

static uint64_t rd(brbe_drv *d, unsigned enc) { return d->ops.read64(d->ops.ctx, (uint16_t)enc); }
static void wr(brbe_drv *d, unsigned enc, uint64_t v) { d->ops.write64(d->ops.ctx, (uint16_t)enc, v); }
static void isb(brbe_drv *d) { if (d->ops.isb) d->ops.isb(d->ops.ctx); }

int brbe_drv_probe(brbe_drv *d, const brbe_drv_ops *ops, int kernel_in_hyp,
                   char *err, size_t errlen)
{
    uint64_t dfr0;
    unsigned fmt, cc, nr;

    memset(d, 0, sizeof *d);
    if (!ops || !ops->read64 || !ops->write64 || !ops->brb_iall || !ops->brb_inj) {
        snprintf(err, errlen, "the read64, write64, brb_iall and brb_inj callbacks are required");
        return -1;
    }
    d->ops = *ops;
    d->kernel_in_hyp = kernel_in_hyp != 0;
    dfr0 = rd(d, BRBE_ID_AA64DFR0_EL1_ENC);
    d->version = (unsigned)((dfr0 & BRBE_ID_AA64DFR0_BRBE_MASK) >> BRBE_ID_AA64DFR0_BRBE_SHIFT);
    if (d->version != BRBE_ID_AA64DFR0_BRBE_IMP && d->version != BRBE_ID_AA64DFR0_BRBE_V1P1) {
        snprintf(err, errlen, "ID_AA64DFR0_EL1 0x%016llx: BRBE field %u is not 1 (FEAT_BRBE) "
                 "or 2 (FEAT_BRBEv1p1)", (unsigned long long)dfr0, d->version);
        return -1;
    }
    d->brbidr0 = rd(d, BRBIDR0_EL1_ENC);
    fmt = (unsigned)((d->brbidr0 & BRBIDR0_FORMAT_MASK) >> BRBIDR0_FORMAT_SHIFT);
    cc = (unsigned)((d->brbidr0 & BRBIDR0_CC_MASK) >> BRBIDR0_CC_SHIFT);
    nr = (unsigned)((d->brbidr0 & BRBIDR0_NUMREC_MASK) >> BRBIDR0_NUMREC_SHIFT);
    if (fmt != BRBIDR0_FORMAT_0) {
        snprintf(err, errlen, "BRBIDR0_EL1 0x%016llx: FORMAT %u, only format 0 is known",
                 (unsigned long long)d->brbidr0, fmt);
        return -1;
    }
    if (cc != BRBIDR0_CC_20BIT) {
        snprintf(err, errlen, "BRBIDR0_EL1 0x%016llx: CC 0x%x, only 0b0101 (20-bit cycle "
                 "counter) is known", (unsigned long long)d->brbidr0, cc);
        return -1;
    }
    if (nr != 8 && nr != 16 && nr != 32 && nr != 64) { /* I_FBHCC */
        snprintf(err, errlen, "BRBIDR0_EL1 0x%016llx: NUMREC %u is not 8, 16, 32 or 64",
                 (unsigned long long)d->brbidr0, nr);
        return -1;
    }
    d->numrec = nr;
    d->nbanks = (nr + BRBE_BANK_RECORDS - 1u) / BRBE_BANK_RECORDS;
    d->cc_bits = brbe_cc_counter_bits(d->brbidr0);
    return 0;
}

/* The six type filter bits of BRBFCR_EL1 (F1.1.9.1) */
#define ALL_TYPE_FILTERS (BRBFCR_DIRECT | BRBFCR_INDIRECT | BRBFCR_RTN | BRBFCR_INDCALL | \
                          BRBFCR_DIRCALL | BRBFCR_CONDDIR)

#define EXCLUDED_BRANCH_FILTERS (BRBE_PERF_SAMPLE_BRANCH_ABORT_TX | \
                                 BRBE_PERF_SAMPLE_BRANCH_IN_TX | \
                                 BRBE_PERF_SAMPLE_BRANCH_NO_TX | \
                                 BRBE_PERF_SAMPLE_BRANCH_CALL_STACK | \
                                 BRBE_PERF_SAMPLE_BRANCH_COUNTERS)

#define ALLOWED_BRANCH_TYPES (BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_ANY_CALL | \
                              BRBE_PERF_SAMPLE_BRANCH_ANY_RETURN | \
                              BRBE_PERF_SAMPLE_BRANCH_IND_CALL | BRBE_PERF_SAMPLE_BRANCH_COND | \
                              BRBE_PERF_SAMPLE_BRANCH_IND_JUMP | BRBE_PERF_SAMPLE_BRANCH_CALL)

static uint64_t type_to_brbfcr(uint64_t bst)
{
    uint64_t v = 0;

    /* The type filters select what is recorded with EnI = 0 (R_RBDXK,
     * R_RVGTZ, R_CKNBH, R_KKLDV, R_BBNSZ, R_FJYVT). */
    if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY)
        return ALL_TYPE_FILTERS;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY_CALL)
        v |= BRBFCR_INDCALL | BRBFCR_DIRCALL;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY_RETURN)
        v |= BRBFCR_RTN;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_IND_CALL)
        v |= BRBFCR_INDCALL;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_COND)
        v |= BRBFCR_CONDDIR;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_IND_JUMP)
        v |= BRBFCR_INDIRECT;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_CALL)
        v |= BRBFCR_DIRCALL;
    return v;
}

static uint64_t type_to_brbcr(uint64_t bst, int kernel_in_hyp)
{
    /* FZP: a PMU overflow freezes the buffer (R_NWCWF, R_BHYTD), so the
     * records around the sample are kept.  TS must be a defined value even
     * though BRBTS_EL1 is not used: virtual. */
    uint64_t v = BRBCR_FZP | ((uint64_t)BRBCR_TS_VIRTUAL << BRBCR_TS_SHIFT);

    if (bst & BRBE_PERF_SAMPLE_BRANCH_USER)
        v |= BRBCR_E0BRE;                       /* R_DBPCF */
    /* With VHE, BRBCR_EL1 accesses reach BRBCR_EL2, whose E2BRE is at the
     * position of E1BRE (R_YPHYG, R_SPZQD). */
    if (bst & BRBE_PERF_SAMPLE_BRANCH_KERNEL)
        v |= BRBCR_EXBRE;
    if ((bst & BRBE_PERF_SAMPLE_BRANCH_HV) && kernel_in_hyp)
        v |= BRBCR_EXBRE;
    if (!(bst & BRBE_PERF_SAMPLE_BRANCH_NO_CYCLES))
        v |= BRBCR_CC;                          /* R_MJDLIC */
    if (!(bst & BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS))
        v |= BRBCR_MPRED;                       /* R_XHWRB */
    /* Exceptions (R_KRJQC) and exception returns (R_ZSHDL) are recorded
     * for kernel events only. */
    if (bst & BRBE_PERF_SAMPLE_BRANCH_KERNEL) {
        if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY)
            v |= BRBCR_EXCEPTION | BRBCR_ERTN;
        if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY_CALL)
            v |= BRBCR_EXCEPTION;
        if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY_RETURN)
            v |= BRBCR_ERTN;
    }
    return v;
}

int brbe_drv_config(const brbe_perf_attr *attr, int kernel_in_hyp, brbe_drv_cfg *cfg,
                    char *err, size_t errlen)
{
    uint64_t bst = attr->branch_sample_type;

    memset(cfg, 0, sizeof *cfg);
    if (bst & ~(BRBE_PERF_SAMPLE_BRANCH_MAX - 1u)) {
        snprintf(err, errlen, "branch_sample_type 0x%llx sets undefined bits 0x%llx",
                 (unsigned long long)bst,
                 (unsigned long long)(bst & ~(BRBE_PERF_SAMPLE_BRANCH_MAX - 1u)));
        return -1;
    }
    if (!(bst & ~BRBE_PERF_SAMPLE_BRANCH_PLM_ALL)) {
        snprintf(err, errlen, "branch_sample_type 0x%llx has only privilege bits",
                 (unsigned long long)bst);
        return -1;
    }
    /* perf: privilege levels not given for branches come from the event */
    if (!(bst & BRBE_PERF_SAMPLE_BRANCH_PLM_ALL)) {
        if (!attr->exclude_kernel)
            bst |= BRBE_PERF_SAMPLE_BRANCH_KERNEL;
        if (!attr->exclude_user)
            bst |= BRBE_PERF_SAMPLE_BRANCH_USER;
        if (!attr->exclude_hv)
            bst |= BRBE_PERF_SAMPLE_BRANCH_HV;
    }
    if (bst & EXCLUDED_BRANCH_FILTERS) {
        snprintf(err, errlen, "branch_sample_type 0x%llx: filters 0x%llx (ABORT_TX, IN_TX, "
                 "NO_TX, CALL_STACK, COUNTERS) are not supported by BRBE",
                 (unsigned long long)bst, (unsigned long long)(bst & EXCLUDED_BRANCH_FILTERS));
        return -1;
    }
    if (!(bst & ALLOWED_BRANCH_TYPES)) {
        snprintf(err, errlen, "branch_sample_type 0x%llx selects no branch type",
                 (unsigned long long)bst);
        return -1;
    }
    /* Branches are recorded neither in guests nor in an nVHE hypervisor. */
    if (attr->exclude_host || (attr->exclude_user && attr->exclude_kernel)) {
        snprintf(err, errlen, "recording only in a hypervisor or guest is not supported "
                 "(exclude_host %d, exclude_user %d, exclude_kernel %d)",
                 attr->exclude_host != 0, attr->exclude_user != 0, attr->exclude_kernel != 0);
        return -1;
    }
    cfg->branch_sample_type = bst;
    cfg->brbfcr = type_to_brbfcr(bst);
    cfg->brbcr = type_to_brbcr(bst, kernel_in_hyp);
    return 0;
}

/* BRB IALL between two ISBs: the first makes every earlier branch reach the
 * buffer, the second orders the invalidation before what follows
 * (R_PFRNW, R_LWPKR). */
static void invalidate(brbe_drv *d)
{
    isb(d);
    d->ops.brb_iall(d->ops.ctx);   /* R_LLHYN */
    isb(d);
}

static void program(brbe_drv *d)
{
    /* VHE: BRBCR_EL1 names BRBCR_EL2; BRBCR_EL12 is the guest's BRBCR_EL1,
     * which keeps CC and MPRED equal to BRBCR_EL2 (R_MJDLIC and R_XHWRB
     * read both) and EL0/EL1 recording off. */
    if (d->kernel_in_hyp)
        wr(d, BRBCR_EL12_ENC, d->cfg.brbcr & ~(BRBCR_EXBRE | BRBCR_E0BRE));
    wr(d, BRBCR_EL1_ENC, d->cfg.brbcr);
    isb(d);
    /* Unpause last: PAUSED 0, BANK 0, EnI 0 (R_PYBRZ) */
    wr(d, BRBFCR_EL1_ENC, d->cfg.brbfcr & BRBFCR_FILTER_MASK);
}

void brbe_drv_enable(brbe_drv *d, const brbe_drv_cfg *cfg)
{
    d->cfg = *cfg;
    invalidate(d);
    program(d);
    d->enabled = 1;
}

void brbe_drv_disable(brbe_drv *d)
{
    wr(d, BRBFCR_EL1_ENC, BRBFCR_PAUSED);
    wr(d, BRBCR_EL1_ENC, 0);
    d->enabled = 0;
}

int brbe_drv_pause(brbe_drv *d)
{
    uint64_t fcr = rd(d, BRBFCR_EL1_ENC);

    if (fcr & BRBFCR_PAUSED)
        return 1;   /* a BRBE freeze event paused it (R_BHYTD) */
    wr(d, BRBFCR_EL1_ENC, fcr | BRBFCR_PAUSED);
    isb(d);
    return 0;
}

static void select_bank(brbe_drv *d, unsigned bank)
{
    uint64_t fcr = rd(d, BRBFCR_EL1_ENC);

    fcr &= ~BRBFCR_BANK_MASK;
    fcr |= ((uint64_t)bank << BRBFCR_BANK_SHIFT) & BRBFCR_BANK_MASK;
    wr(d, BRBFCR_EL1_ENC, fcr);
    isb(d);   /* I_PFBZP: a BANK update needs explicit synchronization */
}

unsigned brbe_drv_read(brbe_drv *d, brbe_record *out, unsigned max)
{
    unsigned n = 0;

    (void)brbe_drv_pause(d);
    for (unsigned bank = 0; bank < d->nbanks && n < max; bank++) {
        unsigned left = d->numrec - bank * BRBE_BANK_RECORDS;
        unsigned here = left < BRBE_BANK_RECORDS ? left : BRBE_BANK_RECORDS;

        select_bank(d, bank);
        for (unsigned i = 0; i < here && n < max; i++) {
            uint64_t inf = rd(d, BRBINF_EL1_ENC(i));

            /* R_XRHTY; X_QMKLH, R_SQLCX: nothing valid follows an invalid record */
            if (((inf & BRBINF_VALID_MASK) >> BRBINF_VALID_SHIFT) == BRBINF_VALID_NONE)
                return n;
            out[n].index = bank * BRBE_BANK_RECORDS + i;
            out[n].inf = inf;
            out[n].src = rd(d, BRBSRC_EL1_ENC(i));
            out[n].tgt = rd(d, BRBTGT_EL1_ENC(i));
            n++;
        }
    }
    return n;
}

int brbe_drv_resume(brbe_drv *d, int invalidate_records)
{
    if (!d->enabled)
        return -1;
    if (invalidate_records)
        invalidate(d);
    program(d);
    return 0;
}

/* ---- perf view (brbe_read_filtered_entries) ---------------------------------- */

#define TBIT(t) (UINT32_C(1) << (t))
#define NBIT(n) (UINT32_C(1) << (BRBE_PERF_BR_MAX + (n)))
#define PERF_ALL (TBIT(BRBE_PERF_BR_COND) | TBIT(BRBE_PERF_BR_UNCOND) | TBIT(BRBE_PERF_BR_IND) | \
                  TBIT(BRBE_PERF_BR_CALL) | TBIT(BRBE_PERF_BR_IND_CALL) | TBIT(BRBE_PERF_BR_RET))
#define PERF_ALL_KERNEL (TBIT(BRBE_PERF_BR_SYSCALL) | TBIT(BRBE_PERF_BR_IRQ) | \
                         TBIT(BRBE_PERF_BR_SERROR) | NBIT(BRBE_PERF_BR_NEW_FAULT_ALGN) | \
                         NBIT(BRBE_PERF_BR_NEW_FAULT_DATA) | NBIT(BRBE_PERF_BR_NEW_FAULT_INST))

static uint32_t event_type_mask(uint64_t bst)
{
    uint32_t m = 0;
    int kernel = (bst & BRBE_PERF_SAMPLE_BRANCH_KERNEL) != 0;

    if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY)
        return kernel ? (TBIT(BRBE_PERF_BR_ERET) | PERF_ALL | PERF_ALL_KERNEL) : PERF_ALL;
    if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY_CALL) {
        if (kernel)
            m |= PERF_ALL_KERNEL;
        m |= TBIT(BRBE_PERF_BR_CALL) | TBIT(BRBE_PERF_BR_IND_CALL);
    }
    if (bst & BRBE_PERF_SAMPLE_BRANCH_IND_JUMP)
        m |= TBIT(BRBE_PERF_BR_IND);
    if (bst & BRBE_PERF_SAMPLE_BRANCH_COND)
        m |= TBIT(BRBE_PERF_BR_COND);
    if (bst & BRBE_PERF_SAMPLE_BRANCH_CALL)
        m |= TBIT(BRBE_PERF_BR_CALL);
    if (bst & BRBE_PERF_SAMPLE_BRANCH_IND_CALL)
        m |= TBIT(BRBE_PERF_BR_IND_CALL);
    if (bst & BRBE_PERF_SAMPLE_BRANCH_ANY_RETURN) {
        m |= TBIT(BRBE_PERF_BR_RET);
        if (kernel)
            m |= TBIT(BRBE_PERF_BR_ERET);
    }
    return m;
}

static int type_wanted(const brbe_perf_entry *e, uint32_t mask)
{
    if (e->type == BRBE_PERF_BR_EXTEND_ABI)
        return e->new_type < BRBE_PERF_BR_NEW_MAX && (mask & NBIT(e->new_type)) != 0;
    return e->type < BRBE_PERF_BR_MAX && (mask & TBIT(e->type)) != 0;
}

/* Keep (1) or drop (0) an entry, zeroing addresses at excluded levels. */
static int privilege_wanted(brbe_perf_entry *e, uint64_t bst, int kernel_in_hyp,
                            uint64_t user_va_limit)
{
    int from_user = e->from < user_va_limit;
    int to_user = e->to < user_va_limit;
    int exclude_kernel = !((bst & BRBE_PERF_SAMPLE_BRANCH_KERNEL) ||
                           (kernel_in_hyp && (bst & BRBE_PERF_SAMPLE_BRANCH_HV)));

    /* A half record: the hardware already applied the prohibited regions */
    if (!e->from || !e->to)
        return 1;
    /* Within one level: keep or drop the whole record */
    if (from_user == to_user)
        return (e->priv == BRBE_PERF_BR_PRIV_KERNEL && !exclude_kernel) ||
               (e->priv == BRBE_PERF_BR_PRIV_USER && (bst & BRBE_PERF_SAMPLE_BRANCH_USER));
    /* Across levels: hide the address at the level the event excludes */
    if (!(bst & BRBE_PERF_SAMPLE_BRANCH_USER)) {
        if (from_user)
            e->from = 0;
        if (to_user)
            e->to = 0;
    }
    if (exclude_kernel) {
        if (!from_user)
            e->from = 0;
        if (!to_user)
            e->to = 0;
    }
    return 1;
}

unsigned brbe_drv_read_perf(brbe_drv *d, const brbe_drv_cfg *event, uint64_t user_va_limit,
                            brbe_perf_entry *out, unsigned max, int *tx_seen)
{
    brbe_record recs[BRBE_MAX_RECORDS];
    uint64_t bst = event->branch_sample_type;
    uint32_t mask = event_type_mask(bst);
    unsigned n = brbe_drv_read(d, recs, BRBE_MAX_RECORDS), k = 0;

    *tx_seen = 0;
    for (unsigned i = 0; i < n && k < max; i++) {
        brbe_perf_entry e;

        brbe_perf_entry_from(&recs[i], bst, d->kernel_in_hyp, &e);
        if (!(bst & BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS) &&
            (recs[i].inf & (BRBINF_T | BRBINF_LASTFAILED)))
            *tx_seen = 1;
        if (!type_wanted(&e, mask) || !privilege_wanted(&e, bst, d->kernel_in_hyp, user_va_limit))
            continue;
        out[k++] = e;
    }
    return k;
}

/* ---- save and restore ------------------------------------------------------ */

unsigned brbe_drv_restore(brbe_drv *d, const brbe_record *recs, unsigned n)
{
    uint64_t cr = rd(d, BRBCR_EL1_ENC);
    unsigned done = 0;

    /* Make the current Exception level a BRBE Prohibited region (R_YPHYG,
     * R_SPZQD with VHE, R_DBPCF) so that BRB INJ injects (R_XVDNN), and
     * synchronize the change. */
    wr(d, BRBCR_EL1_ENC, cr & ~(BRBCR_EXBRE | BRBCR_E0BRE));
    isb(d);
    for (unsigned i = n; i-- > 0;) {
        if (((recs[i].inf & BRBINF_VALID_MASK) >> BRBINF_VALID_SHIFT) == BRBINF_VALID_NONE)
            continue;
        wr(d, BRBINFINJ_EL1_ENC, recs[i].inf);
        wr(d, BRBSRCINJ_EL1_ENC, recs[i].src);
        wr(d, BRBTGTINJ_EL1_ENC, recs[i].tgt);
        d->ops.brb_inj(d->ops.ctx);   /* I_FJHMP: becomes the youngest record */
        done++;
    }
    wr(d, BRBCR_EL1_ENC, cr);
    isb(d);
    return done;
}
