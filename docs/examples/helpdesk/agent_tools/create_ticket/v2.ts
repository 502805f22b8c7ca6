/**
 * `create_ticket` version 2: nested inputs — the customer is an object, tags a list, and a
 * priority is chosen. The latest version is what MCP and LangChain advertise; HTTP serves both.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { agentsOnly } from "../../src/access.js";
import { store } from "../../src/store.js";
import { ticketPriority, ticketSummary, summarize } from "../../src/schemas.js";

export const CreateTicketV2 = defineAxn({
  name: "Helpdesk.CreateTicket.V2",
  description: "Open a ticket for a customer, with a priority and tags",
  access: agentsOnly,
  toolVersion: 2,
  expects: {
    subject: z.string().min(3).max(120),
    body: z.string().min(1),
    customer: {
      schema: z.object({ email: z.email(), name: z.string().optional() }),
      description: "Who the ticket is for; a new email creates the customer",
    },
    priority: { schema: ticketPriority, default: "normal" },
    tags: { schema: z.array(z.string().min(1)).max(10), default: () => [] },
  },
  exposes: { ticket: ticketSummary },
  messages: { success: ({ ticket }) => `Opened ${ticket.id} (${ticket.priority})` },
  call: ({ subject, body, customer, priority, tags }) => {
    const owner = store.customerFor(customer.email, customer.name);
    const ticket = store.createTicket({ subject, body, priority, customerId: owner.id, tags: [...tags] });
    return { ticket: summarize(ticket) };
  },
});
