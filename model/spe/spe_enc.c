/* SPE packet encoders (SPE supplement chapter 5). */
#include "spe_enc.h"

#define ADDR56_MASK UINT64_C(0x00FFFFFFFFFFFFFF)

static size_t put_le(uint8_t *out, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = (uint8_t)(v >> (8u * i));   /* 5.1.3: little-endian */
    return n;
}

/* Instruction virtual address payload (5.3.1): ADDR bytes <6:0> = VA[55:0]
 * [L2634], EL byte 7 bits [6:5] [L2610], NS byte 7 bit [7] [L2592], byte 7
 * bits [4:0] zero. */
uint64_t spe_addr_insn(uint64_t va, unsigned el, unsigned ns)
{
    return (va & ADDR56_MASK) | ((uint64_t)(el & 3u) << 61) | ((uint64_t)(ns & 1u) << 63);
}

/* Data access virtual address payload: TAG byte <7> is VA[63:56] when the
 * applicable TBI bit is 1, else reads-as-zero [L2586]. */
uint64_t spe_addr_data_va(uint64_t va, int tbi)
{
    return tbi ? va : (va & ADDR56_MASK);
}

/* Data access physical address payload: NS byte 7 bit [7] [L2603], byte 7
 * bits [6:0] zero. */
uint64_t spe_addr_data_pa(uint64_t pa, unsigned ns)
{
    return (pa & ADDR56_MASK) | ((uint64_t)(ns & 1u) << 63);
}

/* Padding: 0b00000000 (5.2.1, 5.3.9). */
size_t spe_enc_padding(uint8_t *out)
{
    out[0] = 0x00;
    return 1;
}

/* End packet: 0b00000001 (5.3.6). */
size_t spe_enc_end(uint8_t *out)
{
    out[0] = 0x01;
    return 1;
}

/* Timestamp packet: header 0b01 11 0001 = 0x71 (SZ = 0b11 doubleword),
 * 64-bit payload (5.3.10). */
size_t spe_enc_timestamp(uint8_t *out, uint64_t ts)
{
    out[0] = 0x71;
    return 1 + put_le(out + 1, ts, 8);
}

/* Short header 0b10 SZ 0 INDEX[2:0] / 0b10 SZ 1 INDEX[2:0]; extended header
 * byte 0 = 0b001000 INDEX[4:3], byte 1 = the short form with INDEX[2:0]
 * (5.2.1 Figure 5, 5.2.2 Figure 6, 5.3.1, 5.3.4).  base is 0xB0 (Address,
 * SZ = 0b11) or 0x98 (Counter, SZ = 0b01, bit 3 one). */
static size_t put_hdr(uint8_t *out, uint8_t base, unsigned index, int extended)
{
    index &= 31u;
    if (!extended && index < 8u) {
        out[0] = (uint8_t)(base | index);
        return 1;
    }
    out[0] = (uint8_t)(0x20u | (index >> 3));
    out[1] = (uint8_t)(base | (index & 7u));
    return 2;
}

size_t spe_enc_address(uint8_t *out, unsigned index, uint64_t payload, int extended)
{
    size_t n = put_hdr(out, 0xB0, index, extended);
    return n + put_le(out + n, payload, 8);
}

/* Counter payload: COUNT in bits [11:0], bits [15:12] zero, saturating at
 * 0xFFF (5.3.4 [L2862]). */
size_t spe_enc_counter(uint8_t *out, unsigned index, uint32_t cycles, int extended)
{
    size_t n = put_hdr(out, 0x98, index, extended);
    uint32_t c = cycles > SPE_CNT_SATURATED ? SPE_CNT_SATURATED : cycles;
    return n + put_le(out + n, c, 2);
}

/* Context packet: 0b01 10 01 INDEX[1:0] (SZ = 0b10 word), 32-bit payload
 * (5.3.3). */
size_t spe_enc_context(uint8_t *out, unsigned index, uint32_t value)
{
    out[0] = (uint8_t)(0x64u | (index & 3u));
    return 1 + put_le(out + 1, value, 4);
}

/* Events packet: 0b01 SZ 0010 (5.3.7).  SZ is chosen as the smallest
 * payload that holds the highest set event bit. */
size_t spe_enc_events(uint8_t *out, uint64_t events)
{
    unsigned sz = 0;
    if (events >> 32)
        sz = 3;
    else if (events >> 16)
        sz = 2;
    else if (events >> 8)
        sz = 1;
    out[0] = (uint8_t)(0x42u | (sz << 4));
    return 1 + put_le(out + 1, events, 1u << sz);
}

/* Data Source packet: 0b01 SZ 0011, SZ 0b00 byte or 0b01 halfword (5.3.5). */
size_t spe_enc_data_source(uint8_t *out, uint16_t src)
{
    unsigned sz = src > 0xFFu ? 1u : 0u;
    out[0] = (uint8_t)(0x43u | (sz << 4));
    return 1 + put_le(out + 1, src, 1u << sz);
}

/* Operation Type packet: 0b01 00 10 CLASS[1:0] (SZ = 0b00 byte), 8-bit
 * SUBCLASS payload (5.3.8). */
size_t spe_enc_op_type(uint8_t *out, unsigned cls, unsigned subclass)
{
    out[0] = (uint8_t)(0x48u | (cls & 3u));
    out[1] = (uint8_t)subclass;
    return 2;
}

/* Alignment command: byte 0 = 0b0010 SIZE[3:0], byte 1 = 0x00 (5.3.2). */
size_t spe_enc_alignment(uint8_t *out, unsigned size)
{
    out[0] = (uint8_t)(0x20u | (size & 15u));
    out[1] = 0x00;
    return 2;
}
