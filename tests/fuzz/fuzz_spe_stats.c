/* libFuzzer entry point for the SPE profile summary (sw/spe/spe_stats.c)
 * on the records of the SPE decoder (sw/spe/spe_dec.c), and the record
 * printers (spe_dump.c).
 *
 * Input: [0] the number of top PCs asked for; then the profile data.
 * Every record is counted; the summary is printed (to /dev/null); the top
 * PCs are sorted and their counts add up to at most the records. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_dec.h"
#include "spe_dump.h"
#include "spe_stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

static FILE *null_out(void)
{
    static FILE *f;
    if (!f)
        f = fopen("/dev/null", "w");
    require(f != NULL);
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spe_dec d;
    spe_record r;
    spe_stats st;
    spe_dumper dp;
    FILE *out = null_out();
    unsigned top;
    uint64_t pcs[256], cnt[256], recs = 0;
    int rc;

    if (size < 1)
        return 0;
    top = data[0];
    spe_dec_init(&d, data + 1, size - 1, 0);
    spe_dumper_init(&dp, out);
    spe_dec_set_hook(&d, spe_dumper_hook, &dp);
    spe_stats_init(&st);
    while ((rc = spe_dec_next(&d, &r)) != SPE_DEC_EOF) {
        if (rc != SPE_DEC_RECORD)
            continue;
        recs++;
        spe_csv_record(out, &r);
        require(spe_stats_add(&st, &r) == 0);
    }
    spe_dumper_flush(&dp);
    require(st.records == recs);
    size_t n = spe_stats_top_pcs(&st, top, pcs, cnt);
    uint64_t sum = 0;
    require(n <= top && n <= st.pc_used);
    for (size_t i = 0; i < n; i++) {
        spe_pc_agg g;
        require(cnt[i] >= 1 && (i == 0 || cnt[i] <= cnt[i - 1]));
        require(spe_stats_pc_info(&st, pcs[i], &g) == 0 && g.lat_n <= cnt[i]);
        sum += cnt[i];
    }
    require(sum + st.no_pc + st.pc_untabulated <= st.records);
    spe_stats_print(&st, &d, out, top);
    spe_stats_free(&st);
    return 0;
}
