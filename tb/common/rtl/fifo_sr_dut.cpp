// The thin C++ shim between the Verilated bench top of common_fifo_sr
// (class Vfifo_sr_tb_top) and the C bench: pins, clock, waves.
#include <cstdio>
#include <new>

#include "Vfifo_sr_tb_top.h"
#include "vl_shim.h"

#include "fifo_sr_dut.h"

extern "C" const fifo_sr_set fifo_sr_sets[FIFO_SR_SETS] = {
    {"W1_D2", 1, 2, 8, 0},     {"W1_D16", 1, 16, 40, 0},  {"W2_D4", 2, 4, 12, 0},
    {"W2_D32", 2, 32, 33, 0},  {"W4_D8", 4, 8, 16, 0},    {"W4_D64", 4, 64, 40, 0},
    {"W1_D4_R", 1, 4, 8, 1},   {"W2_D16_R", 2, 16, 20, 1}, {"W4_D32_R", 4, 32, 40, 1},
};

struct fifo_sr_dut {
    vl_shim::sim<Vfifo_sr_tb_top> sim{"fifo_sr_tb_top"};
};

using vl_shim::get;
using vl_shim::put;

extern "C" fifo_sr_dut *fifo_sr_dut_new(char *err, size_t errlen)
{
    fifo_sr_dut *d = new (std::nothrow) fifo_sr_dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    d->sim.top->eval();
    return d;
}

extern "C" void fifo_sr_dut_free(fifo_sr_dut *d)
{
    delete d;
}

extern "C" void fifo_sr_dut_step(fifo_sr_dut *d, int rst_n, const fifo_sr_in in[FIFO_SR_SETS])
{
    Vfifo_sr_tb_top &t = *d->sim.top;
    t.clk_i = 0;
    t.rst_ni = rst_n ? 1u : 0u;
    for (unsigned s = 0; s < FIFO_SR_SETS; s++) {
        put(t.wr_cnt_i, 3u * s, 3, in[s].wr_cnt);
        for (unsigned l = 0; l < 4; l++)
            put(t.wr_data_i, (4u * s + l) * 40u, 40, in[s].wr_data[l]);
        put(t.rd_ready_i, s, 1, in[s].rd_ready ? 1u : 0u);
    }
    t.eval();
    d->sim.rise();
}

extern "C" void fifo_sr_dut_sample(fifo_sr_dut *d, fifo_sr_out out[FIFO_SR_SETS])
{
    Vfifo_sr_tb_top &t = *d->sim.top;
    for (unsigned s = 0; s < FIFO_SR_SETS; s++) {
        out[s].rd_valid = static_cast<int>(get(t.rd_valid_o, s, 1));
        out[s].rd_data = get(t.rd_data_o, 40u * s, 40);
        out[s].count = static_cast<unsigned>(get(t.count_o, 8u * s, 8));
        out[s].free = static_cast<unsigned>(get(t.free_o, 8u * s, 8));
        out[s].free_ge = static_cast<unsigned>(get(t.free_ge_o, 4u * s, 4));
    }
}

extern "C" int fifo_sr_dut_waves(fifo_sr_dut *d, const char *path, char *err, size_t errlen)
{
    return d->sim.waves(path, "fifo_sr", err, errlen);
}
