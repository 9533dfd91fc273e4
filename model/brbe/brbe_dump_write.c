/* The record dump of docs/brbe-record-format.md: snapshots of the Branch
 * record buffer read through the System registers, bank by bank
 * (F1.1.11: R_WLSWP, R_WRJLM). */
#include "brbe_model.h"

#include <inttypes.h>

int brbe_model_dump_header(FILE *f)
{
    return fprintf(f, "brbe-records 1\n") < 0 ? -1 : 0;
}

/* Register read at the highest EL; such reads are never trapped or
 * UNDEFINED for the registers used here. */
static uint64_t rd(const brbe_model *m, unsigned enc)
{
    uint64_t v = 0;
    if (brbe_model_read(m, enc, brbe_model_top_el(m), 1, &v) != BRBE_MODEL_ACCESS_OK)
        v = 0;
    return v;
}

int brbe_model_dump_snapshot(FILE *f, brbe_model *m, uint64_t seq, uint64_t pe_count)
{
    const unsigned el = brbe_model_top_el(m);
    uint64_t idr = rd(m, BRBIDR0_EL1_ENC);
    unsigned numrec = (unsigned)((idr & BRBIDR0_NUMREC_MASK) >> BRBIDR0_NUMREC_SHIFT);
    uint64_t fcr = rd(m, BRBFCR_EL1_ENC);
    uint64_t cr2 = brbe_model_get_cfg(m)->has_el2 ? rd(m, BRBCR_EL2_ENC) : 0;
    /* BRBCR_EL1 itself, also when E2H redirects the BRBCR_EL1 encoding */
    brbe_model_env env;
    brbe_model_get_env(m, &env);
    uint64_t cr1 = (el == 2u && env.hcr_el2_e2h) ? rd(m, BRBCR_EL12_ENC) : rd(m, BRBCR_EL1_ENC);
    int bad = 0;
    if (fprintf(f,
                "snapshot seq=%" PRIu64 " pe=%" PRIu64 " numrec=%u brbidr0=%016" PRIx64
                " brbcr_el1=%016" PRIx64 " brbcr_el2=%016" PRIx64 " brbfcr_el1=%016" PRIx64
                " brbts_el1=%016" PRIx64 "\n",
                seq, pe_count, numrec, idr, cr1, cr2, fcr, rd(m, BRBTS_EL1_ENC)) < 0)
        bad = 1;
    for (unsigned bank = 0; bank * BRBE_BANK_RECORDS < numrec; bank++) {
        uint64_t sel = (fcr & ~BRBFCR_BANK_MASK) | ((uint64_t)bank << BRBFCR_BANK_SHIFT);
        brbe_model_write(m, BRBFCR_EL1_ENC, el, 1, sel);
        for (unsigned n = 0; n < BRBE_BANK_RECORDS && bank * BRBE_BANK_RECORDS + n < numrec; n++) {
            uint64_t s = rd(m, BRBSRC_EL1_ENC(n));
            uint64_t t = rd(m, BRBTGT_EL1_ENC(n));
            uint64_t i = rd(m, BRBINF_EL1_ENC(n));
            if (fprintf(f, "%u %016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\n",
                        bank * BRBE_BANK_RECORDS + n, s, t, i) < 0)
                bad = 1;
        }
    }
    brbe_model_write(m, BRBFCR_EL1_ENC, el, 1, fcr);
    if (fprintf(f, "end\n") < 0)
        bad = 1;
    return bad ? -1 : 0;
}
