/**
 * A stdio MCP server process for the fault specs (run with `node --import tsx`). Everything the
 * parent needs to judge the run goes to stderr as one JSON object a line: each `onException` page,
 * any unhandled rejection or uncaught exception, each hanging fixture as it starts (so the parent
 * can act mid-call without guessing a delay), and — when the process exits — what the hanging
 * fixtures observed (whether their abort signal fired).
 */
import { configureAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import mcpPlugin, { McpAdapter, serveStdio } from "axn-plugin-mcp";
import { Explode, Hang, Identify, observed, RejectLate, startListeners } from "./tools.js";

function emit(line: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

process.env["NODE_ENV"] = "test";
configureAxn({
  onException: (error, info) =>
    emit({
      page: { action: info.action, phase: info.phase, message: error instanceof Error ? error.message : String(error) },
    }),
});
process.on("unhandledRejection", (error) => emit({ fault: "unhandledRejection", message: String(error) }));
process.on("uncaughtExceptionMonitor", (error) => emit({ fault: "uncaughtException", message: String(error) }));
process.on("exit", (code) => emit({ exit: code, observed: Object.fromEntries(observed) }));
startListeners.add((tag) => emit({ started: tag }));

const host = createKernelHost();
await mcpPlugin.apply(host, undefined);
host.freeze();
await serveStdio({
  name: "reliability-stdio",
  version: "1.0.0",
  tools: [Identify, Hang, RejectLate, Explode].map((action) => McpAdapter.wrap(action)),
  serverContext: () => ({ userId: `pid-${process.pid}` }),
});
emit({ ready: true });
