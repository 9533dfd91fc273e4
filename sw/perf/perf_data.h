/* A writer for Linux perf's perf.data file format (docs/perf-data.md), so
 * that `perf report -D`, `perf script` and `perf report` read the trace of
 * the ETE (through TRBE, unformatted) or the SPE Profiling Buffer.
 *
 * One file holds one event (attr), one thread, one CPU and one AUX buffer:
 *
 *   file header          magic PERFILE2, the attrs, data and feature sections
 *   id array, attr       the event: type = the PMU type in the AUXTRACE_INFO
 *                        priv area; sample_type IP | TID | CPU | IDENTIFIER
 *                        (IP only in samples: perf script prints it);
 *                        sample_id_all (every kernel record carries the id)
 *   data                 AUXTRACE_INFO (CS_ETM with one ETE block, or
 *                        ARM_SPE), COMM, one MMAP per mapping, ITRACE_START,
 *                        AUXTRACE with the buffer, AUX with its flags,
 *                        FINISHED_ROUND
 *   features             HEADER_ARCH ("aarch64"), HEADER_NRCPUS and the
 *                        HEADER_AUXTRACE index (one entry: the AUXTRACE
 *                        record's file offset and header size)
 *
 * All fields little-endian (the host order perf expects for a file
 * written on a little-endian host).
 */
#ifndef PERF_DATA_H
#define PERF_DATA_H

#include <stddef.h>
#include <stdint.h>

/* ---- the file format's numbers (perf.data-file-format.txt, perf_event.h) */
#define PERF_DATA_MAGIC          0x32454C4946524550ull  /* "PERFILE2" */
#define PERF_DATA_HEADER_SIZE    104u
#define PERF_DATA_ATTR_SIZE      128u   /* PERF_ATTR_SIZE_VER7 */
#define PERF_DATA_FILE_ATTR_SIZE (PERF_DATA_ATTR_SIZE + 16u)

#define PERF_REC_MMAP            1u
#define PERF_REC_COMM            3u
#define PERF_REC_AUX             11u
#define PERF_REC_ITRACE_START    12u
#define PERF_REC_FINISHED_ROUND  68u
#define PERF_REC_AUXTRACE_INFO   70u
#define PERF_REC_AUXTRACE        71u

#define PERF_MISC_USER           2u
#define PERF_MISC_COMM_EXEC      (1u << 13)

#define PERF_SAMPLE_IP_BIT       (1ull << 0)
#define PERF_SAMPLE_TID_BIT      (1ull << 1)
#define PERF_SAMPLE_CPU_BIT      (1ull << 7)
#define PERF_SAMPLE_IDENTIFIER_BIT (1ull << 16)

#define PERF_ATTR_FLAG_DISABLED       (1ull << 0)
#define PERF_ATTR_FLAG_EXCLUDE_KERNEL (1ull << 5)
#define PERF_ATTR_FLAG_EXCLUDE_HV     (1ull << 6)
#define PERF_ATTR_FLAG_SAMPLE_ID_ALL  (1ull << 18)

#define PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW 0x100ull

#define PERF_FEAT_ARCH           6u
#define PERF_FEAT_NRCPUS         7u
#define PERF_FEAT_AUXTRACE       18u

#define PERF_AUXTRACE_CS_ETM     3u
#define PERF_AUXTRACE_ARM_SPE    4u

/* CS_ETM priv: header version 1 (a parameter count per CPU block) */
#define PERF_CS_HEADER_VERSION   1u
#define PERF_CS_ETE_MAGIC        0x5050505050505050ull
#define PERF_CS_ETE_NR_PARAMS    8u   /* TRCCONFIGR .. TRCDEVARCH */

/* attr.config bits of the cs_etm PMU (the ETM_OPT_* of coresight-pmu.h) */
#define PERF_ETM_OPT_CYCACC      12u
#define PERF_ETM_OPT_CTXTID      14u
#define PERF_ETM_OPT_TS          28u
#define PERF_ETM_OPT_RETSTK      29u

/* the PMU types written when the caller gives none: any number that is
 * not one of perf's fixed types (0..5) */
#define PERF_DATA_PMU_CS_ETM     8u
#define PERF_DATA_PMU_ARM_SPE    9u

enum perf_data_kind { PERF_DATA_ETE = 0, PERF_DATA_SPE = 1 };

/* One file mapping: [addr, addr + len) maps path from file offset pgoff. */
typedef struct perf_data_map {
    uint64_t addr;
    uint64_t len;
    uint64_t pgoff;
    const char *path;
} perf_data_map;

/* The ETE registers perf keeps per CPU (CS_ETE metadata). */
typedef struct perf_data_ete_regs {
    uint64_t trcconfigr;
    uint64_t trctraceidr;
    uint64_t trcidr0, trcidr1, trcidr2, trcidr8;
    uint64_t trcauthstatus;
    uint64_t trcdevarch;
} perf_data_ete_regs;

typedef struct perf_data_cfg {
    unsigned kind;            /* enum perf_data_kind */
    uint32_t pmu_type;        /* attr.type; 0: PERF_DATA_PMU_* */
    uint64_t config;          /* attr.config (ETE: ETM_OPT_* bits) */
    uint32_t pid, tid;        /* the traced process (ETE with context ID
                                 tracing: its CONTEXTIDR_EL1) */
    uint32_t cpu;
    const char *comm;         /* process name, < 16 characters kept */
    const perf_data_ete_regs *ete; /* kind ETE */
    const perf_data_map *map;
    size_t nmap;
    const uint8_t *aux;       /* the trace buffer (may be empty) */
    size_t aux_len;
} perf_data_cfg;

/* attr.config for an ETE programmed with trcconfigr: CTXTID when TRCCONFIGR
 * traces the Context ID, CYCACC and RETSTK likewise.  TS is never set:
 * perf then decodes without time order (docs/perf-data.md). */
uint64_t perf_data_ete_config(uint64_t trcconfigr);

/* Write the file.  Returns 0, or -1 with a message in err naming the
 * argument or the file and the problem (bad kind, missing ETE registers,
 * an empty or overlapping mapping, a path that cannot be written). */
int perf_data_write(const char *path, const perf_data_cfg *cfg, char *err, size_t errlen);

#endif
