// Trace Buffer Unit (FEAT_TRBE, Part E of DDI0608): collects the trace
// byte stream of a trace unit (an ETE) and writes it to a trace buffer in
// memory through an AXI4 write master.  Registers TRBLIMITR_EL1,
// TRBPTR_EL1, TRBBASER_EL1, TRBSR_EL1, TRBMAR_EL1, TRBTRG_EL1 and
// TRBIDR_EL1 on a system-register port; Fill, Wrap and Circular Buffer
// modes; the Trigger Counter and the three trigger modes; buffer full,
// wrap, trigger and External Abort management events with TRBSR_EL1
// syndromes and the TRBIRQ output.  Contract, ports and handshakes:
// docs/trbe.md.  Bit-accurate model: model/trbe.
//
// Structure: trbe_ctrl (registers, collection, events, transaction queue),
// trbe_ring (the collected bytes, one RAM per byte lane), common_axi_wr
// (the shared AXI4 write master: one INCR burst per queued transaction, up
// to AXI_OUT of them in flight).
`default_nettype none

module trbe_top #(
  parameter IN_BYTES    = 8,    // trace bytes per input beat: 4, 8 or 16
  parameter DATA_W      = 64,   // AXI data width: 64 or 128
  parameter BURST_BEATS = 16,   // beats per burst (the transaction block): a power of
                                // 2 from 4 to 128, at most 2 KB per burst
  parameter ID_W        = 4,    // AXI ID width: 1..16
  parameter AXI_ID      = 0,    // AWID of every burst: 0..2**ID_W-1
  parameter AXI_OUT     = 1     // write bursts in flight (AW accepted, B not yet): 1 or 2
                                // (the transaction queue holds two)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,         // synchronous, active low

  // system-register port: {op0,op1,CRn,CRm,op2} keyed (docs/trbe.md)
  input  wire                   sr_valid_i,
  input  wire                   sr_write_i,
  input  wire [15:0]            sr_enc_i,
  input  wire [63:0]            sr_wdata_i,
  output wire [63:0]            sr_rdata_o,
  output wire                   sr_ready_o,

  // trace byte stream from the trace unit (docs/ete-rtl-interface.md form)
  input  wire [8*IN_BYTES-1:0]  in_data_i,      // byte i at [8i+7:8i], byte 0 oldest
  input  wire [IN_BYTES-1:0]    in_keep_i,      // contiguous from byte 0
  input  wire                   in_valid_i,
  output wire                   in_ready_o,

  // trace unit hooks
  input  wire                   trig_i,         // Detected Trigger (ETE event 0)
  output wire                   flush_req_o,    // trace unit flush (R_XRRRWP)
  input  wire                   flush_done_i,   // the flush completed
  input  wire                   tsb_req_i,      // TSB CSYNC, 4-phase with tsb_ack_o
  output wire                   tsb_ack_o,
  input  wire                   prog_na_i,      // TRBIDR_EL1.P from the owning-EL logic

  output wire                   irq_o,          // TRBIRQ, level (R_LRTBP)
  output wire                   enabled_o,      // Enabled (R_YCHKJ, RJYTYH)
  output wire                   evt_wrap_o,     // TRB_WRAP event (0x400C), one clock
  output wire                   evt_trig_o,     // TRB_TRIG event (0x400E), one clock

  // AXI4 write master
  output wire [ID_W-1:0]        m_axi_awid_o,
  output wire [63:0]            m_axi_awaddr_o,
  output wire [7:0]             m_axi_awlen_o,
  output wire [2:0]             m_axi_awsize_o,
  output wire [1:0]             m_axi_awburst_o,
  output wire                   m_axi_awlock_o,
  output wire [3:0]             m_axi_awcache_o,
  output wire [2:0]             m_axi_awprot_o,
  output wire                   m_axi_awvalid_o,
  input  wire                   m_axi_awready_i,
  output wire [DATA_W-1:0]      m_axi_wdata_o,
  output wire [DATA_W/8-1:0]    m_axi_wstrb_o,
  output wire                   m_axi_wlast_o,
  output wire                   m_axi_wvalid_o,
  input  wire                   m_axi_wready_i,
  input  wire [ID_W-1:0]        m_axi_bid_i,
  input  wire [1:0]             m_axi_bresp_i,
  input  wire                   m_axi_bvalid_i,
  output wire                   m_axi_bready_o
);

  `include "common_clog2.vh"  // clog2()

  localparam DB_LOG2  = (DATA_W == 128) ? 4 : 3;
  localparam IN_LOG2  = clog2(IN_BYTES);
  localparam IN_CNT_W = IN_LOG2 + 1;
  localparam BLK_LOG2 = DB_LOG2 + clog2(BURST_BEATS);
  localparam RW_LOG2  = (IN_LOG2 > DB_LOG2) ? IN_LOG2 : DB_LOG2;
  localparam RW       = 1 << RW_LOG2;
  localparam ROWS_LOG2 = BLK_LOG2 + 1 - RW_LOG2;

  generate
    if (IN_BYTES != 4 && IN_BYTES != 8 && IN_BYTES != 16) begin : g_bad_in
      trbe_top_IN_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if (DATA_W != 64 && DATA_W != 128) begin : g_bad_dw
      trbe_top_DATA_W_must_be_64_or_128 u_bad ();
    end
    if (BURST_BEATS < 4 || BURST_BEATS > 128 || (1 << clog2(BURST_BEATS)) != BURST_BEATS ||
        BLK_LOG2 > 11) begin : g_bad_burst
      trbe_top_BURST_BEATS_must_be_a_power_of_2_from_4_to_128_and_at_most_2KB u_bad ();
    end
    if (ID_W < 1 || ID_W > 16) begin : g_bad_idw
      trbe_top_ID_W_must_be_1_to_16 u_bad ();
    end
    if (AXI_ID < 0 || AXI_ID >= (1 << ID_W)) begin : g_bad_id
      trbe_top_AXI_ID_must_fit_in_ID_W_bits u_bad ();
    end
    if (AXI_OUT != 1 && AXI_OUT != 2) begin : g_bad_out
      trbe_top_AXI_OUT_must_be_1_or_2 u_bad ();
    end
  endgenerate


  wire [BLK_LOG2:0]       rg_idx;
  wire [IN_CNT_W-1:0]     rg_n;
  wire [8*IN_BYTES-1:0]   rg_data;
  wire                    rd_en;
  wire [ROWS_LOG2-1:0]    rd_row;
  wire [8*RW-1:0]         rd_data;
  wire                    rq_valid, rq_ready;
  wire [63:0]             rq_start;
  wire [BLK_LOG2:0]       rq_len;
  wire                    w_done;
  wire [BLK_LOG2:0]       w_bytes;
  wire                    rsp_valid, rsp_err, b_ok, b_err, wr_halt, wr_busy;
  wire [11:0]             mar;
  wire [63:0]             base, limit;
`ifdef FORMAL
  wire [4:0]              f_nreq;
`endif

  trbe_ctrl #(
    .IN_BYTES (IN_BYTES),
    .IN_CNT_W (IN_CNT_W),
    .BLK_LOG2 (BLK_LOG2),
    .RW_LOG2  (RW_LOG2)
  ) u_ctrl (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .sr_valid_i   (sr_valid_i),
    .sr_write_i   (sr_write_i),
    .sr_enc_i     (sr_enc_i),
    .sr_wdata_i   (sr_wdata_i),
    .sr_rdata_o   (sr_rdata_o),
    .sr_ready_o   (sr_ready_o),
    .in_data_i    (in_data_i),
    .in_keep_i    (in_keep_i),
    .in_valid_i   (in_valid_i),
    .in_ready_o   (in_ready_o),
    .trig_i       (trig_i),
    .flush_req_o  (flush_req_o),
    .flush_done_i (flush_done_i),
    .tsb_req_i    (tsb_req_i),
    .tsb_ack_o    (tsb_ack_o),
    .prog_na_i    (prog_na_i),
    .irq_o        (irq_o),
    .enabled_o    (enabled_o),
    .evt_wrap_o   (evt_wrap_o),
    .evt_trig_o   (evt_trig_o),
    .rg_idx_o     (rg_idx),
    .rg_n_o       (rg_n),
    .rg_data_o    (rg_data),
    .rq_valid_o   (rq_valid),
    .rq_ready_i   (rq_ready),
    .rq_start_o   (rq_start),
    .rq_len_o     (rq_len),
    .w_done_i     (w_done),
    .w_bytes_i    (w_bytes),
    .b_ok_i       (b_ok),
    .b_err_i      (b_err),
    .wr_halt_i    (wr_halt),
`ifdef FORMAL
    .f_nreq_i     (f_nreq),
`endif
    .mar_o        (mar),
    .base_o       (base),
    .limit_o      (limit)
  );

  trbe_ring #(
    .IN_BYTES  (IN_BYTES),
    .IN_CNT_W  (IN_CNT_W),
    .RW        (RW),
    .RW_LOG2   (RW_LOG2),
    .ROWS_LOG2 (ROWS_LOG2)
  ) u_ring (
    .clk_i     (clk_i),
    .wr_idx_i  (rg_idx),
    .wr_n_i    (rg_n),
    .wr_data_i (rg_data),
    .rd_en_i   (rd_en),
    .rd_row_i  (rd_row),
    .rd_data_o (rd_data)
  );

  // ---- memory attributes from TRBMAR_EL1 (R_FJKLW) ---------------------------------------
  // Attr[7:4] 0000: Device; Attr[3:2] 00 is nGnRnE (non-bufferable), other
  // Device types bufferable.  Attr[7:4] 0100: Normal Non-cacheable.  Any
  // other: Normal cacheable, issued as write-back read/write-allocate.
  // AWPROT: privileged (RJTVDD), data, non-secure unless PAS is Secure (00).
  reg [3:0] cache;
  always @* begin
    if (mar[7:4] == 4'b0000)      cache = (mar[3:2] == 2'b00) ? 4'b0000 : 4'b0001;
    else if (mar[7:4] == 4'b0100) cache = 4'b0011;
    else                          cache = 4'b1111;
  end
  wire [2:0] prot = {1'b0, mar[11:10] != 2'b00, 1'b1};

  // ---- the AXI4 write master: one burst per transaction (a transaction
  //      never crosses its block), its bytes read from the ring -------------------------
  // Each response retires the queue head: OKAY/EXOKAY, or an External
  // Abort for SLVERR/DECERR and for a BID that is not AXI_ID (R_XRLSC).
  wire [63:0] rq_end = rq_start + {{(63-BLK_LOG2){1'b0}}, rq_len};
  wire [63:0] rsp_ba;
  wire        rsp_id_err, rsp_last;
  wire [1:0]  rsp_resp;
  assign b_ok  = rsp_valid & ~rsp_err & rsp_last;  // every transaction is one burst
  assign b_err = rsp_valid &  rsp_err;

  common_axi_wr #(
    .DB_LOG2    (DB_LOG2),
    .RW_LOG2    (RW_LOG2),
    .RA_W       (ROWS_LOG2),
    .LEN_LOG2   (BLK_LOG2),
    .SPLIT_LOG2 (BLK_LOG2),
    .MAX_OUT    (AXI_OUT),
    .ID_W       (ID_W),
    .AXI_ID     (AXI_ID)
  ) u_axi (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .req_valid_i     (rq_valid),
    .req_ready_o     (rq_ready),
    .req_start_i     (rq_start),
    .req_end_i       (rq_end),
    .req_cache_i     (cache),
    .req_prot_i      (prot),
    .wd_o            (w_done),
    .wd_bytes_o      (w_bytes),
    .rsp_valid_o     (rsp_valid),
    .rsp_err_o       (rsp_err),
    .rsp_id_err_o    (rsp_id_err),
    .rsp_resp_o      (rsp_resp),
    .rsp_last_o      (rsp_last),
    .rsp_ba_o        (rsp_ba),
    .busy_o          (wr_busy),
    .halt_o          (wr_halt),
`ifdef FORMAL
    .f_lo_i          (base),
    .f_hi_i          (limit),
    .f_nreq_o        (f_nreq),
`endif
    .rd_en_o         (rd_en),
    .rd_row_o        (rd_row),
    .rd_data_i       (rd_data),
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

  // the response's first byte is the head's (the ctrl holds it), the BID
  // error is an error like SLVERR, BRESP[0] (EXOKAY) and SH do not matter,
  // the busy flag and the bounds serve the proof
  wire unused_ok = &{1'b0, rsp_ba, rsp_id_err, rsp_resp, mar[9:8], mar[1:0], wr_busy,
                     base, limit};

`ifdef FORMAL
  // ---- environment: reset first; everything else is unconstrained (any
  //      register access, byte stream, event pulses and AXI responses) ------------
  reg f_init;
  initial f_init = 1'b1;
  always @(posedge clk_i) f_init <= 1'b0;
  always @* if (f_init) assume (!rst_ni);

  // ---- reachability: a burst ends at the Limit pointer, an External
  //      Abort rolls back, the pointer wraps, the buffer fills ---------------------------
  always @(posedge clk_i) begin
    if (!f_init && rst_ni) begin
      cover (m_axi_wvalid_o && m_axi_wready_i && m_axi_wlast_o &&
             m_axi_awaddr_o + {{(64-8-DB_LOG2){1'b0}}, m_axi_awlen_o, {DB_LOG2{1'b0}}} +
             (1 << DB_LOG2) == limit);
      cover (b_err);
      cover (evt_wrap_o);
      cover (irq_o && !enabled_o && tsb_ack_o);
    end
  end
`endif

endmodule
