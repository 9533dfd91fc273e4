// Statistical Profiling Extension unit (SPE supplement, ARM DDI 0586A):
// samples operations of the PE retirement stream, forms sample records in
// the packet format of chapter 5 and writes them to the Profiling Buffer
// through an AXI4 write master.  Byte-exact with the C model (model/spe,
// docs/spe-model.md); contract and limits: docs/spe-rtl.md.
//
// PE records arrive on a valid/ready port.  For each record: PE reset
// handling, ERET target context, ageing of the sample in flight
// (docs/spe-model.md 2.4), then the population check and the interval
// counter (3.1) for the record itself, all in the cycle the record is
// taken.  A record on which the sample in flight completes is held while
// that sample is filtered (3.2.2), formed (chapter 5) and written (3.4,
// 3.5); pe_ready_o is low meanwhile.  One sample is in flight at a time
// (spe_params.max_inflight = 1).
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
  output reg  [63:0]         sr_rdata_o,
  output wire                sr_ready_o,
  output reg                 sr_err_o,          // not an SPE register / write to RO

  output wire                irq_o,             // PMBIRQ, level: PMBSR_EL1.S (3.5)
  output wire                serror_o,          // an external abort was taken as SError
  output wire                idle_o,            // nothing in progress

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
  output reg  [DATA_W-1:0]   m_axi_wdata_o,
  output reg  [DATA_W/8-1:0] m_axi_wstrb_o,
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

  localparam DB_LOG2  = (DATA_W == 128) ? 4 : 3;
  localparam DB       = 1 << DB_LOG2;
  localparam RB       = 1 << MAX_SIZE;            // record buffer bytes
  localparam NW       = MAX_SIZE + 2;             // record offset and length width
  localparam RRW      = MAX_SIZE - 4;             // row index width
  localparam [15:0] SEED = LFSR_SEED;
  localparam [ID_W-1:0] AXI_ID_V = AXI_ID[ID_W-1:0];

  // register encodings (common/spe_regs.h, 4.1 Table 7)
  `include "common_sysreg.vh"

  localparam [63:0] LIMIT_MASK = ~((64'd1 << GRANULE_LOG2) - 64'd1);  // 4.3.2 [L1449]
  localparam [63:0] EVF_MASK   = HAVE_TME ? 64'h100AA : 64'hAA;        // 4.3.8, R_RHWX
  localparam [63:0] AMASK      = (64'd1 << ALIGN) - 64'd1;

  `include "common_pe_class.vh"  // PE_KIND_*, PE_IC_* (common/pe_stream.h)
  localparam F_NS = 1, F_TSTATE = 2, F_COND = 4;

  // PMBSR_EL1 fields (4.3.4)
  localparam [5:0] EC_OTHER = 6'h00, EC_DABT_S1 = 6'h24;

  // ---- state ------------------------------------------------------------------
  localparam [2:0] S_IDLE = 3'd0, S_FORM = 3'd2, S_AW = 3'd3, S_W = 3'd4,
                   S_B = 3'd5, S_SAMPLE = 3'd6;

  // one record: the fields SPE uses
  localparam RW_ = 2 + 4 + 2 + 2 + 2 + 6 + 64 * 4 + 7 + 16 * 3 + 11 + 16 + 32 * 2 + 64;
  wire [RW_-1:0] pe_vec = {pe_kind_i, pe_iclass_i, pe_isa_i, pe_el_i, pe_from_el_i, pe_flags_i,
                           pe_pc_i, pe_target_i, pe_va_i, pe_pa_i, pe_ls_i, pe_lat_total_i,
                           pe_lat_issue_i, pe_lat_xlat_i, pe_spe_events_i[10:0],
                           pe_data_source_i, pe_contextidr_el1_i, pe_contextidr_el2_i,
                           pe_timestamp_i};

  reg [2:0]     st_q, st_d;
  reg           ret_idle_q, ret_idle_d;       // after a completion: idle (PSB) or sample
  reg [RW_-1:0] cur_q;                        // the record being processed (loaded on pe_go)
  reg [RW_-1:0] sl_q;                         // the sample in flight (loaded on sl_ld)
  reg           sl_ld;
  reg           slv_q, slv_d;
  reg [7:0]     slrem_q, slrem_d;
  reg           slnn_q, slnn_d;               // ERET: target context from the next record
  reg [1:0]     sltel_q, sltel_d;
  reg           sltns_q, sltns_d;
  reg [15:0]    lfsr_q, lfsr_d;
  reg           preven_q, preven_d;
  reg           serr_q, serr_d;
  // registers
  reg [63:0]    pmscr1_q, pmscr1_d, pmscr2_q, pmscr2_d, pmsicr_q, pmsicr_d, pmsirr_q, pmsirr_d;
  reg [63:0]    pmsfcr_q, pmsfcr_d, pmsevfr_q, pmsevfr_d, pmslatfr_q, pmslatfr_d;
  reg [63:0]    pmblimitr_q, pmblimitr_d, pmbptr_q, pmbptr_d, pmbsr_q, pmbsr_d;
  // record writer
  wire [127:0]   rec_rd;                      // the record buffer row read (g_lane)
  reg [3:0]      pk_q, pk_d;                  // packet being formed (13, 14: padding)
  reg [NW-1:0]   n_q, n_d;                    // record bytes formed so far
  reg [63:0]     end_q, end_d;                // record end (exclusive): PMBPTR_EL1 + length
  reg [63:0]     last_q, last_d;              // the record's last byte: end_q - 1
  // registered comparisons (the operands hold still while they are used):
  // in S_FORM, room_q = LIMIT - PMBPTR_EL1 and over_q = PMBPTR_EL1 > LIMIT;
  // in S_B, full_q = fewer than 2^MaxSize bytes from the record end to LIMIT
  reg [63:0]     room_q;
  reg            over_q, full_q;
  reg [63:0]     wp_q, wp_d;                  // record start (PMBPTR_EL1 at the write)
  reg [63:0]     ba_q, ba_d;                  // first byte of the current burst
  reg [63:0]     be_q, be_d;                  // end of the current burst (exclusive)
  reg [63:0]     wa_q, wa_d;                  // address of the current beat
  reg [7:0]      bl_q, bl_d, bc_q, bc_d;      // burst length - 1, beat count

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
  // fields of the sample in flight and of the current record
  wire [5:0]  s_fl = f_fl(sl_q);
  wire [6:0]  s_ls = f_ls(sl_q);
  wire [63:0] s_pc = f_pc(sl_q);
  wire [63:0] s_tg = f_tg(sl_q);
  wire [63:0] s_va = f_va(sl_q);
  wire [63:0] s_pa = f_pa(sl_q);
  wire [15:0] s_ds = f_ds(sl_q);

  // ---- random number generator (docs/spe-model.md 2.2, 2.2.2) --------------
  // x^16 + x^14 + x^13 + x^11 + 1, Galois form, 8 steps per draw.
  function [15:0] lfsr8;
    input [15:0] s;
    integer i;
    reg [15:0] v;
    begin
      v = s;
      for (i = 0; i < 8; i = i + 1)
        v = v[0] ? ({1'b0, v[15:1]} ^ 16'hB400) : {1'b0, v[15:1]};
      lfsr8 = v;
    end
  endfunction

  // ---- effective control registers ------------------------------------------
  wire [63:0] pmscr1_e = pmscr1_q | (have_el2_i ? 64'd0 : 64'h40);   // 4.3.5: PCT RES1 w/o EL2
  wire [63:0] pmscr2_e = have_el2_i ? pmscr2_q : 64'd0;               // 4.3.7
  wire        buf_e    = pmblimitr_q[0];
  wire        buf_s    = pmbsr_q[17];
  wire [63:0] limit    = {pmblimitr_q[63:12], 12'd0};

  // ProfilingBufferOwner() (3.4.6)
  function own_sec;
    input cur_secure;
    own_sec = have_el3_i ? !mdcr_el3_nspb_i[1] : cur_secure;
  endfunction
  function [1:0] own_el;
    input osec;
    own_el = (!osec && have_el2_i && mdcr_el2_e2pb_i == 2'd0) ? 2'd2 : 2'd1;
  endfunction

  // StatisticalProfilingEnabled() (3.2.3, docs/spe-model.md 2.1)
  function prof_en;
    input [RW_-1:0] r;
    reg sec, os, host;
    reg [1:0] oe, el;
    reg [5:0] fl;
    begin
      el   = f_el(r);
      fl   = f_fl(r);
      sec  = !fl[F_NS];
      os   = own_sec(sec);
      oe   = own_el(os);
      host = !sec && have_el2_i && hcr_el2_tge_i;
      prof_en = 1'b0;
      if (f_isa(r) == 2'd0 && el != 2'd3 && !(el == 2'd2 && !have_el2_i) &&
          !(have_el3_i && os != sec) && buf_e && !buf_s &&
          !(oe < el || os != sec || (host && oe == 2'd1))) begin
        case (el)
          2'd2:    prof_en = pmscr2_e[1];
          2'd1:    prof_en = pmscr1_e[1];
          default: prof_en = host ? pmscr2_e[0] : pmscr1_e[0];
        endcase
      end
    end
  endfunction

  // load/store kind (docs/pe-interface.md 1.4)
  /* verilator lint_off UNUSEDSIGNAL */
  function [3:0] ls_kind;
    input [3:0] ls;
    ls_kind = (ls <= 4'd5) ? ls : 4'd0;
  endfunction
  function ls_data;   // returns data to a register
    input [6:0] ls;
    reg [3:0] k;
    begin
      k = ls_kind(ls[3:0]);
      ls_data = k == 4'd1 || (k >= 4'd3 && !ls[6]);
    end
  endfunction
  function ls_store;  // 3.2.2: ST collects stores and every atomic
    input [6:0] ls;
    reg [3:0] k;
    begin
      k = ls_kind(ls[3:0]);
      ls_store = k == 4'd2 || k == 4'd3 || ((k == 4'd4 || k == 4'd5) && ls[6]);
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  function is_branch;
    input [3:0] ic;
    is_branch = ic >= PE_IC_B && ic <= PE_IC_ERET;
  endfunction

  // ---- record formation (chapter 5, docs/spe-model.md 3) --------------------
  // The record is formed over several clocks in state S_FORM, one packet per
  // clock in the order of docs/spe-model.md 3.1: pk_q runs through the
  // packets present (fr_pr) from 0 (PC) to 12 (Timestamp or End), then 13
  // writes the first 16 bytes of the padding (the Alignment command where
  // it applies, else Padding bytes) and 14 the rest, 16 bytes per clock.
  // The record ends in the clock that writes its last byte.  n_q counts the
  // bytes formed.
  reg            fr_keep;       // CollectRecord() (3.2.3)
  reg            keep_q;        // fr_keep a clock late (used in S_FORM)
  reg [16:0]     fr_ev;
  reg [1:0]      fr_cls;
  reg [7:0]      fr_sub;
  reg            fr_sec, fr_os;
  reg [1:0]      fr_oe;
  reg [63:0]     fr_va;
  reg [12:0]     fr_pr;         // packets present, by index
  reg [NW-1:0]   fr_gap, fr_len;
  reg            fr_cmd;        // the padding starts with an Alignment command (pk_q 13)
  reg [4:0]      fr_pad;        // padding bytes written this clock: min(fr_gap, 16)
  // the packet pk_q: header (1 or 2 bytes) then the payload
  reg            pk_h2;
  reg [7:0]      pk_h1;
  reg [63:0]     pk_pay;
  reg [79:0]     pk_bytes;      // byte 0 first
  reg [4:0]      pk_n;          // its length, 1..10, or fr_pad
  reg [63:0]     tsv_q;         // the sample's timestamp + CNTVOFF_EL2 (a clock late)
  localparam [4:0] N_ADDR = (EXT_HEADERS != 0) ? 5'd10 : 5'd9;   // Address packet
  localparam [4:0] N_CNT  = (EXT_HEADERS != 0) ? 5'd4 : 5'd3;    // Counter packet
  reg [3:0]      pk_nx;         // the next packet present after pk_q (13: none)
  integer        i, k;

  function [11:0] sat12;
    input [15:0] c;
    sat12 = (c[15:12] != 4'd0) ? 12'hFFF : c[11:0];
  endfunction

  always @* begin
    fr_sec = !s_fl[F_NS];
    fr_os  = own_sec(fr_sec);
    fr_oe  = own_el(fr_os);
    fr_ev  = {(HAVE_TME != 0) && s_fl[F_TSTATE], 5'd0, f_ev(sl_q)};   // R_GJXT
    // Operation Type (5.3.8, docs/spe-model.md 3.2)
    if (ls_kind(s_ls[3:0]) != 4'd0) begin
      fr_cls = 2'd1;
      fr_sub = {7'd0, !ls_data(f_ls(sl_q))};
      case (ls_kind(s_ls[3:0]))
        4'd3:    fr_sub = fr_sub | 8'h06;
        4'd4:    fr_sub = fr_sub | 8'h0A;
        4'd5:    fr_sub = fr_sub | 8'h12;
        default: fr_sub = fr_sub | ((s_ls[4] || s_ls[5]) ? 8'h04 : 8'h00);
      endcase
    end else if (is_branch(f_ic(sl_q))) begin
      fr_cls = 2'd2;
      fr_sub = {6'd0,
                f_ic(sl_q) == PE_IC_BR || f_ic(sl_q) == PE_IC_BLR || f_ic(sl_q) == PE_IC_RET ||
                f_ic(sl_q) == PE_IC_ERET,
                f_ic(sl_q) == PE_IC_BCOND || s_fl[F_COND]};
    end else begin
      fr_cls = 2'd0;
      fr_sub = {7'd0, s_fl[F_COND]};
    end
    // CollectRecord() (3.2.3, docs/spe-model.md 3.4)
    fr_keep = 1'b1;
    if (pmsfcr_q[0] && ((~{47'd0, fr_ev} & pmsevfr_q & EVF_MASK) != 64'd0))
      fr_keep = 1'b0;
    if (pmsfcr_q[1] &&
        !((pmsfcr_q[16] && ls_kind(s_ls[3:0]) == 4'd0 && is_branch(f_ic(sl_q))) ||
          (pmsfcr_q[17] && ls_data(f_ls(sl_q))) ||
          (pmsfcr_q[18] && ls_store(f_ls(sl_q)))))
      fr_keep = 1'b0;
    if (pmsfcr_q[2] && sat12(f_lt(sl_q)) < pmslatfr_q[11:0])
      fr_keep = 1'b0;

    // the packets present (docs/spe-model.md 3.1)
    // always: PC, Operation Type, Counters 8 and 9, Events, Timestamp/End
    fr_pr     = 13'b1_0101_1000_1001;
    // 2, 3 Context (CollectContextIDR1/2, 3.3.1)
    fr_pr[1]  = pmscr1_e[3] && f_el(sl_q) != 2'd2 && !(have_el2_i && !fr_sec && hcr_el2_tge_i);
    fr_pr[2]  = pmscr2_e[3] && have_el2_i && !fr_sec;
    // 5 branch target; 6, 7 data VA and PA (CollectPhysicalAddress, 3.3.1)
    fr_pr[4]  = fr_cls == 2'd2;
    fr_pr[5]  = fr_cls == 2'd1;
    fr_pr[6]  = fr_cls == 2'd1 &&
                ((!fr_os && have_el2_i) ? (pmscr2_e[4] && (fr_oe == 2'd2 || pmscr1_e[4]))
                                        : pmscr1_e[4]);
    // 9 translation latency; 11 Data Source (5.3.5)
    fr_pr[9]  = fr_cls == 2'd1;
    fr_pr[11] = LDS != 0 && fr_cls == 2'd1 && ls_data(f_ls(sl_q));
    pk_nx = 4'd13;
    for (k = 12; k >= 0; k = k - 1)
      if (fr_pr[k] && k > {28'd0, pk_q})
        pk_nx = k[3:0];

    // padding to 2^Align (4.3.1): Padding bytes (0x00) or an Alignment command
    fr_gap = ({NW{1'b0}} - n_q) & AMASK[NW-1:0];
    fr_cmd = ALIGN_CMD != 0 && ALIGN >= 2 && fr_gap >= 2;
    fr_pad = (fr_gap > 16) ? 5'd16 : fr_gap[4:0];
    fr_len = n_q + fr_gap;

    // data VA, TAG when TBI applies (5.3.1)
    fr_va = {((s_va[55] ? tbi1_i : tbi0_i) ? s_va[63:56] : 8'd0), s_va[55:0]};
    // pk_n: the header (1 or 2 bytes) and the payload
    pk_h2  = 1'b0;
    pk_h1  = 8'h00;
    pk_pay = 64'd0;
    pk_n   = 5'd0;
    case (pk_q)
      // 1 PC: VA[55:0], EL byte 7 [6:5], NS byte 7 [7] (5.3.1)
      4'd0: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB0; pk_n = N_ADDR;
        pk_pay = {!fr_sec, f_el(sl_q), 5'd0, s_pc[55:0]};
      end
      4'd1: begin pk_h1 = 8'h64; pk_pay = {32'd0, f_cx1(sl_q)}; pk_n = 5'd5; end
      4'd2: begin pk_h1 = 8'h65; pk_pay = {32'd0, f_cx2(sl_q)}; pk_n = 5'd5; end
      // 4 Operation Type (5.3.8)
      4'd3: begin pk_h1 = {6'b010010, fr_cls}; pk_pay = {56'd0, fr_sub}; pk_n = 5'd2; end
      // 5 branch target with the target context
      4'd4: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB1; pk_n = N_ADDR;
        pk_pay = {sltns_q, sltel_q, 5'd0, s_tg[55:0]};
      end
      4'd5: begin pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB2; pk_pay = fr_va; pk_n = N_ADDR; end
      4'd6: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB3; pk_n = N_ADDR;
        pk_pay = {!fr_sec, 7'd0, s_pa[55:0]};
      end
      // 8, 9 Counters, 12-bit saturating (5.3.4)
      4'd7: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'h98; pk_n = N_CNT;
        pk_pay = {52'd0, sat12(f_lt(sl_q))};
      end
      4'd8: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'h99; pk_n = N_CNT;
        pk_pay = {52'd0, sat12(f_li(sl_q))};
      end
      4'd9: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'h9A; pk_n = N_CNT;
        pk_pay = {52'd0, sat12(f_lx(sl_q))};
      end
      // 10 Events, the smallest payload holding the highest set bit (5.3.7)
      4'd10: begin
        pk_pay = {47'd0, fr_ev};
        if (fr_ev[16]) begin
          pk_h1 = 8'h62; pk_n = 5'd5;
        end else if (fr_ev[10:8] != 3'd0) begin
          pk_h1 = 8'h52; pk_n = 5'd3;
        end else begin
          pk_h1 = 8'h42; pk_n = 5'd2;
        end
      end
      4'd11: begin
        pk_pay = {48'd0, s_ds};
        if (s_ds[15:8] != 8'd0) begin
          pk_h1 = 8'h53; pk_n = 5'd3;
        end else begin
          pk_h1 = 8'h43; pk_n = 5'd2;
        end
      end
      // 12 Timestamp (CollectTimeStamp, 3.3.1) or End
      4'd12: begin
        if (fr_oe == 2'd2 ? !pmscr2_e[5] : !pmscr1_e[5]) begin
          pk_h1 = 8'h01; pk_n = 5'd1;
        end else begin
          pk_h1 = 8'h71; pk_n = 5'd9;
          if ((!fr_os && have_el2_i) ? (pmscr2_e[6] && (fr_oe == 2'd2 || pmscr1_e[6]))
                                     : pmscr1_e[6])
            pk_pay = tsv_q;
          else
            pk_pay = f_ts(sl_q);
        end
      end
      // 13 the Alignment command (4.3.1) or a Padding byte, then Padding
      4'd13: begin pk_h1 = fr_cmd ? (8'h20 | (ALIGN[7:0] - 8'd1)) : 8'h00; pk_n = fr_pad; end
      default: pk_n = fr_pad;
    endcase
    pk_bytes = pk_h2 ? {pk_pay, pk_h1, 8'h20} : {8'd0, pk_pay, pk_h1};
  end

  // sl_q holds still from the sample's selection to the end of its record,
  // and the Timestamp packet (12) is formed at least five clocks into the
  // record (packets 0, 3, 7, 8 and 10 are always present), so the sum with
  // CNTVOFF_EL2 (held stable, like every PE control) comes from a register.
  // Likewise the filters' verdict: the registers it reads are written only
  // in S_IDLE and never in the clock that enters S_FORM.
  always @(posedge clk_i) begin
    tsv_q  <= f_ts(sl_q) + cntvoff_el2_i;
    keep_q <= fr_keep;
  end

  // ---- record buffer --------------------------------------------------------------
  // Byte j of a row r of the buffer holds the record byte written to an
  // address A with A mod 2^MAX_SIZE = 16 r + j; a record is at most
  // 2^MAX_SIZE bytes, so its bytes never share a place, and every byte of
  // it (packets and padding) is written before it is read.  The packet
  // pk_q goes to the address PMBPTR_EL1 + n_q: rotated by the address'
  // offset in a row, it covers the lanes from that offset in row wr_row0
  // and the lanes below it in the next row.
  wire [MAX_SIZE-1:0] wr_pos  = pmbptr_q[MAX_SIZE-1:0] + n_q[MAX_SIZE-1:0];
  wire [3:0]          wr_sh   = wr_pos[3:0];
  wire [RRW-1:0]      wr_row0 = wr_pos[MAX_SIZE-1:4];
  wire [RRW-1:0]      wr_row1 = wr_row0 + 1'b1;
  wire                wr_en   = st_q == S_FORM;
  reg  [127:0]        wr_lane;  // the packet's bytes, rotated to their lanes
  reg  [15:0]         wr_mask;  // the lanes it covers
  reg  [16*RRW-1:0]   wr_row;   // the row of each lane
  integer             b, l;
  always @* begin
    wr_lane = {48'd0, pk_bytes};
    wr_mask = 16'd0;
    for (l = 0; l < 16; l = l + 1)
      wr_mask[l] = pk_n > l[4:0];
    for (b = 0; b < 4; b = b + 1)
      if (wr_sh[b]) begin
        wr_lane = (wr_lane << (8 << b)) | (wr_lane >> (128 - (8 << b)));
        wr_mask = (wr_mask << (1 << b)) | (wr_mask >> (16 - (1 << b)));
      end
    for (l = 0; l < 16; l = l + 1)
      wr_row[RRW * l +: RRW] = (l[3:0] >= wr_sh) ? wr_row0 : wr_row1;
  end

  // The row read is that of the beat address the next clock holds (wa_d),
  // so rec_rd is the row of wa_q.  The buffer is written only while the
  // record is formed and read only while it is written out, so a read never
  // meets a write (no_rw_check).
  wire [RRW-1:0] rd_row = wa_d[MAX_SIZE-1:4];
  genvar gl;
  generate
    for (gl = 0; gl < 16; gl = gl + 1) begin : g_lane
      (* ram_style = "block", no_rw_check *)
      reg [7:0] mem [0:RB/16-1];
      reg [7:0] rd;
      always @(posedge clk_i) begin
        if (wr_en && wr_mask[gl])
          mem[wr_row[RRW * gl +: RRW]] <= wr_lane[8 * gl +: 8];
        rd <= mem[rd_row];
      end
      assign rec_rd[8 * gl +: 8] = rd;
    end
  endgenerate

  // ---- interval counter (3.1, docs/spe-model.md 2.3) -------------------------
  reg [31:0] iv_cnt;
  reg [7:0]  iv_ecnt;
  reg [15:0] iv_lfsr;
  reg        iv_sel;
  wire       rnd = pmsirr_q[0];
  always @* begin
    iv_lfsr = lfsr_q;
    iv_cnt  = pmsicr_q[31:0];
    iv_ecnt = pmsicr_q[63:56];
    iv_sel  = 1'b0;
    // 3.1.1: load a zero PMSICR_EL1 on moving from disabled to enabled
    if (!preven_q && pmsicr_q == 64'd0) begin
      iv_cnt = {pmsirr_q[31:8], 8'd0};
      if (rnd && ERND == 0) begin
        iv_lfsr = lfsr8(iv_lfsr);
        iv_cnt[7:0] = iv_lfsr[7:0];
      end
      iv_ecnt = 8'd0;
    end
    if (!(rnd && ERND != 0)) begin
      if (iv_cnt == 32'd0) begin
        iv_sel = 1'b1;
        iv_cnt = {pmsirr_q[31:8], 8'd0};
        if (rnd) begin
          iv_lfsr = lfsr8(iv_lfsr);
          iv_cnt[7:0] = iv_lfsr[7:0];
        end
      end else begin
        iv_cnt = iv_cnt - 32'd1;
      end
    end else begin
      if (iv_cnt == 32'd0) begin
        iv_cnt  = {pmsirr_q[31:8], 8'd0};
        iv_lfsr = lfsr8(iv_lfsr);
        iv_ecnt = iv_lfsr[7:0];
        iv_sel  = iv_lfsr[7:0] == 8'd0;
      end else begin
        iv_cnt = iv_cnt - 32'd1;
        if (iv_ecnt != 8'd0) begin
          iv_ecnt = iv_ecnt - 8'd1;
          iv_sel  = iv_ecnt == 8'd0;
        end
      end
    end
    if (ERND == 0)
      iv_ecnt = 8'd0;
  end

  // ---- register read ------------------------------------------------------------
  wire [63:0] pmsidr = {44'd0, 4'd2, MAX_SIZE[3:0], INTERVAL_ID[3:0], 2'd0, ERND[0], LDS[0],
                        4'b1111};                                     // 4.3.11
  reg         rd_own_s;
  reg [1:0]   rd_own_e;
  reg [63:0]  pmbidr;
  always @* begin
    rd_own_s = own_sec(!reg_ns_i);
    rd_own_e = own_el(rd_own_s);
    pmbidr   = {58'd0, FLAG_UPDATES[0], 1'b0, ALIGN[3:0]};             // 4.3.1
    if (reg_el_i != 2'd3 && (rd_own_s != !reg_ns_i || rd_own_e > reg_el_i))
      pmbidr[4] = 1'b1;                                               // P [L1383]
    sr_err_o   = 1'b0;
    sr_rdata_o = 64'd0;
    case (sr_enc_i)
      PMSCR_EL1_ENC, PMSCR_EL12_ENC: sr_rdata_o = pmscr1_e;
      PMSCR_EL2_ENC:     sr_rdata_o = pmscr2_e;
      PMSICR_EL1_ENC:    sr_rdata_o = pmsicr_q;
      PMSIRR_EL1_ENC:    sr_rdata_o = pmsirr_q;
      PMSFCR_EL1_ENC:    sr_rdata_o = pmsfcr_q;
      PMSEVFR_EL1_ENC:   sr_rdata_o = pmsevfr_q;
      PMSLATFR_EL1_ENC:  sr_rdata_o = pmslatfr_q;
      PMSIDR_EL1_ENC:    begin sr_rdata_o = pmsidr; sr_err_o = sr_write_i; end
      PMBLIMITR_EL1_ENC: sr_rdata_o = pmblimitr_q;
      PMBPTR_EL1_ENC:    sr_rdata_o = pmbptr_q;
      PMBSR_EL1_ENC:     sr_rdata_o = pmbsr_q;
      PMBIDR_EL1_ENC:    begin sr_rdata_o = pmbidr; sr_err_o = sr_write_i; end
      default:           sr_err_o = 1'b1;
    endcase
  end

  // ---- AXI beat data ------------------------------------------------------------
  // The beat at wa_q is the bus word of the record buffer at wa_q mod
  // 2^MAX_SIZE (in the row rec_rd).  Lane i is strobed when its address
  // wa_q + i lies in [ba_q, be_q).  A burst lies in the 4 KB page of ba_q
  // and ends at most at the page's end, so that is decided on the offsets
  // in the page: wd_be is be_q - page(ba_q), 1..0x1000.
  wire [127:0]      wd_row  = (DB == 8 && wa_q[3]) ? {64'd0, rec_rd[127:64]} : rec_rd;
  wire [DATA_W-1:0] wd_word = wd_row[DATA_W-1:0];
  wire              wd_page = wa_q[63:12] == ba_q[63:12];
  wire [12:0]       wd_be   = {be_q[12] ^ ba_q[12], be_q[11:0]};
  reg  [12:0]       lane_o;
  always @* begin
    m_axi_wdata_o = {DATA_W{1'b0}};
    m_axi_wstrb_o = {DATA_W/8{1'b0}};
    lane_o = 13'd0;
    for (i = 0; i < DB; i = i + 1) begin
      lane_o = {1'b0, wa_q[11:DB_LOG2], i[DB_LOG2-1:0]};
      if (wd_page && lane_o >= {1'b0, ba_q[11:0]} && lane_o < wd_be) begin
        m_axi_wstrb_o[i] = 1'b1;
        m_axi_wdata_o[8*i +: 8] = wd_word[8*i +: 8];
      end
    end
  end

  // ---- control ------------------------------------------------------------------
  wire idle   = st_q == S_IDLE;
  // the record considered for sampling: the one on the port, or the one
  // held while a completed sample was written
  wire [RW_-1:0] sm_rec = idle ? pe_vec : cur_q;
  wire           sm_en  = prof_en(sm_rec);
  wire sr_go  = idle && sr_valid_i;
  wire psb_go = idle && !sr_valid_i && psb_valid_i;
  wire pe_go  = idle && !sr_valid_i && !psb_valid_i && pe_valid_i;

  reg [63:0] nxt4k;
  // the record ends in the page of ba_q: at or before the next 4 KB boundary
  wire aw_page = last_q[63:12] == ba_q[63:12];

  // a management event: S = 1, EC and MSS, DL when dl (3.5)
  task mgmt;
    input [5:0]  ec;
    input [15:0] mss;
    input        dl;
    begin
      pmbsr_d = (pmbsr_d & ~64'hFC00FFFF) | {32'd0, ec, 10'd0, 16'd0} | {48'd0, mss} |
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
  // (3.1, 3.2.3); a selected operation becomes the sample in flight or
  // collides
  task do_sample;
    reg [5:0] fl;
    begin
      fl = f_fl(sm_rec);
      if (f_kd(sm_rec) == PE_KIND_INSN) begin
        if (!sm_en) begin
          preven_d = 1'b0;                                   // 3.1.3: counters hold
        end else begin
          preven_d = 1'b1;
          lfsr_d   = iv_lfsr;
          pmsicr_d = {iv_ecnt, 24'd0, iv_cnt};
          if (iv_sel) begin
            if (slv_q) begin
              pmbsr_d[16] = 1'b1;                            // 2.2.4, 3.1.4: COLL
            end else begin
              slv_d   = 1'b1;
              sl_ld   = 1'b1;
              slrem_d = INFLIGHT_RECORDS[7:0];
              slnn_d  = f_ic(sm_rec) == PE_IC_ERET;
              sltel_d = f_el(sm_rec);
              sltns_d = fl[F_NS];
            end
          end
        end
      end
    end
  endtask

  always @* begin
    st_d = st_q; ret_idle_d = ret_idle_q; sl_ld = 1'b0; slv_d = slv_q;
    slrem_d = slrem_q; slnn_d = slnn_q; sltel_d = sltel_q; sltns_d = sltns_q;
    lfsr_d = lfsr_q; preven_d = preven_q; serr_d = serr_q;
    pmscr1_d = pmscr1_q; pmscr2_d = pmscr2_q; pmsicr_d = pmsicr_q; pmsirr_d = pmsirr_q;
    pmsfcr_d = pmsfcr_q; pmsevfr_d = pmsevfr_q; pmslatfr_d = pmslatfr_q;
    pmblimitr_d = pmblimitr_q; pmbptr_d = pmbptr_q; pmbsr_d = pmbsr_q;
    pk_d = pk_q; n_d = n_q; end_d = end_q; last_d = last_q; wp_d = wp_q; ba_d = ba_q;
    be_d = be_q; wa_d = wa_q;
    bl_d = bl_q; bc_d = bc_q;
    nxt4k   = {ba_q[63:12], 12'd0} + 64'h1000;

    case (st_q)
      S_IDLE: begin
        pk_d = 4'd0;
        n_d  = {NW{1'b0}};
        if (sr_go && sr_write_i) begin
          case (sr_enc_i)
            PMSCR_EL1_ENC, PMSCR_EL12_ENC: pmscr1_d = sr_wdata_i & 64'h7B;
            PMSCR_EL2_ENC:     pmscr2_d = sr_wdata_i & 64'h7B;
            PMSICR_EL1_ENC:    pmsicr_d = sr_wdata_i & ((ERND != 0) ? 64'hFF000000FFFFFFFF
                                                             : 64'h00000000FFFFFFFF);
            PMSIRR_EL1_ENC:    pmsirr_d = sr_wdata_i & 64'hFFFFFF01;
            PMSFCR_EL1_ENC:    pmsfcr_d = sr_wdata_i & 64'h70007;
            PMSEVFR_EL1_ENC:   pmsevfr_d = (sr_wdata_i & EVF_MASK) | 64'h2;  // E[1] RES1
            PMSLATFR_EL1_ENC:  pmslatfr_d = sr_wdata_i & 64'hFFF;
            PMBLIMITR_EL1_ENC: pmblimitr_d = sr_wdata_i & (LIMIT_MASK | 64'h7);
            PMBPTR_EL1_ENC:    pmbptr_d = (EA_SYNC != 0) ? sr_wdata_i : (sr_wdata_i & ~AMASK);
            PMBSR_EL1_ENC:     pmbsr_d = sr_wdata_i & 64'hFC0FFFFF;
            default: ;
          endcase
        end
        if (psb_go) begin
          ret_idle_d = 1'b1;
          if (slv_q) begin
            slv_d = 1'b0;
            st_d  = S_FORM;
          end
        end
        if (pe_go) begin
          if (pe_kind_i == PE_KIND_RESET) begin
            // 4.2 Table 8: PMBLIMITR_EL1.E resets; samples in flight lost (2.2.2)
            pmblimitr_d[0] = 1'b0;
            slv_d    = 1'b0;
            lfsr_d   = SEED;
            preven_d = 1'b0;
          end else if (slv_q) begin
            // the ERET target context is that of the next record
            if (slnn_q) begin
              slnn_d  = 1'b0;
              sltel_d = pe_kind_i == PE_KIND_EXC ? pe_from_el_i : pe_el_i;
              sltns_d = pe_flags_i[F_NS];
            end
            // age the sample in flight (2.2.4); it completes before this
            // record is considered for sampling
            slrem_d = slrem_q - 8'd1;
            if (slrem_q == 8'd1) begin
              slv_d      = 1'b0;
              ret_idle_d = 1'b0;
              st_d       = S_FORM;
            end else begin
              do_sample;
            end
          end else begin
            do_sample;
          end
        end
      end

      S_FORM: begin
        // one packet per clock into the record buffer (wr_en)
        pk_d = pk_nx;
        n_d  = n_q + {{(NW-5){1'b0}}, pk_n};
        if (pk_q == 4'd0 && !(keep_q && buf_e && !buf_s)) begin
          // 3.6.1: a record that passed the filters is discarded while the
          // buffer is disabled
          st_d = ret_idle_q ? S_IDLE : S_SAMPLE;
        end else if (pk_q == 4'd0 && (pmbptr_q & AMASK) != 64'd0) begin
          mgmt(EC_DABT_S1, 16'h21, 1'b0);                    // Table 6: Alignment fault
          st_d = ret_idle_q ? S_IDLE : S_SAMPLE;
        end else if (pk_q >= 4'd13 && fr_gap > 16) begin
          pk_d = 4'd14;                                      // more padding
        end else if (pk_q >= 4'd13) begin
          // the record is formed: fr_len bytes, padding included
          st_d = ret_idle_q ? S_IDLE : S_SAMPLE;
          if (over_q || (room_q[63:NW] == {(64-NW){1'b0}} && room_q[NW-1:0] < fr_len)) begin
            mgmt(EC_OTHER, 16'd1, 1'b1);                     // 3.4.1: full, data lost
          end else begin
            end_d  = pmbptr_q + {{(64-NW){1'b0}}, fr_len};
            last_d = pmbptr_q + {{(64-NW){1'b0}}, fr_len - 1'b1};
            wp_d  = pmbptr_q;
            ba_d  = pmbptr_q;
            st_d  = S_AW;
          end
        end
      end

      S_AW: begin
        // one INCR burst from ba_q to the record end or the next 4 KB boundary
        be_d = aw_page ? end_q : nxt4k;
        wa_d = {ba_q[63:DB_LOG2], {DB_LOG2{1'b0}}};
        bl_d = 8'd0;
        bc_d = 8'd0;
        if (m_axi_awready_i)
          st_d = S_W;
      end

      S_W: begin
        if (m_axi_wready_i) begin
          wa_d = wa_q + DB;
          bc_d = bc_q + 8'd1;
          if (m_axi_wlast_o)
            st_d = S_B;
        end
      end

      S_B: begin
        if (m_axi_bvalid_i) begin
          st_d = ret_idle_q ? S_IDLE : S_SAMPLE;
          if (m_axi_bresp_i[1]) begin
            // 3.5.4: external abort on the write of the burst at ba_q
            if (EA_REPORT == 0) begin
              serr_d   = 1'b1;
              pmbptr_d = end_q;
              check_full;
            end else begin
              pmbsr_d = pmbsr_d | (64'd1 << 18);             // EA
              if (EA_SYNC != 0) begin
                pmbptr_d = ba_q;
                mgmt(EC_DABT_S1, 16'h10, ba_q != wp_q);
              end else begin
                mgmt(EC_DABT_S1, 16'h11, 1'b1);
              end
            end
          end else if (be_q == end_q) begin
            pmbptr_d = end_q;
            check_full;
          end else begin
            ba_d = be_q;
            st_d = S_AW;
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

  // the AW beat count of the burst being requested
  // (in the page of ba_q: the burst's last byte is last_q when the record
  // ends in the page, else the page's last byte)
  wire [11:0] aw_lb   = aw_page ? last_q[11:0] : 12'hFFF;
  wire [11:0] aw_last = {{DB_LOG2{1'b0}}, aw_lb[11:DB_LOG2]} -
                        {{DB_LOG2{1'b0}}, ba_q[11:DB_LOG2]};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      room_q <= 64'd0; over_q <= 1'b0; full_q <= 1'b0;
      st_q <= S_IDLE; ret_idle_q <= 1'b0; cur_q <= {RW_{1'b0}}; sl_q <= {RW_{1'b0}};
      slv_q <= 1'b0; slrem_q <= 8'd0; slnn_q <= 1'b0; sltel_q <= 2'd0; sltns_q <= 1'b0;
      lfsr_q <= SEED; preven_q <= 1'b0; serr_q <= 1'b0;
      pmscr1_q <= 64'd0; pmscr2_q <= 64'd0; pmsicr_q <= 64'd0; pmsirr_q <= 64'd0;
      pmsfcr_q <= 64'd0; pmsevfr_q <= 64'd0; pmslatfr_q <= 64'd0;
      pmblimitr_q <= 64'd0; pmbptr_q <= 64'd0; pmbsr_q <= 64'd0;
      pk_q <= 4'd0; n_q <= {NW{1'b0}}; end_q <= 64'd0; last_q <= 64'd0; wp_q <= 64'd0;
      ba_q <= 64'd0;
      be_q <= 64'd0; wa_q <= 64'd0; bl_q <= 8'd0; bc_q <= 8'd0;
    end else begin
      room_q <= limit - pmbptr_q;
      over_q <= pmbptr_q > limit;
      full_q <= limit - end_q < (64'd1 << MAX_SIZE);             // 3.5.2
      st_q <= st_d; ret_idle_q <= ret_idle_d; cur_q <= pe_go ? pe_vec : cur_q;
      sl_q <= sl_ld ? sm_rec : sl_q;
      slv_q <= slv_d; slrem_q <= slrem_d; slnn_q <= slnn_d; sltel_q <= sltel_d;
      sltns_q <= sltns_d; lfsr_q <= lfsr_d; preven_q <= preven_d; serr_q <= serr_d;
      pmscr1_q <= pmscr1_d; pmscr2_q <= pmscr2_d; pmsicr_q <= pmsicr_d; pmsirr_q <= pmsirr_d;
      pmsfcr_q <= pmsfcr_d; pmsevfr_q <= pmsevfr_d; pmslatfr_q <= pmslatfr_d;
      pmblimitr_q <= pmblimitr_d; pmbptr_q <= pmbptr_d; pmbsr_q <= pmbsr_d;
      pk_q <= pk_d; n_q <= n_d; end_q <= end_d; last_q <= last_d; wp_q <= wp_d; ba_q <= ba_d;
      be_q <= be_d;
      wa_q <= wa_d; bl_q <= (st_q == S_AW) ? aw_last[7:0] : bl_d; bc_q <= bc_d;
    end
  end

  // ---- outputs ------------------------------------------------------------------
  assign pe_ready_o  = pe_go;
  assign psb_ready_o = psb_go;
  assign sr_ready_o  = sr_go;
  assign irq_o       = buf_s;
  assign serror_o    = serr_q;
  assign idle_o      = idle;

  assign m_axi_awid_o    = AXI_ID_V;
  assign m_axi_awaddr_o  = {ba_q[63:DB_LOG2], {DB_LOG2{1'b0}}};
  assign m_axi_awlen_o   = aw_last[7:0];
  assign m_axi_awsize_o  = DB_LOG2[2:0];
  assign m_axi_awburst_o = 2'b01;                               // INCR
  assign m_axi_awlock_o  = 1'b0;
  assign m_axi_awcache_o = 4'b0011;
  assign m_axi_awprot_o  = 3'b000;
  assign m_axi_awvalid_o = st_q == S_AW;
  assign m_axi_wvalid_o  = st_q == S_W;
  assign m_axi_wlast_o   = bc_q == bl_q;
  assign m_axi_bready_o  = st_q == S_B;

  wire unused_ok = &{1'b0, m_axi_bid_i, m_axi_bresp_i[0], pmsidr[63:20], aw_last[11:8],
                     aw_lb[DB_LOG2-1:0], wa_q[DB_LOG2-1:0], pe_spe_events_i[31:11],
                     mdcr_el3_nspb_i[0], s_pc[63:56], s_tg[63:56], s_pa[63:56], s_ls[6],
                     wd_row};

`ifdef FORMAL
  // The write bound (formal/spe/spe.sby): every strobed byte of every beat
  // lies in [f_lo, LIMIT), f_lo being the PMBPTR_EL1 value software last
  // wrote, and every burst requested lies below LIMIT.  THE BOUND are the
  // assertions on m_axi_wstrb_o and on the AW request; the others are the
  // inductive invariants that carry them.
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
      if (st_q == S_AW || st_q == S_W || st_q == S_B) begin
        assert (wp_q >= f_lo);
        assert (f_end <= {1'b0, limit});
        assert (end_q > wp_q);
        assert (last_q == end_q - 64'd1);
        assert (ba_q >= wp_q);
        assert ({1'b0, ba_q} < f_end);
      end
      if (st_q == S_W || st_q == S_B) begin
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
