/** Nested inputs: a comment object with its visibility, and an optional list of links. */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import { agentsOnly } from "../src/access.js";
import { store } from "../src/store.js";

export const AddComment = defineAxn({
  name: "Helpdesk.AddComment",
  description: "Add a public reply or an internal note to a ticket",
  access: agentsOnly,
  expects: {
    ticketId: z.string(),
    comment: {
      schema: z.object({
        body: z.string().min(1),
        visibility: z.enum(["public", "internal"]).default("public"),
        links: z.array(z.object({ title: z.string(), url: z.url() })).max(5).optional(),
      }),
      description: "The comment; internal notes are never shown to the customer",
    },
    currentAgentId: { schema: z.string(), on: "ambientContext", optional: true },
    // Who `serve.authenticate` established (src/auth.ts), on /api and /mcp alike.
    principal: { schema: z.object({ id: z.string() }).passthrough(), on: "ambientContext", optional: true },
  },
  exposes: { ticketId: z.string(), comments: z.number().int() },
  messages: {
    error: "Could not add the comment",
    success: ({ ticketId, comments }) => `${ticketId} now has ${comments} comments`,
  },
  call: ({ ticketId, comment, currentAgentId, principal }, { fail }) => {
    const ticket = store.ticket(ticketId) ?? fail(`there is no ticket ${ticketId}`);
    if (ticket.status === "closed") fail(`${ticketId} is closed; reopen it to comment`);
    const links = (comment.links ?? []).map((link) => `\n- ${link.title}: ${link.url}`).join("");
    ticket.comments.push({
      authorId: principal?.id ?? currentAgentId ?? null,
      body: comment.body + links,
      internal: comment.visibility === "internal",
      createdAt: new Date().toISOString(),
    });
    return { ticketId, comments: ticket.comments.length };
  },
});
