/* Recursion: N-queens, naive Fibonacci, Ackermann, and a binary search
 * tree built and walked recursively. */
#include <stdio.h>
#include <stdlib.h>

#include "wl_text.h"

static int queens(int row, int n, unsigned cols, unsigned d1, unsigned d2)
{
    if (row == n)
        return 1;
    int count = 0;
    for (int c = 0; c < n; c++) {
        unsigned a = 1u << c, b = 1u << (row + c), e = 1u << (row - c + n - 1);
        if ((cols & a) || (d1 & b) || (d2 & e))
            continue;
        count += queens(row + 1, n, cols | a, d1 | b, d2 | e);
    }
    return count;
}

static unsigned fib(unsigned n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned ack(unsigned m, unsigned n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

typedef struct node {
    struct node *l, *r;
    unsigned key;
} node;

static node pool[4096];
static int npool;

static node *insert(node *t, unsigned key)
{
    if (!t) {
        node *n = &pool[npool++];
        n->key = key;
        n->l = n->r = NULL;
        return n;
    }
    if (key < t->key)
        t->l = insert(t->l, key);
    else
        t->r = insert(t->r, key);
    return t;
}

static unsigned long sum_depth(const node *t, unsigned depth)
{
    return t ? depth + sum_depth(t->l, depth + 1) + sum_depth(t->r, depth + 1) : 0;
}

int main(void)
{
    int q = queens(0, 8, 0, 0, 0);
    unsigned f = fib(21);
    unsigned a = ack(2, 200);
    uint32_t seed = 99;
    node *root = NULL;
    for (int i = 0; i < 4000; i++)
        root = insert(root, wl_rand(&seed));
    unsigned long d = sum_depth(root, 0);
    printf("recurse: queens(8) %d, fib(21) %u, ack(2,200) %u, tree depth sum %lu\n", q, f, a, d);
    return q == 92 && f == 10946 && a == 403 ? 0 : 1;
}
