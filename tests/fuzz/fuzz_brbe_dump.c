/* libFuzzer entry point for the BRBE record dump reader (sw/brbe/brbe_dump_read.c,
 * format `brbe-records 1`, docs/brbe-record-format.md) and the text and CSV
 * printers of brbe-decode.
 *
 * Input: the dump text.  Each snapshot returned is printed (to /dev/null)
 * and its records checked with brbe_record_check; an error names a line and
 * an offset inside the input; the reader ends within one call per line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dec.h"
#include "brbe_dump_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *out;
    static brbe_snapshot s;
    brbe_dump_reader rd;
    size_t calls = 0;
    int got;

    if (!out)
        out = fopen("/dev/null", "w");
    require(out != NULL);
    brbe_dump_init(&rd, data, size);
    while ((got = brbe_dump_next(&rd, &s)) == 1) {
        require(++calls <= size);
        require(s.numrec == 8 || s.numrec == 16 || s.numrec == 32 || s.numrec == 64);
        require(s.nvalid <= s.numrec);
        brbe_print_snapshot_header(out, &s);
        for (unsigned i = 0; i < s.nvalid; i++) {
            char err[256];
            require(s.rec[i].index == i);
            require(brbe_record_check(&s.rec[i], s.cc_bits, err, sizeof err) == 0);
            brbe_print_record(out, &s.rec[i], s.cc_bits);
            brbe_csv_record(out, s.seq, &s.rec[i], s.cc_bits);
        }
    }
    if (got == -1) {
        require(rd.err[0] != 0 && memchr(rd.err, 0, sizeof rd.err) != NULL);
        require(rd.err_off <= size && rd.err_line >= 1);
        require(brbe_dump_next(&rd, &s) == -1);
    }
    return 0;
}
