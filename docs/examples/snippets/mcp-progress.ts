/**
 * docs/plugins/mcp.md, "Progress and cancellation". Pinned by test/plugins/mcp/docs.spec.ts, which
 * calls the tool through a real client with a progress token.
 */
export const ImportRows = defineAxn({
  name: "AgentTools.ImportRows",
  expects: { rows: z.number().int().min(1) },
  exposes: { imported: z.number().int() },
  call: async ({ rows }, ctx) => {
    for (let row = 1; row <= rows; row++) {
      if (ctx.signal.aborted) ctx.fail("cancelled");           // the client sent notifications/cancelled
      ctx.progress(row - 1, rows, `importing row ${row} of ${rows}`); // notifications/progress, when the client sent a progress token
      await importRow(row);
    }
    return { imported: rows };
  },
});

// What the action above assumes (imports are hoisted).
import { z } from "zod";
import { defineAxn } from "@axn/core";
export const imported: number[] = [];
async function importRow(row: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  imported.push(row);
}
