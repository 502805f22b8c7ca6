/**
 * What an adapter author hands the conformance suite: how to wrap one action with their adapter,
 * how to read back what the transport advertises for it, and how to call it *through the
 * transport* (a real client, a real request) with a trusted ambient context. Everything the suite
 * checks is observed through these four functions.
 */
import type { AnyAxn, FieldSchema } from "@axn/core";

/** What the transport answered for one call, as the client saw it. */
export interface InvokeOutcome {
  /** `false` when the transport reported a tool error (MCP `isError`, an HTTP 4xx/5xx, …). */
  readonly ok: boolean;
  /** Everything the client can read as text (the content, the response body). Checked for leaks. */
  readonly text: string;
  /** Structured content, when the transport has some. */
  readonly structured?: unknown;
}

/** What the transport advertises for a tool (MCP `tools/list`, a LangChain tool's schema, OpenAPI). */
export interface AdvertisedTool {
  readonly name: string;
  readonly inputSchema: unknown;
}

export interface InvokeContext {
  /** The trusted ambient context the adapter must pass to the call (from its server-side channel). */
  readonly ambientContext: Readonly<Record<string, unknown>>;
}

/**
 * The schemas the suite's probe actions are declared with, so an adapter can be checked against
 * every schema kind its users write (zod 4 when omitted). Each answers a field schema of one library.
 */
export interface ProbeSchemas {
  /** Shown in the suite's titles (`"valibot"`). */
  readonly label: string;
  string(): FieldSchema;
  /** An integer of at least 1. */
  positiveInt(): FieldSchema;
  /** Any value (the unrenderable probes expose one). */
  unknown(): FieldSchema;
}

export interface AdapterConformanceDriver<W> {
  /** The suite's title: the plugin's package name. */
  readonly name: string;
  /** The adapter key (`"mcp"`): names are checked against `action.toolName(key)`. */
  readonly key: string;
  /** One action → the transport's native object (`McpAdapter.wrap`). */
  wrap(action: AnyAxn): W | Promise<W>;
  /** What the transport advertises for `wrapped`, read through the transport. */
  advertised(wrapped: W): AdvertisedTool | Promise<AdvertisedTool>;
  /** Calls `wrapped` through the transport with model-supplied `args` and the trusted `ambientContext`. */
  invoke(wrapped: W, args: Readonly<Record<string, unknown>>, context: InvokeContext): Promise<InvokeOutcome>;
  /** The adapter's `tools` function itself (not its result): it must be callable with no arguments. */
  readonly tools: () => readonly unknown[] | Promise<readonly unknown[]>;
  /** The probes' schema kind (default: zod 4). */
  readonly probeSchemas?: ProbeSchemas;
}
