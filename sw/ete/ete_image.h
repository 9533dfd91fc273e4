/* Program image for the trace analyzer: memory regions loaded from files or
 * buffers, each valid in a set of exception-level / security contexts (the
 * OpenCSD snapshot "space" of a [dump] section).  ete_image_read has the
 * ete_mem_read_fn signature of ete_decoder.h. */
#ifndef ETE_IMAGE_H
#define ETE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/* Context sets of a region ("space"). */
#define ETE_SPACE_EL10_S  0x01u   /* EL0/EL1 Secure */
#define ETE_SPACE_EL10_N  0x02u   /* EL0/EL1 Non-secure */
#define ETE_SPACE_EL2_S   0x04u
#define ETE_SPACE_EL2_N   0x08u
#define ETE_SPACE_EL3     0x10u
#define ETE_SPACE_ANY     0x1Fu

typedef struct ete_image_region {
    uint64_t addr;
    size_t   len;
    uint8_t *data;
    unsigned space;          /* ETE_SPACE_* mask */
} ete_image_region;

typedef struct ete_image {
    ete_image_region *r;
    size_t n, cap;
    size_t last;             /* index of the last region hit */
} ete_image;

void ete_image_init(ete_image *img);
void ete_image_free(ete_image *img);

/* Copy len bytes at addr into the image.  Returns 0, or -1 with a message. */
int ete_image_add(ete_image *img, uint64_t addr, const void *data, size_t len,
                  unsigned space, char *err, size_t errlen);

/* Load [offset, offset+length) of a file (length 0: to the end of the file)
 * at addr.  Returns 0, or -1 with a message naming the file. */
int ete_image_add_file(ete_image *img, uint64_t addr, const char *path,
                       uint64_t offset, uint64_t length, int have_length,
                       unsigned space, char *err, size_t errlen);

/* OpenCSD snapshot space name ("EL1N", "EL2", "S", "ANY", ...) to a mask;
 * the empty string is ANY.  Returns 0, or -1 for an unknown name. */
int ete_image_space_from_name(const char *name, unsigned *space);

/* ete_mem_read_fn: the little-endian 32-bit word at addr in context (el, ns). */
int ete_image_read(void *img, uint64_t addr, unsigned el, int ns, uint32_t *word);

#endif
