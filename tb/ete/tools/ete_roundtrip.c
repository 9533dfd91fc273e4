/* ete-roundtrip: the ETE round-trip regression over many seeds.
 *   ete-roundtrip [--start S] [--seeds N] [--records N] [--config NAME]
 *                 [--ocsd-every K]
 *   ete-roundtrip --list-configs     the configuration names, one per line
 * Seed s runs configuration s % (number of configurations) unless --config
 * names one.  Prints the seed of every failure and a replay command. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_roundtrip.h"

static void usage(void)
{
    fprintf(stderr, "usage: ete-roundtrip [--start S] [--seeds N] [--records N] "
                    "[--config NAME] [--ocsd-every K] | --list-configs\n");
    exit(2);
}

int main(int argc, char **argv)
{
    uint64_t start = 1, nseeds = 200, nrec = 20000, ocsd_every = 5;
    int cfg = -1;
    if (argc == 2 && !strcmp(argv[1], "--list-configs")) {
        for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
            printf("%s\n", ete_rt_config_name(c));
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc)
            usage();
        const char *v = argv[++i];
        if (!strcmp(a, "--start"))
            start = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--seeds"))
            nseeds = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--records"))
            nrec = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--ocsd-every"))
            ocsd_every = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--config")) {
            for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
                if (!strcmp(v, ete_rt_config_name(c)))
                    cfg = (int)c;
            if (cfg < 0) {
                fprintf(stderr, "ete-roundtrip: unknown config '%s'\n", v);
                return 2;
            }
        } else
            usage();
    }
    printf("ete-roundtrip: seeds %" PRIu64 "..%" PRIu64 ", %" PRIu64 " records each\n", start,
           start + nseeds - 1, nrec);
    uint64_t pass = 0, fail = 0, insns = 0, bytes = 0, ocsd = 0;
    uint64_t pkt[ETE_ENC_PKT_COUNT] = {0};
    for (uint64_t seed = start; seed < start + nseeds; seed++) {
        unsigned c = cfg >= 0 ? (unsigned)cfg : (unsigned)(seed % ETE_RT_NUM_CONFIGS);
        ete_rt_result res;
        char msg[1024];
        int with_ocsd = ocsd_every && seed % ocsd_every == 0;
        if (ete_rt_run_seed(seed, c, nrec, with_ocsd, &res, msg, sizeof msg)) {
            printf("FAIL %s\n  replay: build/bin/ete-roundtrip --start %" PRIu64
                   " --seeds 1 --records %" PRIu64 " --config %s\n", msg, seed, nrec,
                   ete_rt_config_name(c));
            fail++;
            continue;
        }
        pass++;
        insns += res.insns;
        bytes += res.bytes;
        ocsd += (uint64_t)res.ocsd_checked;
        for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
            pkt[t] += res.pkt[t];
    }
    printf("packet mix:\n");
    for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
        if (pkt[t])
            printf("  %-18s %12" PRIu64 "\n", ete_enc_pkt_name(t), pkt[t]);
    printf("instructions %" PRIu64 ", trace bytes %" PRIu64 ", %.3f bits/instruction, "
           "OpenCSD agreed on %" PRIu64 " seeds\n", insns, bytes,
           insns ? 8.0 * (double)bytes / (double)insns : 0.0, ocsd);
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", pass, fail);
    return fail ? 1 : 0;
}
