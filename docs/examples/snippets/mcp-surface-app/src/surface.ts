/* docs/plugins/mcp.md §8–10: test/plugins/mcp/docs-surface.spec.ts serves these through axn serve. */
// src/surface.ts
import { definePrompt, defineResource } from "axn-plugin-mcp";
import { z } from "zod";

const tickets = new Map([[1, { title: "Printer on fire", status: "open" }], [12, { title: "VPN down", status: "open" }]]);

export const Readme = defineResource({
  name: "readme",
  uri: "helpdesk://readme",
  description: "How the helpdesk works",
  mimeType: "text/markdown",
  read: () => "# Helpdesk\nOpen a ticket with open_ticket.",
});

export const Logo = defineResource({
  name: "logo",
  uri: "helpdesk://logo.png",
  mimeType: "image/png",
  read: () => new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), // bytes: sent base64 as `blob`
});

export const Ticket = defineResource({
  name: "ticket",
  uriTemplate: "tickets://{id}",
  description: "One ticket, as JSON",
  mimeType: "application/json",
  params: {
    id: {
      schema: z.coerce.number().int().positive(),    // "12" on the wire, 12 in read()
      description: "The ticket number",
      complete: (typed) => [...tickets.keys()].map(String).filter((id) => id.startsWith(typed)),
    },
  },
  list: () => [...tickets.keys()].map((id) => ({ uri: `tickets://${id}`, name: `Ticket ${id}` })),
  read: ({ id }) => JSON.stringify({ id, ...tickets.get(id) }),
});

export async function closeTicket(id: number): Promise<void> {
  tickets.get(id)!.status = "closed";
  await Ticket.notifyUpdated(`tickets://${id}`); // notifications/resources/updated to subscribed sessions
}

export const TriageTicket = definePrompt({
  name: "triage_ticket",
  title: "Triage a ticket",
  arguments: {
    ticketId: { schema: z.string().regex(/^\d+$/, "expected a ticket number"), description: "The ticket", complete: (typed) => ["1", "12"].filter((id) => id.startsWith(typed)) },
    tone: { schema: z.enum(["brief", "detailed"]), optional: true },
  },
  messages: ({ ticketId, tone = "brief" }) => [
    `Triage ticket ${ticketId} (${tone}): summarize it and propose a priority.`,
    { role: "user", content: { type: "resource_link", uri: `tickets://${ticketId}`, name: `Ticket ${ticketId}` } },
  ],
});

export const Escalations = defineResource({
  name: "escalations",
  uri: "helpdesk://escalations",
  access: { roles: ["agent"] }, // agents only: anyone else is not shown it, and reading it is "not found"
  read: () => JSON.stringify([...tickets].filter(([, ticket]) => ticket.status === "escalated").map(([id]) => id)),
});

export const HandOver = definePrompt({
  name: "hand_over",
  access: "authenticated", // any signed-in caller
  messages: () => "Summarize my open tickets for the next shift.",
});
