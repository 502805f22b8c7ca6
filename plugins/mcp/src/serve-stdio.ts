/**
 * `serveStdio`: serves tools to a client that launched this process (Claude Desktop, an IDE, the
 * MCP Inspector) over stdin/stdout. stdout is the protocol channel, so anything the app logs must
 * go to stderr.
 */
import type { Readable, Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { reportException } from "@axn/core";
import { createMcpServer, type McpServerOptions } from "./server.js";

export interface StdioServeOptions extends McpServerOptions {
  /** Default `process.stdin`. */
  readonly stdin?: Readable;
  /** Default `process.stdout`. */
  readonly stdout?: Writable;
}

/**
 * Starts serving; resolves with the connected server (`server.close()` stops it).
 *
 * The SDK's stdio transport does not notice the client going away. Here, the end of stdin closes
 * the server — which aborts the calls still running (their `signal` fires) — and a write error on
 * stdout (EPIPE: the client is gone) does the same instead of crashing the process as an
 * unhandled stream error.
 */
export async function serveStdio(options: StdioServeOptions): Promise<Server> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const server = createMcpServer(options);
  await server.connect(new StdioServerTransport(stdin, stdout));
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    stdin.off("end", close);
    stdin.off("close", close);
    void server.close().catch(() => undefined);
  };
  stdin.once("end", close);
  stdin.once("close", close);
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    // The peer closing the pipe is a disconnect, not a fault; anything else is worth a page.
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") {
      reportException(error, { action: "axn-plugin-mcp", phase: "stdio transport" });
    }
    close();
  });
  return server;
}
