/** Zod schemas the helpdesk's tools share: what a ticket looks like on the wire. */
import { z } from "zod";
import type { Ticket } from "./store.js";

export const ticketStatus = z.enum(["open", "pending", "closed"]);
export const ticketPriority = z.enum(["low", "normal", "high", "urgent"]);

export const ticketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  status: ticketStatus,
  priority: ticketPriority,
  assigneeId: z.string().nullable(),
  tags: z.array(z.string()),
});

export type TicketSummary = z.infer<typeof ticketSummary>;

export function summarize(ticket: Ticket): TicketSummary {
  const { id, subject, status, priority, assigneeId, tags } = ticket;
  return { id, subject, status, priority, assigneeId, tags: [...tags] };
}
