/* qsort with a comparison function over records, then bsearch. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wl_text.h"

typedef struct item {
    uint32_t key;
    char name[12];
} item;

#define N 6000

static item items[N];

static int cmp_item(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int cmp_key(const void *k, const void *b)
{
    uint32_t key = *(const uint32_t *)k;
    const item *y = b;
    return key < y->key ? -1 : key > y->key;
}

int main(void)
{
    uint32_t seed = 7;
    for (int i = 0; i < N; i++) {
        items[i].key = wl_rand(&seed) % 2000u;
        for (int k = 0; k < 11; k++)
            items[i].name[k] = (char)('a' + wl_rand(&seed) % 26u);
        items[i].name[11] = 0;
    }
    qsort(items, N, sizeof items[0], cmp_item);
    int sorted = 1;
    for (int i = 1; i < N; i++)
        if (cmp_item(&items[i - 1], &items[i]) > 0)
            sorted = 0;
    int found = 0;
    for (uint32_t k = 0; k < 2000u; k += 7u)
        found += bsearch(&k, items, N, sizeof items[0], cmp_key) != NULL;
    printf("qsort: %d items %s, %d keys found\n", N, sorted ? "sorted" : "NOT SORTED", found);
    return sorted ? 0 : 1;
}
