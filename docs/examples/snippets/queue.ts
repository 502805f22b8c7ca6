/**
 * docs/scaling.md's examples: enqueueing the helpdesk's long-running export, reading the job back
 * by id, and the config that moves jobs to Redis. test/queue/example.spec.ts runs them.
 */
import { Jobs } from "@axn/core";
import { defineConfig } from "@axn/sdk";
import { TicketReport } from "../helpdesk/agent_tools/ticket_report.js";

export async function enqueueExport() {
  const job = await TicketReport.enqueue({ status: "open", pauseMs: 0 }, { attempts: 5, jobId: "export-open-2026-12-01" });
  const before = (await job.status()).state; // "waiting"
  const result = await job.result(); // the Result the direct call returns
  if (result.ok) console.log(`${result.message}: ${result.rows} rows`);
  return { id: job.id, before, ok: result.ok, rows: result.rows, message: result.message };
}

export async function readBack(id: string) {
  const job = await Jobs.find(id); // undefined for an unknown (or expired) id
  if (job === undefined) return undefined;
  const { state, attemptsMade } = await job.status(); // "completed", 1
  return { state, attemptsMade };
}

// axn.config.ts — the same app, its jobs on Redis (run `axn worker` beside `axn serve`):
export const config = defineConfig({
  plugins: ["mcp", "langchain", "http"],
  queue: { connection: "redis://127.0.0.1:6379" },
});
