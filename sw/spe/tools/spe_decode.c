/* spe-decode: decode Statistical Profiling Extension profile data (SPE
 * supplement chapter 5): packets in the words of Linux perf's SPE dump,
 * records as CSV, or a profile summary.  See docs/spe-decode.md.
 *
 * --plot FILE.png writes the summary's data to FILE.png.tsv
 * (spe_stats_write_plot_data) and runs scripts/plot_spe.py on it with
 * Debian's python3 (matplotlib): the script is found beside the executable
 * (<exe>/../../scripts, build/bin of a checkout) or through
 * $SPE_PLOT_SCRIPT; $SPE_PLOT_PYTHON names another interpreter. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spe_dec.h"
#include "spe_dump.h"
#include "spe_pkt.h"
#include "spe_stats.h"
#include "file_read.h"

#define EXIT_BAD   1
#define EXIT_USAGE 2

static const char *prog = "spe-decode";

static void usage(FILE *f)
{
    fprintf(f,
        "usage: spe-decode [--records | --stats [--top N] [--plot FILE.png]] FILE\n"
        "  (default)   one line per packet, as perf report -D prints SPE data:\n"
        "              offset, raw bytes, packet (PC 0x.. el0 ns=1, LAT 12 TOT, ...)\n"
        "  --records   one CSV line per sample record, after a header line\n"
        "  --stats     profile summary: records, operation types, events,\n"
        "              latencies, most sampled PCs\n"
        "  --top N     PCs listed by --stats (default 10)\n"
        "  --plot F    with --stats: draw the total latency histogram and the top\n"
        "              PCs into the PNG file F (data kept in F.tsv; matplotlib)\n"
        "  FILE        raw SPE profile data (Profiling Buffer contents); - for stdin\n"
        "exit status: 0 clean, 1 bad packets or incomplete records, 2 usage or file error\n");
}

/* ---- --plot ------------------------------------------------------------------ */

extern char **environ;

/* scripts/plot_spe.py: $SPE_PLOT_SCRIPT, or <dir of the executable>/../../scripts */
static int plot_script(char *out, size_t len)
{
    const char *env = getenv("SPE_PLOT_SCRIPT");
    char exe[PATH_MAX];
    ssize_t n;
    if (env && *env) {
        snprintf(out, len, "%s", env);
        return 0;
    }
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = 0;
    for (int up = 0; up < 3; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            return -1;
        *slash = 0;
    }
    if ((size_t)snprintf(out, len, "%s/scripts/plot_spe.py", exe) >= len)
        return -1;
    return access(out, R_OK) == 0 ? 0 : -1;
}

/* Write the plot data of st to png + ".tsv" and draw png; 0 or -1 with a
 * message. */
static int plot(const spe_stats *st, const char *png, unsigned top, const char *input)
{
    char tsv[PATH_MAX], script[PATH_MAX];
    const char *py = getenv("SPE_PLOT_PYTHON");
    FILE *f;
    pid_t pid;
    int status;
    if ((size_t)snprintf(tsv, sizeof tsv, "%s.tsv", png) >= sizeof tsv) {
        fprintf(stderr, "%s: --plot: file name too long\n", prog);
        return -1;
    }
    f = fopen(tsv, "w");
    if (!f) {
        fprintf(stderr, "%s: --plot: %s: %s\n", prog, tsv, strerror(errno));
        return -1;
    }
    if (spe_stats_write_plot_data(st, f, top ? top : 10) != 0) {
        fprintf(stderr, "%s: --plot: out of memory\n", prog);
        fclose(f);
        return -1;
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: --plot: %s: write error\n", prog, tsv);
        return -1;
    }
    if (plot_script(script, sizeof script) != 0) {
        fprintf(stderr, "%s: --plot: scripts/plot_spe.py not found beside the executable; "
                        "set SPE_PLOT_SCRIPT (data in %s)\n", prog, tsv);
        return -1;
    }
    if (!py || !*py)
        py = "/usr/bin/python3";
    {
        char *args[] = {(char *)py, script, tsv, (char *)png, (char *)input, NULL};
        int e = posix_spawn(&pid, py, NULL, NULL, args, environ);
        if (e != 0) {
            fprintf(stderr, "%s: --plot: cannot run %s: %s\n", prog, py, strerror(e));
            return -1;
        }
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "%s: --plot: %s %s failed (data in %s)\n", prog, py, script, tsv);
        return -1;
    }
    return 0;
}

/* ---- main ------------------------------------------------------------------- */

enum mode { MODE_DUMP, MODE_RECORDS, MODE_STATS };

int main(int argc, char **argv)
{
    enum mode mode = MODE_DUMP;
    const char *path = NULL;
    unsigned long top = 10;
    const char *png = NULL;
    int top_set = 0, mode_set = 0, rc = 0, r;
    uint8_t *data = NULL;
    size_t len = 0;
    spe_dec d;
    spe_record rec;
    spe_stats st;
    spe_dumper dp;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--records") == 0 || strcmp(a, "--stats") == 0) {
            enum mode m = a[2] == 'r' ? MODE_RECORDS : MODE_STATS;
            if (mode_set && mode != m) {
                fprintf(stderr, "%s: --records and --stats exclude each other\n", prog);
                return EXIT_USAGE;
            }
            mode = m;
            mode_set = 1;
        } else if (strcmp(a, "--top") == 0) {
            char *end;
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: --top needs a number\n", prog);
                return EXIT_USAGE;
            }
            errno = 0;
            top = strtoul(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || argv[i][0] == '-' || top > 1000000) {
                fprintf(stderr, "%s: --top: '%s' is not a number from 0 to 1000000\n", prog,
                        argv[i]);
                return EXIT_USAGE;
            }
            top_set = 1;
        } else if (strcmp(a, "--plot") == 0) {
            if (i + 1 >= argc || argv[i + 1][0] == '\0') {
                fprintf(stderr, "%s: --plot needs a file name\n", prog);
                return EXIT_USAGE;
            }
            png = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, a);
            usage(stderr);
            return EXIT_USAGE;
        } else if (path) {
            fprintf(stderr, "%s: one FILE only ('%s' and '%s')\n", prog, path, a);
            return EXIT_USAGE;
        } else {
            path = a;
        }
    }
    if (!path) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (top_set && mode != MODE_STATS) {
        fprintf(stderr, "%s: --top goes with --stats\n", prog);
        return EXIT_USAGE;
    }
    if (png && mode != MODE_STATS) {
        fprintf(stderr, "%s: --plot goes with --stats\n", prog);
        return EXIT_USAGE;
    }
    {
        char err[512];
        if (file_read_all(path, &data, &len, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return EXIT_USAGE;
        }
    }

    spe_dec_init(&d, data, len, 0);
    spe_stats_init(&st);
    spe_dumper_init(&dp, stdout);
    if (mode == MODE_DUMP) {
        spe_dec_set_hook(&d, spe_dumper_hook, &dp);
        /* perf report -D: ".", then the size line of each AUX buffer */
        printf(".\n. ... ARM SPE data: size %zu bytes\n", len);
    } else if (mode == MODE_RECORDS) {
        spe_csv_header(stdout);
    }

    while ((r = spe_dec_next(&d, &rec)) != SPE_DEC_EOF) {
        if (r == SPE_DEC_ERROR) {
            spe_dumper_flush(&dp);
            fflush(stdout);
            fprintf(stderr, "%s: %s: offset %" PRIu64 " (0x%" PRIx64 "): %s\n", prog, path,
                    d.err_off, d.err_off, d.err);
            rc = EXIT_BAD;
            continue;
        }
        if (mode == MODE_RECORDS)
            spe_csv_record(stdout, &rec);
        else if (mode == MODE_STATS && spe_stats_add(&st, &rec) != 0) {
            fprintf(stderr, "%s: out of memory for the PC table\n", prog);
            spe_stats_free(&st);
            free(data);
            return EXIT_USAGE;
        }
    }
    spe_dumper_flush(&dp);
    if (mode == MODE_STATS)
        spe_stats_print(&st, &d, stdout, (unsigned)top);
    if (png) {
        fflush(stdout);
        if (plot(&st, png, (unsigned)top, path) != 0) {
            spe_stats_free(&st);
            free(data);
            return EXIT_USAGE;
        }
    }
    spe_stats_free(&st);
    free(data);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: error writing the output\n", prog);
        return EXIT_USAGE;
    }
    return rc;
}
