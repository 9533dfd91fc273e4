/* Reading a whole file (or standard input) into memory, for the decoders'
 * command-line tools and the snapshot reader. */
#ifndef FILE_READ_H
#define FILE_READ_H

#include <stddef.h>
#include <stdint.h>

/* Read all of path ("-": standard input) into a malloc'ed buffer (*data,
 * *len; *data may be NULL when the file is empty).  Returns 0, or -1 with a
 * message naming the path and the problem in err. */
int file_read_all(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen);

#endif
