/* Calls through function pointers: an operation table, callbacks passed
 * to a generic reducer, and objects with a table of methods.  Built with
 * return address signing (-mbranch-protection=standard for Armv8.3-A), so
 * functions return with RETAA. */
#include <stdint.h>
#include <stdio.h>

#include "wl_text.h"

typedef uint32_t (*binop)(uint32_t, uint32_t);

static uint32_t op_add(uint32_t a, uint32_t b) { return a + b; }
static uint32_t op_xor(uint32_t a, uint32_t b) { return a ^ b; }
static uint32_t op_mul(uint32_t a, uint32_t b) { return a * b + 1u; }
static uint32_t op_rot(uint32_t a, uint32_t b)
{
    return a << (b & 7u) | a >> ((8u - (b & 7u)) & 31u);
}
static uint32_t op_max(uint32_t a, uint32_t b) { return a > b ? a : b; }

static binop const ops[] = {op_add, op_xor, op_mul, op_rot, op_max};

static uint32_t reduce(const uint32_t *v, int n, binop f, uint32_t acc)
{
    for (int i = 0; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

typedef struct shape shape;
typedef struct shape_ops {
    uint32_t (*area)(const shape *);
    uint32_t (*perimeter)(const shape *);
} shape_ops;
struct shape {
    const shape_ops *ops;
    uint32_t a, b;
};

static uint32_t rect_area(const shape *s) { return s->a * s->b; }
static uint32_t rect_perim(const shape *s) { return 2u * (s->a + s->b); }
static uint32_t tri_area(const shape *s) { return s->a * s->b / 2u; }
static uint32_t tri_perim(const shape *s) { return s->a + s->b + (s->a > s->b ? s->a : s->b); }
static uint32_t sq_area(const shape *s) { return s->a * s->a; }
static uint32_t sq_perim(const shape *s) { return 4u * s->a; }

static const shape_ops rect_ops = {rect_area, rect_perim};
static const shape_ops tri_ops = {tri_area, tri_perim};
static const shape_ops sq_ops = {sq_area, sq_perim};

#define NV 512
#define NS 300

int main(void)
{
    static uint32_t v[NV];
    static shape shapes[NS];
    uint32_t seed = 31, total = 0;
    for (int i = 0; i < NV; i++)
        v[i] = wl_rand(&seed);
    for (int round = 0; round < 40; round++)
        total += reduce(v, NV, ops[(unsigned)round % 5u], (uint32_t)round);
    const shape_ops *kinds[] = {&rect_ops, &tri_ops, &sq_ops};
    for (int i = 0; i < NS; i++) {
        shapes[i].ops = kinds[wl_rand(&seed) % 3u];
        shapes[i].a = 1u + wl_rand(&seed) % 100u;
        shapes[i].b = 1u + wl_rand(&seed) % 100u;
    }
    uint32_t area = 0, perim = 0;
    for (int round = 0; round < 20; round++)
        for (int i = 0; i < NS; i++) {
            area += shapes[i].ops->area(&shapes[i]);
            perim += shapes[i].ops->perimeter(&shapes[i]);
        }
    printf("fnptr: reduce %08x, area %u, perimeter %u\n", total, area, perim);
    return 0;
}
