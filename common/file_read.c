#include "file_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int file_read_all(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    uint8_t *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n == cap) {
            size_t ncap = cap ? cap * 2u : 65536u;
            uint8_t *nb = ncap > cap ? realloc(buf, ncap) : NULL;
            if (!nb) {
                free(buf);
                if (!is_stdin)
                    fclose(f);
                snprintf(err, errlen, "%s: out of memory after %zu bytes", path, n);
                return -1;
            }
            buf = nb;
            cap = ncap;
        }
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        if (!is_stdin)
            fclose(f);
        snprintf(err, errlen, "%s: read error after %zu bytes: %s", path, n,
                 e ? strerror(e) : "I/O error");
        return -1;
    }
    if (!is_stdin)
        fclose(f);
    *data = buf;
    *len = n;
    return 0;
}
