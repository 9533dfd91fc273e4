/* perf.data writer (perf_data.h, docs/perf-data.md).  The file is built in
 * memory, little-endian, and written at once. */
#include "perf_data.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLE_TYPE (PERF_SAMPLE_IP_BIT | PERF_SAMPLE_TID_BIT | PERF_SAMPLE_CPU_BIT | \
                     PERF_SAMPLE_IDENTIFIER_BIT)
#define SAMPLE_ID   UINT64_C(1)       /* the one event's id */
#define SAMPLE_ID_SIZE 24u            /* {pid, tid}, {cpu, res}, id */
#define NAME_ALIGN  64u               /* perf strings: length padded to 64 */

typedef struct buf {
    uint8_t *p;
    size_t len, cap;
    int oom;
} buf;

static void put(buf *b, const void *d, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n > b->cap) {
        size_t c = b->cap ? b->cap : 4096;
        while (c < b->len + n)
            c *= 2;
        uint8_t *q = realloc(b->p, c);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->p = q;
        b->cap = c;
    }
    if (n)
        memcpy(b->p + b->len, d, n);
    b->len += n;
}

static void put_zero(buf *b, size_t n)
{
    static const uint8_t z[64];
    while (n) {
        size_t k = n < sizeof z ? n : sizeof z;
        put(b, z, k);
        n -= k;
    }
}

static void put_u16(buf *b, uint16_t v)
{
    uint8_t d[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    put(b, d, 2);
}

static void put_u32(buf *b, uint32_t v)
{
    uint8_t d[4];
    for (unsigned i = 0; i < 4; i++)
        d[i] = (uint8_t)(v >> (8 * i));
    put(b, d, 4);
}

static void put_u64(buf *b, uint64_t v)
{
    uint8_t d[8];
    for (unsigned i = 0; i < 8; i++)
        d[i] = (uint8_t)(v >> (8 * i));
    put(b, d, 8);
}

static void set_u64(buf *b, size_t at, uint64_t v)
{
    if (b->oom || at + 8 > b->len)
        return;
    for (unsigned i = 0; i < 8; i++)
        b->p[at + i] = (uint8_t)(v >> (8 * i));
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static size_t pad8(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

uint64_t perf_data_ete_config(uint64_t trcconfigr)
{
    uint64_t c = 0;
    if (trcconfigr & (1u << 6))   /* TRCCONFIGR.CID */
        c |= 1ull << PERF_ETM_OPT_CTXTID;
    if (trcconfigr & (1u << 4))   /* TRCCONFIGR.CCI */
        c |= 1ull << PERF_ETM_OPT_CYCACC;
    if (trcconfigr & (1u << 12))  /* TRCCONFIGR.RS */
        c |= 1ull << PERF_ETM_OPT_RETSTK;
    return c;
}

/* the trailer of every kernel record (attr.sample_id_all): the fields of
 * sample_type in perf's order TID, CPU, IDENTIFIER */
static void put_sample_id(buf *b, const perf_data_cfg *c)
{
    put_u32(b, c->pid);
    put_u32(b, c->tid);
    put_u32(b, c->cpu);
    put_u32(b, 0);
    put_u64(b, SAMPLE_ID);
}

static void put_header(buf *b, uint32_t type, uint16_t misc, size_t size)
{
    put_u32(b, type);
    put_u16(b, misc);
    put_u16(b, (uint16_t)size);
}

static void put_auxtrace_info(buf *b, const perf_data_cfg *c, uint32_t pmu)
{
    if (c->kind == PERF_DATA_ETE) {
        const perf_data_ete_regs *r = c->ete;
        size_t n = 3 + 3 + PERF_CS_ETE_NR_PARAMS;
        put_header(b, PERF_REC_AUXTRACE_INFO, 0, 8 + 8 + 8 * n);
        put_u32(b, PERF_AUXTRACE_CS_ETM);
        put_u32(b, 0);
        /* header: CS_HEADER_VERSION, CS_PMU_TYPE_CPUS, CS_ETM_SNAPSHOT */
        put_u64(b, PERF_CS_HEADER_VERSION);
        put_u64(b, ((uint64_t)pmu << 32) | 1u);
        put_u64(b, 0);
        /* one CPU: CS_ETM_MAGIC, CS_ETM_CPU, CS_ETM_NR_TRC_PARAMS, then
         * the CS_ETE_* parameters in their order */
        put_u64(b, PERF_CS_ETE_MAGIC);
        put_u64(b, c->cpu);
        put_u64(b, PERF_CS_ETE_NR_PARAMS);
        put_u64(b, r->trcconfigr);
        put_u64(b, r->trctraceidr);
        put_u64(b, r->trcidr0);
        put_u64(b, r->trcidr1);
        put_u64(b, r->trcidr2);
        put_u64(b, r->trcidr8);
        put_u64(b, r->trcauthstatus);
        put_u64(b, r->trcdevarch);
    } else {
        /* ARM_SPE_PMU_TYPE, ARM_SPE_PER_CPU_MMAPS */
        put_header(b, PERF_REC_AUXTRACE_INFO, 0, 8 + 8 + 16);
        put_u32(b, PERF_AUXTRACE_ARM_SPE);
        put_u32(b, 0);
        put_u64(b, pmu);
        put_u64(b, 1);
    }
}

static void put_comm(buf *b, const perf_data_cfg *c)
{
    char name[16] = {0};
    const char *s = c->comm && *c->comm ? c->comm : "trace";
    size_t n = strlen(s);
    if (n > sizeof name - 1)
        n = sizeof name - 1;
    memcpy(name, s, n);
    size_t sz = pad8(n + 1);
    put_header(b, PERF_REC_COMM, PERF_MISC_COMM_EXEC, 8 + 8 + sz + SAMPLE_ID_SIZE);
    put_u32(b, c->pid);
    put_u32(b, c->tid);
    put(b, name, n);
    put_zero(b, sz - n);
    put_sample_id(b, c);
}

static void put_mmap(buf *b, const perf_data_cfg *c, const perf_data_map *m)
{
    size_t n = strlen(m->path);
    size_t sz = pad8(n + 1);
    put_header(b, PERF_REC_MMAP, PERF_MISC_USER, 8 + 8 + 24 + sz + SAMPLE_ID_SIZE);
    put_u32(b, c->pid);
    put_u32(b, c->tid);
    put_u64(b, m->addr);
    put_u64(b, m->len);
    put_u64(b, m->pgoff);
    put(b, m->path, n);
    put_zero(b, sz - n);
    put_sample_id(b, c);
}

static int check_cfg(const perf_data_cfg *c, char *err, size_t errlen)
{
    if (c->kind != PERF_DATA_ETE && c->kind != PERF_DATA_SPE)
        return fail(err, errlen, "perf.data: kind %u is neither ETE (0) nor SPE (1)", c->kind);
    if (c->kind == PERF_DATA_ETE && !c->ete)
        return fail(err, errlen, "perf.data: ETE data needs the ETE registers");
    if (c->aux_len && !c->aux)
        return fail(err, errlen, "perf.data: trace buffer of %zu bytes has no data", c->aux_len);
    if (c->nmap && !c->map)
        return fail(err, errlen, "perf.data: %zu mappings given without a list", c->nmap);
    if (c->cpu > 4095)
        return fail(err, errlen, "perf.data: CPU %u is out of range (0..4095)", c->cpu);
    if (c->pmu_type && c->pmu_type <= 5)
        return fail(err, errlen, "perf.data: PMU type %u is one of perf's fixed types (0..5)",
                    c->pmu_type);
    for (size_t i = 0; i < c->nmap; i++) {
        const perf_data_map *m = &c->map[i];
        if (!m->path || !*m->path)
            return fail(err, errlen, "perf.data: mapping %zu has no file name", i);
        if (strlen(m->path) > 4000)
            return fail(err, errlen, "perf.data: mapping %zu: file name too long", i);
        if (m->len == 0)
            return fail(err, errlen, "perf.data: mapping %zu (%s) is empty", i, m->path);
        if (m->addr + m->len < m->addr)
            return fail(err, errlen, "perf.data: mapping %zu (%s) wraps past 2^64", i, m->path);
        for (size_t j = 0; j < i; j++) {
            const perf_data_map *o = &c->map[j];
            if (m->addr < o->addr + o->len && o->addr < m->addr + m->len)
                return fail(err, errlen,
                            "perf.data: mapping %zu (%s at 0x%llx) overlaps mapping %zu (%s)",
                            i, m->path, (unsigned long long)m->addr, j, o->path);
        }
    }
    return 0;
}

/* a perf string: u32 length (padded to NAME_ALIGN), the bytes, zeros */
static void put_string(buf *b, const char *s)
{
    size_t n = strlen(s) + 1;
    size_t len = (n + NAME_ALIGN - 1) / NAME_ALIGN * NAME_ALIGN;
    put_u32(b, (uint32_t)len);
    put(b, s, n - 1);
    put_zero(b, len - (n - 1));
}

int perf_data_write(const char *path, const perf_data_cfg *c, char *err, size_t errlen)
{
    if (!path || !c)
        return fail(err, errlen, "perf.data: no output file or configuration given");
    if (check_cfg(c, err, errlen))
        return -1;
    uint32_t pmu = c->pmu_type ? c->pmu_type
                 : c->kind == PERF_DATA_ETE ? PERF_DATA_PMU_CS_ETM : PERF_DATA_PMU_ARM_SPE;

    buf b = {0};
    /* ---- file header: filled in at the end */
    put_zero(&b, PERF_DATA_HEADER_SIZE);

    /* ---- the id array of the one attr */
    size_t ids_off = b.len;
    put_u64(&b, SAMPLE_ID);

    /* ---- attrs: perf_event_attr (VER7) + its ids section */
    size_t attrs_off = b.len;
    put_u32(&b, pmu);                       /* type */
    put_u32(&b, PERF_DATA_ATTR_SIZE);       /* size */
    put_u64(&b, c->config);                 /* config */
    put_u64(&b, 1);                         /* sample_period */
    put_u64(&b, SAMPLE_TYPE);               /* sample_type */
    put_u64(&b, 0);                         /* read_format */
    put_u64(&b, PERF_ATTR_FLAG_DISABLED | PERF_ATTR_FLAG_EXCLUDE_KERNEL |
                PERF_ATTR_FLAG_EXCLUDE_HV | PERF_ATTR_FLAG_SAMPLE_ID_ALL);
    put_zero(&b, PERF_DATA_ATTR_SIZE - 48);  /* wakeup_events .. sig_data */
    put_u64(&b, ids_off);
    put_u64(&b, 8);

    /* ---- data */
    size_t data_off = b.len;
    put_auxtrace_info(&b, c, pmu);
    put_comm(&b, c);
    for (size_t i = 0; i < c->nmap; i++)
        put_mmap(&b, c, &c->map[i]);
    put_header(&b, PERF_REC_ITRACE_START, 0, 8 + 8 + SAMPLE_ID_SIZE);
    put_u32(&b, c->pid);
    put_u32(&b, c->tid);
    put_sample_id(&b, c);

    /* AUXTRACE: the buffer follows the 48-byte record, padded to 8 bytes
     * with zeros (the padding is part of its size, as perf record does) */
    size_t aux_padded = pad8(c->aux_len);
    size_t auxtrace_off = b.len;
    put_header(&b, PERF_REC_AUXTRACE, 0, 48);
    put_u64(&b, aux_padded);                /* size */
    put_u64(&b, 0);                         /* offset in the AUX area */
    put_u64(&b, 0);                         /* reference */
    put_u32(&b, 0);                         /* idx */
    put_u32(&b, c->tid);
    put_u32(&b, c->cpu);
    put_u32(&b, 0);
    put(&b, c->aux, c->aux_len);
    put_zero(&b, aux_padded - c->aux_len);

    /* AUX: the part of the AUX area the kernel reported */
    put_header(&b, PERF_REC_AUX, 0, 8 + 24 + SAMPLE_ID_SIZE);
    put_u64(&b, 0);
    put_u64(&b, c->aux_len);
    put_u64(&b, c->kind == PERF_DATA_ETE ? PERF_AUX_FLAG_CORESIGHT_FORMAT_RAW : 0);
    put_sample_id(&b, c);

    put_header(&b, PERF_REC_FINISHED_ROUND, 0, 8);
    size_t data_size = b.len - data_off;

    /* ---- features: the section table, then the contents in bit order */
    static const unsigned feats[] = {PERF_FEAT_ARCH, PERF_FEAT_NRCPUS, PERF_FEAT_AUXTRACE};
    const size_t nfeat = sizeof feats / sizeof feats[0];
    size_t table = b.len;
    put_zero(&b, 16 * nfeat);
    for (size_t i = 0; i < nfeat; i++) {
        size_t start = b.len;
        switch (feats[i]) {
        case PERF_FEAT_ARCH:
            put_string(&b, "aarch64");
            break;
        case PERF_FEAT_NRCPUS:
            put_u32(&b, c->cpu + 1);         /* available */
            put_u32(&b, c->cpu + 1);         /* online */
            break;
        default:                             /* the auxtrace index */
            put_u64(&b, 1);
            put_u64(&b, auxtrace_off);
            put_u64(&b, 48);
            break;
        }
        set_u64(&b, table + 16 * i, start);
        set_u64(&b, table + 16 * i + 8, b.len - start);
    }

    /* ---- the header */
    set_u64(&b, 0, PERF_DATA_MAGIC);
    set_u64(&b, 8, PERF_DATA_HEADER_SIZE);
    set_u64(&b, 16, PERF_DATA_FILE_ATTR_SIZE);
    set_u64(&b, 24, attrs_off);
    set_u64(&b, 32, PERF_DATA_FILE_ATTR_SIZE);
    set_u64(&b, 40, data_off);
    set_u64(&b, 48, data_size);
    /* 56, 64: event_types (unused) */
    uint64_t bits = 0;
    for (size_t i = 0; i < nfeat; i++)
        bits |= 1ull << feats[i];
    set_u64(&b, 72, bits);

    if (b.oom) {
        free(b.p);
        return fail(err, errlen, "perf.data: out of memory building %s", path);
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        int e = errno;
        free(b.p);
        return fail(err, errlen, "perf.data: cannot create %s: %s", path, strerror(e));
    }
    int bad = fwrite(b.p, 1, b.len, f) != b.len;
    int e = errno;
    if (fclose(f) != 0) {
        bad = 1;
        e = errno;
    }
    free(b.p);
    if (bad)
        return fail(err, errlen, "perf.data: error writing %s: %s", path, strerror(e));
    return 0;
}
