/**
 * Reads the current agent from the call's principal: the server supplies it (the transport's
 * authentication, `axn call --as`), never the model — `principal` is an ambient field, absent from
 * the tool's input schema, and a model that sends it anyway is refused. Only a signed-in agent may
 * call it (`access`), so the Invoker refuses everyone else before the body runs.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { agentsOnly } from "../src/access.js";
import { store } from "../src/store.js";
import { summarize, ticketSummary } from "../src/schemas.js";

export const AssignToMe = defineAxn({
  name: "Helpdesk.AssignToMe",
  description: "Assign a ticket to the signed-in agent",
  semanticHints: ["idempotent"],
  access: agentsOnly,
  expects: {
    ticketId: z.string(),
    // Optional: a direct call (trusted code, not access-checked) may have no caller at all.
    principal: { schema: z.object({ id: z.string() }), on: "ambientContext", optional: true },
  },
  exposes: { ticket: ticketSummary },
  messages: {
    error: "Could not assign the ticket",
    success: ({ ticket }) => `${ticket.id} is now assigned to ${ticket.assigneeId}`,
  },
  call: ({ ticketId, principal }, { fail }) => {
    const agent = (principal === undefined ? undefined : store.agent(principal.id)) ?? fail("sign in as an agent first");
    const ticket = store.ticket(ticketId) ?? fail(`there is no ticket ${ticketId}`);
    ticket.assigneeId = agent.id;
    if (ticket.status === "open") ticket.status = "pending";
    return { ticket: summarize(ticket) };
  },
});
