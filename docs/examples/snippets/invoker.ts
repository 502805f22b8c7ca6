/**
 * docs/invoker.md — one tool, run the way an adapter runs it.
 */
import { z } from "zod";
import { defineAxn, Invoker, type AmbientContextSource } from "@axn/core";

export const ListCompanies = defineAxn({
  name: "AgentTools.ListCompanies",
  description: "List the companies the current user can see",
  expects: {
    limit: { schema: z.number().int().min(1).max(100), optional: true }, // coerced from "25"
    since: { schema: z.date(), optional: true }, // coerced from "2026-07-08"
    sort: { schema: z.enum(["name", "size"]), default: "name" },
    userId: { schema: z.string(), on: "ambientContext" }, // never model input
  },
  exposes: { companies: z.array(z.string()), userId: z.string() },
  messages: { error: "Could not list companies" },
  call: ({ limit, sort, userId }) => ({
    companies: ["Acme", "Globex", "Initech"].sort((a, b) => (sort === "name" ? a.localeCompare(b) : b.length - a.length)).slice(0, limit),
    userId,
  }),
});

/** One shared profile for every tool call this adapter makes. */
export const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

/** What an adapter does per request: untrusted args from the model, trusted context from the server. */
export async function runTool(modelArgs: unknown, session: { userId: string }): Promise<object> {
  const ambientContext: AmbientContextSource = { userId: session.userId };
  const result = await invoker.call(ListCompanies, modelArgs, { ambientContext });
  if (result.ok) return { content: result.exposed };
  if (Invoker.inputInvalid(result)) return { error: result.error, fieldErrors: Invoker.fieldErrors(result) };
  return { error: result.error }; // never result.exception
}

// Not shown on the page: one request, as invoker-intro.ts receives it.
export const modelArgs: unknown = JSON.parse('{"limit":"2"}');
export const session = { userId: "u1" };
