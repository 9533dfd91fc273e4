/* QEMU TCG plugin (plugin API version 1, QEMU 7.2 linux-user): records
 * every instruction the guest executes (pc and instruction word) and every
 * memory access (virtual address, size, load or store) in the capture
 * format of wl_capture.h.
 *
 *   qemu-aarch64 -d plugin -D LOG \
 *       -plugin wl_trace.so,out=FILE[,cap=N][,exit=on|off] PROGRAM ARGS
 *
 * out   capture file (or FIFO) to write
 * cap   stop recording after N instructions (0: no cap)
 * exit  on (default): when the cap is reached, end the emulation at once;
 *       off: let the program run to its end unrecorded
 *
 * Debian's QEMU ships no qemu-plugin.h, so the handful of API functions
 * used here are declared below with their version 1 signatures.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wl_capture.h"

/* ---- the QEMU plugin API, version 1 (include/qemu/qemu-plugin.h) ----- */
#define WL_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;

typedef struct qemu_info_t {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    } u;
} qemu_info_t;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS,
    QEMU_PLUGIN_CB_R_REGS,
    QEMU_PLUGIN_CB_RW_REGS
};
enum qemu_plugin_mem_rw {
    QEMU_PLUGIN_MEM_R = 1,
    QEMU_PLUGIN_MEM_W,
    QEMU_PLUGIN_MEM_RW
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_simple_cb_t)(qemu_plugin_id_t id, unsigned int vcpu_index);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_init_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_simple_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void *qemu_plugin_insn_haddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
                                      qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags,
                                      enum qemu_plugin_mem_rw rw, void *userdata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb,
                                    void *userdata);
void qemu_plugin_outs(const char *string);

WL_EXPORT extern int qemu_plugin_version;
WL_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                  char **argv);

WL_EXPORT int qemu_plugin_version = 1;

/* ---- state ----------------------------------------------------------- */
enum { ST_RUNNING, ST_DONE };

typedef struct insn_def {
    uint64_t pc;
    uint32_t id;
} insn_def;

#define BUF_WORDS (1u << 18)          /* 1 MiB output buffer */
#define DEFS_PER_CHUNK 4096u

static uint32_t buf[BUF_WORDS];
static size_t nbuf;
static int out_fd = -1;
static int state = ST_DONE;
static uint64_t cap;                  /* 0: unlimited */
static bool exit_at_cap = true;
static uint64_t n_exec, n_mem;
static uint32_t next_id;
static insn_def *def_chunk;
static size_t def_used = DEFS_PER_CHUNK;
static char out_path[4096];

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char line[4600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    qemu_plugin_outs(line);
}

static void flush_buf(void)
{
    const uint8_t *p = (const uint8_t *)buf;
    size_t left = nbuf * 4u;
    while (left && out_fd >= 0) {
        ssize_t w = write(out_fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            say("wl_trace: write to %s failed after %llu instructions: %s\n", out_path,
                (unsigned long long)n_exec, strerror(errno));
            close(out_fd);
            out_fd = -1;
            state = ST_DONE;
            break;
        }
        p += w;
        left -= (size_t)w;
    }
    nbuf = 0;
}

/* Room for one entry (at most 7 words). */
static inline void reserve(void)
{
    if (nbuf + 8u > BUF_WORDS)
        flush_buf();
}

static void finish(enum wl_end how, uint64_t next_pc)
{
    if (state != ST_RUNNING)
        return;
    reserve();
    buf[nbuf++] = WL_CAP_END | (uint32_t)how;
    buf[nbuf++] = (uint32_t)n_exec;
    buf[nbuf++] = (uint32_t)(n_exec >> 32);
    buf[nbuf++] = (uint32_t)n_mem;
    buf[nbuf++] = (uint32_t)(n_mem >> 32);
    buf[nbuf++] = (uint32_t)next_pc;
    buf[nbuf++] = (uint32_t)(next_pc >> 32);
    flush_buf();
    state = ST_DONE;
    if (out_fd >= 0) {
        if (close(out_fd) != 0)
            say("wl_trace: closing %s failed: %s\n", out_path, strerror(errno));
        out_fd = -1;
    }
    static const char *const how_name[] = {"exit", "cap", "second thread", "error"};
    say("wl_trace: %llu instructions, %llu accesses, end: %s\n", (unsigned long long)n_exec,
        (unsigned long long)n_mem, how_name[how]);
}

/* ---- callbacks ------------------------------------------------------- */
static void on_exec(unsigned int vcpu, void *udata)
{
    if (vcpu != 0 || state != ST_RUNNING)
        return;
    const insn_def *d = udata;
    if (cap && n_exec == cap) {
        finish(WL_END_CAPPED, d->pc);
        if (exit_at_cap)
            _exit(0);
        return;
    }
    reserve();
    buf[nbuf++] = d->id;
    n_exec++;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr,
                   void *udata)
{
    (void)udata;
    if (vcpu != 0 || state != ST_RUNNING)
        return;
    reserve();
    buf[nbuf++] = WL_CAP_MEM | (qemu_plugin_mem_size_shift(info) & WL_CAP_MEM_SHIFT) |
                  (qemu_plugin_mem_is_store(info) ? WL_CAP_MEM_STORE : 0u);
    buf[nbuf++] = (uint32_t)vaddr;
    buf[nbuf++] = (uint32_t)(vaddr >> 32);
    n_mem++;
}

static insn_def *new_def(void)
{
    if (def_used == DEFS_PER_CHUNK) {
        /* the definitions live as long as the translated code may run */
        def_chunk = malloc(DEFS_PER_CHUNK * sizeof *def_chunk);
        if (!def_chunk)
            return NULL;
        def_used = 0;
    }
    return &def_chunk[def_used++];
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    if (state != ST_RUNNING)
        return;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint32_t word = 0;
        size_t sz = qemu_plugin_insn_size(insn);
        memcpy(&word, qemu_plugin_insn_data(insn), sz < 4 ? sz : 4);
        insn_def *d = new_def();
        if (!d || next_id > WL_CAP_MAX_ID || sz != 4) {
            say("wl_trace: cannot record the instruction at 0x%llx (size %zu, id %u)\n",
                (unsigned long long)qemu_plugin_insn_vaddr(insn), sz, next_id);
            finish(WL_END_ERROR, 0);
            return;
        }
        d->pc = qemu_plugin_insn_vaddr(insn);
        d->id = next_id++;
        reserve();
        buf[nbuf++] = WL_CAP_DEF;
        buf[nbuf++] = (uint32_t)d->pc;
        buf[nbuf++] = (uint32_t)(d->pc >> 32);
        buf[nbuf++] = word;
        if ((word & 0xFFE0001Fu) == 0xD4000001u && (d->pc & 0xFFFu) != 0xFFCu) {
            /* SVC: the word after it, the preferred return address of the
             * exception, may never execute (exit, rt_sigreturn); in
             * linux-user the host address maps the guest page, and pc + 4
             * is on the same page */
            const uint8_t *h = qemu_plugin_insn_haddr(insn);
            if (h) {
                uint32_t after;
                memcpy(&after, h + 4, 4);
                reserve();
                buf[nbuf++] = WL_CAP_WORD;
                buf[nbuf++] = (uint32_t)(d->pc + 4u);
                buf[nbuf++] = (uint32_t)((d->pc + 4u) >> 32);
                buf[nbuf++] = after;
            }
        }
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_exec, QEMU_PLUGIN_CB_NO_REGS, d);
        qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_RW, NULL);
    }
}

static void on_vcpu_init(qemu_plugin_id_t id, unsigned int vcpu)
{
    (void)id;
    /* one instruction stream per capture: a second thread ends it */
    if (vcpu != 0)
        finish(WL_END_THREAD, 0);
}

static void on_exit_cb(qemu_plugin_id_t id, void *udata)
{
    (void)id;
    (void)udata;
    finish(WL_END_EXIT, 0);
}

/* ---- installation ---------------------------------------------------- */
static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-')
        return -1;
    *v = x;
    return 0;
}

WL_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                  char **argv)
{
    const uint32_t probe = 1;
    uint8_t first;
    memcpy(&first, &probe, 1);
    if (first != 1) {
        qemu_plugin_outs("wl_trace: the capture format needs a little-endian host\n");
        return -1;
    }
    if (info->system_emulation) {
        qemu_plugin_outs("wl_trace: linux-user emulation only\n");
        return -1;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "out=", 4) && a[4] && strlen(a + 4) < sizeof out_path) {
            strcpy(out_path, a + 4);
        } else if (!strncmp(a, "cap=", 4) && parse_u64(a + 4, &cap) == 0) {
            /* parsed */
        } else if (!strcmp(a, "exit=on")) {
            exit_at_cap = true;
        } else if (!strcmp(a, "exit=off")) {
            exit_at_cap = false;
        } else {
            say("wl_trace: bad argument '%s' (out=FILE, cap=N, exit=on|off)\n", a);
            return -1;
        }
    }
    if (!out_path[0]) {
        qemu_plugin_outs("wl_trace: out=FILE is required\n");
        return -1;
    }
    out_fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out_fd < 0) {
        say("wl_trace: cannot open %s: %s\n", out_path, strerror(errno));
        return -1;
    }
    memcpy(buf, WL_CAP_MAGIC, 8);
    buf[2] = WL_CAP_VERSION;
    buf[3] = 0;
    nbuf = 4;
    state = ST_RUNNING;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
    qemu_plugin_register_vcpu_init_cb(id, on_vcpu_init);
    qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
    return 0;
}
