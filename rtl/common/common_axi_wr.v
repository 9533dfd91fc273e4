// AXI4 write master shared by the TRBE (trbe_top) and SPE (spe_top): writes
// byte ranges [start, end) of memory from a unit's RAM as INCR bursts, with
// up to MAX_OUT bursts in flight (AW accepted, B not yet).
//
// Request port (valid/ready): req_valid_i may rise at any time; while
//   req_valid_i && !req_ready_o the payload (req_start_i, req_end_i,
//   req_cache_i, req_prot_i) holds; the unit may withdraw a request it has
//   not handed over (req_valid_i falls untaken).  req_ready_o is high while no request
//   is being split and no error is being drained (registers), and low in
//   the clock of an error response.  A request is
//   1 .. 2^LEN_LOG2 bytes (req_end_i - req_start_i).  It is split into
//   bursts that end at every 2^SPLIT_LOG2-byte boundary (4 KB: SPLIT_LOG2
//   12) and at its end.
// Bursts: AWADDR the burst's first byte rounded down to the bus width,
//   AWSIZE the bus width, AWLEN up to the beat of its last byte, AWID
//   AXI_ID, AWCACHE/AWPROT the request's.  The AW of the next burst is
//   presented once fewer than MAX_OUT bursts are in flight (AW runs ahead
//   of W and B; MAX_OUT 1 is one burst at a time: AW, W, B).  W beats
//   follow the AW order, one beat a clock when WREADY is high; a beat's
//   lanes are strobed for the bytes of [start, end) of its burst and carry
//   zero elsewhere.
// Data: read from the unit's RAM through a registered row port: rd_en_o
//   reads row rd_row_o (the beat address divided by the row, 2^RW_LOG2
//   bytes, modulo 2^RA_W rows); rd_data_i is that row one clock later.
//   Reads are issued ahead into a two-entry beat FIFO so WVALID stays up
//   at one beat a clock across the read latency.
// Responses: B is accepted (BREADY, a register) only for a burst whose last
//   W beat has gone, and is the response of the oldest burst in flight
//   (AXI4: responses of one ID come in order).  A BID other than AXI_ID is
//   a protocol error: this master issues one ID, so the response is not
//   ours to match; it is taken as the oldest burst's response and reported
//   as an error (rsp_id_err_o), which stops the unit as an external abort
//   does, and keeps every burst's response accounted exactly once.
//   rsp_valid_o (one clock, no ready: the unit takes it) reports each
//   burst's response with its first byte (rsp_ba_o), rsp_last_o for the
//   request's last burst, rsp_err_o for SLVERR, DECERR or a wrong BID.
// After an error: the rest of the request is dropped and no new AW is
//   presented (an AW already presented must complete: AXI4 keeps AWVALID
//   up until AWREADY); the bursts issued after the failing one complete
//   their W and B unreported (halt_o high, req_ready_o low) and the master
//   takes requests again once nothing is in flight.  With MAX_OUT 1 no
//   burst follows the failing one.
// wd_o (one clock): the last W beat of a burst was accepted; wd_bytes_o its
//   strobed bytes (not reported for the bursts drained after an error).
// busy_o: a request, an AW or a burst in flight.
//
// AXI rules: AWVALID, WVALID and BREADY are registers; AW and W payloads
// hold until their handshakes (formal: fv_vr_check).
//
// Combinational paths: the next burst (a page compare, a subtract, a
// select and an add on registers) into the AW registers; the beat's row
// (the oldest unread burst's address plus the beat offset) to rd_row_o;
// the lane strobes of the beat (compares on offsets) into the pending
// beat register; WREADY/BVALID into the FIFO, pointer and count updates.
`default_nettype none

module common_axi_wr #(
  parameter DB_LOG2    = 3,   // log2 of the bus bytes: 3 (64-bit) or 4 (128-bit)
  parameter RW_LOG2    = 3,   // log2 of the read row bytes: DB_LOG2..4
  parameter RA_W       = 4,   // read row address bits: 1..16
  parameter LEN_LOG2   = 7,   // longest request 2^LEN_LOG2 bytes: DB_LOG2..DB_LOG2+7
  parameter SPLIT_LOG2 = 12,  // bursts end at every 2^SPLIT_LOG2 boundary: DB_LOG2..12
  parameter MAX_OUT    = 1,   // bursts in flight at most: 1, 2, 4 or 8
  parameter ID_W       = 4,   // AXI ID width: 1..16
  parameter AXI_ID     = 0    // AWID of every burst, and the BID expected: 0..2**ID_W-1
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,          // synchronous, active low

  // request
  input  wire                      req_valid_i,
  output wire                      req_ready_o,
  input  wire [63:0]               req_start_i,     // first byte
  input  wire [63:0]               req_end_i,       // one past the last byte
  input  wire [3:0]                req_cache_i,     // AWCACHE of its bursts
  input  wire [2:0]                req_prot_i,      // AWPROT of its bursts

  // burst progress and responses
  output wire                      wd_o,            // a burst's last W beat accepted
  output wire [LEN_LOG2:0]         wd_bytes_o,      // its strobed bytes
  output wire                      rsp_valid_o,     // a burst's response
  output wire                      rsp_err_o,       // SLVERR, DECERR or a wrong BID
  output wire                      rsp_id_err_o,    // a wrong BID
  output wire [1:0]                rsp_resp_o,      // BRESP
  output wire                      rsp_last_o,      // the request's last burst
  output wire [63:0]               rsp_ba_o,        // the burst's first byte
  output wire                      busy_o,
  output wire                      halt_o,          // draining the bursts after an error
`ifdef FORMAL
  // formal only: the window every request lies in (the unit's buffer); it
  // holds while busy_o.  f_nreq_o: requests taken whose last response has
  // not come (while halt_o is low)
  input  wire [63:0]               f_lo_i,
  input  wire [63:0]               f_hi_i,
  output wire [4:0]                f_nreq_o,
`endif

  // RAM read port
  output wire                      rd_en_o,
  output wire [RA_W-1:0]           rd_row_o,
  input  wire [8*(1<<RW_LOG2)-1:0] rd_data_i,       // the row read at the last clock

  // AXI4 write master
  output wire [ID_W-1:0]           m_axi_awid_o,
  output wire [63:0]               m_axi_awaddr_o,
  output wire [7:0]                m_axi_awlen_o,
  output wire [2:0]                m_axi_awsize_o,
  output wire [1:0]                m_axi_awburst_o,
  output wire                      m_axi_awlock_o,
  output wire [3:0]                m_axi_awcache_o,
  output wire [2:0]                m_axi_awprot_o,
  output wire                      m_axi_awvalid_o,
  input  wire                      m_axi_awready_i,
  output wire [8*(1<<DB_LOG2)-1:0] m_axi_wdata_o,
  output wire [(1<<DB_LOG2)-1:0]   m_axi_wstrb_o,
  output wire                      m_axi_wlast_o,
  output wire                      m_axi_wvalid_o,
  input  wire                      m_axi_wready_i,
  input  wire [ID_W-1:0]           m_axi_bid_i,
  input  wire [1:0]                m_axi_bresp_i,
  input  wire                      m_axi_bvalid_i,
  output wire                      m_axi_bready_o
);

  `include "common_clog2.vh"  // clog2()

  localparam DB     = 1 << DB_LOG2;
  localparam RW     = 1 << RW_LOG2;
  localparam N      = MAX_OUT;
  localparam IX_W   = (N > 1) ? clog2(N) : 1;      // descriptor index
  localparam PT_W   = clog2(N) + 1;                // pointers: index and a wrap bit
  localparam EO_W   = LEN_LOG2 + 1;                // byte offsets from the burst's aligned address
  localparam BK_W   = LEN_LOG2 - DB_LOG2 + 1;      // beat index: 0 .. 2^(LEN_LOG2-DB_LOG2)
  localparam CW     = ((SPLIT_LOG2 > LEN_LOG2) ? SPLIT_LOG2 : LEN_LOG2) + 2;
  localparam AL_W   = RA_W + RW_LOG2;              // the beat address bits the RAM sees
  localparam HALF_W = (RW_LOG2 > DB_LOG2) ? (RW_LOG2 - DB_LOG2) : 1;
  localparam [ID_W-1:0] AXI_ID_V = AXI_ID[ID_W-1:0];
  localparam [PT_W:0]   N_V      = N[PT_W:0];
  localparam [PT_W-1:0] P1       = 1;
  localparam [BK_W-1:0] K1       = 1;
  localparam [CW-1:0]   SPLIT_V  = 1 << SPLIT_LOG2;

  generate
    if (DB_LOG2 != 3 && DB_LOG2 != 4) begin : g_bad_db
      common_axi_wr_DB_LOG2_must_be_3_or_4 u_bad ();
    end
    if (RW_LOG2 < DB_LOG2 || RW_LOG2 > 4) begin : g_bad_rw
      common_axi_wr_RW_LOG2_must_be_DB_LOG2_to_4 u_bad ();
    end
    if (RA_W < 1 || RA_W > 16) begin : g_bad_ra
      common_axi_wr_RA_W_must_be_1_to_16 u_bad ();
    end
    if (LEN_LOG2 < DB_LOG2 || LEN_LOG2 > DB_LOG2 + 7) begin : g_bad_len
      common_axi_wr_LEN_LOG2_must_be_DB_LOG2_to_DB_LOG2_plus_7 u_bad ();
    end
    if (SPLIT_LOG2 < DB_LOG2 || SPLIT_LOG2 > 12) begin : g_bad_split
      common_axi_wr_SPLIT_LOG2_must_be_DB_LOG2_to_12 u_bad ();
    end
    if (N != 1 && N != 2 && N != 4 && N != 8) begin : g_bad_n
      common_axi_wr_MAX_OUT_must_be_1_2_4_or_8 u_bad ();
    end
    if (ID_W < 1 || ID_W > 16) begin : g_bad_idw
      common_axi_wr_ID_W_must_be_1_to_16 u_bad ();
    end
    if (AXI_ID < 0 || AXI_ID >= (1 << ID_W)) begin : g_bad_id
      common_axi_wr_AXI_ID_must_fit_in_ID_W_bits u_bad ();
    end
  endgenerate

  // ---- state ------------------------------------------------------------------------
  // the request being split
  reg              ra_q, ra_d;                 // active
  reg  [63:0]      cur_q, cur_d;               // first byte of its next burst
  reg  [63:0]      end_q, end_d;               // its end
  reg  [63:0]      lst_q, lst_d;               // its last byte (end - 1)
  reg  [3:0]       cache_q, cache_d;
  reg  [2:0]       prot_q, prot_d;
  // the AW channel register: the next burst
  reg              awv_q, awv_d;
  reg  [63:0]      aba_q, aba_d;               // first byte
  reg  [EO_W-1:0]  aeo_q, aeo_d;               // end offset from the aligned address
  reg  [BK_W-1:0]  alen_q, alen_d;             // beats - 1 (AWLEN)
  reg              alast_q, alast_d;           // the request's last burst
  reg  [3:0]       acache_q, acache_d;
  reg  [2:0]       aprot_q, aprot_d;
  // descriptors of the bursts in flight, written at the AW handshake
  reg  [64*N-1:0]   dba_q, dba_d;
  reg  [EO_W*N-1:0] deo_q, deo_d;
  reg  [BK_W*N-1:0] dlen_q, dlen_d;
  reg  [N-1:0]      dlast_q, dlast_d;
  // pointers: AW issued, read issue, W done, B retired
  reg  [PT_W-1:0]  awp_q, awp_d, rp_q, rp_d, wdp_q, wdp_d, bp_q, bp_d;
  reg  [PT_W:0]    nf_q, nf_d;                 // bursts in flight: awp - bp
  reg  [PT_W:0]    nw_q, nw_d;                 // W done, B not yet: wdp - bp
  reg              halt_q, halt_d;
  // beat read and FIFO
  reg  [BK_W-1:0]  rk_q, rk_d;                 // beat of burst rp to read next
  reg              pv_q, pv_d;                 // rd_data_i holds a beat this clock
  reg  [DB-1:0]    ps_q, ps_d;
  reg              pl_q, pl_d;
  reg  [HALF_W-1:0] ph_q, ph_d;
  reg  [8*DB-1:0]  f0d_q, f0d_d, f1d_q, f1d_d;
  reg  [DB-1:0]    f0s_q, f0s_d, f1s_q, f1s_d;
  reg              f0l_q, f0l_d, f1l_q, f1l_d;
  reg              frd_q, frd_d;
  reg  [1:0]       fn_q, fn_d;

  // ---- the next burst of the request -------------------------------------------------
  // It ends at the request's end when the request's last byte is in the
  // 2^SPLIT_LOG2 region of cur_q, else at the region's end.
  wire            nb_same = (lst_q[63:SPLIT_LOG2] == cur_q[63:SPLIT_LOG2]);
  wire [CW-1:0]   nb_rem  = {{(CW-LEN_LOG2-1){1'b0}}, end_q[LEN_LOG2:0] - cur_q[LEN_LOG2:0]};
  wire [CW-1:0]   nb_tob  = SPLIT_V - {{(CW-SPLIT_LOG2){1'b0}}, cur_q[SPLIT_LOG2-1:0]};
  wire [CW-1:0]   nb_len  = nb_same ? nb_rem : nb_tob;        // <= 2^LEN_LOG2
  wire [EO_W-1:0] nb_eo   = {{(EO_W-DB_LOG2){1'b0}}, cur_q[DB_LOG2-1:0]} + nb_len[EO_W-1:0];
  wire [EO_W-1:0] nb_eo1  = nb_eo - {{(EO_W-1){1'b0}}, 1'b1};
  wire [BK_W-1:0] nb_alen = nb_eo1[EO_W-1:DB_LOG2];

  // ---- handshakes ------------------------------------------------------------------------
  wire aw_hs  = awv_q & m_axi_awready_i;
  wire b_rdy  = (nw_q != {(PT_W+1){1'b0}});
  wire b_hs   = m_axi_bvalid_i & b_rdy;
  wire b_idok = (m_axi_bid_i == AXI_ID_V);
  wire b_bad  = b_hs & (m_axi_bresp_i[1] | ~b_idok);
  wire rep_ok = ~halt_q & ~b_bad;             // reports of this clock reach the unit
  wire req_rdy = ~ra_q & ~halt_q & ~b_bad;
  wire req_hs  = req_valid_i & req_rdy;
  wire room   = ({1'b0, nf_q} + {{(PT_W+1){1'b0}}, awv_q}) < {1'b0, N_V};
  wire ld     = ra_q & ~halt_q & ~b_bad & (~awv_q | aw_hs) & room;

  // ---- descriptor reads ---------------------------------------------------------------
  wire [IX_W-1:0] rp_ix  = (N > 1) ? rp_q[IX_W-1:0]  : {IX_W{1'b0}};
  wire [IX_W-1:0] wdp_ix = (N > 1) ? wdp_q[IX_W-1:0] : {IX_W{1'b0}};
  wire [IX_W-1:0] bp_ix  = (N > 1) ? bp_q[IX_W-1:0]  : {IX_W{1'b0}};
  wire [IX_W-1:0] awp_ix = (N > 1) ? awp_q[IX_W-1:0] : {IX_W{1'b0}};
  // (N:1 multiplexers written out per entry: constant part-selects)
  reg  [63:0]      r_ba, w_ba, b_ba;
  reg  [EO_W-1:0]  r_eo, w_eo;
  reg  [BK_W-1:0]  r_len;
  reg              b_last;
  integer m;
  always @* begin
    r_ba = 64'd0; r_eo = {EO_W{1'b0}}; r_len = {BK_W{1'b0}};
    w_ba = 64'd0; w_eo = {EO_W{1'b0}}; b_ba = 64'd0; b_last = 1'b0;
    for (m = 0; m < N; m = m + 1) begin
      if (rp_ix == m[IX_W-1:0] || N == 1) begin
        r_ba = dba_q[64*m +: 64]; r_eo = deo_q[EO_W*m +: EO_W]; r_len = dlen_q[BK_W*m +: BK_W];
      end
      if (wdp_ix == m[IX_W-1:0] || N == 1) begin
        w_ba = dba_q[64*m +: 64]; w_eo = deo_q[EO_W*m +: EO_W];
      end
      if (bp_ix == m[IX_W-1:0] || N == 1) begin
        b_ba = dba_q[64*m +: 64]; b_last = dlast_q[m];
      end
    end
  end

  // ---- the beat to read: burst rp, beat rk ----------------------------------------------
  wire             r_have = (rp_q != awp_q);
  wire             r_lastb = (rk_q == r_len);
  wire [AL_W+EO_W-1:0] r_addr_w = {{EO_W{1'b0}}, r_ba[AL_W-1:DB_LOG2], {DB_LOG2{1'b0}}} +
                                  {{AL_W{1'b0}}, rk_q, {DB_LOG2{1'b0}}};
  wire [AL_W-1:0]  r_addr = r_addr_w[AL_W-1:0];
  wire [HALF_W-1:0] r_half;
  generate
    if (RW_LOG2 > DB_LOG2) begin : g_half
      assign r_half = r_addr[RW_LOG2-1:DB_LOG2];
    end else begin : g_full
      assign r_half = {HALF_W{1'b0}};
    end
  endgenerate

  // lane strobes: byte offsets from the aligned address in [ba % DB, eo)
  reg [DB-1:0]   r_strb;
  reg [EO_W-1:0] r_off;
  integer i;
  always @* begin
    for (i = 0; i < DB; i = i + 1) begin
      r_off     = {rk_q, {DB_LOG2{1'b0}}} + i[EO_W-1:0];
      r_strb[i] = (r_off >= {{(EO_W-DB_LOG2){1'b0}}, r_ba[DB_LOG2-1:0]}) && (r_off < r_eo);
    end
  end

  // ---- beat FIFO (TRBE's scheme: reads issued while the FIFO will have room) ---------
  wire            fifo_v   = (fn_q != 2'd0);
  wire [8*DB-1:0] fh_d     = frd_q ? f1d_q : f0d_q;
  wire [DB-1:0]   fh_s     = frd_q ? f1s_q : f0s_q;
  wire            fh_l     = frd_q ? f1l_q : f0l_q;
  wire            pop      = fifo_v & m_axi_wready_i;
  wire            w_end    = pop & fh_l;
  wire [1:0]      fn_after = fn_q - {1'b0, pop} + {1'b0, pv_q};
  wire            rd_issue = r_have & (fn_after <= 2'd1);

  // the row's half of the pending beat, lanes outside its strobes zero
  reg [8*DB-1:0] pdata;
  integer k;
  always @* begin
    pdata = rd_data_i[8*DB-1:0];
    if (RW_LOG2 > DB_LOG2 && ph_q != {HALF_W{1'b0}})
      pdata = rd_data_i[8*RW-1:8*RW-8*DB];
    for (k = 0; k < DB; k = k + 1)
      if (!ps_q[k]) pdata[8*k +: 8] = 8'h00;
  end

  // ---- next state --------------------------------------------------------------------------
  integer n;
  always @* begin
    ra_d = ra_q; cur_d = cur_q; end_d = end_q; lst_d = lst_q; cache_d = cache_q; prot_d = prot_q;
    awv_d = awv_q; aba_d = aba_q; aeo_d = aeo_q; alen_d = alen_q; alast_d = alast_q;
    acache_d = acache_q; aprot_d = aprot_q;
    dba_d = dba_q; deo_d = deo_q; dlen_d = dlen_q; dlast_d = dlast_q;
    awp_d = awp_q; rp_d = rp_q; wdp_d = wdp_q; bp_d = bp_q;
    nf_d = nf_q; nw_d = nw_q; halt_d = halt_q;
    rk_d = rk_q; pv_d = 1'b0; ps_d = ps_q; pl_d = pl_q; ph_d = ph_q;
    f0d_d = f0d_q; f0s_d = f0s_q; f0l_d = f0l_q;
    f1d_d = f1d_q; f1s_d = f1s_q; f1l_d = f1l_q;
    frd_d = frd_q; fn_d = fn_after;

    // request taken
    if (req_hs) begin
      ra_d    = 1'b1;
      cur_d   = req_start_i;
      end_d   = req_end_i;
      lst_d   = req_end_i - 64'd1;
      cache_d = req_cache_i;
      prot_d  = req_prot_i;
    end

    // AW: the presented burst leaves; the next one is formed
    for (n = 0; n < N; n = n + 1)
      if (aw_hs && (awp_ix == n[IX_W-1:0] || N == 1)) begin
        dba_d[64*n +: 64]     = aba_q;
        deo_d[EO_W*n +: EO_W] = aeo_q;
        dlen_d[BK_W*n +: BK_W] = alen_q;
        dlast_d[n]            = alast_q;
      end
    if (aw_hs) begin
      awv_d = 1'b0;
      awp_d = awp_q + P1;
    end
    if (ld) begin
      awv_d    = 1'b1;
      aba_d    = cur_q;
      aeo_d    = nb_eo;
      alen_d   = nb_alen;
      alast_d  = nb_same;
      acache_d = cache_q;
      aprot_d  = prot_q;
      cur_d    = cur_q + {{(64-CW){1'b0}}, nb_len};
      if (nb_same) ra_d = 1'b0;
    end

    // reads
    if (rd_issue) begin
      pv_d = 1'b1;
      ps_d = r_strb;
      pl_d = r_lastb;
      ph_d = r_half;
      if (r_lastb) begin
        rk_d = {BK_W{1'b0}};
        rp_d = rp_q + P1;
      end else begin
        rk_d = rk_q + K1;
      end
    end
    if (pop) frd_d = ~frd_q;
    if (pv_q) begin
      if ((frd_q ^ fn_q[0]) == 1'b1) begin
        f1d_d = pdata; f1s_d = ps_q; f1l_d = pl_q;
      end else begin
        f0d_d = pdata; f0s_d = ps_q; f0l_d = pl_q;
      end
    end
    if (w_end) wdp_d = wdp_q + P1;

    // B: the oldest burst's response
    if (b_hs) bp_d = bp_q + P1;
    nf_d = nf_q + {{PT_W{1'b0}}, aw_hs} - {{PT_W{1'b0}}, b_hs};
    nw_d = nw_q + {{PT_W{1'b0}}, w_end} - {{PT_W{1'b0}}, b_hs};

    // an error stops the request; the bursts after it drain unreported
    if (b_bad && !halt_q) begin
      halt_d = 1'b1;
      ra_d   = 1'b0;
    end
    if (halt_q && nf_q == {(PT_W+1){1'b0}} && !awv_q)
      halt_d = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ra_q <= 1'b0; awv_q <= 1'b0; halt_q <= 1'b0;
      awp_q <= {PT_W{1'b0}}; rp_q <= {PT_W{1'b0}}; wdp_q <= {PT_W{1'b0}}; bp_q <= {PT_W{1'b0}};
      nf_q <= {(PT_W+1){1'b0}}; nw_q <= {(PT_W+1){1'b0}};
      rk_q <= {BK_W{1'b0}}; pv_q <= 1'b0; frd_q <= 1'b0; fn_q <= 2'd0;
    end else begin
      ra_q <= ra_d; awv_q <= awv_d; halt_q <= halt_d;
      awp_q <= awp_d; rp_q <= rp_d; wdp_q <= wdp_d; bp_q <= bp_d;
      nf_q <= nf_d; nw_q <= nw_d;
      rk_q <= rk_d; pv_q <= pv_d; frd_q <= frd_d; fn_q <= fn_d;
    end
  end

  // payload registers: no reset (each is written before its valid bit rises)
  always @(posedge clk_i) begin
    cur_q <= cur_d; end_q <= end_d; lst_q <= lst_d; cache_q <= cache_d; prot_q <= prot_d;
    aba_q <= aba_d; aeo_q <= aeo_d; alen_q <= alen_d; alast_q <= alast_d;
    acache_q <= acache_d; aprot_q <= aprot_d;
    dba_q <= dba_d; deo_q <= deo_d; dlen_q <= dlen_d; dlast_q <= dlast_d;
    ps_q <= ps_d; pl_q <= pl_d; ph_q <= ph_d;
    f0d_q <= f0d_d; f0s_q <= f0s_d; f0l_q <= f0l_d;
    f1d_q <= f1d_d; f1s_q <= f1s_d; f1l_q <= f1l_d;
  end

  // ---- outputs ---------------------------------------------------------------------------
  wire [8:0]      awlen_w = {{(9-BK_W){1'b0}}, alen_q};
  wire [EO_W-1:0] w_bytes = w_eo - {{(EO_W-DB_LOG2){1'b0}}, w_ba[DB_LOG2-1:0]};

  assign req_ready_o     = req_rdy;
  assign wd_o            = w_end & rep_ok;
  assign wd_bytes_o      = w_bytes;
  assign rsp_valid_o     = b_hs & ~halt_q;
  assign rsp_err_o       = m_axi_bresp_i[1] | ~b_idok;
  assign rsp_id_err_o    = ~b_idok;
  assign rsp_resp_o      = m_axi_bresp_i;
  assign rsp_last_o      = b_last;
  assign rsp_ba_o        = b_ba;
  assign busy_o          = ra_q | awv_q | (nf_q != {(PT_W+1){1'b0}});
  assign halt_o          = halt_q;
  assign rd_en_o         = rd_issue;
  assign rd_row_o        = r_addr[AL_W-1:RW_LOG2];

  assign m_axi_awid_o    = AXI_ID_V;
  assign m_axi_awaddr_o  = {aba_q[63:DB_LOG2], {DB_LOG2{1'b0}}};
  assign m_axi_awlen_o   = awlen_w[7:0];
  assign m_axi_awsize_o  = DB_LOG2[2:0];
  assign m_axi_awburst_o = 2'b01;                  // INCR
  assign m_axi_awlock_o  = 1'b0;
  assign m_axi_awcache_o = acache_q;
  assign m_axi_awprot_o  = aprot_q;
  assign m_axi_awvalid_o = awv_q;
  assign m_axi_wdata_o   = fh_d;
  assign m_axi_wstrb_o   = fh_s;
  assign m_axi_wlast_o   = fh_l;
  assign m_axi_wvalid_o  = fifo_v;
  assign m_axi_bready_o  = b_rdy;

  // bits below a beat or a row, and beyond the longest request, are not used
  wire unused_ok = &{1'b0, nb_rem, nb_len, nb_eo1, r_addr_w, r_addr, r_ba, w_ba, awlen_w};

`ifdef FORMAL
  // ---- formal (formal/common_axi_wr.sby proves them with the request and
  //      the slave free; inside a unit's proof the request rules are
  //      assertions on the unit) ------------------------------------------------------------
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
`ifdef FV_COMMON_AXI_WR_TOP
  always @* if (!f_past) assume (!rst_ni);
`endif

  // the request rules: 1 .. 2^LEN_LOG2 bytes, held until taken
  wire [64:0] f_req_len = {1'b0, req_end_i} - {1'b0, req_start_i};
  wire        f_req_ok  = f_req_len != 65'd0 && f_req_len <= (65'd1 << LEN_LOG2) &&
                          req_end_i > req_start_i;
  wire        f_req_in  = {1'b0, req_start_i} >= {1'b0, f_lo_i} && req_end_i <= f_hi_i;
  always @* begin
    if (f_past && rst_ni && req_valid_i) begin
`ifdef FV_COMMON_AXI_WR_TOP
      assume (f_req_ok && f_req_in);
`else
      assert (f_req_ok && f_req_in);
`endif
    end
  end
  // the window holds while a request is taken or anything is in flight
  always @(posedge clk_i) begin
    if (f_past && rst_ni && $past(rst_ni) && $past(busy_o || req_hs)) begin
`ifdef FV_COMMON_AXI_WR_TOP
      assume (f_lo_i == $past(f_lo_i) && f_hi_i == $past(f_hi_i));
`else
      assert (f_lo_i == $past(f_lo_i) && f_hi_i == $past(f_hi_i));
`endif
    end
  end
  // requests taken whose last response has not come
  reg [4:0] f_nreq;
  integer   f_q;
  always @* begin
    f_nreq = {4'd0, ra_q} + {4'd0, awv_q & alast_q};
    for (f_q = 0; f_q < N; f_q = f_q + 1)
      if (f_q < nf_q && dlast_q[(N > 1) ? ((bp_q + f_q[PT_W-1:0]) % N) : 0])
        f_nreq = f_nreq + 5'd1;
  end
  assign f_nreq_o = f_nreq;
  // the request payload holds while it waits; the unit may withdraw it
  // (req_valid_i falls untaken, as the TRBE does after an error response)
  reg         f_req_w;
  reg [134:0] f_req_d;
  always @(posedge clk_i) begin
    f_req_w <= rst_ni && req_valid_i && !req_ready_o;
    f_req_d <= {req_start_i, req_end_i, req_cache_i, req_prot_i};
  end
  wire f_req_hold = !(f_past && rst_ni && f_req_w && req_valid_i) ||
                    f_req_d == {req_start_i, req_end_i, req_cache_i, req_prot_i};
  always @* begin
`ifdef FV_COMMON_AXI_WR_TOP
    assume (f_req_hold);
`else
    assert (f_req_hold);
`endif
  end

  // AXI payloads hold until their handshakes
  fv_vr_check #(.W(64 + 8 + 4 + 3), .ASSUME(0)) u_fv_aw (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (m_axi_awvalid_o), .ready_i (m_axi_awready_i),
    .data_i ({m_axi_awaddr_o, m_axi_awlen_o, m_axi_awcache_o, m_axi_awprot_o}));
  fv_vr_check #(.W(8 * DB + DB + 1), .ASSUME(0)) u_fv_w (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (m_axi_wvalid_o), .ready_i (m_axi_wready_i),
    .data_i ({m_axi_wdata_o, m_axi_wstrb_o, m_axi_wlast_o}));

  // formal-only companions: each request's bounds ride with its bursts and
  // beats; each beat carries its address, burst pointer and beat index
  reg [63:0]       f_rlo, f_rhi;                     // the request being split
  reg [63:0]       f_alo, f_ahi;                     // the AW register's request
  reg [64*N-1:0]   f_dlo, f_dhi;                     // each descriptor's request
  reg [63:0]       f_pa, f_0a, f_1a;                 // beat addresses: pending, FIFO
  reg [63:0]       f_plo, f_phi, f_0lo, f_0hi, f_1lo, f_1hi;
  reg [PT_W-1:0]   f_pp, f_0p, f_1p;                 // beat's burst pointer
  reg [BK_W-1:0]   f_pk, f_0k, f_1k;                 // beat's index in its burst
  reg [BK_W-1:0]   f_wk;                             // W beats taken of burst wdp
  reg [7:0]        f_naw, f_nb;                      // AW and B handshakes (mod 256)
  wire [63:0]      f_rd_a = {r_ba[63:DB_LOG2], {DB_LOG2{1'b0}}} +
                            {{(64-BK_W-DB_LOG2){1'b0}}, rk_q, {DB_LOG2{1'b0}}};
  always @(posedge clk_i) begin
    if (req_hs) begin f_rlo <= req_start_i; f_rhi <= req_end_i; end
    if (ld) begin f_alo <= f_rlo; f_ahi <= f_rhi; end
    if (aw_hs) begin
      f_dlo[64*awp_ix +: 64] <= f_alo;
      f_dhi[64*awp_ix +: 64] <= f_ahi;
    end
    if (rd_issue) begin
      f_pa <= f_rd_a; f_pp <= rp_q; f_pk <= rk_q;
      f_plo <= f_dlo[64*rp_ix +: 64]; f_phi <= f_dhi[64*rp_ix +: 64];
    end
    if (pv_q) begin
      if ((frd_q ^ fn_q[0]) == 1'b1) begin
        f_1a <= f_pa; f_1p <= f_pp; f_1k <= f_pk; f_1lo <= f_plo; f_1hi <= f_phi;
      end else begin
        f_0a <= f_pa; f_0p <= f_pp; f_0k <= f_pk; f_0lo <= f_plo; f_0hi <= f_phi;
      end
    end
    if (!rst_ni || w_end) f_wk <= {BK_W{1'b0}};
    else if (pop) f_wk <= f_wk + K1;
    if (!rst_ni) begin
      f_naw <= 8'd0; f_nb <= 8'd0;
    end else begin
      f_naw <= f_naw + {7'd0, aw_hs};
      f_nb  <= f_nb + {7'd0, b_hs};
    end
  end

  // FIFO head and second entry
  wire [63:0]     f_ha  = frd_q ? f_1a  : f_0a;
  wire [63:0]     f_hlo = frd_q ? f_1lo : f_0lo;
  wire [63:0]     f_hhi = frd_q ? f_1hi : f_0hi;
  wire [PT_W-1:0] f_hp  = frd_q ? f_1p  : f_0p;
  wire [BK_W-1:0] f_hk  = frd_q ? f_1k  : f_0k;
  wire [63:0]     f_sa  = frd_q ? f_0a  : f_1a;
  wire [63:0]     f_slo = frd_q ? f_0lo : f_1lo;
  wire [63:0]     f_shi = frd_q ? f_0hi : f_1hi;
  wire [DB-1:0]   f_ss  = frd_q ? f0s_q : f1s_q;
  wire [8*DB-1:0] f_sd  = frd_q ? f0d_q : f1d_q;
  wire            f_sl  = frd_q ? f0l_q : f1l_q;
  wire [PT_W-1:0] f_sp  = frd_q ? f_0p  : f_1p;
  wire [BK_W-1:0] f_sk  = frd_q ? f_0k  : f_1k;

  // pointer distances from the oldest burst (B)
  wire [PT_W-1:0] f_dw  = wdp_q - bp_q;
  wire [PT_W-1:0] f_dr  = rp_q - bp_q;
  wire [PT_W-1:0] f_da  = awp_q - bp_q;

  function [BK_W-1:0] f_len;  input [PT_W-1:0] p;
    f_len = dlen_q[BK_W*((N > 1) ? p[IX_W-1:0] : 0) +: BK_W];
  endfunction
  function [63:0] f_ba;  input [PT_W-1:0] p;
    f_ba = dba_q[64*((N > 1) ? p[IX_W-1:0] : 0) +: 64];
  endfunction
  // its aligned address and its first lane
  function [63:0] f_al;  input [PT_W-1:0] p;
    f_al = {dba_q[64*((N > 1) ? p[IX_W-1:0] : 0) + DB_LOG2 +: 64 - DB_LOG2], {DB_LOG2{1'b0}}};
  endfunction
  function [EO_W-1:0] f_s;  input [PT_W-1:0] p;
    f_s = {{(EO_W-DB_LOG2){1'b0}}, dba_q[64*((N > 1) ? p[IX_W-1:0] : 0) +: DB_LOG2]};
  endfunction
  function [EO_W-1:0] f_eo;  input [PT_W-1:0] p;
    f_eo = deo_q[EO_W*((N > 1) ? p[IX_W-1:0] : 0) +: EO_W];
  endfunction
  function [63:0] f_lo;  input [PT_W-1:0] p;
    f_lo = f_dlo[64*((N > 1) ? p[IX_W-1:0] : 0) +: 64];
  endfunction
  function [63:0] f_hi;  input [PT_W-1:0] p;
    f_hi = f_dhi[64*((N > 1) ? p[IX_W-1:0] : 0) +: 64];
  endfunction
  // the beat after beat (p, k): the next beat of p, or beat 0 of the next burst
  function [PT_W+BK_W-1:0] f_next;  input [PT_W-1:0] p;  input [BK_W-1:0] k;
    f_next = (k == f_len(p)) ? {p + P1, {BK_W{1'b0}}} : {p, k + K1};
  endfunction
  // a beat's strobes and data: lanes in [lo, hi) of its request (its lowest
  // and highest strobed lanes compared), zero elsewhere
  function f_beat_ok;  input [63:0] a;  input [DB-1:0] s;  input [8*DB-1:0] d;
                       input [63:0] lo;  input [63:0] hi;
    integer j;
    reg [DB_LOG2:0] jl, jh;
    begin
      f_beat_ok = (a[DB_LOG2-1:0] == {DB_LOG2{1'b0}});
      jl = {(DB_LOG2+1){1'b0}};
      jh = {(DB_LOG2+1){1'b0}};
      for (j = DB - 1; j >= 0; j = j - 1)
        if (s[j]) jl = j[DB_LOG2:0];
      for (j = 0; j < DB; j = j + 1) begin
        if (s[j]) jh = j[DB_LOG2:0];
        if (!s[j] && d[8*j +: 8] != 8'h00)
          f_beat_ok = 1'b0;
      end
      if (s != {DB{1'b0}} &&
          ({1'b0, a} + {{(64-DB_LOG2){1'b0}}, jl} < {1'b0, lo} ||
           {1'b0, a} + {{(64-DB_LOG2){1'b0}}, jh} >= {1'b0, hi}))
        f_beat_ok = 1'b0;
    end
  endfunction

  // the positions: W head, second entry, pending beat, read point, each
  // the beat after the one before
  wire [PT_W+BK_W-1:0] f_pos_h = {wdp_q, f_wk};
  wire [PT_W+BK_W-1:0] f_pos_s = f_next(f_hp, f_hk);
  wire [PT_W+BK_W-1:0] f_pos_l = (fn_q == 2'd2) ? f_next(f_sp, f_sk) :
                                 (fn_q == 2'd1) ? f_pos_s : f_pos_h;
  wire [PT_W+BK_W-1:0] f_pos_r = pv_q ? f_next(f_pp, f_pk) : f_pos_l;

  // the AW register's burst ends in the 2^SPLIT_LOG2 region of its start
  wire [CW:0] f_split_end = {{(CW+1-SPLIT_LOG2){1'b0}}, aba_q[SPLIT_LOG2-1:DB_LOG2], {DB_LOG2{1'b0}}} +
                            {{(CW+1-EO_W){1'b0}}, aeo_q};
  wire        f_split_ok  = f_split_end <= {1'b0, SPLIT_V};

  integer f_j;
  reg [PT_W-1:0] f_jp;
  always @* begin
    f_jp = {PT_W{1'b0}};
    f_j  = 0;
    if (f_past && rst_ni) begin
      // ---- counts: in flight <= MAX_OUT; W done <= in flight; every B
      //      retires one issued burst ----------------------------------------------
      assert (nf_q <= N_V);
      assert (nf_q == {1'b0, f_da});
      assert (nw_q == {1'b0, f_dw});
      assert (nw_q <= nf_q);
      assert (f_dr >= f_dw);
      assert (f_dr <= f_da);
      assert (f_naw - f_nb == {{(7-PT_W){1'b0}}, nf_q});
      if (m_axi_bready_o) assert (nw_q != {(PT_W+1){1'b0}});
      assert ({1'b0, nf_q} + {{(PT_W+1){1'b0}}, awv_q} <= {1'b0, N_V});
      // ---- no new AW while draining after an error ----------------------------------
      if (halt_q) assert (!ra_q);
      // ---- the request register and the AW register ----------------------------------
      if (ra_q) begin
        assert ({1'b0, f_rlo} <= {1'b0, cur_q} && cur_q < end_q && end_q <= f_rhi);
        assert (f_rlo >= f_lo_i && f_rhi <= f_hi_i);
        assert (lst_q == end_q - 64'd1);
        assert ({1'b0, end_q} - {1'b0, cur_q} <= (65'd1 << LEN_LOG2));
      end
      if (awv_q) begin
        assert (aeo_q > {{(EO_W-DB_LOG2){1'b0}}, aba_q[DB_LOG2-1:0]});
        assert ({1'b0, f_alo} <= {1'b0, aba_q});
        assert (f_alo >= f_lo_i && f_ahi <= f_hi_i);
        assert ({1'b0, aba_q[63:DB_LOG2], {DB_LOG2{1'b0}}} + {{(65-EO_W){1'b0}}, aeo_q} <=
                {1'b0, f_ahi});
        assert ({alen_q, {DB_LOG2{1'b0}}} < {1'b0, aeo_q} &&
                {1'b0, alen_q, {DB_LOG2{1'b0}}} + DB >= {1'b0, aeo_q});
        // never across a 2^SPLIT_LOG2 boundary
        assert (f_split_ok);
      end
      // ---- a burst that is not its request's last is followed by the
      //      request's next one (in flight, presented, or still to form)
      if (awv_q && !alast_q && !halt_q) assert (ra_q);
      // ---- descriptors in flight -------------------------------------------------------
      for (f_j = 0; f_j < N; f_j = f_j + 1) begin
        f_jp = bp_q + f_j[PT_W-1:0];
        if (f_j < nf_q && !halt_q && !dlast_q[(N > 1) ? f_jp[IX_W-1:0] : 0])
          assert (f_j + 1 < nf_q || awv_q || ra_q);
        if (f_j < nf_q) begin
          assert (f_eo(f_jp) > f_s(f_jp));
          assert ({1'b0, f_lo(f_jp)} <= {1'b0, f_ba(f_jp)});
          assert (f_lo(f_jp) >= f_lo_i && f_hi(f_jp) <= f_hi_i);
          assert ({1'b0, f_al(f_jp)} + {{(65-EO_W){1'b0}}, f_eo(f_jp)} <= {1'b0, f_hi(f_jp)});
          assert ({f_len(f_jp), {DB_LOG2{1'b0}}} < {1'b0, f_eo(f_jp)} &&
                  {1'b0, f_len(f_jp), {DB_LOG2{1'b0}}} + DB >= {1'b0, f_eo(f_jp)});
        end
      end
      // ---- the beats in the read path, in order --------------------------------------
      assert (fn_q != 2'd3);
      if (fn_q != 2'd0) begin
        assert ({f_hp, f_hk} == f_pos_h);
        assert (f_hk <= f_len(f_hp));
        assert (fh_l == (f_hk == f_len(f_hp)));
        assert (f_hp - bp_q < f_da && f_hp - bp_q >= f_dw);
        assert (f_ha == f_al(f_hp) +
                        {{(64-BK_W-DB_LOG2){1'b0}}, f_hk, {DB_LOG2{1'b0}}});
        assert (f_hlo == f_lo(f_hp) && f_hhi == f_hi(f_hp));
        // THE BOUND: every strobed byte in [start, end) of its request,
        // so in the window (the descriptor's request lies in it)
        assert (f_beat_ok(f_ha, fh_s, fh_d, f_hlo, f_hhi));
      end
      if (fn_q == 2'd2) begin
        assert ({f_sp, f_sk} == f_pos_s);
        assert (f_sk <= f_len(f_sp));
        assert (f_sl == (f_sk == f_len(f_sp)));
        assert (f_sp - bp_q < f_da);
        assert (f_sa == f_al(f_sp) +
                        {{(64-BK_W-DB_LOG2){1'b0}}, f_sk, {DB_LOG2{1'b0}}});
        assert (f_slo == f_lo(f_sp) && f_shi == f_hi(f_sp));
        assert (f_beat_ok(f_sa, f_ss, f_sd, f_slo, f_shi));
      end
      if (pv_q) begin
        assert ({f_pp, f_pk} == f_pos_l);
        assert (f_pk <= f_len(f_pp));
        assert (pl_q == (f_pk == f_len(f_pp)));
        assert (f_pp - bp_q < f_da);
        assert (f_pa == f_al(f_pp) +
                        {{(64-BK_W-DB_LOG2){1'b0}}, f_pk, {DB_LOG2{1'b0}}});
        assert (f_plo == f_lo(f_pp) && f_phi == f_hi(f_pp));
        assert (f_beat_ok(f_pa, ps_q, {8*DB{1'b0}}, f_plo, f_phi));
      end
      assert ({rp_q, rk_q} == f_pos_r);
      if (r_have) assert (rk_q <= r_len);
      else assert (rk_q == {BK_W{1'b0}});
      if (fn_q == 2'd0 && !pv_q) assert (rp_q == wdp_q && rk_q == f_wk);
      if (fn_q != 2'd0 || pv_q || f_wk != {BK_W{1'b0}}) assert (wdp_q != awp_q);
    end
  end

  // the pending beat's half of the row is its address's
  generate
    if (RW_LOG2 > DB_LOG2) begin : g_fv_half
      always @* if (f_past && rst_ni && pv_q) assert (ph_q == f_pa[RW_LOG2-1:DB_LOG2]);
    end
  endgenerate

  // after an error response: no AWVALID rises, and nothing is reported
  // until the bursts in flight have drained
  always @(posedge clk_i) begin
    if (f_past && rst_ni && $past(rst_ni)) begin
      if (($past(halt_q) || $past(b_bad)) && !$past(awv_q)) assert (!m_axi_awvalid_o);
      if ($past(b_bad)) assert (halt_q);
      if (halt_q) assert (!rsp_valid_o && !wd_o);
    end
  end

  // reachability
  always @(posedge clk_i) begin
    if (f_past && rst_ni) begin
      cover (nf_q == N_V);
      cover (rsp_valid_o && rsp_err_o && nf_q == N_V);
      cover (rsp_valid_o && rsp_id_err_o);
      cover (rsp_valid_o && rsp_last_o && !rsp_err_o && !rsp_resp_o[0] && f_nb == 8'd3);
      cover (halt_q && nf_q == {(PT_W+1){1'b0}});
    end
  end
`endif

endmodule

`default_nettype wire
