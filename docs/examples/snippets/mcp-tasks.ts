/**
 * docs/plugins/mcp.md, "Long-running tools as tasks": an action declared `longRunning`, and a client
 * that calls it as an MCP task — creates it, polls it, reads its result. test/plugins/mcp/tasks.spec.ts
 * serves the action and runs the client against it with the SDK's real `Client`.
 */
import { defineAxn } from "@axn/core";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, CreateTaskResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** Stands in for a slow step of the export. */
async function exportMonth(_year: number, _month: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

export const ExportLedger = defineAxn({
  name: "AgentTools.ExportLedger",
  description: "Export a year of the ledger (slow)",
  longRunning: true, // over MCP: execution.taskSupport "optional"
  expects: { year: z.number().int() },
  exposes: { months: z.number().int() },
  call: async ({ year }, ctx) => {
    for (let month = 1; month <= 12; month++) {
      if (ctx.signal.aborted) ctx.fail("the export was cancelled"); // tasks/cancel
      ctx.progress(month, 12, `exporting ${year}-${month}`); // reaches the client that created the task
      await exportMonth(year, month);
    }
    return { months: 12 };
  },
});

/** A client asks for a task, polls it at the interval the server suggests, then reads the result. */
export async function exportAsTask(client: Client, seen: string[] = []): Promise<CallToolResult> {
  const { task } = await client.request(
    { method: "tools/call", params: { name: "export_ledger", arguments: { year: 2026 } } },
    CreateTaskResultSchema,
    { task: { ttl: 600_000 }, onprogress: ({ progress, total }) => void seen.push(`${progress}/${total}`) },
  );
  let { status } = task; // "working"
  while (status === "working") {
    await new Promise((resolve) => setTimeout(resolve, task.pollInterval));
    status = (await client.experimental.tasks.getTask(task.taskId)).status;
  }
  // completed, failed (a business failure: the result is the tool's isError result) or cancelled
  return client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
}
