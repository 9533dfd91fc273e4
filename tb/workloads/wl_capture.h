/* The capture file written by the QEMU TCG plugin (plugin/wl_trace.c) and
 * read by the importer (wl_import.c): what one guest thread executed, in
 * order, as a stream of little-endian 32-bit words (docs/workloads.md).
 *
 *   header, 16 bytes: magic "WLTRACE1", u32 version (1), u32 0
 *   words:
 *     0x00000000..0x7FFFFFFF  EXEC: the instruction with this id started
 *                             executing (ids are given by DEF, from 0 up)
 *     0x8000_0000             DEF: defines the next id; 3 words follow:
 *                             pc[31:0], pc[63:32], the instruction word
 *     0x9000_00xx             MEM: the last EXEC'd instruction accessed
 *                             memory; bits [3:0] log2 of the size, bit 4
 *                             store; 2 words follow: vaddr[31:0], [63:32]
 *     0xA000_0000             WORD: the instruction word at an address
 *                             that may never execute: the one after each
 *                             translated SVC, the preferred return address
 *                             of its exception; 3 words as for DEF
 *     0xF000_000x             END: bits [1:0] = enum wl_end; 6 words follow:
 *                             instructions (u64), accesses (u64), and the
 *                             pc of the next instruction (u64; 0 unless
 *                             the capture was capped)
 *
 * The plugin writes DEF when QEMU translates an instruction (always before
 * its first EXEC), EXEC just before the instruction executes and MEM just
 * after each of its accesses.  An instruction that faults has no MEM for
 * the access that faulted; the next EXEC is the signal handler's first
 * instruction (or, after a system call, whatever the kernel returns to).
 */
#ifndef WL_CAPTURE_H
#define WL_CAPTURE_H

#include <stdint.h>

#define WL_CAP_MAGIC    "WLTRACE1"
#define WL_CAP_VERSION  1u
#define WL_CAP_HDR_SIZE 16u

#define WL_CAP_TAG_MASK 0xF0000000u
#define WL_CAP_DEF      0x80000000u
#define WL_CAP_MEM      0x90000000u
#define WL_CAP_WORD     0xA0000000u
#define WL_CAP_END      0xF0000000u
#define WL_CAP_MEM_STORE 0x10u
#define WL_CAP_MEM_SHIFT 0x0Fu
#define WL_CAP_MAX_ID   0x7FFFFFFFu

enum wl_end {
    WL_END_EXIT   = 0,  /* the guest exited (exit_group) */
    WL_END_CAPPED = 1,  /* the instruction cap was reached */
    WL_END_THREAD = 2,  /* the guest started a second thread: capture stops */
    WL_END_ERROR  = 3   /* the plugin could not record an instruction */
};

#endif
