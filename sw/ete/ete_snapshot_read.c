/* OpenCSD / DS-5 trace snapshot reader (see ete_snapshot_read.h for the layout). */
#include "ete_snapshot_read.h"

#include "file_read.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* ---- numbers ------------------------------------------------------------- */

int ete_parse_u64(const char *s, uint64_t *v)
{
    if (!s || !*s)
        return -1;
    const char *p = s;
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
        if (!*p)
            return -1;
    }
    uint64_t x = 0;
    for (; *p; p++) {
        int d;
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (base == 16 && *p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (base == 16 && *p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return -1;
        if (x > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return -1;
        x = x * (uint64_t)base + (uint64_t)d;
    }
    *v = x;
    return 0;
}

/* ---- registers ----------------------------------------------------------- */

void ete_cfg_defaults(ete_dec_cfg *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->id.trcidr[0] = 0x28000EA1u;
    cfg->id.trcidr[1] = 0x4100FFF0u;
    cfg->id.trcidr[2] = 0x80001088u;
    cfg->id.trcdevarch = TRCDEVARCH_ARCHITECT_ARM | TRCDEVARCH_PRESENT |
                         TRCDEVARCH_ARCHVER_ETE | TRCDEVARCH_ARCHPART;
    cfg->trcconfigr = TRCCONFIGR_RES1;
    cfg->trctraceidr = 0;
}

/* Copy the register name without its "(address)" suffix, trimmed. */
static void reg_base_name(const char *name, char *out, size_t outlen)
{
    size_t n = 0;
    while (*name && isspace((unsigned char)*name))
        name++;
    while (name[n] && name[n] != '(' && !isspace((unsigned char)name[n]))
        n++;
    if (n >= outlen)
        n = outlen - 1;
    memcpy(out, name, n);
    out[n] = 0;
}

int ete_cfg_set_reg(ete_dec_cfg *cfg, const char *name, uint32_t value)
{
    char b[64];
    reg_base_name(name, b, sizeof b);
    if (strncasecmp(b, "TRCIDR", 6) == 0 && b[6]) {
        uint64_t n;
        if (ete_parse_u64(b + 6, &n) == 0 && n <= 13 && b[6] != '0') {
            cfg->id.trcidr[n] = value;
            return 0;
        }
        if (strcmp(b + 6, "0") == 0) {
            cfg->id.trcidr[0] = value;
            return 0;
        }
        return -1;
    }
    if (strcasecmp(b, "TRCDEVARCH") == 0) {
        cfg->id.trcdevarch = value;
        return 0;
    }
    if (strcasecmp(b, "TRCCONFIGR") == 0) {
        cfg->trcconfigr = value;
        return 0;
    }
    if (strcasecmp(b, "TRCTRACEIDR") == 0) {
        cfg->trctraceidr = value;
        return 0;
    }
    return -1;
}

/* ---- ini files ------------------------------------------------------------ */

typedef struct ini_kv {
    char *section, *key, *value;
    int line;
} ini_kv;

typedef struct ini_file {
    char path[1024];
    ini_kv *kv;
    size_t n, cap;
} ini_file;

static void ini_free(ini_file *f)
{
    for (size_t i = 0; i < f->n; i++) {
        free(f->kv[i].section);
        free(f->kv[i].key);
        free(f->kv[i].value);
    }
    free(f->kv);
    f->kv = NULL;
    f->n = f->cap = 0;
}

static char *trim(char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Remove one level of surrounding quotes. */
static char *unquote(char *s)
{
    size_t n = strlen(s);
    if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0]) {
        s[n - 1] = 0;
        return s + 1;
    }
    return s;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Entries per .ini file: every lookup scans them, so this bounds the work
 * per input byte (docs/ete-decode.md, "Work per byte"). */
#define INI_MAX_ENTRIES 4096

static int ini_load(ini_file *f, const char *path, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s", path);
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fileno(fp), &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        fclose(fp);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        /* a directory opens, and then sizes as 2^63-1 bytes */
        snprintf(err, errlen, "%s: %s", path, S_ISDIR(st.st_mode) ?
                 "is a directory, not a regular file" : "not a regular file");
        fclose(fp);
        return -1;
    }
    char section[256] = "";
    int have_section = 0;
    char buf[4096];
    int lineno = 0;
    int rc = 0;
    while (fgets(buf, sizeof buf, fp)) {
        lineno++;
        size_t len = strlen(buf);
        if (len == sizeof buf - 1 && buf[len - 1] != '\n' && !feof(fp)) {
            snprintf(err, errlen, "%s:%d: line longer than %zu characters", path, lineno,
                     sizeof buf - 2);
            rc = -1;
            break;
        }
        if (memchr(buf, 0, len + 1) != buf + len) {
            snprintf(err, errlen, "%s:%d: NUL byte in a text file", path, lineno);
            rc = -1;
            break;
        }
        /* comments start with ';' or '#' */
        char *c = strpbrk(buf, ";#\r\n");
        if (c)
            *c = 0;
        char *s = trim(buf);
        if (!*s)
            continue;
        if (*s == '[') {
            char *e = strchr(s, ']');
            if (!e) {
                snprintf(err, errlen, "%s:%d: section header without ']'", path, lineno);
                rc = -1;
                break;
            }
            *e = 0;
            snprintf(section, sizeof section, "%s", trim(s + 1));
            have_section = 1;
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, errlen, "%s:%d: expected key=value or [section], got '%.60s'",
                     path, lineno, s);
            rc = -1;
            break;
        }
        if (!have_section) {
            snprintf(err, errlen, "%s:%d: key=value before any [section]", path, lineno);
            rc = -1;
            break;
        }
        *eq = 0;
        char *k = trim(s);
        char *v = unquote(trim(eq + 1));
        if (!*k) {
            snprintf(err, errlen, "%s:%d: empty key", path, lineno);
            rc = -1;
            break;
        }
        if (f->n == INI_MAX_ENTRIES) {
            /* lookups are linear in the entries: bound them (a real
             * snapshot file has a few hundred) */
            snprintf(err, errlen, "%s:%d: more than %d key=value entries", path, lineno,
                     INI_MAX_ENTRIES);
            rc = -1;
            break;
        }
        if (f->n == f->cap) {
            size_t ncap = f->cap ? f->cap * 2 : 32;
            ini_kv *nk = realloc(f->kv, ncap * sizeof *nk);
            if (!nk) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            f->kv = nk;
            f->cap = ncap;
        }
        ini_kv *kv = &f->kv[f->n];
        kv->section = xstrdup(section);
        kv->key = xstrdup(k);
        kv->value = xstrdup(v);
        kv->line = lineno;
        if (!kv->section || !kv->key || !kv->value) {
            free(kv->section);
            free(kv->key);
            free(kv->value);
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        f->n++;
    }
    if (rc == 0 && ferror(fp)) {
        snprintf(err, errlen, "%s: read error", path);
        rc = -1;
    }
    fclose(fp);
    if (rc != 0)
        ini_free(f);
    return rc;
}

static const ini_kv *ini_get(const ini_file *f, const char *section, const char *key)
{
    for (size_t i = 0; i < f->n; i++)
        if (strcasecmp(f->kv[i].section, section) == 0 &&
            strcasecmp(f->kv[i].key, key) == 0)
            return &f->kv[i];
    return NULL;
}

static int ini_has_section(const ini_file *f, const char *section)
{
    for (size_t i = 0; i < f->n; i++)
        if (strcasecmp(f->kv[i].section, section) == 0)
            return 1;
    return 0;
}

/* ---- snapshot ------------------------------------------------------------- */

#define MAX_DEVICES 64

typedef struct device {
    ini_file ini;
    const char *name, *cls, *type;
} device;

static void join_path(char *out, size_t outlen, const char *dir, const char *file)
{
    if (file[0] == '/' || !dir[0])
        snprintf(out, outlen, "%s", file);
    else
        snprintf(out, outlen, "%s/%s", dir, file);
}

/* A file named by a key of an .ini file must be a regular file: a
 * directory (an empty file=, say) or a device would otherwise be read as
 * data.  The message names the .ini file, line, section and key. */
static int check_regular(const ini_file *ini, const ini_kv *kv, const char *path,
                         char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s:%d: [%s] %s=: '%s': %s", ini->path, kv->line, kv->section,
                 kv->key, kv->value, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s:%d: [%s] %s=: '%s' is %s, not a regular file", ini->path,
                 kv->line, kv->section, kv->key, kv->value,
                 S_ISDIR(st.st_mode) ? "a directory" : "a special file");
        return -1;
    }
    return 0;
}

static int is_ete_type(const char *type)
{
    /* "ETE" with an optional ".x" version suffix, as OpenCSD accepts */
    return type && strncasecmp(type, "ETE", 3) == 0 && (type[3] == 0 || type[3] == '.');
}

static int load_regs(ete_snapshot *ss, const device *dv, char *err, size_t errlen)
{
    static const char *const required[] = { "TRCIDR0", "TRCIDR2", "TRCCONFIGR",
                                            "TRCTRACEIDR" };
    int seen[4] = { 0, 0, 0, 0 };
    for (size_t i = 0; i < dv->ini.n; i++) {
        const ini_kv *kv = &dv->ini.kv[i];
        if (strcasecmp(kv->section, "regs") != 0)
            continue;
        char b[64];
        reg_base_name(kv->key, b, sizeof b);
        uint64_t v;
        ete_dec_cfg probe = ss->cfg;
        if (ete_cfg_set_reg(&probe, b, 0) != 0)
            continue;   /* a register the decoder does not use */
        if (ete_parse_u64(kv->value, &v) != 0 || v > 0xFFFFFFFFu) {
            snprintf(err, errlen, "%s:%d: register %s: '%s' is not a 32-bit number",
                     dv->ini.path, kv->line, b, kv->value);
            return -1;
        }
        ete_cfg_set_reg(&ss->cfg, b, (uint32_t)v);
        for (int r = 0; r < 4; r++)
            if (strcasecmp(b, required[r]) == 0)
                seen[r] = 1;
    }
    for (int r = 0; r < 4; r++) {
        if (!seen[r]) {
            snprintf(err, errlen, "%s: [regs] has no %s (required for an ETE source)",
                     dv->ini.path, required[r]);
            return -1;
        }
    }
    return 0;
}

static int load_dumps(ete_snapshot *ss, const char *dir, const device *dv,
                      char *err, size_t errlen)
{
    /* Each section whose name starts with "dump" is one region. */
    for (size_t i = 0; i < dv->ini.n; i++) {
        const char *sec = dv->ini.kv[i].section;
        if (strncasecmp(sec, "dump", 4) != 0)
            continue;
        int first = 1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(dv->ini.kv[j].section, sec) == 0)
                first = 0;
        if (!first)
            continue;
        const ini_kv *file = ini_get(&dv->ini, sec, "file");
        const ini_kv *addr = ini_get(&dv->ini, sec, "address");
        const ini_kv *len = ini_get(&dv->ini, sec, "length");
        const ini_kv *off = ini_get(&dv->ini, sec, "offset");
        const ini_kv *space = ini_get(&dv->ini, sec, "space");
        uint64_t a, l = 0, o = 0;
        unsigned sp = ETE_SPACE_ANY;
        if (!file || !addr) {
            snprintf(err, errlen, "%s: [%s] needs both file= and address=",
                     dv->ini.path, sec);
            return -1;
        }
        if (ete_parse_u64(addr->value, &a) != 0) {
            snprintf(err, errlen, "%s:%d: bad address '%s'", dv->ini.path, addr->line,
                     addr->value);
            return -1;
        }
        if (len && ete_parse_u64(len->value, &l) != 0) {
            snprintf(err, errlen, "%s:%d: bad length '%s'", dv->ini.path, len->line,
                     len->value);
            return -1;
        }
        if (off && ete_parse_u64(off->value, &o) != 0) {
            snprintf(err, errlen, "%s:%d: bad offset '%s'", dv->ini.path, off->line,
                     off->value);
            return -1;
        }
        if (space && ete_image_space_from_name(space->value, &sp) != 0) {
            snprintf(err, errlen, "%s:%d: unknown memory space '%s'", dv->ini.path,
                     space->line, space->value);
            return -1;
        }
        char path[2048];
        join_path(path, sizeof path, dir, file->value);
        if (check_regular(&dv->ini, file, path, err, errlen) != 0)
            return -1;
        char e2[512];
        if (ete_image_add_file(&ss->image, a, path, o, l, len != NULL, sp, e2, sizeof e2) != 0) {
            snprintf(err, errlen, "%s:%d: [%s]: %s", dv->ini.path, file->line, sec, e2);
            return -1;
        }
    }
    return 0;
}

void ete_snapshot_free(ete_snapshot *ss)
{
    ete_image_free(&ss->image);
    free(ss->trace);
    ss->trace = NULL;
    ss->trace_len = 0;
}

int ete_snapshot_load(const char *dir, const char *source, ete_snapshot *ss,
                      char *err, size_t errlen)
{
    memset(ss, 0, sizeof *ss);
    ete_cfg_defaults(&ss->cfg);
    ete_image_init(&ss->image);

    char path[2048];
    ini_file snap, trc;
    device *dev = calloc(MAX_DEVICES, sizeof *dev);
    size_t ndev = 0;
    int rc = -1;
    memset(&trc, 0, sizeof trc);
    if (!dev) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    join_path(path, sizeof path, dir, "snapshot.ini");
    if (ini_load(&snap, path, err, errlen) != 0) {
        free(dev);
        return -1;
    }

    /* [snapshot] version must be 1.0 when present */
    const ini_kv *ver = ini_get(&snap, "snapshot", "version");
    if (ver && strcmp(ver->value, "1.0") != 0 && strcmp(ver->value, "1") != 0) {
        snprintf(err, errlen, "%s:%d: unsupported snapshot version '%s' (expected 1.0)",
                 snap.path, ver->line, ver->value);
        goto out;
    }
    /* [device_list]: every value is a device .ini file */
    for (size_t i = 0; i < snap.n; i++) {
        if (strcasecmp(snap.kv[i].section, "device_list") != 0)
            continue;
        if (ndev == MAX_DEVICES) {
            snprintf(err, errlen, "%s:%d: more than %d devices", snap.path, snap.kv[i].line,
                     MAX_DEVICES);
            goto out;
        }
        char dpath[2048];
        join_path(dpath, sizeof dpath, dir, snap.kv[i].value);
        if (check_regular(&snap, &snap.kv[i], dpath, err, errlen) != 0)
            goto out;
        if (ini_load(&dev[ndev].ini, dpath, err, errlen) != 0)
            goto out;
        const ini_kv *n = ini_get(&dev[ndev].ini, "device", "name");
        const ini_kv *c = ini_get(&dev[ndev].ini, "device", "class");
        const ini_kv *t = ini_get(&dev[ndev].ini, "device", "type");
        if (!n) {
            snprintf(err, errlen, "%s: [device] has no name=", dpath);
            ndev++;
            goto out;
        }
        dev[ndev].name = n->value;
        dev[ndev].cls = c ? c->value : "";
        dev[ndev].type = t ? t->value : "";
        ndev++;
    }
    if (ndev == 0) {
        snprintf(err, errlen, "%s: no devices in [device_list]", snap.path);
        goto out;
    }
    /* [trace] metadata=trace.ini */
    const ini_kv *meta = ini_get(&snap, "trace", "metadata");
    if (!meta) {
        snprintf(err, errlen, "%s: [trace] has no metadata= (the trace buffer description)",
                 snap.path);
        goto out;
    }
    char tpath[2048];
    join_path(tpath, sizeof tpath, dir, meta->value);
    if (check_regular(&snap, meta, tpath, err, errlen) != 0)
        goto out;
    if (ini_load(&trc, tpath, err, errlen) != 0)
        goto out;
    if (!ini_has_section(&trc, "trace_buffers")) {
        snprintf(err, errlen, "%s: no [trace_buffers] section", trc.path);
        goto out;
    }

    /* choose the ETE source */
    const device *ete = NULL;
    const ini_kv *srcbuf = NULL;
    for (size_t i = 0; i < ndev; i++) {
        if (source ? strcmp(dev[i].name, source) != 0 : !is_ete_type(dev[i].type))
            continue;
        if (source && !is_ete_type(dev[i].type)) {
            snprintf(err, errlen, "%s: device '%s' has type '%s', not ETE", dev[i].ini.path,
                     source, dev[i].type);
            goto out;
        }
        const ini_kv *sb = ini_get(&trc, "source_buffers", dev[i].name);
        if (!sb && !source)
            continue;
        if (!sb) {
            snprintf(err, errlen, "%s: [source_buffers] has no buffer for '%s'", trc.path,
                     source);
            goto out;
        }
        ete = &dev[i];
        srcbuf = sb;
        break;
    }
    if (!ete) {
        if (source)
            snprintf(err, errlen, "%s: no device named '%s'", snap.path, source);
        else
            snprintf(err, errlen, "%s: no ETE trace source (type=ETE) with a trace buffer in "
                     "[source_buffers] of %s", snap.path, trc.path);
        goto out;
    }
    snprintf(ss->source, sizeof ss->source, "%s", ete->name);
    if (load_regs(ss, ete, err, errlen) != 0)
        goto out;

    /* the buffer: a section whose name= is the buffer name (or named so) */
    const char *bufsec = NULL;
    for (size_t i = 0; i < trc.n && !bufsec; i++)
        if (strcasecmp(trc.kv[i].key, "name") == 0 &&
            strcmp(trc.kv[i].value, srcbuf->value) == 0)
            bufsec = trc.kv[i].section;
    if (!bufsec && ini_has_section(&trc, srcbuf->value))
        bufsec = srcbuf->value;
    if (!bufsec) {
        snprintf(err, errlen, "%s:%d: buffer '%s' is not described in %s", trc.path,
                 srcbuf->line, srcbuf->value, trc.path);
        goto out;
    }
    const ini_kv *bfile = ini_get(&trc, bufsec, "file");
    const ini_kv *bfmt = ini_get(&trc, bufsec, "format");
    if (!bfile) {
        snprintf(err, errlen, "%s: [%s] has no file=", trc.path, bufsec);
        goto out;
    }
    if (bfmt && strcasecmp(bfmt->value, "source_data") != 0) {
        snprintf(err, errlen, "%s:%d: buffer format '%s' is not supported (only source_data: "
                 "a single unformatted ETE byte stream)", trc.path, bfmt->line, bfmt->value);
        goto out;
    }
    join_path(ss->trace_file, sizeof ss->trace_file, dir, bfile->value);
    if (check_regular(&trc, bfile, ss->trace_file, err, errlen) != 0)
        goto out;
    if (file_read_all(ss->trace_file, &ss->trace, &ss->trace_len, err, errlen) != 0)
        goto out;

    /* the core: [core_trace_sources] core=source; its [dump] sections */
    const device *core = NULL;
    for (size_t i = 0; i < trc.n && !core; i++) {
        if (strcasecmp(trc.kv[i].section, "core_trace_sources") != 0 ||
            strcmp(trc.kv[i].value, ete->name) != 0)
            continue;
        for (size_t d = 0; d < ndev; d++)
            if (strcmp(dev[d].name, trc.kv[i].key) == 0)
                core = &dev[d];
        if (!core) {
            snprintf(err, errlen, "%s:%d: core '%s' is not in [device_list]", trc.path,
                     trc.kv[i].line, trc.kv[i].key);
            goto out;
        }
    }
    if (core) {
        snprintf(ss->core, sizeof ss->core, "%s", core->name);
        if (load_dumps(ss, dir, core, err, errlen) != 0)
            goto out;
    } else {
        /* no association: take the dumps of every device */
        for (size_t d = 0; d < ndev; d++)
            if (load_dumps(ss, dir, &dev[d], err, errlen) != 0)
                goto out;
    }
    rc = 0;
out:
    for (size_t i = 0; i < ndev; i++)
        ini_free(&dev[i].ini);
    free(dev);
    ini_free(&snap);
    ini_free(&trc);
    if (rc != 0)
        ete_snapshot_free(ss);
    return rc;
}
