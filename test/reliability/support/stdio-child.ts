/**
 * Drives the stdio server fixture as a child process over raw newline-delimited JSON-RPC, so a spec
 * can send what no SDK client would (malformed lines, wrong shapes) and hang up mid-call.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("./stdio-server.ts", import.meta.url));

/**
 * How long a wait may last before it fails naming what it waited for: a hang guard, never a budget
 * (a loaded machine answers in well under a second), and below the specs' mocha timeout so the
 * message names the wait.
 */
const HANG_GUARD_MS = 20_000;

export interface StdioChild {
  readonly process: ChildProcessWithoutNullStreams;
  /** Parsed JSON-RPC messages the server wrote to stdout. */
  readonly messages: Record<string, unknown>[];
  /** Parsed diagnostic lines from stderr (`page`, `fault`, `started`, `exit`, `ready`), and any non-JSON line as `{ text }`. */
  readonly diagnostics: Record<string, unknown>[];
  send(line: string): void;
  /** The response to request `id` (waits for it). */
  response(id: number, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves once a hanging fixture has started on `tag` (its body is running). */
  started(tag: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
}

function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffer = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    let index: number;
    while ((index = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, index).trim();
      buffer = buffer.slice(index + 1);
      if (line !== "") onLine(line);
    }
  });
}

function parse(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { text: line };
  }
}

export async function spawnStdioServer(): Promise<StdioChild> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], { stdio: ["pipe", "pipe", "pipe"] });
  const messages: Record<string, unknown>[] = [];
  const diagnostics: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  const wake = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  lines(child.stdout, (line) => {
    messages.push(parse(line));
    wake();
  });
  lines(child.stderr, (line) => {
    diagnostics.push(parse(line));
    wake();
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const until = async (test: () => boolean, timeoutMs: number, what: string): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; stderr: ${JSON.stringify(diagnostics)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  await until(() => diagnostics.some((d) => d["ready"] === true), HANG_GUARD_MS, "the stdio server to start");
  return {
    process: child,
    messages,
    diagnostics,
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    async response(id, timeoutMs = HANG_GUARD_MS) {
      await until(() => messages.some((m) => m["id"] === id), timeoutMs, `the response to request ${id}`);
      return messages.find((m) => m["id"] === id)!;
    },
    async started(tag, timeoutMs = HANG_GUARD_MS) {
      await until(() => diagnostics.some((d) => d["started"] === tag), timeoutMs, `the call on ${tag} to start`);
    },
    exited,
  };
}

export const INITIALIZE = (id: number): string =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-reliability", version: "1" } },
  });

export const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

export function toolCall(id: number, name: string, args: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
}
