/**
 * The trace of a tool call, through real clients of both eras: the `axn.call` span is a child of
 * the client's span named by `traceparent` / `tracestate` in the request's `params._meta`, and
 * carries OpenTelemetry's MCP and GenAI attributes — on a 2025-11-25 connection (the 1.x SDK
 * Client, in memory and over a Streamable HTTP session) and a 2026-07-28 request (the v2 Client
 * pinned to it, over Streamable HTTP), and over stdio in both eras, with a real OpenTelemetry SDK
 * tracer.
 */
import { expect } from "chai";
import { PassThrough, type Readable, type Writable } from "node:stream";
import {
  Client as ModernClient,
  ReadBuffer,
  serializeMessage,
  StreamableHTTPClientTransport as ModernTransport,
  type JSONRPCMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { z } from "zod";
import { Factory } from "@axn/core";
import { createStreamableHttpHandler, McpAdapter, serveStdio, type McpHttpHandler } from "axn-plugin-mcp";
import { captureReports } from "../../support/reports.js";
import { useInMemorySpans } from "../../support/tracing.js";
import { connectInMemory, type Connected } from "./support.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN_ID = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;
const TRACESTATE = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";
const TRACE_META = { traceparent: TRACEPARENT, tracestate: TRACESTATE };

/** A client transport over a pair of streams: newline-delimited JSON-RPC, as stdio carries it, in process. */
class StreamTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #buffer = new ReadBuffer();
  constructor(
    private readonly toServer: Writable,
    private readonly fromServer: Readable,
  ) {}
  async start(): Promise<void> {
    this.fromServer.on("data", (chunk: Buffer) => {
      this.#buffer.append(chunk);
      for (let message = this.#buffer.readMessage(); message !== null; message = this.#buffer.readMessage())
        this.onmessage?.(message);
    });
  }
  /** The JSON-RPC ids of the tools/call requests sent, as sent. */
  readonly callIds: unknown[] = [];
  async send(message: JSONRPCMessage): Promise<void> {
    if ("method" in message && message.method === "tools/call" && "id" in message) this.callIds.push(message.id);
    this.toServer.write(serializeMessage(message));
  }
  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

describe("axn-plugin-mcp: the tool call's span, parented by the trace context in _meta", () => {
  const reports = captureReports();
  const { exporter } = useInMemorySpans();

  const Inner = Factory.build({ name: "McpTracing.Inner" }, () => undefined);
  const Lookup = Factory.build(
    { name: "McpTracing.Lookup", expects: { q: z.string() }, exposes: { hits: z.number() } },
    async ({ q }) => {
      await Inner.call({});
      return { hits: q.length };
    },
  );
  const tools = [McpAdapter.wrap(Lookup, { name: "lookup" })];

  function spanOf(action: string): ReadableSpan {
    const spans = exporter.getFinishedSpans().filter((span) => span.attributes["axn.action"] === action);
    expect(spans, action).to.have.length(1);
    return spans[0]!;
  }

  /** The tool's span: where it sits in the trace, and its attributes; and that the body's own call is its child. */
  function toolSpan() {
    const span = spanOf("McpTracing.Lookup");
    const inner = spanOf("McpTracing.Inner");
    expect([inner.spanContext().traceId, inner.parentSpanContext?.spanId]).to.deep.equal([
      span.spanContext().traceId,
      span.spanContext().spanId,
    ]);
    return {
      traceId: span.spanContext().traceId,
      parent: span.parentSpanContext && {
        traceId: span.parentSpanContext.traceId,
        spanId: span.parentSpanContext.spanId,
        isRemote: span.parentSpanContext.isRemote,
      },
      tracestate: span.spanContext().traceState?.serialize(),
      links: span.links.length,
      attributes: span.attributes,
    };
  }

  const REMOTE_PARENT = { traceId: TRACE_ID, spanId: CLIENT_SPAN_ID, isRemote: true };

  /** The span's attributes, all of them, for a successful `lookup` call (spelled out in the first spec). */
  function expectedAttributes(protocolVersion: string, requestId: string, sessionId?: string) {
    return {
      "axn.action": "McpTracing.Lookup",
      "mcp.method.name": "tools/call",
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "lookup",
      "mcp.protocol.version": protocolVersion,
      ...(sessionId === undefined ? {} : { "mcp.session.id": sessionId }),
      "jsonrpc.request.id": requestId,
      "axn.outcome": "success",
    };
  }

  afterEach(() => expect(reports).to.deep.equal([]));

  describe("2025-11-25", () => {
    let connected: Connected;
    beforeEach(async () => {
      connected = await connectInMemory({ tools });
    });
    afterEach(() => connected.close());

    it("in memory (the 1.x Client): the span is the traceparent's child, with the MCP and gen_ai attributes", async () => {
      const result = await connected.client.callTool({ name: "lookup", arguments: { q: "abc" }, _meta: TRACE_META });
      expect(result.structuredContent).to.deep.equal({ hits: 3 });
      expect(toolSpan()).to.deep.equal({
        traceId: TRACE_ID,
        parent: REMOTE_PARENT,
        tracestate: TRACESTATE,
        links: 0,
        attributes: {
          "axn.action": "McpTracing.Lookup",
          "mcp.method.name": "tools/call",
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "lookup",
          "mcp.protocol.version": "2025-11-25",
          "jsonrpc.request.id": "1",
          "axn.outcome": "success",
        },
      });
    });

    it("without a traceparent (or with one that is not W3C Trace Context), the span starts a trace of its own", async () => {
      await connected.client.callTool({ name: "lookup", arguments: { q: "a" } });
      await connected.client.callTool({ name: "lookup", arguments: { q: "b" }, _meta: { traceparent: "00-zz" } });
      const spans = exporter.getFinishedSpans().filter((span) => span.attributes["axn.action"] === "McpTracing.Lookup");
      expect(spans.map((span) => [span.parentSpanContext, span.attributes["jsonrpc.request.id"]])).to.deep.equal([
        [undefined, "1"],
        [undefined, "2"],
      ]);
    });
  });

  describe("over stdio", () => {
    for (const [era, version, options] of [
      ["2026-07-28", "2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
      ["2025-11-25", "2025-11-25", {}],
    ] as const) {
      it(`${era} (the v2 Client): the same parent and attributes`, async () => {
        const stdin = new PassThrough();
        const stdout = new PassThrough();
        const handle = await serveStdio({
          name: "axn-tracing-spec",
          version: "1.0.0",
          tools,
          stdin,
          stdout,
          stderr: new PassThrough(),
        });
        const client = new ModernClient({ name: "tracing-spec", version: "1.0.0" }, options);
        const transport = new StreamTransport(stdin, stdout);
        try {
          await client.connect(transport);
          await client.callTool({ name: "lookup", arguments: { q: "abc" }, _meta: TRACE_META });
        } finally {
          await client.close();
          await handle.close();
        }
        expect(transport.callIds).to.have.length(1);
        expect(toolSpan()).to.deep.equal({
          traceId: TRACE_ID,
          parent: REMOTE_PARENT,
          tracestate: TRACESTATE,
          links: 0,
          attributes: expectedAttributes(version, String(transport.callIds[0])),
        });
      });
    }
  });

  describe("over Streamable HTTP", () => {
    let handler: McpHttpHandler;
    /** The JSON-RPC ids of the tools/call requests the client sent, as sent. */
    let callIds: unknown[];
    const fetchVia = (url: string | URL, init?: RequestInit) => {
      const message =
        typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string; id?: unknown }) : {};
      if (message.method === "tools/call") callIds.push(message.id);
      return handler.fetch(new Request(url, init));
    };
    beforeEach(() => {
      handler = createStreamableHttpHandler({ name: "axn-tracing-spec", version: "1.0.0", tools });
      callIds = [];
    });
    afterEach(() => handler.close());

    it("2026-07-28 (the v2 Client pinned to it): the same parent and attributes, in the request's own protocol version and no session", async () => {
      const client = new ModernClient(
        { name: "tracing-spec", version: "1.0.0" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      const transport = new ModernTransport(new URL("http://localhost/mcp"), { fetch: fetchVia });
      await client.connect(transport);
      try {
        expect([client.getProtocolEra(), transport.sessionId]).to.deep.equal(["modern", undefined]);
        const result = await client.callTool({ name: "lookup", arguments: { q: "abcd" }, _meta: TRACE_META });
        expect(result.structuredContent).to.deep.equal({ hits: 4 });
      } finally {
        await client.close();
      }
      expect(callIds).to.deep.equal([0]);
      expect(toolSpan()).to.deep.equal({
        traceId: TRACE_ID,
        parent: REMOTE_PARENT,
        tracestate: TRACESTATE,
        links: 0,
        attributes: expectedAttributes("2026-07-28", "0"),
      });
    });

    it("2025-11-25 (the 1.x Client in a session): the session's id as mcp.session.id", async () => {
      const client = new LegacyClient({ name: "tracing-spec", version: "1.0.0" });
      const transport = new LegacyTransport(new URL("http://localhost/mcp"), { fetch: fetchVia });
      await client.connect(transport);
      let sessionId: string | undefined;
      try {
        sessionId = transport.sessionId;
        expect(sessionId).to.be.a("string");
        await client.callTool({ name: "lookup", arguments: { q: "ab" }, _meta: TRACE_META });
      } finally {
        await client.close();
      }
      expect(callIds).to.deep.equal([1]);
      expect(toolSpan()).to.deep.equal({
        traceId: TRACE_ID,
        parent: REMOTE_PARENT,
        tracestate: TRACESTATE,
        links: 0,
        attributes: expectedAttributes("2025-11-25", "1", sessionId),
      });
    });
  });
});
