/**
 * docs/actions.md, "Live capabilities": one action that reports progress, logs to the client and
 * asks the user a question — written once, carried by every transport. Pinned by
 * test/core/action/live.spec.ts (a direct call with handlers), test/plugins/mcp/live.spec.ts (a
 * real MCP Client, in memory and over Streamable HTTP), test/plugins/langchain/live.spec.ts (a
 * real agent loop with a callback handler) and test/plugins/http/live.spec.ts (an SSE client).
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const ImportContacts = defineAxn({
  name: "AgentTools.ImportContacts",
  description: "Import contacts from the CRM export",
  expects: { rows: z.number().int().min(1) },
  exposes: { imported: z.number().int(), tag: z.string() },
  tool: true,
  call: async ({ rows }, { progress, notify, elicit, fail }) => {
    notify("info", { step: "scan", rows });
    const answer = await elicit(`${rows} contacts already exist. Overwrite them?`, {
      overwrite: z.boolean().describe("Replace the existing contacts"),
      tag: z.string().default("imported").describe("Tag the imported contacts with"),
    });
    if (answer.action === "decline" || answer.action === "cancel") fail("the user kept the existing contacts");
    // Nobody to ask (a bare LangChain tool call, an MCP client without elicitation): the safe default.
    const { overwrite, tag } = answer.action === "accept" ? answer.content : { overwrite: false, tag: "imported" };
    for (let row = 1; row <= rows; row++) progress(row, rows, `row ${row} of ${rows}`);
    notify("notice", `imported ${rows} contacts${overwrite ? ", overwriting" : ""}`);
    return { imported: rows, tag };
  },
});

// A direct call: handlers stand in for a transport (tests, scripts).
export async function importWithHandlers(): Promise<{ seen: string[]; result: Awaited<ReturnType<typeof ImportContacts.call>> }> {
  const seen: string[] = [];
  const result = await ImportContacts.call(
    { rows: 2 },
    {
      live: {
        progress: ({ progress, total, message }) => seen.push(`progress ${progress}/${total}: ${message}`),
        log: ({ level, data }) => seen.push(`${level} ${JSON.stringify(data)}`),
        elicit: async ({ message }) => {
          seen.push(`asked: ${message}`);
          return { action: "accept", content: { overwrite: true, tag: "crm" } };
        },
      },
    },
  );
  return { seen, result };
}
