/**
 * `create_ticket` version 1: the original contract — a subject, a body and a customer email.
 * Kept so clients pinned to `/api/create_ticket/v1` keep working after v2 shipped.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { agentsOnly } from "../../src/access.js";
import { store } from "../../src/store.js";

export const CreateTicketV1 = defineAxn({
  name: "Helpdesk.CreateTicket.V1",
  description: "Open a ticket for a customer (v1: subject, body and the customer's email)",
  access: agentsOnly,
  toolVersion: 1,
  expects: {
    subject: z.string().min(3).max(120),
    body: z.string().min(1),
    customerEmail: z.email(),
  },
  exposes: { ticketId: z.string() },
  messages: { success: ({ ticketId }) => `Opened ${ticketId}` },
  call: ({ subject, body, customerEmail }) => {
    const customer = store.customerFor(customerEmail);
    const ticket = store.createTicket({ subject, body, priority: "normal", customerId: customer.id, tags: [] });
    return { ticketId: ticket.id };
  },
});
