// The thin C++ shim between the Verilated bench top of ete_entry (class
// Vete_entry_tb_top) and the C bench: pins, clock, waves.
#include <cstdio>
#include <new>

#include "Vete_entry_tb_top.h"
#include "vl_shim.h"

#include "ete_entry_dut.h"

extern "C" const ete_entry_set ete_entry_sets[ETE_ENTRY_SETS] = {
    {"W1_D8", 1, 8, 0},   {"W2_D16", 2, 16, 0}, {"W4_D16_R", 4, 16, 1},
    {"W4_D256", 4, 256, 0}, {"W2_D8_R", 2, 8, 1},
};

struct ete_entry_dut {
    vl_shim::sim<Vete_entry_tb_top> sim{"ete_entry_tb_top"};
};

using vl_shim::get;
using vl_shim::put;

extern "C" ete_entry_dut *ete_entry_dut_new(char *err, size_t errlen)
{
    ete_entry_dut *d = new (std::nothrow) ete_entry_dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    d->sim.top->eval();
    return d;
}

extern "C" void ete_entry_dut_free(ete_entry_dut *d)
{
    delete d;
}

extern "C" void ete_entry_dut_step(ete_entry_dut *d, int rst_n, uint64_t ts,
                                   const ete_entry_in in[ETE_ENTRY_SETS],
                                   ete_entry_out out[ETE_ENTRY_SETS])
{
    Vete_entry_tb_top &t = *d->sim.top;
    t.clk_i = 0;
    t.rst_ni = rst_n ? 1u : 0u;
    t.ts_i = ts;
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
        const ete_entry_in &i = in[s];
        put(t.start_i, s, 1, i.start ? 1u : 0u);
        put(t.take_i, s, 1, i.take ? 1u : 0u);
        put(t.stall_en_i, s, 1, i.stall_en ? 1u : 0u);
        put(t.stall_lvl_i, 2u * s, 2, i.stall_lvl);
        put(t.ent_ready_i, s, 1, i.ent_ready ? 1u : 0u);
        for (unsigned k = 0; k < ETE_ENTRY_MAX_W; k++) {
            unsigned b = ETE_ENTRY_MAX_W * s + k;
            const ete_entry_slot &f = i.slot[k];
            put(t.pe_valid_i, b, 1, k < i.nvalid ? 1u : 0u);
            put(t.pe_kind_i, 3u * b, 3, f.kind);
            put(t.pe_addr_i, 64u * b, 64, f.addr);
            put(t.pe_last_i, 8u * b, 8, f.last);
            put(t.pe_iclass_i, 4u * b, 4, f.iclass);
            put(t.pe_flags_i, 4u * b, 4, f.flags);
            put(t.pe_isa_i, 2u * b, 2, f.isa);
            put(t.pe_el_i, 2u * b, 2, f.el);
            put(t.pe_from_el_i, 2u * b, 2, f.from_el);
            put(t.pe_exc_type_i, 5u * b, 5, f.exc_type);
            put(t.pe_ext_in_i, 8u * b, 8, f.ext_in);
        }
    }
    t.eval();
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
        ete_entry_out &o = out[s];
        o.pe_drop = static_cast<int>(get(t.pe_drop_o, s, 1));
        o.pe_stall = static_cast<int>(get(t.pe_stall_o, s, 1));
        o.empty = static_cast<int>(get(t.empty_o, s, 1));
        o.ent_valid = static_cast<int>(get(t.ent_valid_o, s, 1));
        ete_entry_ent &e = o.ent;
        e.marker = static_cast<int>(get(t.ent_marker_o, s, 1));
        e.f.kind = static_cast<uint8_t>(get(t.ent_kind_o, 3u * s, 3));
        e.f.addr = get(t.ent_addr_o, 64u * s, 64);
        e.f.last = static_cast<uint8_t>(get(t.ent_last_o, 8u * s, 8));
        e.f.iclass = static_cast<uint8_t>(get(t.ent_iclass_o, 4u * s, 4));
        e.f.flags = static_cast<uint8_t>(get(t.ent_flags_o, 4u * s, 4));
        e.f.isa = static_cast<uint8_t>(get(t.ent_isa_o, 2u * s, 2));
        e.f.el = static_cast<uint8_t>(get(t.ent_el_o, 2u * s, 2));
        e.f.from_el = static_cast<uint8_t>(get(t.ent_from_el_o, 2u * s, 2));
        e.f.exc_type = static_cast<uint8_t>(get(t.ent_exc_type_o, 5u * s, 5));
        e.f.ext_in = static_cast<uint8_t>(get(t.ent_ext_in_o, 8u * s, 8));
        e.cyc = static_cast<uint32_t>(get(t.ent_cyc_o, 21u * s, 21));
        e.ts = get(t.ent_ts_o, 64u * s, 64);
    }
    d->sim.rise();
}

extern "C" int ete_entry_dut_waves(ete_entry_dut *d, const char *path, char *err, size_t errlen)
{
    return d->sim.waves(path, "ete_entry", err, errlen);
}
