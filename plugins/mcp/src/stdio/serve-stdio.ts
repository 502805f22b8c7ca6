/**
 * `serveStdio`: serves tools to a client that launched this process (Claude Desktop, an IDE, the
 * MCP Inspector) over stdin/stdout, in whichever protocol era the client opens with: `initialize`
 * pins the connection to a 2025-11-25 server, a request carrying the 2026-07-28 `_meta` envelope
 * (or `server/discover`) to a 2026-07-28 one — the SDK's `serveStdio` entry decides, once per
 * connection, and the same tools, resources and prompts serve both. stdout is the protocol channel, so anything the app logs must
 * go to stderr. stdio has no request to authenticate: every call runs as `principal` (from
 * `serve.stdioPrincipal` / `AXN_PRINCIPAL` under `axn serve`) — trusted-local, whoever launched it.
 *
 * What the SDK's stdio transport leaves to its user, handled here:
 * - The client going away — stdin ending, or stdout failing (EPIPE) — closes the server (the calls
 *   still running see their `signal` abort) and settles `ended` with exit code 0.
 * - A line longer than {@link MAX_STDIO_MESSAGE_BYTES} is refused: a clear message on stderr,
 *   the server closes, `ended` settles with {@link STDIO_OVERSIZED_EXIT_CODE}.
 * - Back-pressure: while the client is not reading stdout, stdin is paused — no new requests are
 *   read — and every pending reply waits on one `drain`, instead of buffering replies without
 *   bound (and a `drain` listener per reply, which tripped MaxListenersExceededWarning).
 */
import type { Readable, Writable } from "node:stream";
import type { StdioTransportEnd } from "@axn/core";
import { serializeMessage, type JSONRPCMessage } from "@modelcontextprotocol/server";
import {
  serveStdio as serveStdioEntry,
  StdioServerTransport,
  type StdioServerHandle,
} from "@modelcontextprotocol/server/stdio";
import { reportException } from "@axn/core";
import { serverFor, serverSet, type McpServerOptions } from "../server/server.js";

/** The longest line (one JSON-RPC message) read from stdin: 10 MiB. */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;
/** The exit code of `axn serve --stdio mcp` after an oversized line (sysexits' EX_DATAERR). */
export const STDIO_OVERSIZED_EXIT_CODE = 65;

const StdioMessages = {
  oversized: (limit: number): string =>
    `axn-plugin-mcp: a message on stdin is longer than ${limit} bytes, the most one line may hold; closing the connection. ` +
    "Send smaller arguments (or a reference to the data) instead.",
} as const;

export interface StdioServeOptions extends McpServerOptions {
  /** Default `process.stdin`. */
  readonly stdin?: Readable;
  /** Default `process.stdout`. */
  readonly stdout?: Writable;
  /** Where the refusal of an oversized line is written; default `process.stderr`. */
  readonly stderr?: Writable;
}

export interface StdioServing {
  /** `handle.close()` stops serving (closes the connection's server and the transport). */
  readonly handle: StdioServerHandle;
  /** Settles once serving ended on its own (see the module comment). */
  readonly ended: Promise<StdioTransportEnd>;
}

/** Starts serving; resolves with the handle that stops it (`close()`). */
export async function serveStdio(options: StdioServeOptions): Promise<StdioServerHandle> {
  return (await serveStdioUntilEnd(options)).handle;
}

/** {@link serveStdio}, with the promise of how serving ended (what `axn serve` exits with). */
export async function serveStdioUntilEnd(options: StdioServeOptions): Promise<StdioServing> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  // Checked once, before anything is read: a duplicate tool name fails here, not at the first request.
  const set = serverSet(options, "serveStdio");
  let settle!: (end: StdioTransportEnd) => void;
  const ended = new Promise<StdioTransportEnd>((resolve) => (settle = resolve));
  let closed = false;
  const close = (end: StdioTransportEnd): void => {
    if (closed) return;
    closed = true;
    stdin.off("end", onEnd);
    stdin.off("close", onEnd);
    void handle
      .close()
      .catch(() => undefined)
      .then(() => settle(end));
  };
  const onEnd = (): void => close({ reason: "stdin ended", exitCode: 0 });

  const transport = new BackPressuredStdio(stdin, stdout);
  // The SDK reports an oversized line only through onerror (then closes), and otherwise leaves
  // the process with nothing to say why.
  const onerror = (error: Error): void => {
    if (/ReadBuffer exceeded maximum size/.test(error.message)) {
      stderr.write(`${StdioMessages.oversized(MAX_STDIO_MESSAGE_BYTES)}\n`);
      close({ reason: "oversized message on stdin", exitCode: STDIO_OVERSIZED_EXIT_CODE });
    }
    // Anything else (a malformed line, an unknown method) the SDK has already answered on the wire.
  };
  const handle = serveStdioEntry(({ era }) => serverFor(options, set, undefined, era), { transport, onerror });
  stdin.once("end", onEnd);
  stdin.once("close", onEnd);
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    // The peer closing the pipe is a disconnect, not a fault; anything else is worth a page.
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") {
      reportException(error, { action: "axn-plugin-mcp", phase: "stdio transport" });
    }
    transport.release();
    close({ reason: "stdout closed", exitCode: 0 });
  });
  return { handle, ended };
}

/** The SDK's transport with bounded output: one `drain` wait shared by every pending reply, stdin paused meanwhile. */
class BackPressuredStdio extends StdioServerTransport {
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  #drained: Promise<void> | undefined;
  #wake: (() => void) | undefined;

  constructor(stdin: Readable, stdout: Writable) {
    super(stdin, stdout, { maxBufferSize: MAX_STDIO_MESSAGE_BYTES });
    this.#stdin = stdin;
    this.#stdout = stdout;
  }

  override send(message: JSONRPCMessage): Promise<void> {
    if (this.#stdout.destroyed || this.#stdout.writableEnded) return Promise.resolve();
    if (this.#stdout.write(serializeMessage(message))) return this.#drained ?? Promise.resolve();
    if (this.#drained === undefined) {
      this.#stdin.pause();
      this.#drained = new Promise<void>((resolve) => {
        this.#wake = resolve;
        this.#stdout.once("drain", () => this.release());
      });
    }
    return this.#drained;
  }

  /** Ends the wait (stdout drained, or is gone): replies resume, and so does reading requests. */
  release(): void {
    const wake = this.#wake;
    this.#drained = undefined;
    this.#wake = undefined;
    if (wake === undefined) return;
    if (!this.#stdin.destroyed) this.#stdin.resume();
    wake();
  }
}
