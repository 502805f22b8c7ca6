/**
 * `axn serve` on the MCP hoarding fixture app (fixtures/mcp-hoard-app) as a child process, the
 * way a user runs it, with the spec's `mcp` and `queue` settings; and the raw Streamable HTTP
 * steps a flooding client takes (an `initialize`, a held `GET` stream) over real loopback HTTP.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { axnBin, exitOf, readUntil, repo } from "../../support/axn-child.js";
import type { ServedApp } from "./serve-child.js";

const hoardApp = join(repo, "test/reliability/fixtures/mcp-hoard-app");

export async function serveHoardApp(
  env: {
    readonly mcp?: object;
    readonly queue?: object;
    readonly redisUrl?: string;
    readonly nodeOptions?: readonly string[];
  } = {},
): Promise<ServedApp> {
  const { PORT: _port, NODE_ENV: _env, AXN_TEST_REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(env.nodeOptions ?? []), axnBin, "serve", "--port", "0"], {
    cwd: hoardApp,
    env: {
      ...inherited,
      AXN_TEST_MCP: JSON.stringify(env.mcp ?? {}),
      AXN_TEST_QUEUE: JSON.stringify(env.queue ?? {}),
      ...(env.redisUrl === undefined ? {} : { AXN_TEST_REDIS_URL: env.redisUrl }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
  const url = /on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!;
  return {
    url,
    child,
    stderr: () => stderr,
    async stop() {
      child.kill("SIGKILL");
      await exitOf(child);
    },
  };
}

const PROTOCOL = "2025-11-25";

export interface Opened {
  readonly status: number;
  readonly headers: Headers;
  /** The session id, when `initialize` opened one. */
  readonly id: string | undefined;
  /** The body: the `initialize` result's SSE event, or the JSON-RPC error. */
  readonly text: string;
}

const ACCEPT = "application/json, text/event-stream";

/** An `initialize` (with `capabilities` as given), then `notifications/initialized` when it opened a session. */
export async function initialize(
  mcpUrl: string,
  headers: Record<string, string> = {},
  capabilities: object = {},
): Promise<Opened> {
  const response = await fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: ACCEPT, ...headers },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: PROTOCOL, capabilities, clientInfo: { name: "hoarder", version: "1" } },
    }),
  });
  const text = await response.text();
  const id = response.headers.get("mcp-session-id") ?? undefined;
  if (id !== undefined) {
    const initialized = await send(mcpUrl, id, { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
    if (initialized.status !== 202) throw new Error(`notifications/initialized: ${initialized.status}`);
  }
  return { status: response.status, headers: response.headers, id, text };
}

/** One JSON-RPC message on session `id`; the reply read to its end. */
export async function send(
  mcpUrl: string,
  id: string,
  message: object,
  headers: Record<string, string> = {},
): Promise<{ readonly status: number; readonly text: string }> {
  const response = await fetch(mcpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: ACCEPT,
      "mcp-session-id": id,
      "mcp-protocol-version": PROTOCOL,
      ...headers,
    },
    body: JSON.stringify(message),
  });
  return { status: response.status, text: await response.text() };
}

/** A `tools/call` of `hoard_ping` on session `id`: 200 with its result, or the session's refusal. */
export function ping(mcpUrl: string, id: string, headers: Record<string, string> = {}) {
  return send(mcpUrl, id, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "hoard_ping" } }, headers);
}

export interface HeldStream {
  readonly status: number;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** Drops the stream from the client's side. */
  close(): void;
}

/** The session's `GET` stream, held open and never read from: what a hoarding client keeps. */
export async function holdStream(
  mcpUrl: string,
  id: string,
  headers: Record<string, string> = {},
): Promise<HeldStream> {
  const controller = new AbortController();
  const response = await fetch(mcpUrl, {
    headers: { accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": PROTOCOL, ...headers },
    signal: controller.signal,
  });
  const ended = (async () => {
    try {
      for await (const _chunk of response.body ?? []);
    } catch {
      // Dropped by the client (close()).
    }
  })();
  return { status: response.status, ended, close: () => controller.abort() };
}
