// Statistical Profiling Extension unit (SPE supplement, ARM DDI 0586A):
// samples operations of the PE retirement stream, forms sample records in
// the packet format of chapter 5 and writes them to the Profiling Buffer
// through an AXI4 write master.  Byte-exact with the C model (model/spe,
// docs/spe-model.md); contract and limits: docs/spe-rtl.md.
//
// This module holds the unit's control (the PE, PSB and register ports, the
// samples in flight, the formation and write sequence) and joins its parts:
//   spe_regs    the System registers (chapter 4) and the register port;
//   spe_sample  StatisticalProfilingEnabled(), the interval counter and the
//               random number generator (3.1, 3.2.3);
//   spe_rec     the filters, the record's packets and the record buffer
//               (16 common_ram_sdp byte lanes);
//   spe_axi_wr  the AXI4 write master (3.4).
//
// PE records arrive on a valid/ready port.  For each record: PE reset
// handling, ERET target context, ageing of the samples in flight
// (docs/spe-model.md 2.4), then the population check and the interval
// counter (3.1) for the record itself, all in the cycle the record is
// taken.  A record on which the oldest sample in flight completes is held
// while that sample is filtered (3.2.2), formed (chapter 5) and written
// (3.4, 3.5); pe_ready_o is low meanwhile.  Up to MAX_INFLIGHT samples are
// in flight (spe_params.max_inflight), in a FIFO whose records are kept in
// a block RAM (common_ram_sdp; its read register holds the sample being
// formed).  Every sample completes INFLIGHT_RECORDS records after the one
// it was taken on, so they complete oldest first and at most one per PE
// record; a PSB CSYNC completes them all, oldest first.  A sample selected
// while MAX_INFLIGHT are in flight collides (2.2.4, 3.1.4).
//
// PMU events (SPE supplement 2.6 Table 1) leave on pmu_event_o, one bit per
// event, a one-clock pulse per occurrence, registered (one clock after the
// clock the unit decides it); the unit decides at most one of each per
// clock.  cti_trig_o is the CTI input trigger 2 of 2.7, a pulse when a
// sample's record has been written out.
//
// The record is formed sequentially, one packet per clock, into a record
// buffer of 2^MAX_SIZE bytes at the byte positions of the addresses it will
// be written to (address modulo 2^MAX_SIZE).  The buffer is 16 byte-lane
// memories of 2^MAX_SIZE / 16 rows (block RAM on an FPGA): a packet of at
// most 10 bytes, or up to 16 bytes of padding, is rotated into a 16-byte
// lane vector and written into at most two rows, each lane at its own row,
// and an AXI beat reads one row (half a row on a 64-bit bus) without any
// byte steering.  Formation takes a clock per packet (docs/spe-rtl.md,
// Latency).
`default_nettype none

module spe_top #(
  parameter DATA_W           = 64,     // AXI data width: 64 or 128
  parameter ID_W             = 4,      // AXI ID width: 1..16
  parameter AXI_ID           = 0,      // AWID of every burst: 0..2**ID_W-1
  parameter ALIGN            = 0,      // PMBIDR_EL1.Align: 0..MAX_SIZE
  parameter FLAG_UPDATES     = 1,      // PMBIDR_EL1.F: 0 or 1 (reported only)
  parameter MAX_SIZE         = 7,      // PMSIDR_EL1.MaxSize: 6..8, at least the largest record
  parameter INTERVAL_ID      = 0,      // PMSIDR_EL1.Interval: 0 or 2..8 (reported only)
  parameter ERND             = 0,      // PMSIDR_EL1.ERnd: 0 or 1
  parameter LDS              = 1,      // PMSIDR_EL1.LDS: Data Source packets, 0 or 1
  parameter HAVE_TME         = 1,      // FEAT_TME: Events E[16], PMSEVFR_EL1.E[16]; 0 or 1
  parameter GRANULE_LOG2     = 12,     // smallest translation granule: 12, 14 or 16
  parameter INFLIGHT_RECORDS = 1,      // a sample completes this many records later: 1..255
  parameter MAX_INFLIGHT     = 16,     // samples in flight at once (spe_params.max_inflight): 1..16
  parameter LFSR_SEED        = 16'hACE1, // reset state of the random number generator, nonzero
  parameter EXT_HEADERS      = 0,      // 16-bit headers for Address and Counter packets: 0 or 1
  parameter ALIGN_CMD        = 0,      // pad with the Alignment command where it fits: 0 or 1
  parameter EA_REPORT        = 1,      // 1: external aborts are management events; 0: SError
  parameter EA_SYNC          = 1       // 1: external aborts reported synchronously; 0: async
) (
  input  wire                clk_i,
  input  wire                rst_ni,            // synchronous, active low

  // PE retirement port (docs/ete-rtl-interface.md field names), valid/ready
  input  wire                pe_valid_i,
  output wire                pe_ready_o,
  input  wire [1:0]          pe_kind_i,
  input  wire [3:0]          pe_iclass_i,
  input  wire [1:0]          pe_isa_i,
  input  wire [1:0]          pe_el_i,
  input  wire [1:0]          pe_from_el_i,
  input  wire [5:0]          pe_flags_i,        // TAKEN, NS, TSTATE, MISPRED, COND, CCFAIL
  input  wire [63:0]         pe_pc_i,
  input  wire [63:0]         pe_target_i,
  input  wire [63:0]         pe_va_i,
  input  wire [63:0]         pe_pa_i,
  input  wire [6:0]          pe_ls_i,
  input  wire [15:0]         pe_lat_total_i,
  input  wire [15:0]         pe_lat_issue_i,
  input  wire [15:0]         pe_lat_xlat_i,
  input  wire [31:0]         pe_spe_events_i,
  input  wire [15:0]         pe_data_source_i,
  input  wire [31:0]         pe_contextidr_el1_i,
  input  wire [31:0]         pe_contextidr_el2_i,
  input  wire [63:0]         pe_timestamp_i,

  // PSB CSYNC: complete the sample in flight (valid/ready)
  input  wire                psb_valid_i,
  output wire                psb_ready_o,

  // PE-side controls (spe_pe_ctl); hold them stable while profiling
  input  wire                have_el2_i,
  input  wire                have_el3_i,
  input  wire [1:0]          mdcr_el3_nspb_i,
  input  wire [1:0]          mdcr_el2_e2pb_i,
  input  wire                hcr_el2_tge_i,
  input  wire                tbi0_i,
  input  wire                tbi1_i,
  input  wire [63:0]         cntvoff_el2_i,
  input  wire [1:0]          reg_el_i,          // EL of register accesses (PMBIDR_EL1.P)
  input  wire                reg_ns_i,

  // system-register port keyed by {op0,op1,CRn,CRm,op2} (sysreg.h SYSREG_ENC)
  input  wire                sr_valid_i,
  input  wire                sr_write_i,
  input  wire [15:0]         sr_enc_i,
  input  wire [63:0]         sr_wdata_i,
  output wire [63:0]         sr_rdata_o,
  output wire                sr_ready_o,
  output wire                sr_err_o,          // not an SPE register / write to RO

  output wire                irq_o,             // PMBIRQ, level: PMBSR_EL1.S (3.5)
  output wire                serror_o,          // an external abort was taken as SError
  output wire                idle_o,            // nothing in progress

  // PMU events (SPE supplement 2.6 Table 1), one-clock pulses, registered:
  // [0] SAMPLE_POP 0x4000, [1] SAMPLE_FEED 0x4001, [2] SAMPLE_FILTRATE
  // 0x4002, [3] SAMPLE_COLLISION 0x4003
  output wire [3:0]          pmu_event_o,
  output wire                cti_trig_o,        // CTI input trigger 2 (2.7): a record written out

  // AXI4 write master
  output wire [ID_W-1:0]     m_axi_awid_o,
  output wire [63:0]         m_axi_awaddr_o,
  output wire [7:0]          m_axi_awlen_o,
  output wire [2:0]          m_axi_awsize_o,
  output wire [1:0]          m_axi_awburst_o,
  output wire                m_axi_awlock_o,
  output wire [3:0]          m_axi_awcache_o,
  output wire [2:0]          m_axi_awprot_o,
  output wire                m_axi_awvalid_o,
  input  wire                m_axi_awready_i,
  output wire [DATA_W-1:0]   m_axi_wdata_o,
  output wire [DATA_W/8-1:0] m_axi_wstrb_o,
  output wire                m_axi_wlast_o,
  output wire                m_axi_wvalid_o,
  input  wire                m_axi_wready_i,
  input  wire [ID_W-1:0]     m_axi_bid_i,
  input  wire [1:0]          m_axi_bresp_i,
  input  wire                m_axi_bvalid_i,
  output wire                m_axi_bready_o
);

  // ---- parameter checks ----------------------------------------------------
  localparam REC_LEN_MAX = ((EXT_HEADERS != 0) ? 10 : 9) * 3 + 5 + 5 + 2 + ((EXT_HEADERS != 0) ? 4 : 3) * 3 +
                           ((HAVE_TME != 0) ? 5 : 3) + ((LDS != 0) ? 3 : 0) + 9;   // docs/spe-model.md 1.2
  generate
    if (DATA_W != 64 && DATA_W != 128) begin : g_bad_dw
      spe_top_DATA_W_must_be_64_or_128 u_bad ();
    end
    if (ID_W < 1 || ID_W > 16) begin : g_bad_idw
      spe_top_ID_W_must_be_1_to_16 u_bad ();
    end
    if (AXI_ID < 0 || AXI_ID >= (1 << ID_W)) begin : g_bad_id
      spe_top_AXI_ID_must_fit_in_ID_W_bits u_bad ();
    end
    if (MAX_SIZE < 6 || MAX_SIZE > 8 || (1 << MAX_SIZE) < REC_LEN_MAX) begin : g_bad_ms
      spe_top_MAX_SIZE_must_be_6_to_8_and_hold_the_largest_record u_bad ();
    end
    if (ALIGN < 0 || ALIGN > MAX_SIZE) begin : g_bad_al
      spe_top_ALIGN_must_be_0_to_MAX_SIZE u_bad ();
    end
    if (INTERVAL_ID == 1 || INTERVAL_ID < 0 || INTERVAL_ID > 8) begin : g_bad_iv
      spe_top_INTERVAL_ID_must_be_0_or_2_to_8 u_bad ();
    end
    if (GRANULE_LOG2 != 12 && GRANULE_LOG2 != 14 && GRANULE_LOG2 != 16) begin : g_bad_gr
      spe_top_GRANULE_LOG2_must_be_12_14_or_16 u_bad ();
    end
    if (INFLIGHT_RECORDS < 1 || INFLIGHT_RECORDS > 255) begin : g_bad_ifr
      spe_top_INFLIGHT_RECORDS_must_be_1_to_255 u_bad ();
    end
    if (MAX_INFLIGHT < 1 || MAX_INFLIGHT > 16) begin : g_bad_mif
      spe_top_MAX_INFLIGHT_must_be_1_to_16 u_bad ();
    end
    if (LFSR_SEED <= 0 || LFSR_SEED > 65535) begin : g_bad_seed
      spe_top_LFSR_SEED_must_be_1_to_65535 u_bad ();
    end
    if (ERND > 1 || ERND < 0 || LDS > 1 || LDS < 0 || HAVE_TME > 1 || HAVE_TME < 0 ||
        EXT_HEADERS > 1 || EXT_HEADERS < 0 || ALIGN_CMD > 1 || ALIGN_CMD < 0 ||
        EA_REPORT > 1 || EA_REPORT < 0 || EA_SYNC > 1 || EA_SYNC < 0 ||
        FLAG_UPDATES > 1 || FLAG_UPDATES < 0) begin : g_bad_flag
      spe_top_flag_parameters_must_be_0_or_1 u_bad ();
    end
  endgenerate

  localparam NW       = MAX_SIZE + 2;             // record offset and length width

  `include "common_sysreg.vh"    // PMBPTR_EL1_ENC (formal)
  `include "common_pe_class.vh"  // PE_KIND_*, PE_IC_* (common/pe_stream.h)

  localparam [63:0] AMASK = (64'd1 << ALIGN) - 64'd1;
  localparam F_NS = 1;

  // PMBSR_EL1 fields (4.3.4)
  localparam [5:0] EC_OTHER = 6'h00, EC_DABT_S1 = 6'h24;

  // ---- state ------------------------------------------------------------------
  // S_LD: the sample read from the sample store is in its read register
  // (spe_rec registers the filters' verdict); S_WR: the record is written
  // by spe_axi_wr (its AW, W and B phases)
  localparam [2:0] S_IDLE = 3'd0, S_LD = 3'd1, S_FORM = 3'd2, S_WR = 3'd3, S_SAMPLE = 3'd6;

  // one record: the fields SPE uses
  localparam RW_ = 2 + 4 + 2 + 2 + 2 + 6 + 64 * 4 + 7 + 16 * 3 + 11 + 16 + 32 * 2 + 64;
  wire [RW_-1:0] pe_vec = {pe_kind_i, pe_iclass_i, pe_isa_i, pe_el_i, pe_from_el_i, pe_flags_i,
                           pe_pc_i, pe_target_i, pe_va_i, pe_pa_i, pe_ls_i, pe_lat_total_i,
                           pe_lat_issue_i, pe_lat_xlat_i, pe_spe_events_i[10:0],
                           pe_data_source_i, pe_contextidr_el1_i, pe_contextidr_el2_i,
                           pe_timestamp_i};

  // the samples in flight: a FIFO of MAX_INFLIGHT slots (head_q oldest,
  // tail_q next free, cnt_q in use); a slot's record in the sample store
  // (RAM), its stamp and branch target context in flip-flops
  localparam SD = (MAX_INFLIGHT < 2) ? 2 : MAX_INFLIGHT;   // store depth (common_ram_sdp >= 2)
  localparam IW = (MAX_INFLIGHT <= 2) ? 1 : (MAX_INFLIGHT <= 4) ? 2 :
                  (MAX_INFLIGHT <= 8) ? 3 : 4;              // slot index bits
  localparam [31:0]   LAST32 = MAX_INFLIGHT - 1;
  localparam [31:0]   NMAX32 = MAX_INFLIGHT;
  localparam [31:0]   NREC32 = INFLIGHT_RECORDS;
  localparam [IW-1:0] LAST = LAST32[IW-1:0];               // the last slot index
  localparam [4:0]    NMAX = NMAX32[4:0];
  localparam [7:0]    NREC = NREC32[7:0];
  // the stored fields: those spe_rec reads (kind, isa and from_el are not)
  localparam SW = RW_ - 6;

  reg [2:0]     st_q, st_d;
  reg           ret_idle_q, ret_idle_d;       // after a completion: PSB (more or idle) or sample
  reg [RW_-1:0] cur_q;                        // the record being processed (loaded on pe_go)
  reg [IW-1:0]  head_q, head_d, tail_q, tail_d;
  reg [4:0]     cnt_q, cnt_d;                 // samples in flight, 0..MAX_INFLIGHT
  reg           push;                         // store sm_rec at tail_q
  reg           pop;                          // read the sample at head_q
  // rc_q counts the PE records taken (PE resets excepted), modulo 256; a
  // slot's stamp is rc_q after the record the sample was taken on, and the
  // sample completes on the record that brings rc_q to stamp + NREC
  // (docs/spe-model.md 2.4); due_q = rc_q + 1 - NREC, the stamp of the
  // sample the next record completes
  reg [7:0]     rc_q, rc_d, due_q;
  // slot i's stamp, branch target EL and NS at [8i +: 8], [2i +: 2], [i]
  wire [8*MAX_INFLIGHT-1:0] stamp_v;
  wire [2*MAX_INFLIGHT-1:0] tel_v;
  wire [MAX_INFLIGHT-1:0]   tns_v;
  // an ERET sample takes its target context from the next record: nn_q,
  // slot nn_idx_q (only the sample taken on the last record can wait)
  reg           nn_q, nn_d;
  reg [IW-1:0]  nn_idx_q, nn_idx_d;
  reg           tg_wr;                        // nn_idx_q's context from the record on the port
  reg [1:0]     sltel_q, sltel_d;             // the target context of the sample being formed
  reg           sltns_q, sltns_d;
  // PMU events and CTI trigger decided this clock
  reg           ev_pop, ev_feed, ev_filt, ev_coll, ev_trig;
  reg [4:0]     ev_q;
  reg           serr_q, serr_d;
  reg           smp;                          // count the record sm_rec (spe_sample)
  reg           pe_rst;                       // a PE reset record is taken
  // register updates (spe_regs)
  reg           lim_e_clr, ptr_ld, bsr_ld;
  reg [63:0]    ptr_n, bsr_n;
  // record formation and write
  reg [3:0]     pk_q, pk_d;                   // packet being formed (13, 14: padding)
  reg [NW-1:0]  n_q, n_d;                     // record bytes formed so far
  reg [63:0]    end_q, end_d;                 // record end (exclusive): PMBPTR_EL1 + length
  reg [63:0]    last_q, last_d;               // the record's last byte: end_q - 1
  reg [63:0]    wp_q, wp_d;                   // record start (PMBPTR_EL1 at the write)
  reg           wr_start;                     // spe_axi_wr takes the record
  // registered comparisons (the operands hold still while they are used):
  // in S_FORM, room_q = LIMIT - PMBPTR_EL1 and over_q = PMBPTR_EL1 > LIMIT;
  // in S_WR, full_q = fewer than 2^MaxSize bytes from the record end to LIMIT
  reg [63:0]    room_q;
  reg           over_q, full_q;

  // ---- record fields ------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  function [63:0] f_ts;  input [RW_-1:0] v; f_ts  = v[63:0]; endfunction
  function [31:0] f_cx2; input [RW_-1:0] v; f_cx2 = v[95:64]; endfunction
  function [31:0] f_cx1; input [RW_-1:0] v; f_cx1 = v[127:96]; endfunction
  function [15:0] f_ds;  input [RW_-1:0] v; f_ds  = v[143:128]; endfunction
  function [10:0] f_ev;  input [RW_-1:0] v; f_ev  = v[154:144]; endfunction
  function [15:0] f_lx;  input [RW_-1:0] v; f_lx  = v[170:155]; endfunction
  function [15:0] f_li;  input [RW_-1:0] v; f_li  = v[186:171]; endfunction
  function [15:0] f_lt;  input [RW_-1:0] v; f_lt  = v[202:187]; endfunction
  function [6:0]  f_ls;  input [RW_-1:0] v; f_ls  = v[209:203]; endfunction
  function [63:0] f_pa;  input [RW_-1:0] v; f_pa  = v[273:210]; endfunction
  function [63:0] f_va;  input [RW_-1:0] v; f_va  = v[337:274]; endfunction
  function [63:0] f_tg;  input [RW_-1:0] v; f_tg  = v[401:338]; endfunction
  function [63:0] f_pc;  input [RW_-1:0] v; f_pc  = v[465:402]; endfunction
  function [5:0]  f_fl;  input [RW_-1:0] v; f_fl  = v[471:466]; endfunction
  function [1:0]  f_fel; input [RW_-1:0] v; f_fel = v[473:472]; endfunction
  function [1:0]  f_el;  input [RW_-1:0] v; f_el  = v[475:474]; endfunction
  function [1:0]  f_isa; input [RW_-1:0] v; f_isa = v[477:476]; endfunction
  function [3:0]  f_ic;  input [RW_-1:0] v; f_ic  = v[481:478]; endfunction
  function [1:0]  f_kd;  input [RW_-1:0] v; f_kd  = v[483:482]; endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // a record as stored (iclass, el, flags and below) and back (kind, isa,
  // from_el zero)
  /* verilator lint_off UNUSEDSIGNAL */
  function [SW-1:0] f_st; input [RW_-1:0] v; f_st = {v[481:478], v[475:474], v[471:0]}; endfunction
  function [RW_-1:0] f_un; input [SW-1:0] w;
    f_un = {2'd0, w[477:474], 2'd0, w[473:472], 2'd0, w[471:0]};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- the parts ------------------------------------------------------------------
  wire [63:0]  pmscr1_e, pmscr2_e, pmsicr_q, pmsirr_q, pmsfcr_q, pmsevfr_q, pmslatfr_q;
  wire [63:0]  pmblimitr_q, pmbptr_q, pmbsr_q;
  wire         buf_e = pmblimitr_q[0];
  wire         buf_s = pmbsr_q[17];
  wire [63:0]  limit = {pmblimitr_q[63:12], 12'd0};
  wire         idle  = st_q == S_IDLE;
  // the record considered for sampling: the one on the port, or the one
  // held while a completed sample was written
  wire [RW_-1:0] sm_rec = idle ? pe_vec : cur_q;
  wire sr_go  = idle && sr_valid_i;
  wire psb_go = idle && !sr_valid_i && psb_valid_i;
  wire pe_go  = idle && !sr_valid_i && !psb_valid_i && pe_valid_i;

  wire         smp_sel, icr_ld;
  wire [63:0]  icr;
  wire         keep_q;
  wire [3:0]   pk_nx;
  wire [4:0]   pk_n;
  wire [NW-1:0] fr_gap, fr_len;
  wire [MAX_SIZE-5:0] rd_row;
  wire [127:0] rec_rd;
  wire         wr_busy, wr_done;
  wire [63:0]  ba_q;
`ifdef FORMAL
  wire [63:0]  pmbptr_d, be_q, wa_q;
`endif

  // the sample store: slot i's record at address i; the read register is
  // the sample being formed (loaded by pop, held until the next pop).  With
  // one slot the store is a register: a push finds the slot free only once
  // its sample is formed (pushes happen in S_IDLE and S_SAMPLE), so the
  // register is both the slot and the sample being formed.
  wire [SW-1:0]  st_rd, ram_rd;
  wire [RW_-1:0] sl_q = f_un(st_rd);
  common_ram_sdp #(
    .WIDTH     (SW),
    .DEPTH     (SD),
    .RAM_STYLE (1),
    .OUT_REG   (0)
  ) u_store (
    .clk_i   (clk_i),
    .we_i    (push),
    .waddr_i (tail_q),
    .wdata_i (f_st(sm_rec)),
    .re_i    (pop),
    .raddr_i (head_q),
`ifdef FORMAL
    .f_mem_o (),
    .f_rd1_o (),
`endif
    .rdata_o (ram_rd)
  );
  generate
    if (MAX_INFLIGHT == 1) begin : g_store1
      // the RAM's output is unused (synthesis removes it)
      reg [SW-1:0] st1_q;
      always @(posedge clk_i) if (push) st1_q <= f_st(sm_rec);
      assign st_rd = st1_q;
      wire unused_store = &{1'b0, ram_rd};
    end else begin : g_store
      assign st_rd = ram_rd;
    end
  endgenerate

  spe_regs #(
    .MAX_SIZE     (MAX_SIZE),
    .ALIGN        (ALIGN),
    .FLAG_UPDATES (FLAG_UPDATES),
    .INTERVAL_ID  (INTERVAL_ID),
    .ERND         (ERND),
    .LDS          (LDS),
    .HAVE_TME     (HAVE_TME),
    .GRANULE_LOG2 (GRANULE_LOG2),
    .EA_SYNC      (EA_SYNC)
  ) u_regs (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .have_el2_i       (have_el2_i),
    .have_el3_i       (have_el3_i),
    .mdcr_el3_nspb1_i (mdcr_el3_nspb_i[1]),
    .mdcr_el2_e2pb_i  (mdcr_el2_e2pb_i),
    .reg_el_i         (reg_el_i),
    .reg_ns_i         (reg_ns_i),
    .sr_go_i          (sr_go),
    .sr_write_i       (sr_write_i),
    .sr_enc_i         (sr_enc_i),
    .sr_wdata_i       (sr_wdata_i),
    .sr_rdata_o       (sr_rdata_o),
    .sr_err_o         (sr_err_o),
    .icr_ld_i         (icr_ld),
    .icr_i            (icr),
    .lim_e_clr_i      (lim_e_clr),
    .ptr_ld_i         (ptr_ld),
    .ptr_i            (ptr_n),
    .bsr_ld_i         (bsr_ld),
    .bsr_i            (bsr_n),
    .pmscr1_e_o       (pmscr1_e),
    .pmscr2_e_o       (pmscr2_e),
    .pmsicr_o         (pmsicr_q),
    .pmsirr_o         (pmsirr_q),
    .pmsfcr_o         (pmsfcr_q),
    .pmsevfr_o        (pmsevfr_q),
    .pmslatfr_o       (pmslatfr_q),
    .pmblimitr_o      (pmblimitr_q),
`ifdef FORMAL
    .f_pmbptr_d_o     (pmbptr_d),
`endif
    .pmbptr_o         (pmbptr_q),
    .pmbsr_o          (pmbsr_q)
  );

  wire [5:0] sm_fl = f_fl(sm_rec);
  spe_sample #(
    .ERND      (ERND),
    .LFSR_SEED (LFSR_SEED)
  ) u_sample (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .have_el2_i       (have_el2_i),
    .have_el3_i       (have_el3_i),
    .mdcr_el3_nspb1_i (mdcr_el3_nspb_i[1]),
    .mdcr_el2_e2pb_i  (mdcr_el2_e2pb_i),
    .hcr_el2_tge_i    (hcr_el2_tge_i),
    .rec_kind_i       (f_kd(sm_rec)),
    .rec_isa_i        (f_isa(sm_rec)),
    .rec_el_i         (f_el(sm_rec)),
    .rec_ns_i         (sm_fl[F_NS]),
    .pmscr1_e_i       (pmscr1_e),
    .pmscr2_e_i       (pmscr2_e),
    .buf_e_i          (buf_e),
    .buf_s_i          (buf_s),
    .pmsicr_i         (pmsicr_q),
    .pmsirr_i         (pmsirr_q[31:0]),
    .step_i           (smp),
    .pe_rst_i         (pe_rst),
    .sel_o            (smp_sel),
    .icr_ld_o         (icr_ld),
    .icr_o            (icr)
  );

  spe_rec #(
    .MAX_SIZE    (MAX_SIZE),
    .ALIGN       (ALIGN),
    .LDS         (LDS),
    .HAVE_TME    (HAVE_TME),
    .EXT_HEADERS (EXT_HEADERS),
    .ALIGN_CMD   (ALIGN_CMD)
  ) u_rec (
    .clk_i              (clk_i),
    .have_el2_i         (have_el2_i),
    .have_el3_i         (have_el3_i),
    .mdcr_el3_nspb1_i   (mdcr_el3_nspb_i[1]),
    .mdcr_el2_e2pb_i    (mdcr_el2_e2pb_i),
    .hcr_el2_tge_i      (hcr_el2_tge_i),
    .tbi0_i             (tbi0_i),
    .tbi1_i             (tbi1_i),
    .cntvoff_el2_i      (cntvoff_el2_i),
    .s_iclass_i         (f_ic(sl_q)),
    .s_el_i             (f_el(sl_q)),
    .s_flags_i          (f_fl(sl_q)),
    .s_pc_i             (f_pc(sl_q)),
    .s_target_i         (f_tg(sl_q)),
    .s_va_i             (f_va(sl_q)),
    .s_pa_i             (f_pa(sl_q)),
    .s_ls_i             (f_ls(sl_q)),
    .s_lat_total_i      (f_lt(sl_q)),
    .s_lat_issue_i      (f_li(sl_q)),
    .s_lat_xlat_i       (f_lx(sl_q)),
    .s_spe_events_i     (f_ev(sl_q)),
    .s_data_source_i    (f_ds(sl_q)),
    .s_contextidr_el1_i (f_cx1(sl_q)),
    .s_contextidr_el2_i (f_cx2(sl_q)),
    .s_timestamp_i      (f_ts(sl_q)),
    .tgt_el_i           (sltel_q),
    .tgt_ns_i           (sltns_q),
    .pmscr1_e_i         (pmscr1_e),
    .pmscr2_e_i         (pmscr2_e),
    .pmsfcr_i           (pmsfcr_q[18:0]),
    .pmsevfr_i          (pmsevfr_q),
    .pmslatfr_i         (pmslatfr_q[11:0]),
    .ptr_i              (pmbptr_q[MAX_SIZE-1:0]),
    .pk_i               (pk_q),
    .n_i                (n_q),
    .wr_en_i            (st_q == S_FORM),
    .keep_o             (keep_q),
    .pk_nx_o            (pk_nx),
    .pk_n_o             (pk_n),
    .gap_o              (fr_gap),
    .len_o              (fr_len),
    .rd_row_i           (rd_row),
    .rdata_o            (rec_rd)
  );

  spe_axi_wr #(
    .DATA_W   (DATA_W),
    .ID_W     (ID_W),
    .AXI_ID   (AXI_ID),
    .MAX_SIZE (MAX_SIZE)
  ) u_axi_wr (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .start_i         (wr_start),
    .ptr_i           (pmbptr_q),
    .end_i           (end_q),
    .last_i          (last_q),
    .busy_o          (wr_busy),
    .done_o          (wr_done),
    .ba_o            (ba_q),
    .rd_row_o        (rd_row),
    .rd_data_i       (rec_rd),
`ifdef FORMAL
    .f_be_o          (be_q),
    .f_wa_o          (wa_q),
`endif
    .m_axi_awid_o    (m_axi_awid_o),
    .m_axi_awaddr_o  (m_axi_awaddr_o),
    .m_axi_awlen_o   (m_axi_awlen_o),
    .m_axi_awsize_o  (m_axi_awsize_o),
    .m_axi_awburst_o (m_axi_awburst_o),
    .m_axi_awlock_o  (m_axi_awlock_o),
    .m_axi_awcache_o (m_axi_awcache_o),
    .m_axi_awprot_o  (m_axi_awprot_o),
    .m_axi_awvalid_o (m_axi_awvalid_o),
    .m_axi_awready_i (m_axi_awready_i),
    .m_axi_wdata_o   (m_axi_wdata_o),
    .m_axi_wstrb_o   (m_axi_wstrb_o),
    .m_axi_wlast_o   (m_axi_wlast_o),
    .m_axi_wvalid_o  (m_axi_wvalid_o),
    .m_axi_wready_i  (m_axi_wready_i),
    .m_axi_bid_i     (m_axi_bid_i),
    .m_axi_bresp_i   (m_axi_bresp_i),
    .m_axi_bvalid_i  (m_axi_bvalid_i),
    .m_axi_bready_o  (m_axi_bready_o)
  );

  // ---- control ------------------------------------------------------------------
  // a management event: S = 1, EC and MSS, DL when dl (3.5), on bsr_n
  task mgmt;
    input [5:0]  ec;
    input [15:0] mss;
    input        dl;
    begin
      bsr_ld = 1'b1;
      bsr_n  = (bsr_n & ~64'hFC00FFFF) | {32'd0, ec, 10'd0, 16'd0} | {48'd0, mss} |
               (64'd1 << 17) | (dl ? (64'd1 << 19) : 64'd0);
    end
  endtask
  // 3.5.2: buffer full when fewer than 2^MaxSize bytes remain after a record
  // (full_q: the check for the record end end_q)
  task check_full;
    begin
      if (full_q)
        mgmt(EC_OTHER, 16'd1, 1'b0);
    end
  endtask

  // the population check and the interval counter for the record sm_rec
  // (3.1, 3.2.3: spe_sample counts it); a selected operation joins the
  // samples in flight or collides.  cnt_q: the samples in flight once this
  // record has completed the oldest (the model's take_sample after ageing).
  task do_sample;
    begin
      smp    = 1'b1;
      ev_pop = icr_ld;                                       // SAMPLE_POP (2.6 Table 1, 3.1)
      if (smp_sel) begin
        if (cnt_q == NMAX) begin
          bsr_ld  = 1'b1;
          bsr_n[16] = 1'b1;                                  // 2.2.4, 3.1.4: COLL
          ev_coll = 1'b1;                                    // 3.1.4: SAMPLE_COLLISION
        end else begin
          ev_feed = 1'b1;                                    // SAMPLE_FEED (2.6 Table 1)
          push    = 1'b1;
          tail_d  = (tail_q == LAST) ? {IW{1'b0}} : tail_q + 1'b1;
          cnt_d   = cnt_q + 5'd1;
          if (f_ic(sm_rec) == PE_IC_ERET) begin
            nn_d     = 1'b1;
            nn_idx_d = tail_q;
          end
        end
      end
    end
  endtask

  // start completing the oldest sample: read it from the store (S_LD) and
  // take its branch target context (from the record on the port when the
  // sample waits for it: tg_wr in the same clock)
  task start_oldest;
    begin
      pop     = 1'b1;
      head_d  = (head_q == LAST) ? {IW{1'b0}} : head_q + 1'b1;
      cnt_d   = cnt_q - 5'd1;
      sltel_d = tel_v[2 * head_q +: 2];
      sltns_d = tns_v[head_q];
      if (tg_wr && nn_idx_q == head_q) begin
        sltel_d = pe_kind_i == PE_KIND_EXC ? pe_from_el_i : pe_el_i;
        sltns_d = pe_flags_i[F_NS];
      end
      st_d = S_LD;
    end
  endtask

  // a completion is over: the next one of a PSB, idle, or sample the held
  // record
  task done_one;
    begin
      if (!ret_idle_q)
        st_d = S_SAMPLE;
      else if (cnt_q != 5'd0)
        start_oldest;
      else
        st_d = S_IDLE;
    end
  endtask

  always @* begin
    st_d = st_q; ret_idle_d = ret_idle_q;
    head_d = head_q; tail_d = tail_q; cnt_d = cnt_q; push = 1'b0; pop = 1'b0; rc_d = rc_q;
    nn_d = nn_q; nn_idx_d = nn_idx_q; tg_wr = 1'b0; sltel_d = sltel_q; sltns_d = sltns_q;
    serr_d = serr_q; smp = 1'b0; pe_rst = 1'b0;
    lim_e_clr = 1'b0; ptr_ld = 1'b0; ptr_n = pmbptr_q; bsr_ld = 1'b0; bsr_n = pmbsr_q;
    pk_d = pk_q; n_d = n_q; end_d = end_q; last_d = last_q; wp_d = wp_q;
    wr_start = 1'b0;
    ev_pop = 1'b0; ev_feed = 1'b0; ev_filt = 1'b0; ev_coll = 1'b0; ev_trig = 1'b0;

    case (st_q)
      S_IDLE: begin
        // a register access (sr_go) is taken by spe_regs
        if (psb_go) begin
          // spe_model_flush: every sample in flight completes, oldest first
          ret_idle_d = 1'b1;
          nn_d       = 1'b0;
          if (cnt_q != 5'd0)
            start_oldest;
        end
        if (pe_go) begin
          if (pe_kind_i == PE_KIND_RESET) begin
            // 4.2 Table 8: PMBLIMITR_EL1.E resets; samples in flight lost (2.2.2)
            lim_e_clr = 1'b1;
            head_d    = {IW{1'b0}};
            tail_d    = {IW{1'b0}};
            cnt_d     = 5'd0;
            nn_d      = 1'b0;
            pe_rst    = 1'b1;
          end else begin
            rc_d = rc_q + 8'd1;
            // the ERET target context is that of the next record
            if (nn_q) begin
              tg_wr = 1'b1;
              nn_d  = 1'b0;
            end
            // age the samples in flight (2.2.4); the oldest completes on
            // this record, before the record is considered for sampling
            if (cnt_q != 5'd0 && stamp_v[8 * head_q +: 8] == due_q) begin
              ret_idle_d = 1'b0;
              start_oldest;
            end else begin
              do_sample;
            end
          end
        end
      end

      S_LD: begin
        pk_d = 4'd0;
        n_d  = {NW{1'b0}};
        st_d = S_FORM;
      end

      S_FORM: begin
        // one packet per clock into the record buffer (spe_rec)
        pk_d = pk_nx;
        n_d  = n_q + {{(NW-5){1'b0}}, pk_n};
        // 2.6 Table 1: SAMPLE_FILTRATE counts a completed sample that
        // passes the filters, written or not
        ev_filt = pk_q == 4'd0 && keep_q;
        if (pk_q == 4'd0 && !(keep_q && buf_e && !buf_s)) begin
          // 3.6.1: a record that passed the filters is discarded while the
          // buffer is disabled
          done_one;
        end else if (pk_q == 4'd0 && (pmbptr_q & AMASK) != 64'd0) begin
          mgmt(EC_DABT_S1, 16'h21, 1'b0);                    // Table 6: Alignment fault
          done_one;
        end else if (pk_q >= 4'd13 && fr_gap > 16) begin
          pk_d = 4'd14;                                      // more padding
        end else if (pk_q >= 4'd13) begin
          // the record is formed: fr_len bytes, padding included
          if (over_q || (room_q[63:NW] == {(64-NW){1'b0}} && room_q[NW-1:0] < fr_len)) begin
            mgmt(EC_OTHER, 16'd1, 1'b1);                     // 3.4.1: full, data lost
            done_one;
          end else begin
            end_d    = pmbptr_q + {{(64-NW){1'b0}}, fr_len};
            last_d   = pmbptr_q + {{(64-NW){1'b0}}, fr_len - 1'b1};
            wp_d     = pmbptr_q;
            wr_start = 1'b1;                                 // burst from PMBPTR_EL1
            st_d     = S_WR;
          end
        end
      end

      S_WR: begin
        // spe_axi_wr writes [wp_q, end_q); its last B or an abort ends it
        if (wr_done) begin
          done_one;
          if (m_axi_bresp_i[1]) begin
            // 3.5.4: external abort on the write of the burst at ba_q
            if (EA_REPORT == 0) begin
              serr_d = 1'b1;
              ptr_ld = 1'b1;
              ptr_n  = end_q;
              check_full;
            end else begin
              bsr_ld = 1'b1;
              bsr_n  = bsr_n | (64'd1 << 18);               // EA
              if (EA_SYNC != 0) begin
                ptr_ld = 1'b1;
                ptr_n  = ba_q;
                mgmt(EC_DABT_S1, 16'h10, ba_q != wp_q);
              end else begin
                mgmt(EC_DABT_S1, 16'h11, 1'b1);
              end
            end
          end else begin
            ev_trig = 1'b1;                                  // 2.7: CTI input trigger 2
            ptr_ld = 1'b1;
            ptr_n  = end_q;
            check_full;
          end
        end
      end

      S_SAMPLE: begin
        st_d = S_IDLE;
        do_sample;
      end

      default: st_d = S_IDLE;
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      room_q <= 64'd0; over_q <= 1'b0; full_q <= 1'b0;
      st_q <= S_IDLE; ret_idle_q <= 1'b0; cur_q <= {RW_{1'b0}};
      head_q <= {IW{1'b0}}; tail_q <= {IW{1'b0}}; cnt_q <= 5'd0;
      rc_q <= 8'd0; due_q <= 8'd1 - NREC;
      nn_q <= 1'b0; nn_idx_q <= {IW{1'b0}}; sltel_q <= 2'd0; sltns_q <= 1'b0;
      serr_q <= 1'b0;
      pk_q <= 4'd0; n_q <= {NW{1'b0}}; end_q <= 64'd0; last_q <= 64'd0; wp_q <= 64'd0;
      ev_q <= 5'd0;
    end else begin
      room_q <= limit - pmbptr_q;
      over_q <= pmbptr_q > limit;
      full_q <= limit - end_q < (64'd1 << MAX_SIZE);             // 3.5.2
      st_q <= st_d; ret_idle_q <= ret_idle_d; cur_q <= pe_go ? pe_vec : cur_q;
      head_q <= head_d; tail_q <= tail_d; cnt_q <= cnt_d;
      rc_q <= rc_d; due_q <= rc_d + 8'd1 - NREC;
      nn_q <= nn_d; nn_idx_q <= nn_idx_d; sltel_q <= sltel_d; sltns_q <= sltns_d;
      serr_q <= serr_d;
      pk_q <= pk_d; n_q <= n_d; end_q <= end_d; last_q <= last_d; wp_q <= wp_d;
      ev_q <= {ev_trig, ev_coll, ev_filt, ev_feed, ev_pop};
    end
  end

  // the slots' stamps and target contexts (no reset: a slot is read only
  // after a push has written it)
  genvar gs;
  generate
    for (gs = 0; gs < MAX_INFLIGHT; gs = gs + 1) begin : g_slot
      localparam [31:0]   IDX32 = gs;
      localparam [IW-1:0] IDX = IDX32[IW-1:0];
      reg [7:0] stamp_q;
      reg [1:0] tel_q;
      reg       tns_q;
      always @(posedge clk_i) begin
        if (push && tail_q == IDX) begin
          stamp_q <= rc_d;
          tel_q   <= f_el(sm_rec);
          tns_q   <= sm_fl[F_NS];
        end else if (tg_wr && nn_idx_q == IDX) begin
          tel_q   <= pe_kind_i == PE_KIND_EXC ? pe_from_el_i : pe_el_i;
          tns_q   <= pe_flags_i[F_NS];
        end
      end
      assign stamp_v[8 * gs +: 8] = stamp_q;
      assign tel_v[2 * gs +: 2]   = tel_q;
      assign tns_v[gs]            = tns_q;
    end
  endgenerate

  // ---- outputs ------------------------------------------------------------------
  assign pe_ready_o  = pe_go;
  assign psb_ready_o = psb_go;
  assign sr_ready_o  = sr_go;
  assign irq_o       = buf_s;
  assign serror_o    = serr_q;
  assign idle_o      = idle;
  assign pmu_event_o = ev_q[3:0];
  assign cti_trig_o  = ev_q[4];

  wire unused_ok = &{1'b0, pe_spe_events_i[31:11], mdcr_el3_nspb_i[0], wr_busy,
                     pmsfcr_q[63:19], pmslatfr_q[63:12], pmsirr_q[63:32], pmblimitr_q[11:1]};

`ifdef FORMAL
  // The write bound (formal/spe/spe.sby): every strobed byte of every beat
  // lies in [f_lo, LIMIT), f_lo being the PMBPTR_EL1 value software last
  // wrote, and every burst requested lies below LIMIT.  THE BOUND are the
  // assertions on m_axi_wstrb_o and on the AW request; the others are the
  // inductive invariants that carry them.
  localparam DB_LOG2 = (DATA_W == 128) ? 4 : 3;
  localparam DB      = 1 << DB_LOG2;
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);

  reg [63:0] f_lo;
  // 130 (13 packets of at most 10 bytes) rounded up to 2^ALIGN
  localparam [31:0] F_PADMAX = (130 + (1 << ALIGN) - 1) & ~((1 << ALIGN) - 1);
  integer    f_i;
  always @(posedge clk_i) begin
    if (!rst_ni) f_lo <= 64'd0;
    else if (sr_go && sr_write_i && sr_enc_i == PMBPTR_EL1_ENC) f_lo <= pmbptr_d;
  end

  wire [64:0] f_end = {1'b0, end_q};
  wire [64:0] f_aw_end = {1'b0, m_axi_awaddr_o} +
                         ({57'd0, m_axi_awlen_o} + 65'd1) * DB;

  always @* begin
    if (f_past && rst_ni) begin
      assert (pmbptr_q >= f_lo);
      // record formation: at most 10 bytes per packet, the PC packet first
      if (st_q == S_FORM) begin
        assert (pk_q <= 4'd14);
        if (pk_q <= 4'd12)
          assert ({{(32-NW){1'b0}}, n_q} <= 32'd10 * {28'd0, pk_q});
        else
          assert ({{(32-NW){1'b0}}, n_q} <= F_PADMAX);
        assert (pk_q == 4'd0 || n_q != {NW{1'b0}});
        assert (room_q == limit - pmbptr_q);
        assert (over_q == (pmbptr_q > limit));
      end
      // spe_axi_wr busy exactly in S_WR; its phases are its AXI valid/ready bits
      assert (wr_busy == (st_q == S_WR));
      assert (wr_busy == (m_axi_awvalid_o || m_axi_wvalid_o || m_axi_bready_o));
      if (st_q == S_WR) begin
        assert (wp_q >= f_lo);
        assert (f_end <= {1'b0, limit});
        assert (end_q > wp_q);
        assert (last_q == end_q - 64'd1);
        assert (ba_q >= wp_q);
        assert ({1'b0, ba_q} < f_end);
      end
      if (m_axi_wvalid_o || m_axi_bready_o) begin
        assert (be_q > ba_q);
        assert ({1'b0, be_q} <= f_end);
        assert (be_q - {ba_q[63:12], 12'd0} <= 64'h1000);
        assert (wa_q[DB_LOG2-1:0] == {DB_LOG2{1'b0}});
      end
      // THE BOUND
      for (f_i = 0; f_i < DB; f_i = f_i + 1)
        if (m_axi_wvalid_o && m_axi_wstrb_o[f_i]) begin
          assert (wa_q + f_i >= f_lo);
          assert ({1'b0, wa_q} + f_i < {1'b0, limit});
        end
      if (m_axi_awvalid_o) begin
        assert ({1'b0, ba_q} >= {1'b0, f_lo});
        assert ({1'b0, m_axi_awaddr_o} + DB > {1'b0, f_lo});
        assert (f_aw_end <= {1'b0, limit});
      end
    end
  end
`endif

endmodule
