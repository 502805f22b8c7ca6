/**
 * docs/tools.md — every way an action declares tool membership. With adapters mcp, langchain and
 * http registered, `Tools.for` resolves: see the table in docs/tools.md.
 */
import { defineAxn } from "@axn/core";

const body = () => undefined;

/** Every registered adapter. */
export const DailyReport = defineAxn({ name: "Reports.DailyReport", tool: true, call: body });

/** Only these adapters. */
export const RefundOrder = defineAxn({ name: "Orders.RefundOrder", tool: ["mcp", "http"], call: body });

/** A per-adapter bag implies membership in that adapter; `name` in a bag renames the tool there only. */
export const SearchOrders = defineAxn({
  name: "Orders.SearchOrders",
  tool: { mcp: { name: "find_orders" } },
  call: body,
});

/** A `configure` bag implies membership too. */
export const ExportOrders = defineAxn({ name: "Orders.ExportOrders", configure: { http: {} }, call: body });

/** Every adapter except langchain. */
export const CancelOrder = defineAxn({ name: "Orders.CancelOrder", tool: { except: ["langchain"] }, call: body });

/** A shared name override (every adapter), plus grants narrowed by `except`. */
export const PingStatus = defineAxn({
  name: "Ops.PingStatus",
  tool: { name: "status", mcp: {}, http: {}, except: ["http"] },
  call: body,
});

/** A helper that lives beside tools: opted out of every adapter, even under a tool root. */
export const FormatMoney = defineAxn({ name: "Orders.FormatMoney", tool: false, call: body });

/** No declaration and not under a tool root: not a tool. */
export const RecomputeTotals = defineAxn({ name: "Orders.RecomputeTotals", call: body });
