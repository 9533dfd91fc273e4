/* A bytecode interpreter whose dispatch is a dense switch, compiled to a
 * jump table (an indirect BR through a table of offsets). */
#include <stdint.h>
#include <stdio.h>

enum op {
    OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_MOD, OP_DUP, OP_SWAP,
    OP_JZ, OP_JMP, OP_LT, OP_INC, OP_DROP, OP_OUT, OP_HALT
};

/* count the primes below LIMIT by trial division */
#define LIMIT 2000
enum { LOOP = 8, TRIAL = 19, DIVCHK = 31, PRIME = 45, NEXT = 50, END = 57 };
static const int32_t prog[] = {
    OP_PUSH, 2, OP_STORE, 0,                            /*  0: n = 2 */
    OP_PUSH, 0, OP_STORE, 2,                            /*  4: count = 0 */
    OP_LOAD, 0, OP_PUSH, LIMIT, OP_LT, OP_JZ, END,      /*  8: LOOP: n < LIMIT? */
    OP_PUSH, 2, OP_STORE, 1,                            /* 15: d = 2 */
    OP_LOAD, 0, OP_LOAD, 1, OP_LOAD, 1, OP_MUL, OP_LT,  /* 19: TRIAL: n < d * d? */
    OP_JZ, DIVCHK, OP_JMP, PRIME,                       /* 27 */
    OP_LOAD, 0, OP_LOAD, 1, OP_MOD, OP_JZ, NEXT,        /* 31: DIVCHK: d divides n? */
    OP_LOAD, 1, OP_INC, OP_STORE, 1, OP_JMP, TRIAL,     /* 38: d++ */
    OP_LOAD, 2, OP_INC, OP_STORE, 2,                    /* 45: PRIME: count++ */
    OP_LOAD, 0, OP_INC, OP_STORE, 0, OP_JMP, LOOP,      /* 50: NEXT: n++ */
    OP_LOAD, 2, OP_OUT, OP_HALT,                        /* 57: END */
};

static int32_t run(const int32_t *code)
{
    int32_t stack[64], var[8] = {0}, out = -1;
    int sp = 0, pc = 0;
    for (;;) {
        int32_t a, b;
        switch ((enum op)code[pc++]) {
        case OP_PUSH: stack[sp++] = code[pc++]; break;
        case OP_LOAD: stack[sp++] = var[code[pc++] & 7]; break;
        case OP_STORE: var[code[pc++] & 7] = stack[--sp]; break;
        case OP_ADD: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a + b; break;
        case OP_SUB: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a - b; break;
        case OP_MUL: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a * b; break;
        case OP_MOD: b = stack[--sp]; a = stack[--sp]; stack[sp++] = b ? a % b : 0; break;
        case OP_DUP: a = stack[sp - 1]; stack[sp++] = a; break;
        case OP_SWAP: a = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = a; break;
        case OP_JZ: a = stack[--sp]; if (!a) pc = code[pc]; else pc++; break;
        case OP_JMP: pc = code[pc]; break;
        case OP_LT: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a < b; break;
        case OP_INC: stack[sp - 1]++; break;
        case OP_DROP: sp--; break;
        case OP_OUT: out = stack[--sp]; break;
        case OP_HALT: return out;
        default: return -2;
        }
        if (sp < 0 || sp > 60)
            return -3;
    }
}

int main(void)
{
    int32_t primes = run(prog);
    printf("switch: %d primes below %d\n", (int)primes, LIMIT);
    return primes == 303 ? 0 : 1;
}
