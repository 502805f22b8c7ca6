/**
 * docs/configuration.md — a per-action override. The `mcp` bag makes the action an mcp tool, so
 * test/docs/pages.spec.ts imports this module inside a spec, with a fresh catalog.
 */
import { defineAxn } from "@axn/core";

export const DailyReport = defineAxn({
  name: "Reports.Daily",
  configure: { mcp: { presentAs: "message" } },
  // or: tool: { mcp: { presentAs: "message", name: "daily_report" } },
  call: () => { /* … */ },
});
