/**
 * `serveStdio`: serves tools to a client that launched this process (Claude Desktop, an IDE, the
 * MCP Inspector) over stdin/stdout. stdout is the protocol channel, so anything the app logs must
 * go to stderr.
 */
import type { Readable, Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer, type McpServerOptions } from "./server.js";

export interface StdioServeOptions extends McpServerOptions {
  /** Default `process.stdin`. */
  readonly stdin?: Readable;
  /** Default `process.stdout`. */
  readonly stdout?: Writable;
}

/** Starts serving; resolves with the connected server (`server.close()` stops it). */
export async function serveStdio(options: StdioServeOptions): Promise<Server> {
  const server = createMcpServer(options);
  await server.connect(new StdioServerTransport(options.stdin, options.stdout));
  return server;
}
