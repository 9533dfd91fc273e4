// The thin C++ shim between the Verilated ete_pipe (class Vete_pipe) and the
// C bench (pipe_tb.c).  Compiled once per parameter set by mk/ete_pipe.mk with
// the set's parameters as PIPE_DUT_* macros (the -G values).
#include <cstdio>
#include <cstring>
#include <new>

#include "Vete_pipe.h"
#include "vl_shim.h"

#include "pipe_dut.h"

#if !defined(PIPE_DUT_SET) || !defined(PIPE_DUT_RS_DEPTH) || !defined(PIPE_DUT_PKT_BYTES) || \
    !defined(PIPE_DUT_COMMOPT) || !defined(PIPE_DUT_CCSIZE)
#error "mk/ete_pipe.mk passes the parameter set as PIPE_DUT_* macros"
#endif

#define PIPE_DUT_STR2(x) #x
#define PIPE_DUT_STR(x) PIPE_DUT_STR2(x)

using vl_shim::get;
using vl_shim::put;

struct pipe_dut {
    vl_shim::sim<Vete_pipe> s{"ete_pipe"};
};

extern "C" {

void pipe_dut_params_get(pipe_dut_params *p)
{
    std::memset(p, 0, sizeof *p);
    p->set = PIPE_DUT_STR(PIPE_DUT_SET);
    p->rs_depth = PIPE_DUT_RS_DEPTH;
    p->num_acpairs = PIPE_DUT_NUM_ACPAIRS;
    p->num_events = PIPE_DUT_NUM_EVENTS;
    p->num_extin = PIPE_DUT_NUM_EXTIN;
    p->ccsize = PIPE_DUT_CCSIZE;
    p->ccitmin = PIPE_DUT_CCITMIN;
    p->commopt = PIPE_DUT_COMMOPT;
    p->pkt_bytes = PIPE_DUT_PKT_BYTES;
    p->waves = VM_TRACE ? 1 : 0;
}

pipe_dut *pipe_dut_new(void)
{
    pipe_dut *d = new (std::nothrow) pipe_dut;
    if (!d)
        return nullptr;
    d->s.top->rst_ni = 0;
    d->s.top->eval();
    return d;
}

void pipe_dut_free(pipe_dut *d)
{
    delete d;
}

int pipe_dut_waves(pipe_dut *d, const char *path, char *err, size_t errlen)
{
    return d->s.waves(path, PIPE_DUT_STR(PIPE_DUT_SET), err, errlen);
}

void pipe_dut_set_regs(pipe_dut *d, const pipe_dut_regs *r)
{
    Vete_pipe &t = *d->s.top;
    t.trcconfigr_i = r->configr;
    t.trceventctl0r_i = r->eventctl0r;
    t.trceventctl1r_i = r->eventctl1r;
    t.trcstallctlr_i = r->stallctlr;
    t.trctsctlr_i = r->tsctlr;
    t.trcsyncpr_i = r->syncpr;
    t.trcccctlr_i = r->ccctlr;
    t.trcbbctlr_i = r->bbctlr;
    t.trctraceidr_i = r->traceidr;
    t.trcvictlr_i = r->victlr;
    t.trcviiectlr_i = r->viiectlr;
    t.trcvissctlr_i = r->vissctlr;
    for (unsigned i = 0; i < 32; i++)
        put(t.trcrsctlr_i, 32u * i, 32, r->rsctlr[i]);
    for (unsigned i = 0; i < 16; i++) {
        put(t.trcacvr_i, 64u * i, 64, r->acvr[i]);
        put(t.trcacatr_i, 64u * i, 64, r->acatr[i]);
    }
}

void pipe_dut_drive(pipe_dut *d, const pipe_dut_in *in)
{
    Vete_pipe &t = *d->s.top;
    t.rst_ni = in->rst ? 0 : 1;
    t.start_i = in->start ? 1 : 0;
    t.finish_i = in->finish ? 1 : 0;
    t.ent_valid_i = in->ent_valid ? 1 : 0;
    t.pkt_ready_i = in->pkt_ready ? 1 : 0;
    const pipe_dut_ent &e = in->ent;
    t.ent_marker_i = e.marker;
    t.ent_kind_i = e.kind;
    t.ent_addr_i = e.addr;
    t.ent_last_i = e.last;
    t.ent_iclass_i = e.iclass;
    t.ent_flags_i = e.flags;
    t.ent_isa_i = e.isa;
    t.ent_el_i = e.el;
    t.ent_from_el_i = e.from_el;
    t.ent_exc_type_i = e.exc_type;
    t.ent_ext_in_i = e.ext_in;
    t.ent_cyc_i = e.cyc;
    t.ent_ts_i = e.ts;
}

void pipe_dut_eval(pipe_dut *d, pipe_dut_out *o)
{
    Vete_pipe &t = *d->s.top;
    t.eval();
    o->ent_ready = t.ent_ready_o & 1u;
    o->pkt_valid = t.pkt_valid_o & 1u;
    o->finish_done = t.finish_done_o & 1u;
    o->pkt_len = t.pkt_len_o;
    for (unsigned i = 0; i < PIPE_DUT_PKT_BYTES; i++)
        o->pkt_data[i] = static_cast<uint8_t>(get(t.pkt_data_o, 8u * i, 8));
}

void pipe_dut_rise(pipe_dut *d)
{
    d->s.rise();
}

uint64_t pipe_dut_cycles(const pipe_dut *d)
{
    return d->s.cycles;
}

} // extern "C"
