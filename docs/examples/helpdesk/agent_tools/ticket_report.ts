/**
 * A long-running tool: a CSV export of the tickets, built one ticket at a time with a pause that
 * stands in for a slow report. Called synchronously it holds the request for the whole export;
 * over HTTP with `?async=1` it answers `202` at once and the CSV waits at the job's URL (see
 * docs/scaling.md); over MCP, `longRunning: true` lists it as a task tool, so a client that asks
 * for a task gets its id at once and the CSV from `tasks/result` (docs/plugins/mcp.md). It reports
 * progress per ticket and stops early when the caller goes away or cancels (`ctx.signal`).
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { store } from "../src/store.js";
import { ticketStatus } from "../src/schemas.js";

export const TicketReport = defineAxn({
  name: "Helpdesk.TicketReport",
  description: "Export tickets as CSV (slow: call it in the background with ?async=1)",
  semanticHints: ["readOnly"],
  longRunning: true,
  expects: {
    status: { schema: ticketStatus, optional: true, description: "Only tickets with this status" },
    pauseMs: { schema: z.number().int().min(0).max(1000), default: 100, description: "Pause per ticket (stands in for a slow report)" },
  },
  exposes: { csv: z.string(), rows: z.number().int() },
  messages: { success: ({ rows }) => `Exported ${rows} tickets`, error: "Could not export the tickets" },
  call: async ({ status, pauseMs }, ctx) => {
    const lines = ["id,status,priority,subject"];
    const tickets = store.tickets(status === undefined ? {} : { status });
    for (const ticket of tickets) {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      if (ctx.signal.aborted) ctx.fail("the export was stopped");
      lines.push([ticket.id, ticket.status, ticket.priority, JSON.stringify(ticket.subject)].join(","));
      ctx.progress(lines.length - 1, tickets.length, `exported ${ticket.id}`);
    }
    return { csv: lines.join("\n"), rows: lines.length - 1 };
  },
});
