/**
 * What an adapter author hands the conformance suite. The suite trusts no callback to report what
 * the transport did: the driver names its plugin (the suite loads it through `createHost`, so the
 * host's metadata checks run), the adapter's own `wrap` and `tools`, and a **transport** of one of
 * the kinds the suite can read — MCP, OpenAPI over HTTP, or function calling. A transport is given
 * only the adapter's native objects, never an action, and answers with what its client received
 * (an MCP `tools/list` result, the served OpenAPI document, the function definitions a model
 * provider is sent; an MCP `CallToolResult`, an HTTP status and body, a tool message). The suite
 * reads names, schemas, errors and data out of those itself, by kind.
 */
import type { AnyAxn, AxnPrincipal, FieldSchema } from "@axn/core";
import type { AnyAxnPlugin } from "../plugin.js";

/** One tool call the suite asks the transport to make. */
export interface ConformanceCall {
  /** The tool to call, by the name the suite expects the transport to advertise (`action.toolName(key)`). */
  readonly name: string;
  /** The model's arguments, as the client would send them. */
  readonly args: Readonly<Record<string, unknown>>;
  /**
   * The trusted ambient context for this call: deliver it the way your server side does (an MCP
   * server's `serverContext`, an HTTP `authenticate`, a LangChain run's `context`) — never in `args`.
   */
  readonly ambientContext: Readonly<Record<string, unknown>>;
  /**
   * The client's abort signal, given when the suite cancels the call: when it aborts, cancel the
   * call the way your client does (the MCP SDK's `callTool(…, { signal })` sends
   * `notifications/cancelled`, an aborted `fetch` closes the request, an agent run's `signal`).
   */
  readonly signal?: AbortSignal;
}

/** A connection to the transport serving a set of native objects. */
export interface ConformanceSession<Listing, Reply> {
  /** What the client reads when it asks which tools there are. */
  list(): Promise<Listing>;
  /** What the client received for one call. Reject only if the transport itself gave no answer. */
  call(call: ConformanceCall): Promise<Reply>;
  /** Called when the check is done with the session (stop the server, close the client). */
  close?(): void | Promise<void>;
}

// --- MCP ---

/** An MCP `tools/list` result as the SDK's `Client.listTools()` returned it. */
export interface McpToolsListing {
  readonly tools: readonly { readonly name: string; readonly inputSchema?: unknown }[];
}

/** An MCP `tools/call` result as the SDK's `Client.callTool()` returned it. */
export interface McpCallToolReply {
  readonly content?: unknown;
  readonly isError?: unknown;
  readonly structuredContent?: unknown;
  readonly [field: string]: unknown;
}

export interface McpConformanceTransport<W> {
  /** Serve the tools with an MCP server and talk to it with an MCP client (`@modelcontextprotocol/sdk`'s `Client`). */
  readonly kind: "mcp";
  connect(tools: readonly W[]): Promise<ConformanceSession<McpToolsListing, McpCallToolReply>>;
}

// --- OpenAPI over HTTP ---

/** The OpenAPI document as the server served it (parsed JSON). */
export interface OpenApiListing {
  readonly paths?: unknown;
}

/** An HTTP response as the client received it: its status and its body, unparsed. */
export interface HttpReplyText {
  readonly status: number;
  readonly body: string;
}

export interface OpenApiConformanceTransport<W> {
  /**
   * Serve the tools over HTTP (loopback) and request them with `fetch`. Each operation is a tool named
   * by its `x-axn-tool-name` (else its `operationId`), whose input schema is its
   * `application/json` request body schema. A failure is a non-2xx status whose JSON body's `error`
   * is the text the client reads.
   */
  readonly kind: "openapi";
  connect(tools: readonly W[]): Promise<ConformanceSession<OpenApiListing, HttpReplyText>>;
}

// --- function calling ---

/**
 * A tool definition as a model provider receives it: OpenAI's `{ type: "function", function: { name,
 * parameters } }` (what LangChain's `convertToOpenAITool` / `bindTools` produce), or a flat
 * `{ name, parameters }` / `{ name, input_schema }`.
 */
export type FunctionToolDefinition =
  | { readonly type: "function"; readonly function: { readonly name: string; readonly parameters?: unknown } }
  | { readonly name: string; readonly parameters?: unknown; readonly input_schema?: unknown };

/**
 * What the model is handed back for one call: a tool message (LangChain's `ToolMessage` fits).
 * `status: "error"` marks a failure; `content` is what the model reads (a string, or text blocks);
 * `artifact` is the structured data beside it.
 */
export interface ToolMessageReply {
  readonly content: unknown;
  readonly status?: unknown;
  readonly artifact?: unknown;
}

export interface FunctionCallingConformanceTransport<W> {
  /** In-process tool objects handed to an agent (LangChain tools, a function-calling SDK's tools). */
  readonly kind: "function-calling";
  connect(tools: readonly W[]): Promise<ConformanceSession<readonly FunctionToolDefinition[], ToolMessageReply>>;
}

export type ConformanceTransport<W> =
  | McpConformanceTransport<W>
  | OpenApiConformanceTransport<W>
  | FunctionCallingConformanceTransport<W>;

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
  /** The suite's title and the start of every failure message: the plugin's package name. */
  readonly name: string;
  /**
   * The plugin (its package's default export). The suite loads it through `createHost` in an empty
   * folder — shape, host range, dependencies, `apply`, registrations, freeze — replacing any host
   * already active in the process.
   */
  readonly plugin: AnyAxnPlugin;
  /** The options the app would give it (`[plugin, options]` in `plugins`). */
  readonly options?: unknown;
  /** Plugins listed before it, in order: the ones its `dependencies` name. */
  readonly requires?: readonly AnyAxnPlugin[];
  /** The adapter key (`"mcp"`): names are checked against `action.toolName(key)`, settings under the namespace `key`. */
  readonly key: string;
  /** The adapter's `wrap` (one action → the transport's native object), called with the action alone. */
  wrap(action: AnyAxn): W | Promise<W>;
  /**
   * The adapter's `tools` function itself (not its result): callable with no arguments (every
   * member), and with `{ principal }` (only what that caller may call; `null`: an anonymous caller).
   * An optional parameter is fine: the suite calls it, it does not count its parameters.
   */
  readonly tools: (options?: { readonly principal: AxnPrincipal | null }) => readonly W[] | Promise<readonly W[]>;
  /** How the suite reaches the transport. */
  readonly transport: ConformanceTransport<W>;
  /** The probes' schema kind (default: zod 4). */
  readonly probeSchemas?: ProbeSchemas;
}
