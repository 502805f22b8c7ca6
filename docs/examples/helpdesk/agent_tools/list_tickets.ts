/** A read-only listing with pagination: the tool a model calls first to see what is going on. */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { store } from "../src/store.js";
import { summarize, ticketStatus, ticketSummary } from "../src/schemas.js";

export const ListTickets = defineAxn({
  name: "Helpdesk.ListTickets",
  description: "List helpdesk tickets, newest first, one page at a time",
  semanticHints: ["readOnly"],
  expects: {
    status: { schema: ticketStatus, optional: true, description: "Only tickets with this status" },
    page: { schema: z.number().int().min(1), default: 1, description: "1-based page number" },
    perPage: { schema: z.number().int().min(1).max(50), default: 5, description: "Tickets per page (at most 50)" },
  },
  exposes: {
    tickets: z.array(ticketSummary),
    page: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  },
  messages: {
    success: ({ tickets, page, totalPages, total }) => `Page ${page} of ${totalPages}: ${tickets.length} of ${total} tickets`,
  },
  call: ({ status, page, perPage }) => {
    const all = store.tickets(status === undefined ? {} : { status });
    const totalPages = Math.max(1, Math.ceil(all.length / perPage));
    const slice = all.slice((page - 1) * perPage, page * perPage);
    return { tickets: slice.map(summarize), page, totalPages, total: all.length };
  },
});
