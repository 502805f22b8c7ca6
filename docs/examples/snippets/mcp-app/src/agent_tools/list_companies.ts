/* docs/plugins/mcp.md: test/plugins/mcp/docs.spec.ts serves this app over stdio and Streamable HTTP. */
// src/agent_tools/list_companies.ts
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const ListCompanies = defineAxn({
  name: "AgentTools.ListCompanies",              // tool name: list_companies
  description: "List the companies a user can see",
  tool: ["mcp"],                                 // or live under a tool root
  semanticHints: ["readOnly", "idempotent", "closedWorld"],
  messages: { error: "Could not list companies" },
  expects: {
    limit: { schema: z.number().int().min(1), optional: true, description: "How many to return" },
    userId: { schema: z.string(), on: "ambientContext", optional: true }, // never in the schema
  },
  exposes: { companies: z.array(z.object({ name: z.string() })), count: z.number().int() },
  call: async ({ limit }) => {
    const companies = [{ name: "Acme" }].slice(0, limit);
    return { companies, count: companies.length };
  },
});
