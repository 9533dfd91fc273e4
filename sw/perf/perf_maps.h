/* The file mappings of a captured AArch64 process, for the MMAP records of
 * a perf.data file (perf_data.h, docs/perf-data.md).
 *
 * A capture (tb/workloads) records what executed, not where QEMU loaded
 * the files.  The mappings are found again from the program image of the
 * capture (pe_image: the instruction words executed, zero elsewhere):
 *
 *  - the ELF files: the program, then (with a sysroot) its PT_INTERP and
 *    every DT_NEEDED library, found under the sysroot's library folders
 *    and followed recursively;
 *  - for each file, each executable PT_LOAD segment: an ET_EXEC file sits
 *    at its link addresses; an ET_DYN file's load bias is the page-aligned
 *    offset at which the executed words of the image equal the file's
 *    bytes (the bias most image segments agree on);
 *  - the image segments no file explains (code QEMU wrote, such as its
 *    signal return trampoline, or a program without files, such as a
 *    generated one) are written to raw files in a folder and mapped from
 *    there, so that perf can still read every executed instruction.
 *    Segments at addresses with bits [63:48] set (EL1) are left out.
 */
#ifndef PERF_MAPS_H
#define PERF_MAPS_H

#include <stddef.h>
#include <stdint.h>

#include "pe_stream.h"
#include "perf_data.h"

typedef struct perf_maps {
    perf_data_map *map;       /* sorted by address; paths owned */
    size_t n;
    size_t seg_matched;       /* image segments inside a file mapping */
    size_t seg_raw;           /* image segments written as raw files */
    size_t seg_kernel;        /* image segments left out (EL1 addresses) */
} perf_maps;

typedef struct perf_maps_cfg {
    const char *const *elf;   /* ELF files (host paths), the program first */
    size_t nelf;
    const char *sysroot;      /* NULL: no PT_INTERP / DT_NEEDED search */
    const char *rawdir;       /* folder for raw segment files; NULL: none
                                 (an unexplained segment is then an error) */
} perf_maps_cfg;

/* Check that path is a 64-bit little-endian AArch64 ELF executable or
 * shared object.  Returns 0 and, when dynamic is not NULL, whether it names
 * an interpreter (PT_INTERP); or -1 with a message naming the file and what
 * it is instead. */
int perf_elf_check(const char *path, int *dynamic, char *err, size_t errlen);

/* Find the mappings.  Returns 0, or -1 with a message naming the file or
 * the image segment and the problem. */
int perf_maps_find(const pe_image *img, const perf_maps_cfg *cfg, perf_maps *out,
                   char *err, size_t errlen);
void perf_maps_free(perf_maps *m);

#endif
