/** A business failure path: closing is refused, with a user-facing reason, when it makes no sense. */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { agentsOnly } from "../src/access.js";
import { store } from "../src/store.js";

export const CloseTicket = defineAxn({
  name: "Helpdesk.CloseTicket",
  description: "Close a ticket once it is resolved",
  access: agentsOnly,
  expects: {
    ticketId: z.string(),
    resolution: { schema: z.string().min(3), description: "What fixed it; added as a public comment" },
  },
  exposes: { ticketId: z.string(), status: z.literal("closed") },
  messages: {
    error: "Could not close the ticket",
    success: ({ ticketId }) => `Closed ${ticketId}`,
  },
  call: ({ ticketId, resolution }, { fail }) => {
    const ticket = store.ticket(ticketId) ?? fail(`there is no ticket ${ticketId}`);
    if (ticket.status === "closed") fail(`${ticketId} is already closed`);
    if (ticket.assigneeId === null) fail(`${ticketId} has no assignee; assign it before closing`);
    ticket.comments.push({ authorId: ticket.assigneeId, body: resolution, internal: false, createdAt: new Date().toISOString() });
    ticket.status = "closed";
    return { ticketId, status: "closed" as const };
  },
});
