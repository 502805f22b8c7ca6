/** A destructive tool: MCP clients see `destructiveHint: true` and can ask before running it. */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { agentsOnly } from "../src/access.js";
import { store } from "../src/store.js";

export const DeleteTicket = defineAxn({
  name: "Helpdesk.DeleteTicket",
  description: "Permanently delete a ticket and its comments",
  access: agentsOnly,
  semanticHints: ["destructive"],
  expects: { ticketId: z.string() },
  exposes: { deleted: z.string() },
  messages: {
    error: "Could not delete the ticket",
    success: ({ deleted }) => `Deleted ${deleted}`,
  },
  call: ({ ticketId }, { fail }) => {
    if (!store.deleteTicket(ticketId)) fail(`there is no ticket ${ticketId}`);
    return { deleted: ticketId };
  },
});
