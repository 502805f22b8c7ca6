/**
 * Reads the current agent from ambient context: the server supplies it (the authenticated
 * `principal` on /api and /mcp, `currentAgentId` from `axn call --ambient` or a LangChain run's
 * context), never the model — neither is in the tool's input schema, and a model that sends one
 * anyway is refused.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { store } from "../src/store.js";
import { summarize, ticketSummary } from "../src/schemas.js";

export const AssignToMe = defineAxn({
  name: "Helpdesk.AssignToMe",
  description: "Assign a ticket to the signed-in agent",
  semanticHints: ["idempotent"],
  expects: {
    ticketId: z.string(),
    currentAgentId: { schema: z.string(), on: "ambientContext", optional: true },
    // Who `serve.authenticate` established (src/auth.ts), on /api and /mcp alike.
    principal: { schema: z.object({ id: z.string() }).passthrough(), on: "ambientContext", optional: true },
  },
  exposes: { ticket: ticketSummary },
  messages: {
    error: "Could not assign the ticket",
    success: ({ ticket }) => `${ticket.id} is now assigned to ${ticket.assigneeId}`,
  },
  call: ({ ticketId, currentAgentId, principal }, { fail }) => {
    const agentId = principal?.id ?? currentAgentId;
    const agent = (agentId === undefined ? undefined : store.agent(agentId)) ?? fail("sign in as an agent first");
    const ticket = store.ticket(ticketId) ?? fail(`there is no ticket ${ticketId}`);
    ticket.assigneeId = agent.id;
    if (ticket.status === "open") ticket.status = "pending";
    return { ticket: summarize(ticket) };
  },
});
